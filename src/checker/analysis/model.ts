/**
 * The analyzer's model of the checked sources: files, the classes they declare, the class and
 * type contexts a name is resolved in, lexical scopes, and the value of an expression.
 */
import type { JavaLevel } from '../../pom/java-level.js';
import type { ArtifactView } from '../project.js';
import type { SyntaxNode as Node, SyntaxTree as Tree } from './syntax-tree.js';
import type { JType } from '../jtype.js';
import type { RuleId } from '../rules.js';
import type { BehaviourFacts } from '../../inventory/schema.js';

const AS_ROOT = 'io.agentscope';

/** Is a qualified name io.agentscope or inside it? */
export function isAsName(q: string): boolean {
  return q === AS_ROOT || q.startsWith(AS_ROOT + '.');
}

interface ImportInfo {
  single: Map<string, string>;
  staticSingle: Map<string, string[]>;
  staticOnDemand: string[];
  onDemand: string[];
}

/** A class (interface, enum, record, annotation) declared by the checked sources. */
export interface SourceClass {
  fqn: string;
  name: string;
  pkg: string;
  kind: string;
  node: Node;
  unit: FileUnit;
  outer?: SourceClass;
  typeParams: string[];
  fieldNodes: Map<string, { type: Node; dims: number }>;
  methodNodes: Map<string, Node[]>;
  nested: Map<string, string>;
  hasCtor: boolean;
  /** The constructors the class declares (a record's compact one has no parameter list: not here). */
  ctorNodes: Node[];
  /** Lombok annotates the class or one of its fields (lombok.ts): it has members the source does not show, methods among them. */
  generatedMembers: boolean;
  /** Lombok adds fields or constructors the source does not show (true with generatedMembers, or for `@Slf4j`, `@RequiredArgsConstructor` alone). */
  generatedFields: boolean;
}

export interface FileUnit {
  path: string;
  /** The text parsed (after identifier-ignorable characters are removed). */
  content: string;
  /** The live tree, while the file is being read (pass 1) or judged (pass 2): see SourceDeclarations.freeze. */
  tree?: Tree;
  pkg: string;
  imports: ImportInfo;
  classes: SourceClass[];
}

/** The class whose body is being visited (named, or anonymous with `src` undefined). */
export interface ClassCtx {
  fqn: string;
  src?: SourceClass;
  supers: JType[];
  superclass?: JType;
  outer?: ClassCtx;
  /** Methods declared in the body (named or anonymous class). */
  methods: Map<string, Node[]>;
  /** Fields declared in an anonymous class body: `this.count` there is not a member of the supertype. */
  anonFields?: Map<string, JType>;
  ctx: TypeCtx;
}

/** Where a type name is resolved: the file, the enclosing classes, the type variables in scope. */
export interface TypeCtx {
  unit: FileUnit;
  cls?: ClassCtx;
  typeVars: Set<string>;
  /**
   * The bounds of the type variables of the enclosing source declarations (Object for one declared
   * without); undefined for a name declared at two levels (a shadowing one) or bounds not read.
   */
  tvBounds?: ReadonlyMap<string, JType[] | undefined>;
}

/** A lexical scope of variables; a class boundary makes the class's inherited fields visible. */
export class Scope {
  vars = new Map<string, JType>();
  /** The variables of `vars` whose type is written in their declaration (not `var`, not a lambda's inferred parameter): exact type arguments. */
  written?: Set<string>;
  /** `var` locals whose class (not their type arguments) the initializer fixes (`var r = Mono.zip(a, b)` is a Mono): what their class has is decided. */
  classExact?: Set<string>;
  /**
   * The variables of `vars` a pattern binds (`o instanceof Msg m`), bound for the rest of the scope
   * though javac's scope of them is shorter: whether the name also denotes something outside them.
   */
  patterns?: Map<string, boolean>;
  /** A lambda's block body: what each of its `return`s gives (decidedResult; undefined where not decided). */
  results?: { node: Node; scope: Scope; t: JType | undefined }[];
  constructor(
    readonly parent: Scope | undefined,
    readonly ctx: TypeCtx,
    readonly classBoundary?: ClassCtx,
    /** Return type of the enclosing method, when known (for lambdas in return position). */
    readonly returnType?: JType,
    /** The scope is a lambda body's: `returnType` is its functional interface method's result type. */
    readonly lambdaBody = false,
  ) {}
}

/** Is `name` a variable of the scope chain whose declaration writes its type (the innermost one of that name)? */
export function writtenVar(name: string, scope: Scope): boolean {
  for (let s: Scope | undefined = scope; s; s = s.parent) if (s.vars.has(name)) return s.written?.has(name) === true;
  return false;
}

/** Is `name` a `var` local whose class its initializer fixes (Scope.classExact)? */
export function classExactVar(name: string, scope: Scope): boolean {
  for (let s: Scope | undefined = scope; s; s = s.parent) if (s.vars.has(name)) return s.classExact?.has(name) === true;
  return false;
}

/** What an expression denotes: a value of a type, a type name, a package name, or nothing known. */
export type EVal = { k: 'val'; t: JType } | { k: 'type'; fqn: string; t: JType } | { k: 'pkg'; name: string } | { k: 'none' };
export const NONE: EVal = { k: 'none' };
export const val = (t: JType): EVal => ({ k: 'val', t });

export interface AnalyzeOptions {
  /** Rules to run; default all. */
  rules?: ReadonlySet<RuleId>;
  /**
   * The run holds only some of the project's files (`gen` checking its edits): a capitalised name
   * used as a qualifier may then be a class of the same package that is not in the run, and is not judged.
   */
  partialPackages?: boolean;
  /**
   * Report (AS001) every use of a simple name whose single-type import does not exist, as javac
   * does (one finding per use, after the import's own finding); a missing supertype then has no
   * members. On by default; `false` reports the import alone.
   */
  importUses?: boolean;
  /** The version's behaviour facts (facts.json); checkSources loads the inventory's own when absent. */
  facts?: BehaviourFacts;
  /** Project context (../project.ts): the io.agentscope artifacts a file's module has; undefined = every artifact. */
  artifactView?: (path: string) => ArtifactView | undefined;
  /** Project context (../project.ts): the Java level a file's module compiles for, where its build states one. */
  javaLevel?: (path: string) => JavaLevel | undefined;
}

/** How much the run could judge: for precision reports ("0 errors out of N judged references"). */
export interface CheckStats {
  /** Method/field/constructor references whose receiver resolved to an inventory type. */
  resolved: number;
  /** Of those, references the checker was entitled to judge (complete hierarchy, other package). */
  judged: number;
  /** Method calls whose receiver type stayed unknown (skipped). */
  unknownReceiver: number;
}

/** `t` with `dims` array dimensions added. */
export function withDims(t: JType, dims: number): JType {
  for (let i = 0; i < dims; i++) t = { k: 'array', elem: t };
  return t;
}

/** The live tree of a file being judged (pass 2 parses it again: SourceDeclarations.rebind). */
export function liveTree(u: FileUnit): Tree {
  if (!u.tree) throw new Error(`checker: ${u.path} has no live tree (only the file being judged has one)`);
  return u.tree;
}
