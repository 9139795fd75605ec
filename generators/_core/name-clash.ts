/**
 * A generated class must not take a simple name its own compilation unit or package already
 * means something else by: a java.lang type (every file of the package would see the new class
 * instead: `gen tool String`), a type the generated file imports (`gen tool Tool` beside
 * `import io.agentscope.core.tool.Tool`: "already defined in this compilation unit"), or a type
 * already declared in the package. javac rejects or silently re-binds all three.
 */
import { JAVA_LANG_TYPES } from '../../src/checker/names.js';
import type { FileChange } from './tree.js';

export interface NameClash {
  reason: string;
  /** The same reason in Chinese. */
  reasonZh: string;
  suggestions: string[];
}

const IMPORT = /^\s*import\s+(?!static\b)([\w.]+)\.([A-Z][\w$]*)\s*;/gm;

/** Simple names a Java source imports with single-type imports. */
function importedNames(source: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of source.matchAll(IMPORT)) out.set(m[2], `${m[1]}.${m[2]}`);
  return out;
}

export function findNameClash(className: string, kindSuffix: string, changes: FileChange[], existingTypes: Iterable<{ file: string; type: string }>): NameClash | undefined {
  const suggestions = [`${className}${kindSuffix}`, `My${className}`].filter((s) => s !== className);
  if (JAVA_LANG_TYPES.has(className)) return { reason: `${className} is a java.lang type: every class of the package would see the new ${className} instead`, reasonZh: `${className} 是 java.lang 中的类型：包内每个类都会改为看到新的 ${className}`, suggestions };
  for (const c of changes) {
    if (!c.path.endsWith('.java') || c.kind === 'unchanged') continue;
    const fqn = importedNames(c.content).get(className);
    const file = c.path.split('/').pop();
    if (fqn) return { reason: `${file} imports ${fqn}, so a class named ${className} would clash with it`, reasonZh: `${file} 导入了 ${fqn}，名为 ${className} 的类会与它冲突`, suggestions };
  }
  // A file this run writes (or leaves unchanged on a re-run) is not a clash: the tree guards overwrites.
  const planned = new Set(changes.map((c) => c.path.split('/').pop()!.replace(/\.java$/, '')));
  for (const { file, type } of existingTypes) {
    if (type === className && !planned.has(file)) return { reason: `the package already declares a type ${className} (in ${file}.java)`, reasonZh: `包内已声明类型 ${className}（在 ${file}.java 中）`, suggestions };
  }
  return undefined;
}
