/**
 * AS103 dont-ask-not-absolute: every use of PermissionMode.DONT_ASK. In the engine only the final
 * default ASK is turned into DENY; ask rules and a tool's safety ASK still pause (docs/checker.md).
 */
import type { Node } from 'web-tree-sitter';
import type { FoundMember } from '../inventory-index.js';
import type { AnalyzerBase } from '../analysis/base.js';

export function noteDontAsk(a: AnalyzerBase, node: Node, f: FoundMember) {
  if (a.traps.AS103 && f.owner.fqn === 'io.agentscope.core.permission.PermissionMode' && f.member.name === 'DONT_ASK') {
    a.report(
      node,
      'AS103',
      'PermissionMode.DONT_ASK only turns the engine\'s final default ASK into DENY; an explicit ask rule (addAskRule) or a tool\'s safety ASK still pauses the call for confirmation',
      'for unattended runs also give explicit rules: PermissionContextState.builder().addDenyRule(tool, rule) / addAllowRule(tool, rule) for every tool that may ask, and handle GenerateReason.PERMISSION_ASKING',
    );
  }
}
