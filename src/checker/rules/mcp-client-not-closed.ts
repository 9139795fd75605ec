/**
 * AS112 mcp-client-not-closed: an MCP client built in a method (`McpClientBuilder ... buildSync()`,
 * `buildAsync().block()`, and the builders of the version that build a subtype of McpClientWrapper)
 * into a local variable that is neither closed (`close()`, `closeAsync()`, try-with-resources),
 * returned, stored, passed to another call (`toolkit.registerMcpClient(client)`: the Toolkit owns it
 * then), nor used in any way but as the receiver of its own methods; or built as a statement of its
 * own. The client holds a transport (for stdio a child process, for HTTP/SSE a connection) that
 * outlives the method. The premise is the version's McpClientWrapper: an AutoCloseable whose
 * `close()` releases it (the declaration's file:line is named).
 */
import type { SyntaxNode as Node } from '../analysis/syntax-tree.js';
import type { FoundMember } from '../inventory-index.js';
import { cls, shortName } from '../jtype.js';
import type { AnalyzerBase } from '../analysis/base.js';
import { field, kids } from '../analysis/syntax.js';

const WRAPPER = 'io.agentscope.core.tool.mcp.McpClientWrapper';
const CLOSES = new Set(['close', 'closeAsync']);

/** Is `fqn` McpClientWrapper or one of its subtypes in the inventory? */
function isClient(a: AnalyzerBase, fqn: string): boolean {
  return fqn === WRAPPER || a.idx.hierarchy(cls(fqn)).types.some((t) => t.decl.fqn === WRAPPER);
}

/** The version's `McpClientWrapper.close()`, the premise; undefined when the version has none. */
function wrapperClose(a: AnalyzerBase) {
  const decl = a.idx.type(WRAPPER);
  const close = decl?.members.find((m) => m.kind === 'method' && m.name === 'close' && !(m.params ?? []).length);
  return decl && close ? { decl, close } : undefined;
}

type Use = 'receiver' | 'closed' | 'escapes';

/** How the identifier `n`, a use of the client variable, uses it. */
function useOf(n: Node): Use | undefined {
  const p = n.parent;
  if (!p) return 'escapes';
  if (p.type === 'field_access' && field(p, 'field')?.id === n.id) return undefined;
  if (p.type === 'method_invocation' && field(p, 'name')?.id === n.id) return undefined;
  if ((p.type === 'variable_declarator' || p.type === 'formal_parameter' || p.type === 'inferred_parameters') && field(p, 'name')?.id === n.id) return undefined;
  if (p.type === 'method_invocation' && field(p, 'object')?.id === n.id) return CLOSES.has(field(p, 'name')?.text ?? '') ? 'closed' : 'receiver';
  return 'escapes';
}

/** The uses of the local `name` in `scope` after `from` (an offset). */
function usesOf(scope: Node, name: string, from: number): Use[] {
  const out: Use[] = [];
  const stack = [scope];
  while (stack.length) {
    const n = stack.pop()!;
    if (n.endIndex <= from) continue;
    if (n.type === 'identifier' && n.text === name && n.startIndex >= from) {
      const u = useOf(n);
      if (u) out.push(u);
    }
    for (const k of kids(n)) stack.push(k);
  }
  return out;
}

/** A call resolved to the inventory method `chosen`. */
export function checkMcpClientClosed(a: AnalyzerBase, node: Node, chosen: FoundMember) {
  const m = chosen.member;
  if (m.kind !== 'method' || !m.name.startsWith('build')) return;
  const ret = m.type ?? '';
  const mono = /^reactor\.core\.publisher\.Mono<(.+)>$/.exec(ret);
  const client = (mono ? mono[1] : ret).replace(/<.*$/, '');
  if (!client.startsWith('io.agentscope.') || !isClient(a, client)) return;
  const premise = wrapperClose(a);
  if (!premise) return;
  let value = node;
  if (mono) {
    const p = node.parent;
    if (p?.type !== 'method_invocation' || field(p, 'object')?.id !== node.id || field(p, 'name')?.text !== 'block') return;
    value = p;
  }
  const built = `${shortName(chosen.owner.fqn)}.${m.name}()${mono ? '.block()' : ''}`;
  const source = `AgentScope ${a.idx.version}: ${premise.decl.artifact} ${premise.decl.path}:${premise.close.line}`;
  const parent = value.parent;
  if (parent?.type === 'expression_statement') {
    a.report(
      value,
      'AS112',
      `${built} builds an MCP client that is dropped at once: nothing can close it, and its transport (for stdio a child process) stays open (${source}: ${shortName(WRAPPER)}.close() releases it)`,
      `keep the client and close it (try (McpClientWrapper client = ..${m.name}()..) { .. }), or register it: toolkit.registerMcpClient(client).block()`,
      { type: chosen.owner.fqn, member: m.name },
    );
    return;
  }
  if (parent?.type !== 'variable_declarator' || field(parent, 'value')?.id !== value.id || parent.parent?.type !== 'local_variable_declaration') return;
  const nameNode = field(parent, 'name');
  const scope = parent.parent.parent;
  if (!nameNode || !scope) return;
  const uses = usesOf(scope, nameNode.text, parent.endIndex);
  if (uses.some((u) => u !== 'receiver')) return;
  const name = nameNode.text;
  a.report(
    nameNode,
    'AS112',
    `the MCP client ${name} (${built}) is never closed, returned, stored or handed on (e.g. to toolkit.registerMcpClient): its transport (for stdio a child process, for HTTP a connection) outlives the method (${source}: ${shortName(WRAPPER)}.close() releases it)`,
    `try (McpClientWrapper ${name} = ..) { .. }, or ${name}.close() in a finally block; or hand it to something that owns it: toolkit.registerMcpClient(${name}).block() (Toolkit.removeMcpClient closes it)`,
    { type: chosen.owner.fqn, member: m.name },
  );
}
