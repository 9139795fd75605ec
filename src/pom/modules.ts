/**
 * Maven's reactor as it is on disk: an aggregator pom (`<packaging>pom</packaging>` with
 * `<modules>`) lists module directories, each with its own pom.xml. `check` at a root checks
 * every module's sources; `gen` at an aggregator asks for a module and, inside a module, sees the
 * sources of the whole reactor (a class of a sibling module is not an unknown type).
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { child, children, parsePom, textOf, type PomModel } from './pom.js';

/** One module of a reactor: its directory and the name `<module>` gives it. */
interface PomModule {
  /** As written in `<module>` (a path relative to the aggregator, usually the directory name). */
  name: string;
  dir: string;
  artifactId?: string;
}

function readPom(pomPath: string): PomModel | undefined {
  try {
    return parsePom(readFileSync(pomPath, 'utf8'));
  } catch {
    return undefined;
  }
}

function pomFileOf(dir: string, rel: string): string {
  const p = resolve(dir, rel);
  return existsSync(p) && statSync(p).isFile() ? p : join(p, 'pom.xml');
}

/** The packaging a pom declares (Maven's default: jar). */
function packagingOf(pom: PomModel): string {
  return textOf(pom.text, child(pom.project, 'packaging'))?.trim() || 'jar';
}

/** The modules the pom lists (`<modules>`, profiles' included), whose pom.xml exists. */
function modulesOf(pomPath: string, pom: PomModel | undefined = readPom(pomPath)): PomModule[] {
  if (!pom) return [];
  const lists = [child(pom.project, 'modules'), ...children(child(pom.project, 'profiles'), 'profile').map((p) => child(p, 'modules'))];
  const out: PomModule[] = [];
  for (const list of lists) {
    for (const m of children(list, 'module')) {
      const name = textOf(pom.text, m)?.trim();
      if (!name) continue;
      const file = pomFileOf(dirname(pomPath), name);
      if (!existsSync(file) || out.some((o) => o.dir === dirname(file))) continue;
      out.push({ name, dir: dirname(file), artifactId: readPom(file)?.artifactId });
    }
  }
  return out;
}

/** A pom that only aggregates modules: Maven compiles none of its own sources. */
export function isAggregator(pomPath: string, pom: PomModel | undefined = readPom(pomPath)): boolean {
  return pom !== undefined && packagingOf(pom) === 'pom' && modulesOf(pomPath, pom).length > 0;
}

/**
 * The outermost aggregator on disk that lists `dir` (directly or through other aggregators),
 * or `dir` itself when none does.
 */
export function reactorRoot(dir: string, limit = 10): string {
  let root = resolve(dir);
  for (let i = 0; i < limit; i++) {
    const up = dirname(root);
    if (up === root) break;
    const pomPath = join(up, 'pom.xml');
    if (!existsSync(pomPath) || !modulesOf(pomPath).some((m) => m.dir === root)) break;
    root = up;
  }
  return root;
}

/** Every project directory of the reactor below `root` (root first, then its modules, depth first). */
function reactorDirs(root: string, limit = 200): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    if (out.length >= limit || out.includes(dir)) return;
    out.push(dir);
    const pomPath = join(dir, 'pom.xml');
    if (existsSync(pomPath)) for (const m of modulesOf(pomPath)) walk(m.dir);
  };
  walk(resolve(root));
  return out;
}

/** The Java source roots (main and test) of every project of the reactor below `root`. */
export function reactorSourceRoots(root: string): string[] {
  return reactorDirs(root).flatMap((d) => ['src/main/java', 'src/test/java'].map((s) => join(d, s)));
}


/** The modules of the reactor below `root` that build sources (not aggregators), named by their path from root. */
export function buildModules(root: string): { name: string; dir: string; artifactId?: string }[] {
  return reactorDirs(root)
    .slice(1)
    .filter((d) => !isAggregator(join(d, 'pom.xml')))
    .map((dir) => ({ name: relative(resolve(root), dir).split(sep).join('/'), dir, artifactId: readPom(join(dir, 'pom.xml'))?.artifactId }));
}

/**
 * The pom of each project of the reactor around `dir` (its root and its modules) by
 * groupId:artifactId, each read through `read`; a pom that cannot be read or names no artifactId
 * is simply not known as a module.
 */
export function reactorPoms(dir: string, read: (path: string) => string): Map<string, string> {
  const out = new Map<string, string>();
  const root = reactorRoot(dir);
  for (const m of [{ dir: root }, ...buildModules(root)]) {
    const pomPath = join(m.dir, 'pom.xml');
    if (!existsSync(pomPath)) continue;
    try {
      const pom = parsePom(read(pomPath));
      if (pom.artifactId) out.set(`${pom.groupId ?? pom.parentGroupId ?? ''}:${pom.artifactId}`, pomPath);
    } catch {
      // unreadable: not a module
    }
  }
  return out;
}
