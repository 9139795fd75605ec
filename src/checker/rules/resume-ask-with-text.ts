/**
 * AS102 resume-ask-with-text: inside `if (... == GenerateReason.PERMISSION_ASKING)`, the agent is
 * called again with a text message and the branch never mentions ConfirmResult. Its premise is the
 * version's recorded flow (premises.ts resume()): the paused agent reads only ConfirmResults from
 * the message metadata, and a resume without any fails (docs/checker.md).
 */
import type { Node } from 'web-tree-sitter';
import type { FoundMember } from '../inventory-index.js';
import { cls, type JType } from '../jtype.js';
import type { AnalyzerBase } from '../analysis/base.js';
import { field, kids } from '../analysis/syntax.js';

/** On a resolved field: remember the if-branch a `PERMISSION_ASKING` comparison guards. */
export function noteAskBranch(a: AnalyzerBase, node: Node, f: FoundMember) {
  if (a.traps.AS102 && f.owner.fqn === 'io.agentscope.core.message.GenerateReason' && f.member.name === 'PERMISSION_ASKING') {
    let p: Node | null = node.parent;
    let child: Node = node;
    while (p && p.type !== 'method_declaration' && p.type !== 'lambda_expression' && p.type !== 'class_body') {
      if (p.type === 'if_statement' && field(p, 'condition')?.id === child.id) {
        const cons = field(p, 'consequence');
        if (cons) a.askBranches.push(cons);
        break;
      }
      child = p;
      p = p.parent;
    }
  }
}

/** On a resolved call `t.name(..)`: an agent called with a text message inside such a branch. */
export function checkResumeAskWithText(a: AnalyzerBase, node: Node, t: JType & { k: 'class' }, name: string) {
  if (a.traps.AS102 && (name === 'call' || name === 'stream' || name === 'streamEvents') && isAgentType(a, t)) {
    const branch = a.askBranches.find((b) => b.startIndex <= node.startIndex && node.endIndex <= b.endIndex);
    const flow = branch && !/ConfirmResult|METADATA_CONFIRM_RESULTS/.test(branch.text) ? a.premises.resume() : undefined;
    if (flow) {
      const args = kids(field(node, 'arguments')!);
      const textArg = args.some((x) => isTextMessage(a, x));
      if (textArg) {
        const ctorArities = a.ctorCandidates(cls('io.agentscope.core.event.ConfirmResult')).map((c) => a.fmtSig(c));
        const before = flow.before.map((f) => `; ${f.fact} (${f.at.path.split('/').pop()}:${f.at.line})`).join('');
        a.report(
          node,
          'AS102',
          `this resumes a PERMISSION_ASKING pause with a text message; the agent does not read "yes"/"approve" text: it reads only ConfirmResults from ${flow.key.value} (${a.premises.cite(flow.key)}) and a resume that carries none ${flow.noConfirm.value} (${flow.noConfirm.at.path.split('/').pop()}:${flow.noConfirm.at.line})${before}`,
          `send a Msg whose metadata maps Msg.METADATA_CONFIRM_RESULTS to a List<ConfirmResult>, one per pending ToolUseBlock (${ctorArities.join(' / ')})`,
        );
      }
    }
  }
}

function isAgentType(a: AnalyzerBase, t: JType & { k: 'class' }): boolean {
  const h = a.idx.hierarchy(t);
  return h.types.some((x) => x.decl.fqn === 'io.agentscope.core.agent.Agent' || x.decl.fqn === 'io.agentscope.core.agent.CallableAgent' || x.decl.fqn === 'io.agentscope.core.ReActAgent');
}

function isTextMessage(a: AnalyzerBase, arg: Node): boolean {
  if (arg.type === 'string_literal' || arg.type === 'text_block') return true;
  if (arg.type === 'object_creation_expression') {
    const tn = field(arg, 'type');
    const args = field(arg, 'arguments');
    if (!tn || !args) return false;
    const t = a.typeOf(tn, { unit: a.unit, typeVars: new Set(), cls: undefined }, false);
    const isMsg = t.k === 'class' && a.idx.type(t.fqn) && a.idx.hierarchy(t).types.some((x) => x.decl.fqn === 'io.agentscope.core.message.Msg');
    return Boolean(isMsg) && kids(args).some((x) => x.type === 'string_literal' || x.type === 'text_block' || x.type === 'binary_expression');
  }
  if (arg.type === 'method_invocation') {
    const n = field(arg, 'name')?.text;
    if (n === 'of' || n === 'singletonList' || n === 'asList') return kids(field(arg, 'arguments')!).some((x) => isTextMessage(a, x));
    // Msg.builder()...textContent("...")...build()
    return /\.textContent\s*\(/.test(arg.text) && !/METADATA_CONFIRM_RESULTS/.test(arg.text);
  }
  return false;
}
