/**
 * AS016 supertype-kind: a class that extends an AgentScope interface, a final class, an enum or a
 * record, or implements an AgentScope class; an interface that extends a class (JLS 8.1.4, 8.1.5,
 * 9.1.3). javac: "no interface expected here", "interface expected here", "cannot inherit from final".
 * A class the checked sources declare final, or an enum or record of theirs, after `extends` too.
 */
import type { SyntaxNode as Node } from '../analysis/syntax-tree.js';
import type { JType } from '../jtype.js';
import { shortName } from '../jtype.js';
import type { AnalyzerBase } from '../analysis/base.js';
import { hasModifier } from '../analysis/syntax.js';

/** `node` the type in `extends` (`asSuperclass`) or in `implements` / an interface's `extends`. */
export function checkSupertypeKind(a: AnalyzerBase, node: Node, t: JType, asSuperclass: boolean) {
  if (t.k !== 'class') return;
  const decl = a.idx.type(t.fqn);
  if (!decl) return checkSourceSupertype(a, node, t.fqn, asSuperclass);
  if (!a.mayJudgeQualified(decl.package)) return;
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

/** Common final JDK classes (JLS 8.1.1.2): `extends String`. */
const JDK_FINAL = new Set([
  'java.lang.String', 'java.lang.Integer', 'java.lang.Long', 'java.lang.Double', 'java.lang.Float', 'java.lang.Short', 'java.lang.Byte', 'java.lang.Character',
  'java.lang.Boolean', 'java.lang.Math', 'java.lang.System', 'java.lang.StringBuilder', 'java.lang.StringBuffer', 'java.lang.Class', 'java.util.Optional',
  'java.util.Objects', 'java.util.Collections', 'java.util.Arrays', 'java.util.UUID', 'java.time.Duration', 'java.time.Instant', 'java.time.LocalDate',
  'java.time.LocalDateTime', 'java.time.LocalTime', 'java.time.ZonedDateTime', 'java.nio.file.Files', 'java.nio.file.Paths',
]);

/** A class of the checked sources extending one of theirs that is final, an enum or a record, or a final JDK class. */
function checkSourceSupertype(a: AnalyzerBase, node: Node, fqn: string, asSuperclass: boolean) {
  const sc = asSuperclass ? a.srcByFqn.get(fqn) : undefined;
  if (!sc && asSuperclass && JDK_FINAL.has(fqn)) {
    a.report(node, 'AS016', `cannot inherit from final ${shortName(fqn)}: ${fqn} is final, so no class can extend it`, `use a ${shortName(fqn)} as a field (composition) instead`);
    return;
  }
  if (!sc || a.decls.declaredAgain.has(fqn)) return;
  const final = sc.kind === 'class' && hasModifier(sc.node, 'final');
  if (!final && sc.kind !== 'enum' && sc.kind !== 'record') return;
  const name = shortName(fqn);
  a.report(node, 'AS016', `cannot inherit from final ${name}: ${name} is ${final ? 'declared final' : `a ${sc.kind}`}, so no class can extend it`, final ? `drop final from ${name}, or use it as a field (composition)` : `use ${name} as a field (composition) instead`);
}
