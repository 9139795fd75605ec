/**
 * The analyzer's state and the operations every part of it (the layers in this folder and the
 * rules in ../rules) may use. The analyzer is one object built in layers, lowest first:
 *
 *   base (state, reporting) -> type-names (names to types) -> scopes (variables, fields)
 *   -> calls (overload resolution) -> expressions (typing) -> statements -> declarations
 *   (classes, methods, annotations) -> ../analyzer.ts (the entry points)
 *
 * A layer calls the ones below it directly; what it needs from a layer above (expressions are
 * typed while resolving a call, classes are visited inside expressions) is declared abstract
 * here, so no module imports one above it. The rules receive this base and report through it.
 */
import type { JavaLevel } from '../../pom/java-level.js';
import type { SyntaxNode as Node, SyntaxTree as Tree } from './syntax-tree.js';
import type { TypeDecl } from '../../inventory/schema.js';
import type { Hierarchy, FoundMember, InventoryIndex } from '../inventory-index.js';
import { cls, type JType, shortName, typeToString } from '../jtype.js';
import { describedExternalType, lambdaParamsOf } from '../external.js';
import { fullyKnown, shortType } from '../expr-types.js';
import type { TypeFacts, Verdict } from '../applicability.js';
import { trapEnabled } from '../curated.js';
import { Premises } from '../premises.js';
import { type Finding, type FindingSubject, RULES, type RuleId } from '../rules.js';
import { type AnalyzeOptions, type CheckStats, type EVal, type FileUnit, isAsName, Scope, type SourceClass, type TypeCtx, writtenVar } from './model.js';
import { replacesInventoryType, SourceDeclarations } from './source-declarations.js';

/** The Maven module a source path belongs to (the part before `src/main/java`, `src/test/java`); '' for other paths. */
function moduleOf(path: string): string {
  return /^(.*?)[\\/]src[\\/](?:main|test)[\\/]java[\\/]/.exec(path)?.[1] ?? '';
}

export type TrapId = 'AS101' | 'AS102' | 'AS103' | 'AS104';

/** What a collector over a stream makes a Map's keys and values (`groupingBy(Msg::getRole)`: MsgRole keys); `exactValue`: the values are exactly that (counting()'s Long). */
export interface CollectedMap {
  collector: string;
  key?: JType;
  value?: JType;
  exactValue?: true;
}

export abstract class AnalyzerBase {
  readonly findings: Finding[] = [];
  readonly stats: CheckStats = { resolved: 0, judged: 0, unknownReceiver: 0 };
  private seen = new Set<string>();
  /** The errors reported so far, by file: what a call's arguments are searched for (argumentsInError, callResultInError). */
  private errorsByFile = new Map<string, Finding[]>();
  /** Pass 1: what the checked sources declare. */
  readonly decls = new SourceDeclarations();
  readonly srcByFqn = this.decls.srcByFqn;
  readonly srcByPkg = this.decls.srcByPkg;
  readonly srcPackages = this.decls.srcPackages;
  readonly classOfNode = this.decls.classOfNode;
  /** The file pass 2 is in. */
  unit!: FileUnit;
  /** Which semantic traps the inventory in use supports (curated.ts). */
  readonly traps: Record<TrapId, boolean>;
  /** The version's behaviour facts, the premises of AS101 and AS105-AS110 (premises.ts). */
  readonly premises: Premises;
  /** AS102: the if-branches guarded by `== GenerateReason.PERMISSION_ASKING` in this file. */
  askBranches: Node[] = [];
  /** AS104: MCP registrations of this file by method and Toolkit expression. */
  mcpRegs = new Map<string, { node: Node; method: Node | null; key: string }[]>();
  /** The method declarations being visited, innermost last. */
  readonly methodStack: Node[] = [];
  /** Result types of AgentScope calls that the inventory alone decides (no inference), by call node id. */
  readonly exactResults = new Map<number, JType>();
  /** Calls of described JDK and Reactor methods whose result type is exact (external.ts), by call node id: receivers further on a chain. */
  readonly exactChain = new Set<number>();
  /** Calls of methods the checked sources declare (srcCall), by call node id: their exact results are the project's, not AgentScope's. */
  readonly sourceCalls = new Set<number>();
  /** Calls that stand for a mock in a verification or stubbing (`verify(agent)`, `doReturn(x).when(agent)`), by call node id: the call written on them is judged as javac judges it, but runs nothing, so no trap applies to it. */
  readonly mockStandIns = new Set<number>();
  /**
   * `recv.map(x -> body)` calls of this file that are not a receiver themselves, by call node id:
   * the type map makes (`Mono`) and the body's type when it is exact. An assignment target decides
   * R there (AS013 judges the body against it). `collected`: a `collect(Collectors.toList())` (toSet)
   * of a stream whose elements are exact, `body` its element type.
   */
  readonly mappedValues = new Map<number, { fqn: string; body: JType; collected?: true }>();
  /** `stream.collect(Collectors.groupingBy(Msg::getRole))`, `toMap(..)` on an exact stream: what the collector's functions give its keys and values (a Map's K, V). */
  readonly collectedMaps = new Map<number, CollectedMap>();
  /**
   * Exact results of described JDK and Reactor methods on exact receivers, by call node id, whose
   * type arguments are fully known (`msgs.stream().map(m -> m.getTextContent()).findFirst()`: an
   * `Optional<String>`): generics are invariant, so AS013 judges them against a declared type of the same class.
   */
  readonly exactContainers = new Map<number, JType>();
  /** Exact results of JDK methods: statics of described non-generic types (`String.join(..)`), and the common types' methods (jdk-results.ts) on types or exact receivers (`workspace.resolve(..)`), by call node id. */
  readonly jdkResults = new Map<number, JType>();
  /** Exact results of described JDK methods on a chain an AgentScope call began (`param.getInput().get("k")`: an Object), by call node id. */
  readonly agentScopeChain = new Map<number, JType>();
  /** The class of a JDK or Reactor method's result where only its type arguments are inferred (`flux.map(X::get)` is a Flux), on a type or an exact receiver, and of a diamond creation (`new ArrayList<>()`), by node id. */
  readonly erasedResults = new Map<number, string>();
  /** Calls typed by their target alone, that fit every reference type (Mockito's `any()`: external.ts `target`). */
  readonly targetTyped = new Set<number>();
  /** Each expression-bodied lambda's body, its type and the lambda's scope (its parameters), by lambda node id: what a `map(..)` infers its result from. */
  /**
   * `decided`: `t` is what the lambda certainly returns (decidedResult): every `return` of a block
   * body, or an expression body whose type only a target could otherwise fix (`Mono.just(m)`).
   */
  readonly lambdaBodies = new Map<number, { t: JType; body: Node; scope: Scope; decided?: true }>();
  /**
   * Lambdas and method references passed to a described JDK or Reactor method of an exactly typed
   * receiver whose type arguments are all classes (`agents.map(a -> a.call(m))` on a written
   * `Flux<ReActAgent>`): their parameters' types are exact, as a written variable's (javac types
   * them from the receiver's T).
   */
  readonly exactLambdas = new Set<number>();
  /**
   * Lambdas whose functional interface's method declares no checked exception (a Runnable, a
   * Supplier, a Function of a map(..)): a call in one that throws a checked exception must be caught
   * in the lambda (AS017); a Callable's may throw.
   */
  readonly noThrowLambdas = new Set<number>();
  /**
   * Calls of target-typed JDK statics (external.ts TARGET_TYPED: `Collectors.groupingBy(..)`,
   * `Comparator.comparing(..)`) written as an argument whose parameter is a collector or comparator
   * of a known T, by call node id: that T, which types their lambdas' parameters.
   */
  readonly elementTargets = new Map<number, JType>();
  /**
   * Calls whose one type argument the values given decide (`Mono.just(x)`, `Optional.of(x)`, the
   * returns of `Mono.fromCallable`'s lambda; with `elements`, the elements of a collection given:
   * `List.copyOf(c)`), by call node id: the class made and the values (AS013).
   */
  readonly factoryArgs = new Map<number, { fqn: string; args: Node[]; elements?: true }>();
  /**
   * `holder.requests`, `this.pending`: a field the checked sources declare in the receiver's class
   * (its class decided), by node: its declared type, as exact as a written local's.
   */
  readonly exactFields = new Map<number, JType>();
  /** `MsgRole.USER`, `Msg.METADATA_SYNTHETIC`: an AgentScope static field's or enum constant's declared type, by node. */
  readonly staticFieldTypes = new Map<number, JType>();
  /**
   * Calls whose declaration is known with its throws clause (an AgentScope method or constructor, a
   * JDK method of catch-clauses.ts's tables, a method the checked sources declare), by call node id:
   * every exception type it may declare (fully qualified). A call not here may throw anything (AS023).
   */
  readonly callThrows = new Map<number, string[]>();
  /** How many try statements with a catch clause the visit is in: callThrows is noted only inside one. */
  inTry = 0;

  /** After judging a file (pass 2): what was kept of it by node, so memory stays flat and no file reads another's. */
  forgetFile(): void {
    this.askBranches = [];
    this.mcpRegs = new Map();
    const kept = [
      this.exactResults, this.exactChain, this.mockStandIns, this.targetTyped, this.mappedValues, this.collectedMaps, this.exactContainers, this.agentScopeChain,
      this.erasedResults, this.jdkResults, this.lambdaBodies, this.exactFields, this.elementTargets, this.factoryArgs, this.staticFieldTypes,
      this.sourceCalls, this.exactLambdas, this.noThrowLambdas, this.callThrows,
    ];
    for (const k of kept) k.clear();
  }

  /** What applicability needs to know about types (applicability.ts). */
  readonly facts: TypeFacts = {
    isInventory: (fqn) => this.idx.type(fqn) !== undefined,
    isSource: (fqn) => this.srcByFqn.has(fqn),
    inventorySupers: (fqn) => {
      const h = this.idx.hierarchy(cls(fqn));
      return h.complete ? new Set([...h.types.map((t) => t.decl.fqn), ...h.jdk]) : undefined;
    },
    lambdaFits: (t, arity, params) => this.lambdaFits(t, arity, params),
    sourceSubtype: (fqn, target) => this.sourceSubtype(fqn, target, 0, new Set()),
  };

  /**
   * Is the source class `fqn` a subtype of `target`, an AgentScope type or a project class? Along
   * its declared supertypes: source classes, inventory types with a complete hierarchy, and JDK
   * types (no java.* type has an AgentScope or project supertype, nor an inventory type a project
   * one); 'maybe' through anything else (a third-party type, a name that does not resolve).
   */
  private sourceSubtype(fqn: string, target: string, depth: number, seen: Set<string>): Verdict {
    if (fqn === target) return 'yes';
    if (seen.has(fqn)) return 'no';
    if (depth > 12 || !fqn.includes('.')) return 'maybe';
    seen.add(fqn);
    const sc = this.srcByFqn.get(fqn);
    if (sc) {
      let v: Verdict = 'no';
      for (const s of this.sourceSupers(sc)) {
        if (s.k !== 'class') return 'maybe';
        const r = this.sourceSubtype(s.fqn, target, depth + 1, seen);
        if (r === 'yes') return 'yes';
        if (r === 'maybe') v = 'maybe';
      }
      return v;
    }
    if (this.idx.type(fqn)) {
      const h = this.idx.hierarchy(cls(fqn));
      return h.types.some((t) => t.decl.fqn === target) ? 'yes' : h.complete ? 'no' : 'maybe';
    }
    return fqn.startsWith('java.') ? 'no' : 'maybe';
  }

  /** May a simple name that resolves to nothing in expression position be judged (AnalyzeOptions.partialPackages)? */
  get packagesComplete(): boolean {
    return !this.options.partialPackages;
  }

  /** javac's view of a failed import: every use reported too (AnalyzeOptions.importUses, on unless turned off). */
  private readonly importUses: boolean;

  constructor(
    /** The inventory as the checked sources see it (shadowInventory, after pass 1). */
    public idx: InventoryIndex,
    private options: AnalyzeOptions = {},
  ) {
    this.importUses = options.importUses ?? true;
    this.traps = {
      AS101: trapEnabled(idx, 'AS101'),
      AS102: trapEnabled(idx, 'AS102'),
      AS103: trapEnabled(idx, 'AS103'),
      AS104: trapEnabled(idx, 'AS104'),
    };
    this.premises = new Premises(options.facts, idx.version);
  }

  /** Pass 1 for one parsed file. */
  addFile(path: string, content: string, tree: Tree): FileUnit | undefined {
    return this.decls.addFile(path, content, tree);
  }

  /** The inventory as every file sees it; per Maven module the types its sources replace; the views built from both. */
  private baseIdx?: InventoryIndex;
  private hiddenByModule = new Map<string, Set<string>>();
  private views = new Map<string, InventoryIndex>();

  /**
   * After pass 1: a type the checked sources of a Maven module declare under an inventory type's
   * qualified name, and that is not the inventory's own declaration, hides the inventory's type (and
   * its nested types) in every judgement of that module's files (main and test), as javac compiling
   * the module sees it; other modules keep the inventory's type. The qualified names hidden.
   */
  shadowInventory(): string[] {
    const hidden = new Map<string, Set<string>>();
    for (const sc of this.decls.allClasses) {
      const decl = this.idx.type(sc.fqn);
      if (!decl || !replacesInventoryType(sc, decl)) continue;
      const m = moduleOf(sc.unit.path);
      hidden.set(m, (hidden.get(m) ?? new Set()).add(sc.fqn));
    }
    this.baseIdx = this.idx;
    this.hiddenByModule = hidden;
    return [...hidden.values()].flatMap((s) => [...s]);
  }

  /**
   * Pass 2 is about to judge `path`: the inventory as its module sees it, only the artifacts on its
   * classpath (AnalyzeOptions.artifactView) without the types its sources replace. Views are shared
   * by the files with the same module and classpath.
   */
  useInventoryFor(path: string) {
    if (!this.baseIdx) return;
    const m = moduleOf(path);
    const view = this.options.artifactView?.(path);
    const hidden = this.hiddenByModule.get(m);
    if (!view && !hidden) {
      this.idx = this.baseIdx;
      return;
    }
    const key = `${hidden ? m : ''}\0${view ? `${view.pom}\0${[...view.artifacts].sort().join(',')}\0${[...view.anyScope].sort().join(',')}\0${[...view.unlisted].sort().join(',')}` : '*'}`;
    let idx = this.views.get(key);
    if (!idx) {
      idx = view ? this.baseIdx.restrictTo(view.artifacts, view.pom, view.anyScope, view.unlisted) : this.baseIdx;
      if (hidden) idx = idx.without(hidden);
      this.views.set(key, idx);
    }
    this.idx = idx;
  }

  /** The Java level the module of the file being judged compiles for, where its build states one (rules/java-release.ts). */
  get javaLevel(): JavaLevel | undefined {
    return this.options.javaLevel?.(this.unit.path);
  }

  /** While counting (wouldReport): the reports that would have been made; nothing is recorded. */
  private counting?: { n: number };

  /** How many findings `judge` would report, without reporting them (it must not read the nodes it reports on). */
  wouldReport(judge: () => void): number {
    const c = (this.counting = { n: 0 });
    try {
      judge();
    } finally {
      this.counting = undefined;
    }
    return c.n;
  }

  report(node: Node, rule: RuleId, message: string, suggestion?: string, subject?: FindingSubject) {
    if (this.options.rules && !this.options.rules.has(rule)) return;
    if (this.counting) {
      this.counting.n++;
      return;
    }
    const line = node.startPosition.row + 1;
    const col = node.startPosition.column + 1;
    const key = `${this.unit.path}:${line}:${col}:${rule}:${message}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    const finding: Finding = {
      file: this.unit.path,
      line,
      col,
      endLine: node.endPosition.row + 1,
      endCol: node.endPosition.column + 1,
      rule,
      severity: RULES[rule].severity,
      message,
      suggestion: suggestion || `see docs/checker.md#${rule.toLowerCase()} (${RULES[rule].name})`,
      ...(subject ? { subject } : {}),
    };
    this.findings.push(finding);
    if (finding.severity === 'error') {
      const errors = this.errorsByFile.get(finding.file);
      if (errors) errors.push(finding);
      else this.errorsByFile.set(finding.file, [finding]);
    }
  }

  /** The errors reported so far in the file being judged. */
  private unitErrors(): readonly Finding[] {
    return this.errorsByFile.get(this.unit.path) ?? [];
  }

  /** Single-type imports reported unknown (AS001), by file path and imported name. */
  private unknownImports = new Map<string, number>();
  noteUnknownImport(q: string, line: number) {
    this.unknownImports.set(`${this.unit.path}\0${q}`, line);
  }

  /** Single-static imports of a member their AgentScope type does not have (AS002), by file path and member name: their line. */
  private failedStaticImports = new Map<string, number>();
  noteFailedStaticImport(name: string, line: number) {
    this.failedStaticImports.set(`${this.unit.path}\0${name}`, line);
  }

  /**
   * With `importUses`: the line of the failed single-static import of `name` in this file (a use
   * of it is javac's "cannot find symbol" too), or undefined.
   */
  failedStaticImportOf(name: string): number | undefined {
    return this.importUses && this.failedStaticImports.size ? this.failedStaticImports.get(`${this.unit.path}\0${name}`) : undefined;
  }

  /**
   * The io.agentscope types some file of the input imports and the inventory does not have (nor
   * the sources): found before pass 2 (Analyzer.shadowInventory), from every file, so what a file
   * is told does not depend on which files were judged before it (or in another worker).
   */
  missingImported = new Set<string>();

  /**
   * With `importUses`: is `t` a type whose import was reported missing (in this file, or in any
   * file when the type is unknown here too)? javac gives such an erroneous supertype no members,
   * so it hides no inherited field and every use in the subclass's body is judged.
   */
  isMissingImportedType(t: JType): boolean {
    return this.importUses && t.k === 'class' && this.isMissingType(t.fqn);
  }

  /**
   * A value of type variable `t` as a receiver (`event.getType()` in `<T extends HookEvent> ..
   * onEvent(T event)`): its members are its bound's (JLS 4.4), so it is judged as that bound, when
   * it has one, an AgentScope class or interface; undefined otherwise.
   */
  boundReceiver(t: JType, ctx: TypeCtx): (JType & { k: 'class' }) | undefined {
    if (t.k !== 'tv' || !ctx.typeVars.has(t.name)) return undefined;
    const bounds = ctx.tvBounds?.get(t.name);
    const b = bounds?.length === 1 ? bounds[0] : undefined;
    return b?.k === 'class' && this.idx.type(b.fqn) ? b : undefined;
  }

  /**
   * With `importUses`: does `t` mention a type whose import failed (`Missing`, `List<Missing>`)?
   * javac takes such an erroneous type as compatible with any value: nothing is assigned wrongly to it.
   */
  mentionsMissingImport(t: JType): boolean {
    return this.anyImportFailed && this.mentionsMissing(t);
  }

  /** With `importUses`: has an import of the run failed? Without one, no type mentions a missing one (a cheap test first). */
  get anyImportFailed(): boolean {
    return this.importUses && (this.unknownImports.size > 0 || this.missingImported.size > 0);
  }

  /** Is `fqn` a type whose import failed (in this file, or in any file when the type is unknown here too)? */
  private isMissingType(fqn: string): boolean {
    // most runs have no failed import: no key is built then
    if (this.unknownImports.size === 0 && this.missingImported.size === 0) return false;
    return this.unknownImports.has(`${this.unit.path}\0${fqn}`) || (this.missingImported.has(fqn) && !this.hasType(fqn));
  }

  /**
   * With `importUses`: is an argument of this call erroneous (an error reported inside it, or a
   * value of a missing type)? javac then reports nothing about the method itself.
   */
  argumentsInError(argsNode: Node, scope: Scope): boolean {
    if (!this.importUses) return false;
    const args = argsNode.namedChildren;
    if (args.some((x) => this.isMissingImportedType(this.exprType(x, scope)))) return true;
    const from = argsNode.startPosition;
    const to = argsNode.endPosition;
    const inside = (f: Finding) =>
      (f.line - 1 > from.row || (f.line - 1 === from.row && f.col - 1 >= from.column)) && (f.line - 1 < to.row || (f.line - 1 === to.row && f.col - 1 < to.column));
    return this.unitErrors().some(inside);
  }

  /**
   * With `importUses`: does javac give the result of this call an erroneous type? It does when an
   * argument is erroneous: a value whose type mentions a missing type (`m`, `List<Missing> l`, or
   * one computed from such a value: `m.toString()`, `optional.get()`), or an expression javac
   * rejects (a javac-level error reported inside it, lambda and anonymous class bodies aside,
   * which javac attributes against the method it chose). javac then reports nothing further on
   * the chain: `builder().model(m).memory(x)` with `m` of a missing type has no error on `memory`.
   */
  callResultInError(argsNode: Node, scope: Scope): boolean {
    if (!this.importUses) return false;
    const args = argsNode.namedChildren.filter((c) => c.type !== 'lambda_expression' && c.type !== 'method_reference');
    // without a failed import no value is erroneous; typing the arguments again would only repeat
    // what checkCall reported on them (the same findings, dropped as seen)
    if (this.anyImportFailed && args.some((x) => this.erroneousValue(x, scope, 0) !== 'none')) return true;
    const inRange = (f: Finding, n: Node) =>
      (f.line - 1 > n.startPosition.row || (f.line - 1 === n.startPosition.row && f.col - 1 >= n.startPosition.column)) &&
      (f.line - 1 < n.endPosition.row || (f.line - 1 === n.endPosition.row && f.col - 1 < n.endPosition.column));
    const javacLevel = this.unitErrors().filter((f) => f.rule < 'AS100' && args.some((a) => inRange(f, a)));
    if (!javacLevel.length) return false;
    const bodies = args.flatMap((a) => a.descendantsOfType(['lambda_expression', 'class_body']).filter((d): d is Node => d !== null));
    return javacLevel.some((f) => !bodies.some((b) => inRange(f, b)));
  }

  /** Does `t` mention a type whose import was reported missing (itself, a type argument, an array element)? */
  private mentionsMissing(t: JType, depth = 0): boolean {
    if (depth > 16) return false;
    if (t.k === 'class') return this.isMissingType(t.fqn) || t.args.some((a) => this.mentionsMissing(a, depth + 1));
    if (t.k === 'array') return this.mentionsMissing(t.elem, depth + 1);
    if (t.k === 'wild') return t.bound !== undefined && this.mentionsMissing(t.bound, depth + 1);
    return false;
  }

  /**
   * How javac sees the value of `x` when a missing type is involved: `error` (its type is the
   * missing class itself, or comes of selecting on such a value or calling with an erroneous
   * argument: selections on it report nothing), `args` (its type only has one as a type argument or
   * element: `List<Missing>`; selections on it are judged, but it is an erroneous argument), or `none`.
   */
  private erroneousValue(x: Node, scope: Scope, depth: number): 'error' | 'args' | 'none' {
    if (depth > 32) return 'none';
    const byType = (t: JType): 'error' | 'args' | 'none' => (t.k === 'class' && this.isMissingType(t.fqn) ? 'error' : this.mentionsMissing(t) ? 'args' : 'none');
    switch (x.type) {
      case 'identifier':
        return byType(this.exprType(x, scope));
      case 'parenthesized_expression': {
        const inner = x.namedChildren[0];
        return inner ? this.erroneousValue(inner, scope, depth + 1) : 'none';
      }
      case 'binary_expression': {
        const ops = [x.childForFieldName('left'), x.childForFieldName('right')].filter((c): c is Node => c !== null);
        return ops.some((o) => this.erroneousValue(o, scope, depth + 1) !== 'none') ? 'error' : 'none';
      }
      case 'method_invocation':
      case 'field_access': {
        const o = x.childForFieldName('object');
        const recv = o && o.type !== 'this' && o.type !== 'super' ? this.erroneousValue(o, scope, depth + 1) : 'none';
        if (recv === 'error') return 'error';
        const argsNode = x.type === 'method_invocation' ? x.childForFieldName('arguments') : null;
        const args = argsNode ? argsNode.namedChildren.filter((c) => c.type !== 'lambda_expression' && c.type !== 'method_reference') : [];
        if (args.some((a) => this.erroneousValue(a, scope, depth + 1) !== 'none')) return 'error';
        const t = this.exprType(x, scope);
        // a method of a third-party type the checker does not describe, on a receiver whose type
        // argument is missing (`ObjectProvider<Missing>.getObject()`): its result may be that argument
        if (t.k === 'unknown' && recv === 'args' && o && !describedExternalType(this.exprType(o, scope))) return 'error';
        return byType(t);
      }
      default:
        return 'none';
    }
  }

  /** With `importUses`: a use of `name` (node) bound by a single-type import that does not exist. */
  reportUnknownImportUse(node: Node, ctx: TypeCtx, resolved: JType | undefined) {
    if (!this.importUses || resolved?.k !== 'class' || this.unknownImports.size === 0) return;
    const q = ctx.unit.imports.single.get(node.text);
    const line = q !== undefined && q === resolved.fqn ? this.unknownImports.get(`${ctx.unit.path}\0${q}`) : undefined;
    if (q === undefined || line === undefined) return;
    const artifact = this.idx.outside?.artifactOf(q);
    const why = artifact ? `type ${q} is in io.agentscope:${artifact}, which is not a dependency of this module` : `type ${q} does not exist in AgentScope ${this.idx.version}`;
    this.report(node, 'AS001', `${node.text} cannot be resolved: ${why}`, `fix the import of ${q} on line ${line}${artifact ? ` (add io.agentscope:${artifact} to ${this.idx.outside!.pom})` : ''}; this use fails with it`, { type: q });
  }

  /**
   * A use of `name` (a method with `call`, else a variable) that resolves to nothing because the
   * supertype `sup` of its enclosing class `owner` is a type whose import does not exist (Scopes.lostToMissingSuper).
   */
  reportLostToMissingSuper(node: Node, name: string, call: boolean, lost: { owner: string; sup: JType & { k: 'class' }; verb: string }) {
    const { owner, sup, verb } = lost;
    const line = this.unknownImports.get(`${this.unit.path}\0${sup.fqn}`);
    const what = call ? `method ${name}(..)` : `variable ${name}`;
    this.report(
      node,
      'AS001',
      `${what} cannot be resolved: ${shortName(owner)} ${verb} ${shortType(sup)}, which does not exist in AgentScope ${this.idx.version}, so it inherits no members`,
      `fix the supertype (${line !== undefined ? `the import of ${sup.fqn} on line ${line}` : sup.fqn}); this use fails with it`,
      { type: sup.fqn, member: name },
    );
  }

  private lambdaFits(t: JType & { k: 'class' }, arity: number, params?: JType[]): Verdict {
    const ext = lambdaParamsOf(t);
    if (ext) {
      if (ext.params.length !== arity) return 'no';
      // explicitly typed parameters are the function type's own (JLS 15.27.3): not a subtype, not a supertype
      const differs = (p: JType, i: number) => fullyKnown(p) && fullyKnown(ext.params[i]) && typeToString(p) !== typeToString(ext.params[i]);
      return params?.some(differs) ? 'no' : 'yes';
    }
    const decl = this.idx.type(t.fqn);
    if (!decl) return 'maybe';
    if (decl.kind !== 'interface') return 'no';
    const h = this.idx.hierarchy(t);
    if (!h.complete) return 'maybe';
    const abs = this.idx.abstractMethods(h).filter((a) => !['equals', 'hashCode', 'toString'].includes(a.name));
    const names = new Set(abs.map((a) => a.name)).size;
    const known = abs.every((a) => a.member);
    // (none, or two of different names every one known: not a functional interface, JLS 9.8)
    if (names !== 1 || !known) return names === 0 || (known && names > 1) ? 'no' : 'maybe';
    if (!abs.every((a) => (a.member!.params ?? []).length === arity)) return 'no';
    // explicitly typed parameters are the method's own (JLS 15.27.3): judged against a method of a non-generic interface
    const owner = abs.length === 1 ? this.idx.type(abs[0].owner) : undefined;
    if (!params || !owner || owner.typeParams.length || abs[0].member!.typeParams?.length) return 'yes';
    const own = this.idx.paramTypes({ member: abs[0].member!, owner, subst: abs[0].subst ?? new Map() });
    const differs = (p: JType, i: number) => p.k === 'class' && own[i]?.k === 'class' && fullyKnown(p) && fullyKnown(own[i]) && typeToString(p) !== typeToString(own[i]);
    return params.some(differs) ? 'no' : 'yes';
  }

  // ---------------------------------------------------------------- what is known

  /** Is a package known (inventory, or declared by the checked sources)? */
  packageKnown(p: string): boolean {
    if (this.idx.packages.has(p) || this.srcPackages.has(p)) return true;
    for (const s of this.srcPackages) if (s.startsWith(p + '.')) return true;
    return false;
  }

  /**
   * May we call a missing io.agentscope qualified name an error? Only when its package is
   * one the inventory has types in, or when the file is not itself inside io.agentscope
   * (library, test or example code may use packages the inventory does not describe).
   */
  mayJudgeQualified(pkg: string): boolean {
    if (this.idx.byPackage.has(pkg)) return true;
    if (this.srcPackages.has(pkg)) return false;
    if (isAsName(this.unit.pkg)) return false;
    return isAsName(pkg);
  }

  hasType(fqn: string): boolean {
    return this.idx.byFqn.has(fqn) || this.srcByFqn.has(fqn);
  }

  /**
   * May members the inventory does not list be visible here? Package-private ones are, in the package
   * of a type of the hierarchy, unless the package-private supplement is merged in; private ones are,
   * inside the top-level class that declares them.
   */
  samePackage(h: Hierarchy): boolean {
    if (this.idx.packagePrivateKnown) return h.types.some((t) => this.isOwnTopLevel(t.decl));
    const p = this.unit.pkg;
    return h.types.some((t) => t.decl.package === p);
  }

  /** Is `decl`, or the type it is nested in, a top-level class of the file being checked? */
  private isOwnTopLevel(decl: TypeDecl): boolean {
    let top = decl;
    for (let o = top.outer && this.idx.type(top.outer); o; o = o.outer && this.idx.type(o.outer)) top = o;
    return this.unit.classes.some((c) => !c.outer && c.fqn === top.fqn);
  }

  /** May uses of an inventory type of package `pkg` be judged against what the inventory lists? */
  knowsPackage(pkg: string): boolean {
    return pkg !== this.unit.pkg || this.idx.packagePrivateKnown;
  }

  /** `name(Type, Type)` as the inventory declares it, for messages. */
  fmtSig(f: FoundMember): string {
    const ps = this.idx.paramTypes(f).map((p) => shortType(p));
    return `${f.member.kind === 'constructor' ? shortName(f.owner.fqn) : f.member.name}(${ps.join(', ')})`;
  }

  // ---------------------------------------------------------------- implemented by the layers above

  /** Source type node -> JType; reports AS001/AS011 for names that do not exist when `report` (type-names.ts). */
  abstract typeOf(node: Node, ctx: TypeCtx, report: boolean): JType;
  /** A simple type name resolved as javac does; undefined when it cannot be told (type-names.ts). */
  abstract resolveSimple(name: string, ctx: TypeCtx): JType | undefined;
  abstract resolveQualified(q: string): JType | undefined;
  /** Member type `name` of type `fqn` (inherited too): fqn, undefined = certainly none, null = cannot tell. */
  abstract memberType(fqn: string, name: string, depth?: number): string | undefined | null;
  abstract sourceSupers(sc: SourceClass): JType[];
  abstract classTypeCtx(sc: SourceClass): TypeCtx;
  /** Expression typing (expressions.ts). */
  abstract eval(node: Node, scope: Scope, expected?: JType): EVal;
  abstract expr(node: Node, scope: Scope, expected?: JType): void;
  abstract exprType(node: Node, scope: Scope, expected?: JType): JType;
  /** A variable's type as its declaration in `scope` writes it, for the judgments that take only exact types (rules' WrittenType). */
  writtenType(scope: Scope): (n: Node) => JType | undefined {
    return (n) => (writtenVar(n.text, scope) ? this.exprType(n, scope) : undefined);
  }
  /** Statements (statements.ts). */
  abstract stmt(node: Node, scope: Scope): void;
  /** Classes, methods, annotations (declarations.ts). */
  abstract visitClass(node: Node, outerScope: Scope, anonymousSuper: JType | undefined, anonBody?: Node): void;
  abstract visitModifiers(mods: Node, ctx: TypeCtx, scope: Scope): void;
  abstract declareParams(params: Node, scope: Scope, report: boolean): JType[];
  /** Call resolution (calls.ts). */
  abstract ctorCandidates(t: JType): FoundMember[];
  abstract checkCall(
    at: Node,
    argsNode: Node,
    cands: FoundMember[],
    recv: JType,
    scope: Scope,
    what: 'constructor' | 'method',
    judge: boolean,
    extraArities?: number[],
  ): FoundMember | undefined;
}
