/**
 * The project file `.agentscope/project.json`: what `create` and `gen` were asked (like
 * JHipster's `.yo-rc.json`), so `agentscope upgrade` can render the project again for another
 * AgentScope version or with newer templates. Deterministic text: the same answers give the same
 * bytes, so a repeated `create --force` or `gen` leaves it unchanged.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PACKAGE_ROOT } from '../core/paths.js';
import type { CreateOptions, FeatureOptions, GenKind, McpTransport, ProviderChoice } from '../../generators/_core/options.js';
import type { Tree } from '../../generators/_core/tree.js';

export const PROJECT_FILE = '.agentscope/project.json';

/** `create`'s answers: CreateOptions without what belongs to one run (directory, force) or to the version. */
export type CreateAnswers = Omit<CreateOptions, 'directory' | 'force' | 'agentscopeVersion' | 'packagePath'>;

/** One `gen` run. */
export interface GenAnswers {
  kind: GenKind;
  className: string;
  mcpTransports: McpTransport[];
  provider?: ProviderChoice;
  lang: CreateOptions['lang'];
}

export interface ProjectAnswers {
  schema: 1;
  /** `create-agentscope-app@<version>`: the release whose templates rendered the project last. */
  tool: string;
  /** The AgentScope Java version the project was last rendered for. */
  agentscopeVersion: string;
  /** Absent when the project was not made by `create` (or by a release that did not record it). */
  create?: CreateAnswers;
  gen: GenAnswers[];
}

/** This release: `create-agentscope-app@0.1.0`. */
export function toolId(): string {
  const pkg = JSON.parse(readFileSync(join(PACKAGE_ROOT, 'package.json'), 'utf8')) as { name: string; version: string };
  return `${pkg.name}@${pkg.version}`;
}

export function serializeAnswers(a: ProjectAnswers): string {
  return `${JSON.stringify(a, null, 2)}\n`;
}

/** The recorded answers of the project at `root` (through the tree: pending edits first), or undefined. */
function readAnswers(tree: Tree): ProjectAnswers | undefined {
  const text = tree.read(PROJECT_FILE);
  if (text === undefined) return undefined;
  const a = JSON.parse(text) as ProjectAnswers;
  if (a.schema !== 1 || !a.agentscopeVersion || !Array.isArray(a.gen)) throw new Error(`${PROJECT_FILE}: not a project file of schema 1`);
  return a;
}

function createAnswers(o: CreateOptions): CreateAnswers {
  const { groupId, artifactId, packageName, javaRelease, lang, projectVersion, agent, providers, maxRetries, features, mcpTransports, flavor } = o;
  return { groupId, artifactId, packageName, javaRelease, lang, projectVersion, agent, providers, maxRetries, features, mcpTransports, ...(flavor ? { flavor } : {}) };
}

function genAnswers(o: FeatureOptions): GenAnswers {
  return { kind: o.kind, className: o.className, mcpTransports: o.mcpTransports, ...(o.provider ? { provider: o.provider } : {}), lang: o.lang };
}

const sameGen = (x: GenAnswers, y: GenAnswers) => JSON.stringify(x) === JSON.stringify(y);

/**
 * Records one run's answers in the tree (written with the run's other files, or not at all):
 * `create` starts the file, `gen` appends its request once when it changes the project.
 */
export function recordAnswers(tree: Tree, run: { create: CreateOptions } | { gen: FeatureOptions }): void {
  if ('create' in run) {
    const a: ProjectAnswers = { schema: 1, tool: toolId(), agentscopeVersion: run.create.agentscopeVersion, create: createAnswers(run.create), gen: [] };
    tree.create(PROJECT_FILE, serializeAnswers(a), { force: true });
    return;
  }
  // a gen that changes nothing (the class is there already) is not a new answer
  if (!tree.list().some((c) => c.kind !== 'unchanged')) return;
  let prior: ProjectAnswers | undefined;
  try {
    prior = readAnswers(tree);
  } catch {
    return; // a file we cannot read is left as it is; `upgrade` reports it
  }
  const entry = genAnswers(run.gen);
  const a: ProjectAnswers = prior ?? { schema: 1, tool: toolId(), agentscopeVersion: run.gen.agentscopeVersion, gen: [] };
  if (a.gen.some((g) => sameGen(g, entry))) return;
  const next = serializeAnswers({ ...a, gen: [...a.gen, entry] });
  if (prior) tree.update(PROJECT_FILE, () => next);
  else tree.create(PROJECT_FILE, next);
}
