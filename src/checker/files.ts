import { existsSync, statSync } from 'node:fs';
import { FileReadError, readTextBounded } from '../core/fsread.js';
import { dirname, resolve } from 'node:path';
import { findPomUpward, isJava, listFiles } from '../core/files.js';
import { UsageError } from '../core/errors.js';
import { reactorSourceRoots } from '../pom/modules.js';

/** A Java source to check: its path (for findings) and its text. */
export interface SourceFile {
  path: string;
  content: string;
  /** Why the file could not be read (special file, over the size cap, permissions): reported as a finding, not checked. */
  unreadable?: string;
}

/** The Maven project around `cwd`: the nearest directory upward with a pom.xml. */
function findMavenProject(cwd: string): string | undefined {
  const pom = findPomUpward(cwd);
  return pom && dirname(pom);
}

/** Expands paths (files or directories) to .java files; no paths = the Maven project's sources. */
export function collectJavaFiles(paths: string[], cwd: string): { files: string[]; root: string } {
  if (paths.length === 0) {
    const root = findMavenProject(cwd);
    if (!root) throw new UsageError({ en: `no pom.xml in ${cwd} or above`, zh: `${cwd} 及其上级目录中没有 pom.xml` }, { en: 'give files or directories: `agentscope check src/main/java`', zh: '请给出文件或目录：`agentscope check src/main/java`' });
    // An aggregator's modules are checked with it (Maven builds them; the aggregator has no sources of its own).
    const files: string[] = [];
    for (const d of reactorSourceRoots(root)) files.push(...listFiles(d, isJava));
    return { files, root };
  }
  const files: string[] = [];
  for (const p of paths) {
    const abs = resolve(cwd, p);
    if (!existsSync(abs)) throw new UsageError({ en: `no such file or directory: ${p}`, zh: `没有这个文件或目录：${p}` });
    const st = statSync(abs);
    if (st.isDirectory()) files.push(...listFiles(abs, isJava));
    else if (abs.endsWith('.java')) files.push(abs);
    else throw new UsageError({ en: `not a .java file: ${p}`, zh: `不是 .java 文件：${p}` });
  }
  return { files: [...new Set(files)], root: resolve(cwd) };
}

/** How much text a check will parse (it decides how the parser is compiled: see javaParser). */
export function sourceChars(files: SourceFile[]): number {
  return files.reduce((n, f) => n + f.content.length, 0);
}

/**
 * The files' texts. One that cannot be read (a FIFO or device named `X.java`, a file over the size
 * cap, no permission) does not end the run: it becomes a finding of its own (checkSources).
 */
export function readSources(files: string[]): SourceFile[] {
  return files.map((f) => {
    try {
      return { path: f, content: readTextBounded(f) };
    } catch (e) {
      const err = e as NodeJS.ErrnoException;
      const why = e instanceof FileReadError ? e.message.slice(f.length + 2) : `cannot be read (${err.code ?? err.message})`;
      return { path: f, content: '', unreadable: why };
    }
  });
}
