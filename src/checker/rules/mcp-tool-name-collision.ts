/**
 * AS104 mcp-tool-name-collision: two or more MCP clients registered into the same Toolkit
 * expression in one method with nothing keeping their tool names apart (docs/checker.md).
 * Registrations are noted while the file is visited and reported when it is done. Its premise is
 * the version's recorded registry flow (premises.ts toolNames()): MCP tools keep the server's own
 * names, and a name registered twice replaces (or drops, or fails) one of them.
 */
import type { Node } from 'web-tree-sitter';
import { hasApi } from '../curated.js';
import type { AnalyzerBase } from '../analysis/base.js';
import { field } from '../analysis/syntax.js';

/** On a resolved call `owner.name(..)`: note an MCP registration. */
export function noteMcpRegistration(a: AnalyzerBase, node: Node, owner: string, name: string) {
  if (!a.traps.AS104 || !a.premises.toolNames()) return;
  if (owner === 'io.agentscope.core.tool.Toolkit' && name === 'registerMcpClient') {
    const o = field(node, 'object');
    addMcpReg(a, o?.text ?? '', node, chainNames(node));
  } else if (owner === 'io.agentscope.core.tool.Toolkit.ToolRegistration' && name === 'mcpClient') {
    // walk down to `<toolkit>.registration()`
    let o = field(node, 'object');
    while (o && o.type === 'method_invocation' && field(o, 'name')?.text !== 'registration') o = field(o, 'object');
    // only a registration that is applied in the same chain (`toolkit.registration()...apply()`) registers anything
    const above = chainNames(node);
    if (!o || o.type !== 'method_invocation' || !above.includes('apply')) return;
    const root = field(o, 'object')?.text ?? '';
    addMcpReg(a, root, node, [...above, ...chainBelow(node)]);
  }
}

/** Method names called on the result of `node` (a fluent chain going up). */
function chainNames(node: Node): string[] {
  const out: string[] = [];
  let cur: Node = node;
  while (cur.parent?.type === 'method_invocation' && field(cur.parent, 'object')?.id === cur.id) {
    cur = cur.parent;
    out.push(field(cur, 'name')?.text ?? '');
  }
  return out;
}

function chainBelow(node: Node): string[] {
  const out: string[] = [];
  let o = field(node, 'object');
  while (o && o.type === 'method_invocation') {
    out.push(field(o, 'name')?.text ?? '');
    o = field(o, 'object');
  }
  return out;
}

function addMcpReg(a: AnalyzerBase, receiver: string, node: Node, chain: string[]) {
  const hasPrefixApi = hasApi(a.idx, { type: 'io.agentscope.core.tool.Toolkit.ToolRegistration', member: 'mcpToolNamePrefix' });
  const separated = chain.includes('enableTools') || chain.includes('disableTools') || (hasPrefixApi && chain.includes('mcpToolNamePrefix'));
  if (separated) return;
  const method = a.methodStack[a.methodStack.length - 1] ?? null;
  const key = `${method?.id ?? 'class'}|${receiver.replace(/^this\./, '')}`;
  const list = a.mcpRegs.get(key) ?? [];
  list.push({ node, method, key });
  a.mcpRegs.set(key, list);
}

/** At the end of a file: every registration after the first into the same Toolkit. */
export function reportMcpCollisions(a: AnalyzerBase) {
  const hasPrefixApi = hasApi(a.idx, { type: 'io.agentscope.core.tool.Toolkit.ToolRegistration', member: 'mcpToolNamePrefix' });
  const flow = a.premises.toolNames();
  if (!flow) return;
  const where = (x: { at: { path: string; line: number } }) => `${x.at.path.split('/').pop()}:${x.at.line}`;
  for (const list of a.mcpRegs.values()) {
    if (list.length < 2) continue;
    for (const r of list.slice(1)) {
      a.report(
        r.node,
        'AS104',
        `a second MCP server is registered into the same Toolkit with nothing keeping the tool names apart; each MCP tool is registered under ${flow.mcpName.value} (${a.premises.cite(flow.mcpName)})${hasPrefixApi ? '' : `, AgentScope ${a.idx.version} has no MCP tool-name prefix`}, and a tool registered under a name the Toolkit already has ${flow.duplicate.value} (${where(flow.duplicate)}), so two servers exposing the same tool name collide`,
        hasPrefixApi
          ? 'toolkit.registration().mcpClient(client).mcpToolNamePrefix("mcp__<server>__").apply()'
          : 'toolkit.registration().mcpClient(client).enableTools(List.of(...)).apply() (or .disableTools(...)) so the servers expose disjoint tool names, or use one Toolkit per server',
      );
    }
  }
}
