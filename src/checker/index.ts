/**
 * The AgentScope Java checker as a library: `checkSources(files, inventory)` reports every
 * reference into io.agentscope that the inventory says cannot compile, plus the semantic
 * traps of docs/checker.md. Pure apart from loading the parser: no JDK, Maven or network.
 *
 *   import { checkSources } from '../checker/index.js';
 *   const findings = await checkSources([{ path: 'src/main/java/a/Main.java', content }], loadInventory());
 *   if (findings.some((f) => f.severity === 'error')) refuse to write
 */
import type { Inventory } from '../inventory/schema.js';
import { Analyzer, type AnalyzeOptions, type CheckStats } from './analyzer.js';
import { indexInventory } from './inventory-index.js';
import type { Parser } from 'web-tree-sitter';
import { withOptimizerFor } from './optimizer-flags.js';
import { initJavaParser, javaParser } from './parser.js';
import type { Finding } from './rules.js';
import { parseSyntax, SyntaxNode, type SyntaxNode as Node, type SyntaxTree } from './analysis/syntax-tree.js';
import { compareCodeUnits } from '../core/files.js';
import { declaredPackage, sourceChars, type SourceFile } from './files.js';
import { mapFinding, withoutIgnorables, type ColumnMap } from './ignorable.js';
import { loadFacts, loadPackagePrivate } from '../inventory/store.js';
import { javaLevels, projectViews, type ProjectOptions } from './project.js';
import { factsByMember } from './premises.js';
import { TRAP_REQUIREMENTS, trapEnabled } from './curated.js';
import type { FileUnit } from './analysis/model.js';
import { skeleton } from './analysis/skeleton.js';
import { parsesTwice } from './parse-plan.js';
import { flowPhaseFinding } from './rules/flow.js';
import { FLOW_MESSAGES } from './rules/local-variables.js';

export { KEEP_TREES_MAX_CHARS } from './parse-plan.js';

/** A file in an AgentScope package (library, test or example code): judged with the package-private supplement. */
function inAgentScopePackage(content: string): boolean {
  const p = declaredPackage(content);
  return p !== undefined && (p === 'io.agentscope' || p.startsWith('io.agentscope.'));
}

export { RULES, type Finding, type RuleId } from './rules.js';
export type { CheckStats } from './analyzer.js';
export { initJavaParser } from './parser.js';
export { CURATED, TRAP_REQUIREMENTS, hasApi, trapEnabled } from './curated.js';
export { indexInventory } from './inventory-index.js';
export { premiseChanges, rulePremises, type PremiseChange } from './premises.js';

export type { SourceFile } from './files.js';

function tooDeep(file: string): Finding {
  return { file, line: 1, col: 1, rule: 'AS000', severity: 'error', message: 'the file is nested too deeply to be checked (the checker ran out of stack); it was not checked' };
}

function firstError(root: Node): Node | undefined {
  const stack: Node[] = [root];
  while (stack.length) {
    const n = stack.pop()!;
    if (n.type === 'ERROR' || n.isMissing) return n;
    if (!n.hasError) continue;
    for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children[i]);
  }
  return undefined;
}

/** How a run is driven: what to count, and which files only lend their declarations. */
interface RunOptions extends AnalyzeOptions {
  stats?: CheckStats;
  /**
   * Paths of files that are parsed for their declarations (what the others may refer to) but not
   * judged themselves: `gen` passes the template renders the tests verify, and judges its edits.
   */
  context?: ReadonlySet<string>;
  /**
   * Judge each file against the io.agentscope artifacts of its Maven module's dependency closure
   * (project.ts): `check` and `gen` inside a project, the MCP server for a project's files.
   */
  project?: ProjectOptions;
  /**
   * Files pass 1 reads from their text even in a large run, not from their skeleton
   * (analysis/skeleton.ts). A context file is not parsed in pass 2, so nothing there finds a
   * syntax error inside one of its bodies: a caller that knows of one (another run judged the
   * file) names it here, and the file lends no declarations, as it does when it is judged.
   */
  wholeText?: ReadonlySet<string>;
  /**
   * Trees parsed ahead in another thread (cli/check-parse-ahead.ts), asked for each text the run
   * parses, in the order of parse-plan.ts; the run parses a text itself when none comes.
   */
  trees?: TreeSource;
}

/** Where a run gets the syntax tree of a text (`skeleton`: pass 1 reads the file's skeleton); undefined when it has none. */
export interface TreeSource {
  tree(path: string, text: string, skeleton: boolean): SyntaxTree | null | undefined;
}

/**
 * The trees of the texts the last runs parsed whole, by path, when a long-lived process (the
 * check daemon) asked to keep them: a run that reads the same text again takes its tree, which
 * nothing changes once made. Only runs that keep their trees (parsesTwice: no) use it.
 */
let treeMemo: Map<string, { text: string; tree: SyntaxTree }> | undefined;

/** Keeps trees for the next runs (treeMemo); the whole input of a run that keeps its trees fits. */
export function rememberTrees(): void {
  treeMemo ??= new Map();
}

function memoParse(parser: Parser, path: string, text: string): SyntaxTree | null {
  const hit = treeMemo!.get(path);
  if (hit?.text === text) return hit.tree;
  const tree = parseSyntax(parser, text);
  if (tree) treeMemo!.set(path, { text, tree });
  else treeMemo!.delete(path);
  return tree;
}

/** Synchronous variant; `await initJavaParser()` must have resolved before. */
export function checkSourcesSync(files: SourceFile[], inventory: Inventory, options: RunOptions = {}): Finding[] {
  return withOptimizerFor(parsesTwice(sourceChars(files)), () => {
    // A file whose skeleton told pass 1 other declarations than its text (a syntax error in a body,
    // say) is read whole from the start of another run: until then other files were judged with them.
    for (let whole = new Set(options.wholeText); ; ) {
      const run = checkRun(files, inventory, options, whole);
      if (Array.isArray(run)) return run;
      whole = new Set([...whole, ...run]);
    }
  });
}

function syntaxError(file: string, root: Node): Finding {
  const e = firstError(root) ?? root;
  const what = e.isMissing ? `missing ${e.type}` : `unexpected ${JSON.stringify(e.text.slice(0, 30))}`;
  return { file, line: e.startPosition.row + 1, col: e.startPosition.column + 1, rule: 'AS000', severity: 'error', message: `Java syntax error: ${what}; the file was not checked further` };
}

/**
 * One run of both passes; `whole`: files pass 1 reads from their text, not from their skeleton.
 * The findings, or the files pass 1 must read whole (their skeleton's declarations were not the text's).
 */
function checkRun(files: SourceFile[], inventory: Inventory, options: RunOptions, whole: ReadonlySet<string>): Finding[] | Set<string> {
  const parser = javaParser();
  const flat = parsesTwice(sourceChars(files));
  const memo = treeMemo !== undefined && !flat;
  if (memo) {
    // what this run does not read goes: the memo holds one run's worth of source at most
    const paths = new Set(files.map((f) => f.path));
    for (const p of treeMemo!.keys()) if (!paths.has(p)) treeMemo!.delete(p);
  }
  const parse = (path: string, text: string, skel: boolean) => options.trees?.tree(path, text, skel) ?? (memo && !skel ? memoParse(parser, path, text) : parseSyntax(parser, text));
  // read only when such a file is checked: user code never needs it
  const packagePrivate = files.some((f) => inAgentScopePackage(f.content)) ? loadPackagePrivate(inventory) : undefined;
  const facts = 'facts' in options ? options.facts : loadFacts(inventory);
  const views = options.project ? projectViews(files.map((f) => f.path), inventory, options.project) : undefined;
  const artifactView = views && ((path: string) => views.get(path));
  const levels = options.project ? javaLevels(files.map((f) => f.path), options.project) : undefined;
  const javaLevel = levels && ((path: string) => levels.get(path));
  // context files are part of the run (another version's files, another worker's share): whether
  // the run holds all of its packages' classes is the caller's to say (AnalyzeOptions.partialPackages)
  const analyzer = new Analyzer(indexInventory(inventory, packagePrivate), { ...options, facts, artifactView, javaLevel });
  const parseErrors: Finding[] = [];
  const internal: Finding[] = [];
  const units: FileUnit[] = [];
  const columnMaps = new Map<string, ColumnMap>();
  // A large input: pass 1 parses each file's skeleton (analysis/skeleton.ts: its declarations
  // without bodies and initializers), keeps detached copies of its declarations
  // (analysis/snapshot.ts) and drops its tree; pass 2 parses each file and judges it, so memory
  // holds one tree at a time. A small one parses each file once and keeps its trees.
  /** Units pass 1 read from their skeleton: pass 2 makes sure their text declares the same. */
  const skeletal = new Set<FileUnit>();
  const redo = new Set<string>();
  for (const f of files) {
    if (f.unreadable !== undefined) {
      parseErrors.push({ file: f.path, line: 1, col: 1, rule: 'AS000', severity: 'error', message: `the file was not checked: ${f.unreadable}` });
      continue;
    }
    // javac's reading of identifier-ignorable characters (ignorable.ts); columns mapped back below
    const { text: content, map } = withoutIgnorables(f.content);
    if (map) columnMaps.set(f.path, map);
    let skel = flat && !whole.has(f.path) ? skeleton(content) : undefined;
    let tree = parse(f.path, skel?.text ?? content, skel !== undefined);
    if (skel && tree?.rootNode.hasError) {
      // the skeleton left the grammar: the text decides (and reports the error, if it has one)
      skel = undefined;
      tree = parse(f.path, content, false);
    }
    if (!tree) {
      parseErrors.push({ file: f.path, line: 1, col: 1, rule: 'AS000', severity: 'error', message: 'the parser gave up on this file' });
      continue;
    }
    if (tree.rootNode.hasError) {
      parseErrors.push(syntaxError(f.path, tree.rootNode));
      continue;
    }
    let u;
    try {
      u = analyzer.addFile(f.path, content, tree);
      if (u && flat) {
        analyzer.decls.freeze(u, skel);
        // pass 2 parses the file again: this tree is done with (SyntaxNode.release says why it is cut)
        SyntaxNode.release(tree.rootNode);
      }
    } catch (e) {
      // a pathological file (e.g. thousands of nested classes) is a finding, never the end of the run
      if (!(e instanceof RangeError)) throw e;
      parseErrors.push(tooDeep(f.path));
      continue;
    }
    if (u) units.push(u);
    if (u && skel) skeletal.add(u);
  }
  analyzer.shadowInventory();
  for (const u of units) {
    if (options.context?.has(u.path)) continue;
    // once a file must be read whole, the run is done again: only the other skeletons are still compared
    if (redo.size && !skeletal.has(u)) continue;
    const tree = flat ? parse(u.path, u.content, false) : u.tree;
    if (!tree) throw new Error(`checker: the parser gave up on ${u.path} the second time`);
    let restore: (() => void) | undefined;
    try {
      if (flat) {
        restore = skeletal.has(u) && tree.rootNode.hasError ? undefined : analyzer.decls.rebind(u, tree);
        if (!restore && skeletal.has(u)) redo.add(u.path);
        else if (!restore) internal.push(internalError(u.path, new Error(`${u.path} parsed differently the second time`)));
        if (!restore || redo.size) continue;
      }
      analyzer.analyzeFile(u);
    } catch (e) {
      if (e instanceof RangeError) {
        internal.push(tooDeep(u.path));
        continue;
      }
      // An analyzer bug must never pass for a clean result: the file was not fully checked.
      if (process.env.AGENTSCOPE_CHECK_DEBUG) throw e;
      internal.push(internalError(u.path, e));
    } finally {
      restore?.();
      analyzer.forgetFile();
      if (flat) SyntaxNode.release(tree.rootNode);
    }
  }
  if (redo.size) return redo;
  if (options.stats) Object.assign(options.stats, analyzer.stats);
  const found = [...parseErrors, ...internal, ...analyzer.findings];
  const all = columnMaps.size ? found.map((f) => (columnMaps.has(f.file) ? mapFinding(f, columnMaps.get(f.file)!) : f)) : found;
  const judged = flowAfterAttribution(all);
  if (options.rules) return sortFindings(judged.filter((f) => options.rules!.has(f.rule)));
  return sortFindings(judged);
}

/** The rules whose errors javac finds in its flow phase, after attribution (and the findings of isFlow). */
const FLOW_RULES: ReadonlySet<string> = new Set(['AS017']);

/** A finding javac makes in its flow phase: AS017's, AS021's but its returns, some of AS022's, AS023's but its multi-catch alternatives. */
function isFlow(f: Finding): boolean {
  return FLOW_RULES.has(f.rule) || flowPhaseFinding(f) || (f.rule === 'AS022' && FLOW_MESSAGES.test(f.message)) || (f.rule === 'AS023' && !f.message.startsWith('Alternatives'));
}

/**
 * javac runs its flow phase (unreported checked exceptions, AS017) on a class only while no error
 * has been reported: after an attribution error, or after the flow errors of the first top-level
 * class that has any, it stops before flow for the classes left. So flow findings stand only where
 * no other error is reported, and only in one file: of several, which one javac reaches first
 * depends on the order the build hands it the files.
 */
export function flowAfterAttribution(fs: Finding[]): Finding[] {
  const flow = fs.filter(isFlow);
  if (!flow.length) return fs;
  const otherError = fs.some((f) => f.severity === 'error' && !isFlow(f));
  return otherError || new Set(flow.map((f) => f.file)).size > 1 ? fs.filter((f) => !isFlow(f)) : fs;
}

/**
 * What every check against `inventory` needs first, made now: its index, its behaviour facts by
 * member and the members the traps rely on (all kept for the inventory). `check` calls it while
 * the parser's WebAssembly compiles.
 */
export function prepareInventory(inventory: Inventory): Inventory {
  const idx = indexInventory(inventory);
  factsByMember(loadFacts(inventory));
  // the members of the types the traps rely on (the analyzer asks first thing)
  for (const rule of Object.keys(TRAP_REQUIREMENTS) as (keyof typeof TRAP_REQUIREMENTS)[]) trapEnabled(idx, rule);
  return inventory;
}

function internalError(file: string, e: unknown): Finding {
  const where = (e as Error)?.stack?.split('\n')[1]?.trim() ?? '';
  return {
    file,
    line: 1,
    col: 1,
    rule: 'AS900',
    severity: 'error',
    message: `internal error of agentscope check, the file was not fully checked: ${(e as Error)?.message ?? String(e)}${where ? ` (${where})` : ''}`,
    suggestion: 'please report it with this file; AGENTSCOPE_CHECK_DEBUG=1 shows the stack',
  };
}

/** Checks Java sources against an inventory; resolves to the findings sorted by file/line/col. */
export async function checkSources(files: SourceFile[], inventory: Inventory, options: RunOptions = {}): Promise<Finding[]> {
  await initJavaParser(sourceChars(files));
  return checkSourcesSync(files, inventory, options);
}

/** The order of every report: file, line, column, rule. */
export function sortFindings(fs: Finding[]): Finding[] {
  return fs.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line || a.col - b.col || compareCodeUnits(a.rule, b.rule)));
}

/**
 * The findings of `judged` that `confirming` reports too (same file, position and rule): what a
 * version between two inventories is told (inventory/nearest.ts). The judging run's words stay.
 */
export function confirmedFindings(judged: Finding[], confirming: Finding[]): Finding[] {
  const key = (f: Finding) => `${f.file}\0${f.line}\0${f.col}\0${f.rule}`;
  const there = new Set(confirming.map(key));
  return judged.filter((f) => there.has(key(f)));
}

export function hasErrors(fs: Finding[]): boolean {
  return fs.some((f) => f.severity === 'error');
}
