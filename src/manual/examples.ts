/**
 * The Javadoc examples (`<pre>{@code ...}</pre>` blocks) checked with the product's checker
 * against the inventory of the version the page documents. A snippet is wrapped in what Java
 * needs around it (a class and a method for statements, a class for member declarations; a whole
 * compilation unit is taken as written), with single-type imports for the simple names it uses
 * that name exactly one inventory type (the page's own package first). All snippets are checked
 * in one run. Only the findings the checker is certain of count (an io.agentscope type or member
 * that does not exist: AS001, AS002; not a name the snippet leaves free, a placeholder); a snippet that does not parse (a fragment, `...`
 * placeholders) is not judged at all.
 */
import type { Inventory, TypeDecl } from '../inventory/schema.js';
import { checkSources, type Finding } from '../checker/index.js';

/** The first certain finding of an example: its line in the snippet and the checker's message. */
export interface ExampleFinding {
  line: number;
  rule: string;
  message: string;
}

const CERTAIN = new Set(['AS001', 'AS002']);

/** The key of an example on a page: the examples are wrapped per top-level type (its package and nested types). */
export function exampleKey(t: TypeDecl, code: string): string {
  return `${topLevel(t)}\u0000${code}`;
}

function topLevel(t: TypeDecl): string {
  return t.outer ? t.fqn.slice(0, t.package.length + 1 + t.fqn.slice(t.package.length + 1).split('.')[0].length) : t.fqn;
}

const HEADER = /^\s*(?:package|import)\s+[\w.]+(?:\.\*)?\s*;\s*$/;
const TYPE_DECL = /^(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|abstract|final|sealed|static)\s+)*(?:class|interface|enum|record|@interface)\s+[A-Z]\w*/m;
// a member declaration at the top of the snippet: annotations, modifiers, then a method or field
const MEMBER = /^\s*(?:(?:\/\/[^\n]*|\/\*[\s\S]*?\*\/)\s*)*(?:@\w+(?:\([^)]*\))?\s*)*(?:(?:public|protected|private|static|final|abstract|default|synchronized)\s+)+/;
const METHOD_DECL = /^\s*(?:@\w+(?:\([^)]*\))?\s*)*(?:<[^>]+>\s*)?[\w.<>,?[\] ]+\s+\w+\s*\([^)]*\)\s*(?:throws\s+[\w., ]+)?\{/;

/**
 * The compilation unit a snippet is checked as, and how many lines precede the snippet's first.
 * Its own `package` and `import` lines move to the top (blank lines keep the line numbers); the
 * rest is taken as a compilation unit when it declares a type, as members when it starts with a
 * member declaration, as statements otherwise.
 */
function wrap(code: string, imports: string[], i: number): { content: string; offset: number } {
  const lines = code.split('\n');
  const own = lines.filter((l) => HEADER.test(l)).map((l) => l.trim());
  const body = lines.map((l) => (HEADER.test(l) ? '' : l)).join('\n');
  const pkg = own.find((l) => l.startsWith('package')) ?? `package manual.example${i};`;
  const head = [pkg, ...own.filter((l) => !l.startsWith('package')), ...imports.map((f) => `import ${f};`)];
  let tail = '';
  if (!TYPE_DECL.test(body)) {
    head.push(`class Example${i} {`);
    tail = '\n}';
    if (!MEMBER.test(body) && !METHOD_DECL.test(body)) {
      head.push('void example() throws Exception {');
      tail += '\n}';
    }
  }
  return { content: `${head.join('\n')}\n${body}${tail}\n`, offset: head.length };
}

/** Single-type imports for the simple names a snippet uses that name one inventory type. */
function importsFor(code: string, t: TypeDecl, bySimple: Map<string, TypeDecl[]>): string[] {
  const declared = new Set([...code.matchAll(/\b(?:class|interface|enum|record)\s+([A-Z]\w*)/g)].map((m) => m[1]));
  const imported = new Set([...code.matchAll(/^\s*import\s+(?:static\s+)?[\w.]*?\.([A-Z]\w*)\s*;/gm)].map((m) => m[1]));
  const out = new Set<string>();
  for (const [name] of code.matchAll(/\b[A-Z][A-Za-z0-9_]*\b/g)) {
    if (declared.has(name) || imported.has(name)) continue;
    const cands = (bySimple.get(name) ?? []).filter((x) => !x.outer);
    const pick = cands.find((x) => x.package === t.package) ?? (cands.length === 1 ? cands[0] : undefined);
    if (pick) out.add(pick.fqn);
  }
  const top = topLevel(t);
  // the page's nested types by their simple names (`Builder` in ReActAgent's examples)
  if (t.outer || bySimple.get(t.name)?.some((x) => x.outer === t.fqn)) out.add(`${top}.*`);
  return [...out].sort();
}

/**
 * Checks every distinct example of the inventory once (one checker run for all of them) and
 * returns the first certain finding of each example that has one, by exampleKey.
 */
export async function checkExamples(inv: Inventory): Promise<Map<string, ExampleFinding>> {
  const bySimple = new Map<string, TypeDecl[]>();
  for (const t of inv.types) (bySimple.get(t.name) ?? bySimple.set(t.name, []).get(t.name)!).push(t);
  const snippets = new Map<string, { path: string; offset: number; lines: number }>();
  const files: { path: string; content: string }[] = [];
  for (const t of inv.types) {
    for (const x of [t, ...t.members]) {
      for (const code of x.javadoc?.examples ?? []) {
        const key = exampleKey(t, code);
        if (snippets.has(key)) continue;
        const i = snippets.size;
        const { content, offset } = wrap(code, importsFor(code, t, bySimple), i);
        const path = `example${i}/Example${i}.java`;
        snippets.set(key, { path, offset, lines: code.split('\n').length });
        files.push({ path, content });
      }
    }
  }
  const out = new Map<string, ExampleFinding>();
  if (!files.length) return out;
  const byFile = new Map<string, Finding[]>();
  // a snippet's free names (`model`, `x`) are placeholders for what the page leaves out, as names of
  // files not in the run are: neither reported nor taken as errors that hide the call around them
  for (const f of await checkSources(files, inv, { partialPackages: true })) (byFile.get(f.file) ?? byFile.set(f.file, []).get(f.file)!).push(f);
  for (const [key, s] of snippets) {
    const fs = byFile.get(s.path) ?? [];
    // a snippet that does not parse is a fragment the checker cannot judge
    if (fs.some((f) => f.rule === 'AS000' || f.rule === 'AS900')) continue;
    // about AgentScope's API, not the snippet's own free names (`model` in `.model(model)`: a placeholder)
    const aboutApi = (f: Finding) => !f.subject || f.subject.type.startsWith('io.agentscope.');
    const hit = fs.find((f) => f.severity === 'error' && CERTAIN.has(f.rule) && aboutApi(f) && f.line > s.offset && f.line <= s.offset + s.lines);
    if (hit) out.set(key, { line: hit.line - s.offset, rule: hit.rule, message: hit.message });
  }
  return out;
}
