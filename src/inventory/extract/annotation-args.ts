/**
 * The arguments of the annotations on a declaration, as written in the source
 * (`@Tool(name = "x", description = "...")`, `@Deprecated(since = "2.0", forRemoval = true)`):
 * each element's value text with comments removed and white space outside literals collapsed.
 * Annotations without arguments (`@Override`, `@Foo()`) are left out: `annotations` names them.
 */
import type { AnnotationUse } from '../schema.js';
import type { RawAnnotation } from './syntax.js';

/** Comments dropped and every run of white space outside string, text-block and char literals made one space. */
export function normalizeValue(text: string): string {
  let out = '';
  let i = 0;
  const space = () => {
    if (out && !out.endsWith(' ')) out += ' ';
  };
  while (i < text.length) {
    const c = text[i];
    if (text.startsWith('"""', i)) {
      const end = text.indexOf('"""', i + 3);
      const stop = end < 0 ? text.length : end + 3;
      out += text.slice(i, stop);
      i = stop;
    } else if (c === '"' || c === "'") {
      let j = i + 1;
      while (j < text.length && text[j] !== c && text[j] !== '\n') j += text[j] === '\\' ? 2 : 1;
      out += text.slice(i, j + 1);
      i = j + 1;
    } else if (text.startsWith('//', i)) {
      const nl = text.indexOf('\n', i);
      i = nl < 0 ? text.length : nl;
      space();
    } else if (text.startsWith('/*', i)) {
      const end = text.indexOf('*/', i + 2);
      i = end < 0 ? text.length : end + 2;
      space();
    } else if (/\s/.test(c)) {
      space();
      i++;
    } else {
      out += c;
      i++;
    }
  }
  return out.trim();
}

/** The annotations of `list` that have arguments, in source order; undefined when none has. */
export function annotationArguments(list: RawAnnotation[]): AnnotationUse[] | undefined {
  const uses = list
    .filter((a) => Object.keys(a.args).length)
    .map((a) => ({ name: a.name, args: Object.fromEntries(Object.entries(a.args).map(([k, v]) => [k, normalizeValue(v)])) }));
  return uses.length ? uses : undefined;
}
