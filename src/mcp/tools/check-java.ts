import { z } from 'zod';
import { maxFileBytes } from '../../core/fsread.js';

/** A snippet as large as a file `check` accepts, no larger. */
const MAX_SOURCE_CHARS = maxFileBytes();
import { existsSync, statSync } from 'node:fs';
import { RULES } from '../../checker/rules.js';
import type { Finding } from '../../checker/rules.js';
import { readSources } from '../../checker/files.js';
import { isJava, listFiles } from '../../core/files.js';
import { isAggregator } from '../../pom/modules.js';
import type { ApiIndex } from '../../api/lookup.js';
import { judgedVersionName } from '../../inventory/nearest.js';
import { ToolInputError, type McpContext } from '../context.js';
import type { ToolDef } from './tool.js';

const MAX_FILES = 2000;

export const checkJava: ToolDef = {
  name: 'check_java',
  title: 'Check Java against the AgentScope API',
  description:
    'Check Java code against the AgentScope Java API of this project\'s version, with the same rules as `agentscope check`: ' +
    'unknown io.agentscope types and members, wrong argument counts, @Override of nothing, missing implementations, ' +
    'deprecated-for-removal use and known semantic traps. Use it on every piece of AgentScope code you write or edit, before ' +
    'showing it or saving it. Pass `source` (a whole file, or a fragment: statements or class members, imports optional) or ' +
    '`path` (a .java file or directory inside the project). Each finding has file:line:col, the rule and a fix. Never runs the code.',
  input: {
    source: z.string().max(MAX_SOURCE_CHARS).optional().describe('Java source text: a compilation unit, or statements/members to check as a fragment'),
    path: z.string().max(4096).optional().describe('A .java file or a directory, relative to the project root (must be inside it)'),
    fileName: z.string().max(255).optional().describe('Name to report for `source` (default Snippet.java)'),
    warnings: z.boolean().optional().describe('Include warnings (default true)'),
  },
  output: {
    version: z.string(),
    files: z.number(),
    errors: z.number(),
    warnings: z.number(),
    findings: z.array(
      z.object({ file: z.string(), line: z.number(), col: z.number(), rule: z.string(), ruleName: z.string(), severity: z.string(), message: z.string(), fix: z.string().optional() }),
    ),
    wrapped: z.string().optional(),
  },
  readOnly: true,
  async run(ctx, args) {
    const source = args.source as string | undefined;
    const path = args.path as string | undefined;
    if ((source === undefined) === (path === undefined)) throw new ToolInputError('pass exactly one of `source` and `path`');
    // the pom is read once: the version it names, and for a version between two inventories the
    // one above, which confirms what the nearest below reports
    const { version, confirm } = ctx.projectVersion();
    const index = ctx.apiIndex(version);
    const inventory = index.inventory;
    const { checkSources: judge, confirmedFindings } = await import('../../checker/index.js');
    const confirming = confirm === undefined ? undefined : ctx.inventory(confirm);
    const checkSources: typeof judge = async (files, inv, options) => {
      const found = await judge(files, inv, options);
      return confirming ? confirmedFindings(found, await judge(files, confirming, options)) : found;
    };
    let findings: Finding[];
    let files: number;
    let wrapped: string | undefined;
    if (source !== undefined) {
      const name = (args.fileName as string | undefined) ?? 'Snippet.java';
      // a snippet is judged as a file of the project's module (an aggregator has none of its own)
      const project = ctx.pomPath && !isAggregator(ctx.pomPath) ? { root: ctx.root, module: ctx.root } : undefined;
      // a snippet is a part of the project: the names it uses may be declared in files it does not show
      const r = await checkSnippet(source, name, index, (files, inv) => checkSources(files, inv, { project, partialPackages: true }));
      findings = r.findings;
      wrapped = r.wrapped;
      files = 1;
    } else {
      const abs = ctx.resolveInside(path!);
      if (!existsSync(abs)) throw new ToolInputError(`no such file or directory: ${path}`);
      const list = statSync(abs).isDirectory() ? listFiles(abs, isJava) : abs.endsWith('.java') ? [abs] : [];
      if (!list.length) throw new ToolInputError(`no .java files at ${path}`);
      if (list.length > MAX_FILES) throw new ToolInputError(`${list.length} .java files under ${path}`, `check a smaller directory (at most ${MAX_FILES} files), or run \`agentscope check\``);
      findings = (await checkSources(readSources(list), inventory, { project: { root: ctx.root } })).map((f) => ({ ...f, file: ctx.display(f.file) }));
      files = list.length;
    }
    if (args.warnings === false) findings = findings.filter((f) => f.severity === 'error');
    const out = findings.map((f) => ({
      file: f.file,
      line: f.line,
      col: f.col,
      rule: f.rule,
      ruleName: RULES[f.rule].name,
      severity: f.severity,
      message: f.message,
      ...(f.suggestion ? { fix: f.suggestion } : {}),
    }));
    const errors = out.filter((f) => f.severity === 'error').length;
    const data = { version: judgedVersionName(inventory.version, confirming?.version), files, errors, warnings: out.length - errors, findings: out, ...(wrapped ? { wrapped } : {}) };
    return { text: render(data, ctx), data };
  },
};

type CheckFn = (files: { path: string; content: string }[], inv: ApiIndex['inventory']) => Promise<Finding[]>;

/**
 * A whole compilation unit is checked as it is. A fragment is wrapped, first as a method body,
 * then as class members, with imports added for AgentScope types it names by simple name; the
 * wrapper is put on the fragment's first line after its own imports, so line numbers stay the
 * fragment's.
 */
async function checkSnippet(source: string, name: string, index: ApiIndex, check: CheckFn): Promise<{ findings: Finding[]; wrapped?: string }> {
  if (declaresTopLevelType(source)) return { findings: await check([{ path: name, content: source }], index.inventory) };
  const lines = source.split('\n');
  let lastImport = -1;
  const imported = new Set<string>();
  lines.forEach((l, i) => {
    const m = /^\s*import\s+(?:static\s+)?([\w.]+)(\.\*)?\s*;/.exec(l);
    if (m) {
      lastImport = i;
      imported.add(m[1].split('.').pop()!);
    } else if (/^\s*package\s/.test(l)) lastImport = Math.max(lastImport, i);
  });
  const auto = autoImports(lines.slice(lastImport + 1).join('\n'), index, imported);
  let last: Finding[] = [];
  for (const [kind, open, close] of [['method body', 'class Snippet { void snippet() throws Exception {', '\n}}'], ['class members', 'class Snippet {', '\n}']] as const) {
    const head = `${auto.map((f) => `import ${f};`).join(' ')} ${open} `;
    const out = [...lines];
    const at = lastImport + 1;
    if (at < out.length) out[at] = head + out[at];
    else out.push(head);
    const content = out.join('\n') + close;
    last = (await check([{ path: name, content }], index.inventory)).map((f) => (f.line === at + 1 ? { ...f, col: Math.max(1, f.col - head.length) } : f));
    if (!last.some((f) => f.rule === 'AS000')) return { findings: last, wrapped: kind };
  }
  return { findings: last, wrapped: 'class members' };
}

/** A type declaration at brace depth 0 (comments and literals skipped roughly): a whole compilation unit. */
function declaresTopLevelType(source: string): boolean {
  const text = source.replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*|"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*'/g, ' ');
  let depth = 0;
  for (const m of text.matchAll(/[{}]|\b(?:class|interface|enum|record)\s+[A-Za-z_$][\w$]*/g)) {
    if (m[0] === '{') depth++;
    else if (m[0] === '}') depth = Math.max(0, depth - 1);
    else if (depth === 0) return true;
  }
  return false;
}

/** Imports for capitalised names the fragment uses that name exactly one top-level AgentScope type. */
function autoImports(text: string, index: ApiIndex, imported: Set<string>): string[] {
  const out = new Set<string>();
  for (const m of text.matchAll(/\b([A-Z]\w*)\b/g)) {
    const name = m[1];
    if (imported.has(name)) continue;
    const top = index.findTypes(name).filter((t) => t.fqn === `${t.package}.${t.name}`);
    if (top.length === 1) out.add(top[0].fqn);
  }
  return [...out].sort();
}

function render(d: { version: string; files: number; errors: number; warnings: number; findings: { file: string; line: number; col: number; rule: string; ruleName: string; severity: string; message: string; fix?: string }[] }, _ctx: McpContext): string {
  const lines = d.findings.map((f) => `${f.file}:${f.line}:${f.col}: ${f.severity} ${f.rule} ${f.ruleName}: ${f.message}${f.fix ? `\n    fix: ${f.fix}` : ''}`);
  lines.push(`${d.findings.length ? '' : 'ok: '}${d.files} file(s) checked against AgentScope Java ${d.version}: ${d.errors} error(s), ${d.warnings} warning(s)`);
  return lines.join('\n');
}
