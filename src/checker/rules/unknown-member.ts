/**
 * AS002 unknown-member: a method, field, enum constant or static import not declared on an
 * AgentScope type or its (fully known) supertypes; the suggestion comes from the curated table
 * first, then the nearest member names.
 */
import type { Node } from 'web-tree-sitter';
import type { Member } from '../../inventory/schema.js';
import { suggest } from '../../core/suggest.js';
import { curatedFor } from '../curated.js';
import type { Hierarchy } from '../inventory-index.js';
import { type JType, shortName } from '../jtype.js';
import type { AnalyzerBase } from '../analysis/base.js';

export function reportMissingMember(a: AnalyzerBase, node: Node, t: JType & { k: 'class' }, name: string, what: 'method' | 'field' | 'member', h: Hierarchy) {
  const types = h.types.map((x) => x.decl.fqn);
  const cur = curatedFor(a.idx, types, name);
  const kinds: Member['kind'][] = what === 'method' ? ['method'] : what === 'field' ? ['field', 'enumConstant'] : ['method', 'field', 'enumConstant'];
  const near = suggest(name, a.idx.memberNames(t, kinds));
  const parts: string[] = [];
  if (cur) parts.push(/^(not|this) /.test(cur.instead) ? cur.instead : `use ${cur.instead}`);
  if (near.length) parts.push(`did you mean ${near.map((n) => (what === 'method' ? `${n}()` : n)).join(', ')}?`);
  if (!parts.length) parts.push(`see \`agentscope api ${shortName(t.fqn)}\` for what ${a.idx.version} declares`);
  const label = what === 'method' ? `method ${name}()` : what === 'field' ? `field or constant ${name}` : `member ${name}`;
  a.report(node, 'AS002', `${shortName(t.fqn)} has no ${label} in AgentScope ${a.idx.version}`, parts.join('; ') || undefined, { type: t.fqn, member: name });
}

