/**
 * AS103 dont-ask-not-absolute: a use of PermissionMode.DONT_ASK in a file that never handles the
 * pause it still allows. Its premise is the version's recorded order of evaluation (premises.ts
 * dontAsk()): the engine returns ASK outcomes (ask rules, a tool's own safety ASK) before it turns
 * the final default ASK into DENY (docs/checker.md).
 */
import type { SyntaxNode as Node } from '../analysis/syntax-tree.js';
import type { FoundMember } from '../inventory-index.js';
import type { AnalyzerBase } from '../analysis/base.js';

const MODE = 'io.agentscope.core.permission.PermissionMode';

export function noteDontAsk(a: AnalyzerBase, node: Node, f: FoundMember) {
  if (a.traps.AS103 && f.owner.fqn === MODE && f.member.name === 'DONT_ASK') reportDontAsk(a, node);
}

/** At the end of a file: a statically imported `DONT_ASK` (`import static ...PermissionMode.DONT_ASK`), which is not resolved as a field. */
export function reportStaticDontAsk(a: AnalyzerBase) {
  const imp = a.unit.imports;
  if (!a.traps.AS103 || !((imp.staticSingle.get('DONT_ASK') ?? []).includes(MODE) || imp.staticOnDemand.includes(MODE))) return;
  const root = a.unit.tree?.rootNode; // the file being judged: its tree is live (analysis/snapshot.ts)
  if (!root) return;
  const stack = [root];
  while (stack.length) {
    const n = stack.pop()!;
    if (n.type === 'import_declaration' || n.type === 'field_access') continue;
    if (n.type === 'identifier' && n.text === 'DONT_ASK' && n.parent?.type !== 'variable_declarator' && n.parent?.type !== 'enum_constant') reportDontAsk(a, n);
    for (const k of n.namedChildren) if (k) stack.push(k);
  }
}

function reportDontAsk(a: AnalyzerBase, node: Node) {
  const flow = a.premises.dontAsk();
  // a file that handles the pause (or its confirmation event) does not rely on DONT_ASK never asking
  if (flow && !/\b(PERMISSION_ASKING|RequireUserConfirmEvent)\b/.test(a.unit.content)) {
    const where = (x: { at: { path: string; line: number } }) => `${x.at.path.split('/').pop()}:${x.at.line}`;
    const first = flow.askFirst.map((x) => (x.value === 'yes' ? `${x.fact.replace(/ is returned before DONT_ASK applies$/, '')} (${where(x)})` : `a tool's own ASK when ${x.value} (${where(x)})`));
    a.report(
      node,
      'AS103',
      `PermissionMode.DONT_ASK only turns the engine's final default ASK into DENY (${a.premises.cite(flow.demotes)}); earlier in its order of evaluation come ${first.join(' and ')}: ${first.length > 1 ? 'each' : 'it'} is returned as it is and still pauses the call with GenerateReason.PERMISSION_ASKING, which this file never handles`,
      'handle GenerateReason.PERMISSION_ASKING (resume with ConfirmResults in Msg.METADATA_CONFIRM_RESULTS); for unattended runs add no ask rules, and block tools that must never run with PermissionContextState.builder().addDenyRule(tool, rule) (deny rules come before every ASK)',
    );
  }
}
