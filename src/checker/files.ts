import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { UsageError } from '../cli/errors.js';
import type { SourceFile } from './index.js';

/** The Maven project around `cwd`: the nearest directory upward with a pom.xml. */
export function findMavenProject(cwd: string): string | undefined {
  let dir = resolve(cwd);
  for (;;) {
    if (existsSync(join(dir, 'pom.xml'))) return dir;
    const up = dirname(dir);
    if (up === dir) return undefined;
    dir = up;
  }
}

const SKIP_DIRS = new Set(['.git', 'node_modules', 'target', 'build', '.idea', '.mvn']);

function walk(dir: string, out: string[]) {
  for (const e of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    if (e.isDirectory()) {
      if (!SKIP_DIRS.has(e.name)) walk(join(dir, e.name), out);
    } else if (e.isFile() && e.name.endsWith('.java')) out.push(join(dir, e.name));
  }
}

/** Expands paths (files or directories) to .java files; no paths = the Maven project's sources. */
export function collectJavaFiles(paths: string[], cwd: string): { files: string[]; root: string } {
  if (paths.length === 0) {
    const root = findMavenProject(cwd);
    if (!root) throw new UsageError(`no pom.xml in ${cwd} or above`, 'give files or directories: `agentscope check src/main/java`');
    const files: string[] = [];
    for (const d of ['src/main/java', 'src/test/java']) if (existsSync(join(root, d))) walk(join(root, d), files);
    return { files, root };
  }
  const files: string[] = [];
  for (const p of paths) {
    const abs = resolve(cwd, p);
    if (!existsSync(abs)) throw new UsageError(`no such file or directory: ${p}`);
    const st = statSync(abs);
    if (st.isDirectory()) walk(abs, files);
    else if (abs.endsWith('.java')) files.push(abs);
    else throw new UsageError(`not a .java file: ${p}`);
  }
  return { files: [...new Set(files)], root: resolve(cwd) };
}

export function readSources(files: string[]): SourceFile[] {
  return files.map((f) => ({ path: f, content: readFileSync(f, 'utf8') }));
}
