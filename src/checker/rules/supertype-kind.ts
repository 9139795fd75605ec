/**
 * AS016 supertype-kind: a class that extends an AgentScope interface, a final class, an enum or a
 * record, or implements an AgentScope class; an interface that extends a class (JLS 8.1.4, 8.1.5,
 * 9.1.3). javac: "no interface expected here", "interface expected here", "cannot inherit from final".
 */
import type { SyntaxNode as Node } from '../analysis/syntax-tree.js';
import type { JType } from '../jtype.js';
import { shortName } from '../jtype.js';
import type { AnalyzerBase } from '../analysis/base.js';

/** `node` the type in `extends` (`asSuperclass`) or in `implements` / an interface's `extends`. */
export function checkSupertypeKind(a: AnalyzerBase, node: Node, t: JType, asSuperclass: boolean) {
  if (t.k !== 'class') return;
  const decl = a.idx.type(t.fqn);
  if (!decl || !a.mayJudgeQualified(decl.package)) return;
  const name = shortName(t.fqn);
  const isInterface = decl.kind === 'interface' || decl.kind === 'annotation';
  let why: string | undefined;
  let fix: string | undefined;
  if (asSuperclass) {
    if (isInterface) [why, fix] = [`${name} is an interface: a class implements it (no interface expected after extends)`, `implements ${name}`];
    else if (decl.kind === 'enum' || decl.kind === 'record' || decl.modifiers.includes('final')) [why, fix] = [`${name} is ${decl.kind === 'class' ? 'final' : `a ${decl.kind}`}: no class can extend it`, `use ${name} as a field (composition) instead`];
  } else if (!isInterface) [why, fix] = [`${name} is ${decl.kind === 'class' ? 'a class' : `a ${decl.kind}`}, not an interface (interface expected here)`, decl.kind === 'class' && !decl.modifiers.includes('final') ? `extends ${name}` : undefined];
  if (why) a.report(node, 'AS016', `${why} in AgentScope ${a.idx.version}`, fix, { type: t.fqn });
}
