/**
 * The AgentScope version a module builds with when its own pom chain names none but it depends on
 * a sibling module of its reactor that does: Maven compiles it against the io.agentscope
 * artifacts that sibling brings (a `lib` module declaring agentscope-core 1.0.9, an `app` module
 * depending on `lib`). As Maven mediates versions, the nearest wins: the siblings the module
 * depends on directly first, in declaration order, then theirs.
 */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { readTextBounded } from '../core/fsread.js';
import { readAgentscopeDeclaration } from './agentscope-version.js';
import { buildModules, reactorRoot } from './modules.js';
import { inheritedFromChain, readPomChain } from './parents.js';
import { interpolate, parsePom } from './pom.js';

/** How deep a chain of sibling modules is followed. */
const MAX_DEPTH = 20;

export function agentscopeVersionThroughReactor(pomPath: string): string | undefined {
  const modules = reactorModules(dirname(resolve(pomPath)));
  if (modules.size < 2) return undefined;
  const seen = new Set([resolve(pomPath)]);
  let level = siblingDependencies(pomPath, modules, seen);
  for (let depth = 0; level.length && depth < MAX_DEPTH; depth++) {
    const next: string[] = [];
    for (const sibling of level) {
      const version = attempt(() => readAgentscopeDeclaration(sibling).version);
      if (version) return version;
      next.push(...siblingDependencies(sibling, modules, seen));
    }
    level = next;
  }
  return undefined;
}

/** The poms of the reactor around `dir`, by groupId:artifactId. */
function reactorModules(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const root = reactorRoot(dir);
  for (const m of [{ dir: root }, ...attempt(() => buildModules(root), [])]) {
    const pomPath = join(m.dir, 'pom.xml');
    if (!existsSync(pomPath)) continue;
    const pom = attempt(() => parsePom(readTextBounded(pomPath)));
    if (pom?.artifactId) out.set(`${pom.groupId ?? pom.parentGroupId ?? ''}:${pom.artifactId}`, resolve(pomPath));
  }
  return out;
}

/** The sibling modules `pomPath` depends on (its own and inherited `<dependencies>`), not yet seen. */
function siblingDependencies(pomPath: string, modules: Map<string, string>, seen: Set<string>): string[] {
  const chain = attempt(() => readPomChain(pomPath), []);
  if (!chain.length) return [];
  const effective = parsePom(chain[0].pom.text, inheritedFromChain(chain));
  const ctx = { ...effective, groupId: effective.groupId ?? effective.parentGroupId };
  const out: string[] = [];
  for (const layer of chain) {
    for (const d of layer.pom.dependencies) {
      const sibling = modules.get(`${interpolate(d.groupId ?? '', ctx)}:${interpolate(d.artifactId ?? '', ctx)}`);
      if (sibling && !seen.has(sibling)) {
        seen.add(sibling);
        out.push(sibling);
      }
    }
  }
  return out;
}

/** `f()`, or `fallback` when a pom cannot be read or parsed: such a module names no version. */
function attempt<T>(f: () => T): T | undefined;
function attempt<T>(f: () => T, fallback: T): T;
function attempt<T>(f: () => T, fallback?: T): T | undefined {
  try {
    return f();
  } catch {
    return fallback;
  }
}
