/**
 * The parent chain of a pom as Maven reads it from disk, and what a module inherits from it
 * (properties, dependencyManagement): the pieces of Maven's effective model this tool needs.
 */
import { readTextBounded } from '../core/fsread.js';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { child, interpolate, parsePom, textOf, type Inherited, type PomModel } from './pom.js';

/** One pom of a chain: the file and its own (not inherited) model. */
export interface PomLayer {
  path: string;
  pom: PomModel;
}

/**
 * The pom at `pomPath` followed by its parents on disk, nearest first:
 * `<parent><relativePath>` (default ../pom.xml), used only when that file is the declared
 * parent (same artifactId, and groupId when given). A parent that is only in a repository
 * ends the chain; its properties stay unknown.
 */
export function readPomChain(pomPath: string, limit = 10, read: (path: string) => string = readTextBounded): PomLayer[] {
  const first: PomLayer = { path: resolve(pomPath), pom: parsePom(read(resolve(pomPath))) };
  const chain = [first];
  let current = first;
  for (let i = 0; i < limit; i++) {
    const parentEl = child(current.pom.project, 'parent');
    if (!parentEl) break;
    const field = (name: string) => textOf(current.pom.text, child(parentEl, name));
    const rel = field('relativePath') ?? '../pom.xml';
    if (!rel) break;
    let file = resolve(dirname(current.path), rel);
    if (existsSync(file) && !file.endsWith('.xml')) file = join(file, 'pom.xml');
    if (!existsSync(file) || chain.some((l) => l.path === file)) break;
    const parent = parsePom(read(file));
    const pg = parent.groupId ?? parent.parentGroupId;
    if (parent.artifactId !== field('artifactId') || (field('groupId') && pg !== field('groupId'))) break;
    current = { path: file, pom: parent };
    chain.push(current);
  }
  return chain;
}

/** What the pom at `pomPath` inherits from its parents on disk (see `readPomChain`). */
export function inheritedFrom(pomPath: string, limit = 10): Inherited {
  return inheritedFromChain(readPomChain(pomPath, limit));
}

/** The inheritance of `chain[0]` from the rest of the chain. */
export function inheritedFromChain(chain: PomLayer[]): Inherited {
  const layers = chain.slice(1).map((l) => l.pom);
  // Farthest parent first, so nearer poms override its properties.
  const properties: Record<string, string> = {};
  for (const l of [...layers].reverse()) Object.assign(properties, l.properties);
  const managed = layers.flatMap((l) => l.managed.map((d) => ({ ...d, version: d.version === undefined ? undefined : interpolate(d.version, { ...l, properties: { ...properties, ...l.properties } }) })));
  return { properties, managed, chain: chain.slice(1).map((l) => l.path) };
}

/**
 * The AgentScope version of a (effective) pom: the `agentscope.version` property when defined,
 * else the (interpolated) version of the io.agentscope dependencies, managed ones included.
 */
export function agentscopeVersionOf(pom: PomModel): { version?: string; from?: 'property' | 'dependency'; all: string[] } {
  const all = new Set<string>();
  const prop = pom.properties['agentscope.version'];
  if (prop) all.add(interpolate(prop, pom));
  for (const d of [...pom.dependencies, ...pom.managed]) {
    if (interpolate(d.groupId ?? '', pom) !== 'io.agentscope' || !d.version) continue;
    all.add(interpolate(d.version, pom));
  }
  const list = [...all];
  if (prop) return { version: interpolate(prop, pom), from: 'property', all: list };
  return { version: list[0], from: list.length ? 'dependency' : undefined, all: list };
}
