type Severity = 'error' | 'warning';

export interface RuleInfo {
  id: string;
  name: string;
  severity: Severity;
  summary: string;
}

/** The rule table: ids are stable, names are what SARIF shows. docs/checker.md documents each. */
export const RULES = {
  AS000: { id: 'AS000', name: 'parse-error', severity: 'error', summary: 'The file is not syntactically valid Java.' },
  AS001: { id: 'AS001', name: 'unknown-type', severity: 'error', summary: 'An io.agentscope type or package that the pinned inventory does not have.' },
  AS002: { id: 'AS002', name: 'unknown-member', severity: 'error', summary: 'A method, field or constructor not declared on an AgentScope type or its supertypes.' },
  AS003: { id: 'AS003', name: 'wrong-arity', severity: 'error', summary: 'A call to an AgentScope method or constructor with an argument count no overload accepts.' },
  AS004: { id: 'AS004', name: 'override-nothing', severity: 'error', summary: '@Override on a method that overrides nothing in its (fully known) AgentScope supertypes.' },
  AS005: { id: 'AS005', name: 'missing-abstract-impl', severity: 'error', summary: 'A concrete class does not implement an abstract method of an AgentScope supertype.' },
  AS006: { id: 'AS006', name: 'deprecated-for-removal', severity: 'warning', summary: 'Use of an AgentScope API deprecated for removal.' },
  AS007: { id: 'AS007', name: 'wrong-argument-type', severity: 'error', summary: 'A call of an AgentScope method or constructor whose argument types no overload accepts.' },
  AS008: { id: 'AS008', name: 'instance-member-in-static-context', severity: 'error', summary: 'An instance method of an AgentScope type called through the type name.' },
  AS009: { id: 'AS009', name: 'static-member-via-instance', severity: 'warning', summary: 'A static AgentScope method called through an instance (javac -Xlint:static).' },
  AS010: { id: 'AS010', name: 'annotation-element', severity: 'error', summary: 'An AgentScope annotation with an unknown element, a missing required element or a value of the wrong type.' },
  AS011: { id: 'AS011', name: 'unresolved-type-name', severity: 'error', summary: 'A simple type name that resolves to nothing and resembles an AgentScope type.' },
  AS012: { id: 'AS012', name: 'type-name-clash', severity: 'error', summary: 'A top-level type whose simple name clashes with a single-type import of the same file.' },
  AS013: { id: 'AS013', name: 'incompatible-result-type', severity: 'error', summary: 'The result of an AgentScope call assigned to a variable of an incompatible (generic) type.' },
  AS014: { id: 'AS014', name: 'annotation-target', severity: 'error', summary: 'An AgentScope annotation on a kind of declaration its @Target does not allow.' },
  AS015: { id: 'AS015', name: 'incompatible-override-return', severity: 'error', summary: 'A method overriding an AgentScope method with a return type that is not compatible with it.' },
  AS016: { id: 'AS016', name: 'supertype-kind', severity: 'error', summary: 'A class extending an AgentScope interface or final class, or implementing an AgentScope class.' },
  AS017: { id: 'AS017', name: 'unreported-exception', severity: 'error', summary: 'A call of an AgentScope method or constructor that throws a checked exception, neither caught nor declared.' },
  AS018: { id: 'AS018', name: 'illegal-override', severity: 'error', summary: 'A method with the parameter erasures of an AgentScope method that it may not override: a final one, one with more access, or one whose generic parameters differ (a name clash).' },
  AS019: { id: 'AS019', name: 'java-release', severity: 'error', summary: 'Java language or JDK API newer than the Java release the module compiles for (--release): a Java 21 switch pattern, List.getLast() at 17.' },
  AS020: { id: 'AS020', name: 'illegal-modifiers', severity: 'error', summary: 'A method whose modifiers and body no Java declaration may have: abstract with a body, abstract beside private, static or final, a method of a class without a body.' },
  AS021: { id: 'AS021', name: 'flow', severity: 'error', summary: 'What javac\'s flow analysis certainly rejects: an unreachable statement, a missing return statement, a local read before it is assigned; and a return without the value the method has, or with one it has not.' },
  AS022: { id: 'AS022', name: 'local-variables', severity: 'error', summary: 'A local variable defined twice in a method, a local referenced from a lambda but assigned elsewhere (not effectively final), a final variable or field assigned.' },
  AS023: { id: 'AS023', name: 'catch-clauses', severity: 'error', summary: 'A catch clause javac rejects: a checked exception the try block never throws, an exception an earlier catch clause already catches, multi-catch alternatives related by subclassing.' },
  AS024: { id: 'AS024', name: 'jump-target', severity: 'error', summary: 'A break or continue with nothing to jump to: outside a loop or switch (in a lambda body too), an undefined label, continue to a label that is not a loop\'s.' },
  AS025: { id: 'AS025', name: 'duplicate-member', severity: 'error', summary: 'A class declaring the same field, or a method or constructor with the same parameter types, twice.' },
  AS101: { id: 'AS101', name: 'tool-result-without-state', severity: 'warning', summary: 'A tool returns ToolResultBlock.text(..) without an explicit ToolResultState.' },
  AS102: { id: 'AS102', name: 'resume-ask-with-text', severity: 'warning', summary: 'Resuming a PERMISSION_ASKING pause with a text message instead of ConfirmResult metadata.' },
  AS103: { id: 'AS103', name: 'dont-ask-not-absolute', severity: 'warning', summary: 'Relying on PermissionMode.DONT_ASK to remove every ASK.' },
  AS104: { id: 'AS104', name: 'mcp-tool-name-collision', severity: 'warning', summary: 'Two MCP servers registered into one Toolkit with nothing keeping their tool names apart.' },
  AS105: { id: 'AS105', name: 'dropped-publisher', severity: 'warning', summary: 'A Mono/Flux returned by an AgentScope method dropped as a statement: nothing subscribes, nothing happens.' },
  AS106: { id: 'AS106', name: 'blocking-in-publisher', severity: 'warning', summary: 'block()/blockFirst()/blockLast()/toFuture().get() inside a method that returns a publisher to the framework.' },
  AS107: { id: 'AS107', name: 'injected-tool-param', severity: 'warning', summary: 'A framework-injected parameter type (RuntimeContext, ToolEmitter, Agent, AgentState, ...) annotated @ToolParam.' },
  AS108: { id: 'AS108', name: 'unknown-model-provider', severity: 'warning', summary: 'A model id whose provider prefix no artifact of the version registers.' },
  AS109: { id: 'AS109', name: 'rejected-literal-argument', severity: 'warning', summary: "A literal argument the called method's own precondition rejects at run time." },
  AS110: { id: 'AS110', name: 'unchecked-structured-data', severity: 'warning', summary: 'getStructuredData(..) read without checking hasStructuredData() first.' },
  AS111: { id: 'AS111', name: 'hook-without-next', severity: 'warning', summary: 'A middleware hook that never calls next.apply(..): the call is swallowed.' },
  AS112: { id: 'AS112', name: 'mcp-client-not-closed', severity: 'warning', summary: 'An MCP client built in a method and never closed, returned, stored or handed on: its transport (a child process for stdio) leaks.' },
  AS113: { id: 'AS113', name: 'per-call-state-in-field', severity: 'warning', summary: 'Per-call state (session, user, input, context) written into a field of a middleware or tool shared across calls.' },
  AS114: { id: 'AS114', name: 'newer-jdk-api', severity: 'warning', summary: 'A JDK API newer than the Java level a module targets without --release: it compiles on a newer JDK only and fails on the target runtime.' },
  AS900: { id: 'AS900', name: 'internal-error', severity: 'error', summary: 'The checker failed on this file: it was not fully checked (a bug of agentscope check; please report it).' },
} as const satisfies Record<string, RuleInfo>;

export type RuleId = keyof typeof RULES;

export interface Finding {
  file: string;
  /** 1-based */
  line: number;
  /** 1-based, in UTF-16 code units like javac's column */
  col: number;
  endLine?: number;
  endCol?: number;
  rule: RuleId;
  severity: Severity;
  message: string;
  /** What to write instead; may be empty when we have nothing better than the message. */
  suggestion?: string;
  /** The AgentScope type (and member) the finding is about, as the checker resolved it: for tools (the upgrade's diff lookup), not shown. */
  subject?: FindingSubject;
}

export interface FindingSubject {
  /** Fully qualified name of the type (for AS001: the name that does not exist). */
  type: string;
  member?: string;
}
