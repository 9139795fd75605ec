/**
 * The shape of a pinned API inventory: every public/protected declaration of one
 * AgentScope Java version, extracted from the official `-sources.jar` files.
 *
 * Type strings are fully qualified wherever the extractor could resolve them
 * (`reactor.core.publisher.Mono<io.agentscope.core.message.Msg>`); nested types use
 * dots (`io.agentscope.core.ReActAgent.Builder`); type variables stay as written (`T`);
 * a name the extractor could not resolve (e.g. from a wildcard import of a third-party
 * package) is kept exactly as written in the source.
 */

/** 2: the members of the types in a file of their own (store.ts); format 1 files are still read. */
export const INVENTORY_FORMAT = 2;

export type TypeKind = 'class' | 'interface' | 'enum' | 'record' | 'annotation';

export interface TypeParam {
  name: string;
  /** Resolved bounds, e.g. ["java.lang.Comparable<T>"]; empty when unbounded. */
  bounds: string[];
}

export interface TypeRef {
  /** As written in the source, e.g. `Formatter<OpenAIMessage, OpenAIResponse, OpenAIRequest>`. */
  written: string;
  /** Fully qualified where resolvable. */
  resolved: string;
}

export interface Deprecation {
  forRemoval: boolean;
  since?: string;
  /** The Javadoc @deprecated text, first sentence. */
  note?: string;
}

/**
 * Structured Javadoc beyond the summary (`doc`); every field absent when the comment has none of
 * it, and the whole record absent when all are. Texts are one line: HTML removed, entities
 * decoded, inline code ({@code x}, <code>x</code>, {@link A#b}) kept as `backticks`.
 */
export interface Javadoc {
  /** @param entries in source order; a type parameter is named `<T>`. Entries without text are left out. */
  params?: { name: string; text: string }[];
  returns?: string;
  /** @throws / @exception: the type resolved like the signature's types (FQN where resolvable). */
  throws?: { type: string; text?: string }[];
  /** The whole @deprecated text (Deprecation.note keeps only its first sentence, as plain text). */
  deprecated?: string;
  since?: string;
  /** The <pre> blocks (usually <pre>{@code ...}</pre> examples), dedented, one string per block. */
  examples?: string[];
}

export interface Param {
  name: string;
  /** Resolved type; for varargs the array type (`java.lang.String[]`). */
  type: string;
  written: string;
  varargs?: boolean;
  annotations?: string[];
  /** The annotations written with arguments (see AnnotationUse). */
  annotationArgs?: AnnotationUse[];
}

/**
 * An annotation written with arguments, e.g. `@Tool(name = "x", description = "...")` ->
 * `{ name: "Tool", args: { name: "\"x\"", description: "\"...\"" } }`: the name as written and each
 * element's value as written (comments removed, white space outside literals collapsed), in
 * source order; a single unnamed argument is the element `value`.
 */
export interface AnnotationUse {
  name: string;
  args: Record<string, string>;
}

export type MemberKind = 'constructor' | 'method' | 'field' | 'enumConstant' | 'annotationElement';

/** Why a member exists although it is not written in the source. */
type Generated = 'record-accessor' | 'record-constructor' | 'default-constructor' | 'enum-values' | 'enum-valueOf';

export interface Member {
  kind: MemberKind;
  name: string;
  modifiers: string[];
  typeParams?: TypeParam[];
  params?: Param[];
  /** Return type (methods, annotation elements) or field type (fields); absent for constructors. */
  type?: string;
  throws?: string[];
  /** Annotation simple names as written, e.g. ["Override", "Deprecated"]. */
  annotations?: string[];
  /** The annotations written with arguments (see AnnotationUse). */
  annotationArgs?: AnnotationUse[];
  /** Annotation element default value as written in the source, e.g. `false`, `""`. */
  default?: string;
  generated?: Generated;
  doc?: string;
  javadoc?: Javadoc;
  deprecated?: Deprecation;
  line: number;
}

export interface TypeDecl {
  /** Canonical name with dots for nesting: io.agentscope.core.ReActAgent.Builder */
  fqn: string;
  /** JVM binary name: io.agentscope.core.ReActAgent$Builder */
  binaryName: string;
  name: string;
  package: string;
  /** FQN of the enclosing type for nested types. */
  outer?: string;
  kind: TypeKind;
  modifiers: string[];
  typeParams: TypeParam[];
  /** Superclass (classes) or super-interfaces (interfaces). */
  extends: TypeRef[];
  implements: TypeRef[];
  permits?: TypeRef[];
  annotations?: string[];
  /** The annotations written with arguments (see AnnotationUse). */
  annotationArgs?: AnnotationUse[];
  /** Annotation types only: the element types of its @Target (`METHOD`, `TYPE_USE`, ...); absent = no @Target. */
  targets?: string[];
  recordComponents?: Param[];
  doc?: string;
  javadoc?: Javadoc;
  deprecated?: Deprecation;
  artifact: string;
  /** Path inside the sources jar. */
  path: string;
  line: number;
  members: Member[];
}

export interface ArtifactInfo {
  artifactId: string;
  /** sha1 of the -sources.jar, hex. */
  sha1: string;
  javaFiles: number;
  /** Public/protected types owned by this artifact after de-duplication. */
  types: number;
  /** Files whose parse tree had errors; they are reported, never half-recorded. */
  rejectedFiles?: string[];
}

export interface ProviderInfo {
  /** Model string prefix without the colon, e.g. `openai`. */
  prefix: string;
  artifactId: string;
  /** FQN of the io.agentscope.core.model.spi.ModelProvider implementation. */
  providerClass: string;
  /** Environment variables the provider reads with System.getenv. */
  envVars: string[];
  /** Where the registration was found: jar path of the META-INF/services file. */
  registeredIn: string;
}

/** A direct dependency of an io.agentscope artifact on another io.agentscope artifact of the same release. */
export interface ArtifactDependency {
  artifactId: string;
  /** As the pom declares it (`compile` when it declares none): compile, provided, runtime, test, system. */
  scope: string;
  /** `<optional>true</optional>`: not passed on to the artifact's users. */
  optional?: true;
}

/** An artifact of the release and its direct io.agentscope dependencies, read from its pom (dependency-graph.ts). */
export interface DependencyNode {
  artifactId: string;
  dependencies: ArtifactDependency[];
  /** The pom has a `<parent>` whose dependencies were not read: what the artifact brings is not fully known. */
  partial?: true;
  /** The umbrella artifact: it re-packages the modules' classes (not extracted, its pom not read). */
  umbrella?: true;
}

export interface Inventory {
  format: typeof INVENTORY_FORMAT;
  groupId: string;
  version: string;
  artifacts: ArtifactInfo[];
  /** Sorted by fqn. */
  types: TypeDecl[];
  /** FQNs found in more than one artifact and resolved to one owner. */
  duplicatesResolved: number;
  providers: ProviderInfo[];
  /**
   * The release's io.agentscope dependency graph, sorted by artifactId: every artifact whose pom the
   * pull read (extracted, pom-packaged, the umbrella). Absent in inventories pulled before it was recorded.
   */
  dependencyGraph?: DependencyNode[];
}

/**
 * What code in the same package may use beyond the inventory: package-private types (with their
 * non-private members) and the package-private members of the inventory's types. Kept in a file of
 * its own beside the inventory, read only by the checker for files in io.agentscope packages; the
 * public consumers (api, manual, diff, MCP) never see it.
 */
export interface PackagePrivate {
  format: typeof INVENTORY_FORMAT;
  version: string;
  /** sha1 of each sources jar of the inventory it belongs to, in the inventory's artifact order. */
  artifacts: string[];
  /** Package-private types (and the types nested in them), sorted by fqn. */
  types: TypeDecl[];
  /** Package-private members of the inventory's types, by type; sorted by fqn. */
  members: { fqn: string; members: Member[] }[];
}

export interface Manifest {
  format: typeof INVENTORY_FORMAT;
  groupId: string;
  version: string;
  /** How the artifact list was found: the version's BOM, or probing a candidate list. */
  discovery: 'bom' | 'probe';
  artifacts: { artifactId: string; sha1: string; javaFiles: number; types: number }[];
  counts: { artifacts: number; types: number; members: number; duplicatesResolved: number; rejectedFiles: number };
  /** sha256 of the whole inventory as one canonical JSON text (serializeInventory, members inline). */
  inventorySha256: string;
  /** Artifacts listed for the version that Maven Central did not serve here. */
  unavailable?: { artifactId: string; error: string }[];
  /** Served artifacts deliberately not extracted (pom packaging, the umbrella jar). */
  skipped?: { artifactId: string; reason: string }[];
}

/** Where a fact was read: the artifact, the path inside its sources jar and the 1-based line. */
export interface SourceAt {
  artifact: string;
  path: string;
  line: number;
}

/**
 * One step of the framework's own control flow that a trap rule relies on (AS102-AS104,
 * extract/flow-facts.ts): what a method of `type` does (`fact`, a sentence without line numbers, and
 * `value`), read at `at`.
 */
export interface FlowFact {
  type: string;
  member: string;
  fact: string;
  value: string;
  at: SourceAt;
}

/** What a precondition rejects: a comparison with a number, null, or an empty/blank string. */
export type Rejection = { kind: 'compare'; op: '<' | '<=' | '>' | '>=' | '==' | '!='; value: number } | { kind: 'null' } | { kind: 'empty' } | { kind: 'blank' };

/**
 * Behaviour facts of one version, read from the method bodies of its sources jars (extract/facts.ts):
 * the premises of the semantic-trap rules (AS1xx). Kept in `facts.json` beside the inventory; the
 * inventory itself describes declarations only.
 */
export interface BehaviourFacts {
  format: 1;
  version: string;
  /** sha1 of each sources jar of the inventory it belongs to, in the inventory's artifact order. */
  artifacts: string[];
  /** ToolResultBlock's static factories: the state each leaves on the block it builds (the constructor's default when it passes none). */
  toolResultStates: { factory: string; params: string[]; state: string; explicit: boolean; at: SourceAt }[];
  /** Leading `if (<parameter condition>) throw new X(..)` of public methods and constructors. */
  preconditions: { type: string; member: string; params: string[]; index: number; param: string; rejects: Rejection[]; exception: string; at: SourceAt }[];
  /** Leading `if (<condition on the object's state>) throw new X(..)` of public methods: the call fails unless the state allows it. */
  stateChecks: { type: string; member: string; params: string[]; exception: string; condition: string; at: SourceAt }[];
  /** Parameter types the tool method invoker fills in itself (`param.getType() == X.class`), never from the model's arguments. */
  injectedToolParams: { type: string; at: SourceAt }[];
  /** Parameters whose String value is resolved as a model id (passed straight to `ModelRegistry.resolve`). */
  modelIdParams: { type: string; member: string; params: string[]; index: number; at: SourceAt }[];
  /**
   * Public methods returning a Reactor Mono/Flux, and whether the body is one `return` of the
   * publisher (the work happens when it is subscribed) or does work before returning it.
   */
  publishers: { type: string; member: string; params: string[]; lazy: boolean; at: SourceAt }[];
  /** AS102: how a paused (PERMISSION_ASKING) agent reads the message it is resumed with. Absent in facts pulled before it was recorded. */
  resumeFacts?: FlowFact[];
  /** AS103: where PermissionMode.DONT_ASK applies in the permission engine's order of evaluation, and the ASK outcomes returned before it. */
  permissionFacts?: FlowFact[];
  /** AS104: what the Toolkit's registry does with a tool name it already has, and the name an MCP tool is registered under. */
  toolNameFacts?: FlowFact[];
  /** AS101: how the agent settles a tool result left RUNNING (its default state and the text prefix that makes it ERROR), and the text prefix each ToolResultBlock factory writes. */
  resultFacts?: FlowFact[];
}
