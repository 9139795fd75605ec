/**
 * AS008 instance-member-in-static-context (`ReActAgent.call(msg)`, JLS 15.12.3) and AS009
 * static-member-via-instance (a warning, as javac -Xlint:static).
 */
import type { SyntaxNode as Node } from '../analysis/syntax-tree.js';
import type { FoundMember } from '../inventory-index.js';
import { type JType, shortName } from '../jtype.js';
import type { AnalyzerBase } from '../analysis/base.js';

/**
 * `Type.name(..)` where every method of that name in the hierarchy is an instance method. The JDK
 * supertypes' methods (`close()` of AutoCloseable, `toString()` of Object) are instance methods or
 * interface statics, which a subtype does not inherit; an enum's implicit `values()` and
 * `valueOf(..)` are static (`enumStatic`).
 */
export function checkInstanceViaType(a: AnalyzerBase, nameNode: Node, t: JType & { k: 'class' }, found: FoundMember[], jdkHas: number[], enumStatic: boolean) {
  if (enumStatic || (found.length === 0 && jdkHas.length === 0) || found.some((f) => f.member.modifiers.includes('static'))) return;
  const owner = found[0]?.owner.fqn ?? t.fqn;
  a.report(nameNode, 'AS008', `${shortName(owner)}.${nameNode.text}(…) is an instance method: it cannot be called through the type name ${shortName(t.fqn)}`, `call it on an instance, e.g. a ${shortName(t.fqn)} variable`);
}

/** `expr.name(..)` where the chosen method, and every one of that name, is static. */
export function checkStaticViaInstance(a: AnalyzerBase, nameNode: Node, chosen: FoundMember | undefined, found: FoundMember[]) {
  if (chosen?.member.modifiers.includes('static') && found.every((f) => f.member.modifiers.includes('static'))) {
    const name = nameNode.text;
    a.report(nameNode, 'AS009', `${shortName(chosen.owner.fqn)}.${name}(…) is static: calling it through an instance hides that (javac -Xlint:static)`, `call ${shortName(chosen.owner.fqn)}.${name}(…)`);
  }
}
