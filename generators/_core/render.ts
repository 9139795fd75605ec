import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ejs from 'ejs';
import { TEMPLATES_DIR } from '../../src/core/paths.js';

let templatesDir = TEMPLATES_DIR;

/**
 * Runs `fn` with the templates read from `dir` (another release's templates/): `upgrade`
 * renders the base of its three-way merge with the templates a project was written from.
 */
export async function withTemplatesDir<T>(dir: string, fn: () => Promise<T>): Promise<T> {
  const prior = templatesDir;
  templatesDir = dir;
  try {
    return await fn();
  } finally {
    templatesDir = prior;
  }
}

/**
 * Renders one EJS template from templates/. Templates are plain Java/XML with a few
 * `<%= %>` holes; all decisions are made in TypeScript before rendering.
 */
export function renderTemplate(templatePath: string, data: Record<string, unknown>): string {
  const file = join(templatesDir, templatePath);
  const source = readFileSync(file, 'utf8');
  // escape: identity, because we render Java and XML, not HTML; XML values are escaped by the caller.
  return ejs.render(source, data, { filename: file, escape: (s: unknown) => String(s), rmWhitespace: false });
}

/** Escapes text for an XML element body or attribute. */
export function xml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Escapes text for a Java string literal. */
export function javaString(text: string): string {
  return JSON.stringify(text).replace(/\\u2028/g, '\\\\u2028');
}

let prettierMod: typeof import('prettier') | undefined;
let javaPlugin: unknown;

/**
 * Formats Java with prettier + prettier-plugin-java so every generated file looks the same. Loaded
 * on first use only: most runs write templates that are already in this layout (layout.ts).
 */
export async function formatJava(source: string): Promise<string> {
  prettierMod ??= await import('prettier');
  javaPlugin ??= (await import('prettier-plugin-java')).default;
  return prettierMod.format(source, { parser: 'java', plugins: [javaPlugin as never], printWidth: 100, tabWidth: 4 });
}
