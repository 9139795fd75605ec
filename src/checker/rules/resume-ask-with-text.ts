/**
 * AS102 resume-ask-with-text: inside `if (... == GenerateReason.PERMISSION_ASKING)`, the agent is
 * called again with a text message and the branch never mentions ConfirmResult. Its premise is the
 * version's recorded flow (premises.ts resume()): the paused agent reads only ConfirmResults from
 * the message metadata, and a resume without any fails (docs/checker.md).
 */
import type { SyntaxNode as Node } from '../analysis/syntax-tree.js';
import type { FoundMember } from '../inventory-index.js';
import { cls, type JType } from '../jtype.js';
import type { AnalyzerBase } from '../analysis/base.js';
import { below } from './tree.js';
import { field, kids } from '../analysis/syntax.js';

/** On a resolved field: remember the if-branch a `PERMISSION_ASKING` comparison guards. */
export function noteAskBranch(a: AnalyzerBase, node: Node, f: FoundMember) {
  if (a.traps.AS102 && f.owner.fqn === 'io.agentscope.core.message.GenerateReason' && f.member.name === 'PERMISSION_ASKING') {
    let p: Node | null = node.parent;
    let child: Node = node;
    while (p && p.type !== 'method_declaration' && p.type !== 'lambda_expression' && p.type !== 'class_body') {
      if ((p.type === 'if_statement' || p.type === 'while_statement') && field(p, 'condition')?.id === child.id) {
        // a negated test (`!=`, `!X.equals(..)`) guards the other replies
        const taken = field(p, p.type === 'if_statement' ? 'consequence' : 'body');
        if (taken && !negated(node, child)) a.askBranches.push(taken);
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
    const branch = a.askBranches.find((b) => b.startIndex <= node.startIndex && node.endIndex <= b.endIndex) ?? askBranchAround(a, node);
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

/**
 * The branch around `node` that only a PERMISSION_ASKING reply takes, for the forms whose constant
 * is not resolved as a field: a statically imported `PERMISSION_ASKING` in an `if`/`while`
 * condition (`==` or `.equals`, never negated), and a `case PERMISSION_ASKING` of a switch (the
 * file imports GenerateReason, the only type with that constant).
 */
function askBranchAround(a: AnalyzerBase, node: Node): Node | undefined {
  const imports = a.unit.imports;
  const imported = (imports.staticSingle.get('PERMISSION_ASKING') ?? []).includes(GENERATE_REASON) || imports.staticOnDemand.includes(GENERATE_REASON);
  const known = imported || imports.single.get('GenerateReason') === GENERATE_REASON || imports.onDemand.includes('io.agentscope.core.message');
  if (!known) return undefined;
  let child: Node = node;
  for (let p = node.parent; p && p.type !== 'method_declaration' && p.type !== 'class_body'; child = p, p = p.parent) {
    if (imported && (p.type === 'if_statement' || p.type === 'while_statement')) {
      const cond = field(p, 'condition');
      const taken = p.type === 'if_statement' ? field(p, 'consequence') : field(p, 'body');
      const refs = cond ? below(cond).filter((d) => d.type === 'identifier' && d.text === 'PERMISSION_ASKING') : [];
      if (cond && taken?.id === child.id && refs.length && refs.every((r) => !negated(r, cond))) return taken;
    }
    if (p.type === 'switch_block_statement_group' || p.type === 'switch_rule') {
      const labels = kids(p).filter((k) => k.type === 'switch_label');
      if (labels.some((l) => kids(l).some((x) => x.type === 'identifier' && x.text === 'PERMISSION_ASKING'))) return p;
    }
  }
  return undefined;
}

const GENERATE_REASON = 'io.agentscope.core.message.GenerateReason';

/** Is the test of `ref` (a PERMISSION_ASKING reference inside `cond`) negated: `!= PERMISSION_ASKING`, `!(..)`, `!PERMISSION_ASKING.equals(..)`? */
function negated(ref: Node, cond: Node): boolean {
  for (let n: Node | null = ref, up = ref.parent; n && n.id !== cond.id && up; n = up, up = up.parent) {
    if (up.type === 'unary_expression' && up.child(0)?.type === '!') return true;
    if (up.type === 'binary_expression' && field(up, 'operator')?.type === '!=' && (field(up, 'left')?.id === n.id || field(up, 'right')?.id === n.id)) return true;
  }
  return cond.type === 'unary_expression' && cond.child(0)?.type === '!';
}

/** The one method `name` of the class around `call` (with a body, declared once). */
function ownMethod(call: Node, name: string): Node | undefined {
  let body: Node | null = call.parent;
  while (body && body.type !== 'class_body') body = body.parent;
  const ms = body ? kids(body).filter((m) => m.type === 'method_declaration' && field(m, 'name')?.text === name && field(m, 'body')) : [];
  return ms.length === 1 ? ms[0] : undefined;
}

function isAgentType(a: AnalyzerBase, t: JType & { k: 'class' }): boolean {
  const h = a.idx.hierarchy(t);
  return h.types.some((x) => x.decl.fqn === 'io.agentscope.core.agent.Agent' || x.decl.fqn === 'io.agentscope.core.agent.CallableAgent' || x.decl.fqn === 'io.agentscope.core.ReActAgent');
}

function isTextMessage(a: AnalyzerBase, arg: Node, depth = 0): boolean {
  if (arg.type === 'string_literal' || arg.type === 'text_block') return true;
  if (arg.type === 'identifier' && depth === 0) {
    // a String local or parameter of the enclosing method, or a local initialised with a text message (Msg is immutable)
    const method = a.methodStack[a.methodStack.length - 1];
    const decl = method && below(method).find((d) => (d.type === 'variable_declarator' || d.type === 'formal_parameter') && field(d, 'name')?.text === arg.text && d.startIndex < arg.startIndex);
    if (!decl) return false;
    const declType = decl.type === 'formal_parameter' ? field(decl, 'type') : decl.parent?.type === 'local_variable_declaration' ? field(decl.parent, 'type') : null;
    if (/^(java\.lang\.)?String$/.test(declType?.text ?? '')) return true;
    const init = decl.type === 'variable_declarator' ? field(decl, 'value') : null;
    return Boolean(init) && isTextMessage(a, init!, depth + 1);
  }
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
    if (n === 'of' || n === 'singletonList' || n === 'asList') return kids(field(arg, 'arguments')!).some((x) => isTextMessage(a, x, depth));
    // Msg.builder()...textContent("...")...build(), .content(TextBlock.builder().text(..).build())
    if (/\.textContent\s*\(|\bTextBlock\b/.test(arg.text)) return !/METADATA_CONFIRM_RESULTS|ConfirmResult/.test(arg.text);
    // a helper of the same class: `approve()` whose returns are all text messages
    const helper = !field(arg, 'object') && depth === 0 ? ownMethod(arg, n ?? '') : undefined;
    const returns = helper ? below(helper).filter((d) => d.type === 'return_statement' && kids(d).length === 1) : [];
    return returns.length > 0 && returns.every((r) => isTextMessage(a, kids(r)[0], depth + 1));
  }
  return false;
}
