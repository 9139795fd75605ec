export type Severity = 'error' | 'warning';

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
  AS101: { id: 'AS101', name: 'tool-result-without-state', severity: 'warning', summary: 'A tool returns ToolResultBlock.text(..) without an explicit ToolResultState.' },
  AS102: { id: 'AS102', name: 'resume-ask-with-text', severity: 'warning', summary: 'Resuming a PERMISSION_ASKING pause with a text message instead of ConfirmResult metadata.' },
  AS103: { id: 'AS103', name: 'dont-ask-not-absolute', severity: 'warning', summary: 'Relying on PermissionMode.DONT_ASK to remove every ASK.' },
  AS104: { id: 'AS104', name: 'mcp-tool-name-collision', severity: 'warning', summary: 'Two MCP servers registered into one Toolkit with nothing keeping their tool names apart.' },
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
}
