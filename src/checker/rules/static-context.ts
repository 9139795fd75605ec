/**
 * AS008 instance-member-in-static-context (`ReActAgent.call(msg)`, JLS 15.12.3) and AS009
 * static-member-via-instance (a warning, as javac -Xlint:static).
 */
import type { SyntaxNode as Node } from '../analysis/syntax-tree.js';
import type { FoundMember } from '../inventory-index.js';
import { type JType, shortName } from '../jtype.js';
import type { AnalyzerBase } from '../analysis/base.js';

/** `Type.name(..)` where every method of that name in the hierarchy is an instance method. */
export function checkInstanceViaType(a: AnalyzerBase, nameNode: Node, t: JType & { k: 'class' }, found: FoundMember[], jdkHas: number[]) {
  if (found.length > 0 && jdkHas.length === 0 && !found.some((f) => f.member.modifiers.includes('static'))) {
    a.report(nameNode, 'AS008', `${shortName(found[0].owner.fqn)}.${nameNode.text}(…) is an instance method: it cannot be called through the type name ${shortName(t.fqn)}`, `call it on an instance, e.g. a ${shortName(t.fqn)} variable`);
  }
}

/** `expr.name(..)` where the chosen method, and every one of that name, is static. */
export function checkStaticViaInstance(a: AnalyzerBase, nameNode: Node, chosen: FoundMember | undefined, found: FoundMember[]) {
  if (chosen?.member.modifiers.includes('static') && found.every((f) => f.member.modifiers.includes('static'))) {
    const name = nameNode.text;
    a.report(nameNode, 'AS009', `${shortName(chosen.owner.fqn)}.${name}(…) is static: calling it through an instance hides that (javac -Xlint:static)`, `call ${shortName(chosen.owner.fqn)}.${name}(…)`);
  }
}
