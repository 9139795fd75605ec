/**
 * AS104 mcp-tool-name-collision: two or more MCP clients registered into the same Toolkit
 * expression in one method with nothing keeping their tool names apart (docs/checker.md).
 * Registrations are noted while the file is visited and reported when it is done. Its premise is
 * the version's recorded registry flow (premises.ts toolNames()): MCP tools keep the server's own
 * names, and a name registered twice replaces (or drops, or fails) one of them.
 */
import type { SyntaxNode as Node } from '../analysis/syntax-tree.js';
import { hasApi } from '../curated.js';
import type { AnalyzerBase } from '../analysis/base.js';
import { field, kids } from '../analysis/syntax.js';

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
  // one registration that runs for each of two or more servers written out in the code
  if (overServers(node, receiver.replace(/^this\./, ''))) list.push({ node, method, key });
  a.mcpRegs.set(key, list);
}

/** `List.of(a, b)`, `Arrays.asList(a, b)`, `Set.of(..)`, `Stream.of(..)`, `new X[] {a, b}`: two or more elements written out. */
function literalMany(n: Node | null): boolean {
  if (!n) return false;
  if (n.type === 'array_creation_expression') return (kids(n).find((k) => k.type === 'array_initializer')?.namedChildCount ?? 0) >= 2;
  if (n.type === 'array_initializer') return n.namedChildCount >= 2;
  return n.type === 'method_invocation' && /^(List|Set|Arrays|Stream)$/.test(field(n, 'object')?.text ?? '') && /^(of|asList)$/.test(field(n, 'name')?.text ?? '') && (field(n, 'arguments')?.namedChildCount ?? 0) >= 2;
}

/** The local `name` of the method around `at`, initialised with `literalMany`. */
function localMany(at: Node, name: string): boolean {
  let m: Node | null = at.parent;
  while (m && m.type !== 'method_declaration' && m.type !== 'constructor_declaration') m = m.parent;
  const stack = m ? [m] : [];
  while (stack.length) {
    const n = stack.pop()!;
    if (n.type === 'variable_declarator' && field(n, 'name')?.text === name) return literalMany(field(n, 'value'));
    stack.push(...kids(n));
  }
  return false;
}

const many = (n: Node | null, at: Node) => literalMany(n) || (n?.type === 'identifier' && localMany(at, n.text));

/**
 * `for (McpClientWrapper c : List.of(a, b)) toolkit.registerMcpClient(c)...` or
 * `List.of(a, b).forEach(c -> toolkit.registerMcpClient(c)...)`, the Toolkit declared outside the loop.
 */
function overServers(node: Node, receiver: string): boolean {
  for (let p: Node | null = node.parent; p && p.type !== 'method_declaration' && p.type !== 'class_body'; p = p.parent) {
    let loop: Node | null = null;
    if (p.type === 'enhanced_for_statement' && many(field(p, 'value'), p)) loop = field(p, 'body');
    if (p.type === 'lambda_expression' && p.parent?.type === 'argument_list') {
      const call = p.parent.parent;
      if (call?.type === 'method_invocation' && field(call, 'name')?.text === 'forEach' && many(field(call, 'object'), call)) loop = p;
    }
    if (!loop) continue;
    const declaredInside = [loop, ...kids(loop)].some(function has(n: Node): boolean {
      return (n.type === 'variable_declarator' && field(n, 'name')?.text === receiver) || kids(n).some(has);
    });
    return !declaredInside;
  }
  return false;
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
