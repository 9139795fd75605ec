/**
 * AS003 for the implicit `super()` (JLS 8.8.7, 8.8.9): a class that extends an AgentScope class
 * whose constructors all take arguments (`AgentBase(String name, ..)`) must call one of them
 * first in each of its constructors; a constructor that does not, and a class that declares none
 * (its default constructor calls `super()`), is rejected by javac: "constructor AgentBase in class
 * AgentBase cannot be applied to given types", at the constructor's body or the class keyword.
 */
import type { SyntaxNode as Node } from '../analysis/syntax-tree.js';
import type { AnalyzerBase } from '../analysis/base.js';
import type { ClassCtx } from '../analysis/model.js';
import { field, kids } from '../analysis/syntax.js';
import { shortName } from '../jtype.js';
import { acceptsArity } from '../expr-types.js';

export function checkImplicitSuper(a: AnalyzerBase, node: Node, cc: ClassCtx) {
  const sup = cc.superclass;
  // Lombok's constructors call super() too, but what it generates is not read here
  if (node.type !== 'class_declaration' || !cc.src || cc.src.generatedFields || sup?.k !== 'class' || a.srcByFqn.has(sup.fqn)) return;
  const decl = a.idx.type(sup.fqn);
  // (a class of the superclass's own package may reach a package-private constructor the inventory does not list)
  if (!decl || decl.kind !== 'class' || decl.package === cc.src.pkg || !a.mayJudgeQualified(decl.package)) return;
  const ctors = a.ctorCandidates(sup);
  // no constructor listed: the class has its default one
  if (!ctors.length || ctors.some((c) => acceptsArity(c.member, 0))) return;
  const body = field(node, 'body');
  const own = body ? kids(body).filter((k) => k.type === 'constructor_declaration') : [];
  const sigs = ctors.map((c) => a.fmtSig(c)).join('; ');
  const name = shortName(decl.fqn);
  const report = (at: Node, what: string) =>
    a.report(at, 'AS003', `${what} calls super() implicitly, and ${name} has no constructor without arguments in AgentScope ${a.idx.version}`, `call one of them first: ${sigs}`, { type: decl.fqn, member: '<init>' });
  if (!own.length) {
    const keyword = node.children.find((c) => c.type === 'class');
    report(keyword ?? node, `${cc.src.name}'s default constructor`);
    return;
  }
  for (const c of own) {
    const b = field(c, 'body');
    const first = b ? kids(b)[0] : undefined;
    if (b && first?.type !== 'explicit_constructor_invocation') report(b, `the constructor ${cc.src.name}(..)`);
  }
}
