import type { Lang } from './options.js';
import type { Tree } from './tree.js';
import { formatJava, javaString, renderTemplate, xml } from './render.js';
import { writtenAsRendered } from './layout.js';
import { withProvenance, type CommentStyle } from '../../src/core/provenance.js';

/** `GreetingTool` -> `greeting`, `NoteStoreTool` -> `note_store`: the name the model sees. */
export function toolNameFor(className: string): string {
  const base = className.replace(/Tools?$/, '') || className;
  return base
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
    .toLowerCase();
}

/** Picks the comment text for the chosen language; templates call it as `c('en', 'zh')`. */
function commentPicker(lang: Lang): (en: string, zh: string) => string {
  return (en, zh) => (lang === 'zh' ? zh : en);
}

/** Java list literal of string constants: `List.of("a", "b")`. */
function javaStringList(items: readonly string[]): string {
  return `List.of(${items.map((s) => javaString(s)).join(', ')})`;
}

/** Data every template gets. */
export function baseData(pkg: string, lang: Lang): Record<string, unknown> {
  return { pkg, lang, c: commentPicker(lang), js: javaString, xml, jlist: javaStringList };
}

export interface Emit {
  tree: Tree;
  /** Version written into the provenance marker (the pin). */
  version: string;
  /** Generator id in the provenance marker, e.g. `project`, `feature/tool`. */
  generator: string;
  force: boolean;
}

/**
 * Renders a Java template and records it in the tree with a provenance marker. The templates are
 * written in prettier-java's layout (generators/_core/layout.ts): prettier runs only for a render
 * whose user-chosen values fall outside the verified widths.
 */
export async function emitJava(e: Emit, path: string, template: string, data: Record<string, unknown>): Promise<void> {
  const rendered = renderTemplate(template, data);
  const source = writtenAsRendered(template, data) ? rendered : await formatJava(rendered);
  record(e, path, template, source, 'java');
}

/** Renders a non-Java template (pom, README, .gitignore) and records it with a provenance marker. */
export function emitText(e: Emit, path: string, template: string, data: Record<string, unknown>, style: CommentStyle): void {
  record(e, path, template, renderTemplate(template, data), style);
}

/** Records a file only if it does not exist yet (shared helpers such as the scripted test model). */
export async function emitJavaIfMissing(e: Emit, path: string, template: string, data: Record<string, unknown>): Promise<boolean> {
  if (e.tree.exists(path)) return false;
  await emitJava(e, path, template, data);
  return true;
}

function record(e: Emit, path: string, template: string, content: string, style: CommentStyle): void {
  const marked = withProvenance(content, { generator: e.generator, template: template.replace(/\.ejs$/, ''), version: e.version, style });
  e.tree.create(path, marked, { force: e.force });
}
