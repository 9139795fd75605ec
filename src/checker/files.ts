import { existsSync, statSync } from 'node:fs';
import { FileReadError, readTextBounded } from '../core/fsread.js';
import { basename, dirname, resolve } from 'node:path';
import { findBuildFileUpward, isJava, listFiles } from '../core/files.js';
import { UsageError } from '../core/errors.js';
import { reactorSourceRoots } from '../pom/modules.js';

/** A Java source to check: its path (for findings) and its text. */
export interface SourceFile {
  path: string;
  content: string;
  /** Why the file could not be read (special file, over the size cap, permissions): reported as a finding, not checked. */
  unreadable?: string;
}

const SOURCE_ROOT = /[\\/]src[\\/](?:main|test)[\\/]java[\\/]/;

const PACKAGE = /^\s*package\s+([\w.]+)/m;
const IMPORT = /^\s*import\s+(static\s+)?([\w.]+?)(\.\*)?\s*;/gm;

/** The package a Java source declares, read from its text without parsing; undefined for none. */
export function declaredPackage(text: string): string | undefined {
  return PACKAGE.exec(text)?.[1];
}

/** The imports of a Java source, read from its text without parsing: the name, and whether static and on demand (`.*`). */
export function importsOf(text: string): { name: string; isStatic: boolean; onDemand: boolean }[] {
  return [...text.matchAll(IMPORT)].map((m) => ({ name: m[2], isStatic: !!m[1], onDemand: !!m[3] }));
}

/** Expands paths (files or directories) to .java files; no paths = the sources of the Maven or Gradle project around `cwd`. */
export function collectJavaFiles(paths: string[], cwd: string): { files: string[]; root: string } {
  if (paths.length === 0) {
    const build = findBuildFileUpward(cwd);
    if (!build) throw new UsageError({ en: `no pom.xml or Gradle build script in ${cwd} or above`, zh: `${cwd} 及其上级目录中没有 pom.xml 或 Gradle 构建脚本` }, { en: 'give files or directories: `agentscope check src/main/java`', zh: '请给出文件或目录：`agentscope check src/main/java`' });
    const root = dirname(build);
    const files: string[] = [];
    // An aggregator's modules are checked with it (Maven builds them; the aggregator has no sources of its own).
    if (basename(build) === 'pom.xml') for (const d of reactorSourceRoots(root)) files.push(...listFiles(d, isJava));
    // a Gradle build: every project's src/main/java and src/test/java below it (build/ skipped)
    else files.push(...listFiles(root, isJava).filter((f) => SOURCE_ROOT.test(f.slice(root.length))));
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
