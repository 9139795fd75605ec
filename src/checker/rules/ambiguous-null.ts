/**
 * AS007 for `m(.., null, ..)` where two or more overloads accept the call and none is more
 * specific than the others (JLS 15.12.2.5): javac "reference to m is ambiguous". Most often a cast
 * that picked the overload was removed (`agent.stream(msgs, options, (RuntimeContext) null)`).
 * Judged only where it is certain: the overloads differ only where a `null` is passed, none is
 * generic or variable-arity, each accepts the arguments for certain, and the subtyping between
 * their differing parameter types is decided by the inventory's complete hierarchies.
 */
import type { Node } from 'web-tree-sitter';
import type { FoundMember } from '../inventory-index.js';
import { type ArgInfo, applicable } from '../applicability.js';
import { type JType, shortName, typeToString } from '../jtype.js';
import type { AnalyzerBase } from '../analysis/base.js';

type Sub = 'yes' | 'no' | undefined;

/** Final JDK classes: no other type is a subtype of them. */
const FINAL_JDK = new Set(['java.lang.String', 'java.lang.Class', 'java.lang.Integer', 'java.lang.Long', 'java.lang.Double', 'java.lang.Float', 'java.lang.Boolean', 'java.lang.Character', 'java.lang.Short', 'java.lang.Byte']);

/** Packages of the JDK and of libraries AgentScope builds on: none of their types extends an AgentScope type. */
const BELOW_AGENTSCOPE = ['java.', 'javax.', 'jakarta.', 'reactor.', 'org.reactivestreams.', 'com.fasterxml.', 'org.slf4j.', 'io.modelcontextprotocol.', 'okhttp3.', 'org.springframework.', 'com.google.'];

/** Is class type `a` a subtype of class type `b`: undefined when the declarations do not decide it. */
function subtype(an: AnalyzerBase, a: JType & { k: 'class' }, b: JType & { k: 'class' }): Sub {
  if (a.fqn === b.fqn || b.fqn === 'java.lang.Object') return 'yes';
  if (a.fqn === 'java.lang.Object' || FINAL_JDK.has(b.fqn)) return 'no';
  // a java.* type's supertypes are all java.* types
  if (a.fqn.startsWith('java.') && !b.fqn.startsWith('java.') && b.fqn.includes('.')) return 'no';
  const bIsAs = an.idx.type(b.fqn) !== undefined;
  if (an.idx.type(a.fqn)) {
    const h = an.idx.hierarchy(a);
    if (h.types.some((t) => t.decl.fqn === b.fqn) || h.jdk.includes(b.fqn)) return 'yes';
    if (!h.complete) return undefined;
    // a JDK supertype's own supertypes are not all listed: only an AgentScope b, or no JDK supertype, decides
    return bIsAs || h.jdk.every((j) => j === 'java.lang.Object') ? 'no' : undefined;
  }
  // a JDK type, or one of the libraries AgentScope depends on, is never a subtype of an AgentScope type
  return bIsAs && BELOW_AGENTSCOPE.some((p) => a.fqn.startsWith(p)) ? 'no' : undefined;
}

/** The overloads of `cands` (all accepting `infos`) none of which is the most specific, if that is certain. */
function ambiguity(an: AnalyzerBase, cands: FoundMember[], infos: ArgInfo[]): FoundMember[] | undefined {
  const byKey = new Map<string, { c: FoundMember; ps: JType[] }>();
  for (const c of cands) {
    if (c.member.typeParams?.length || c.member.params?.some((p) => p.varargs)) return undefined;
    const ps = an.idx.paramTypes(c);
    if (ps.length !== infos.length) return undefined;
    byKey.set(ps.map(typeToString).join(','), { c, ps });
  }
  const all = [...byKey.values()];
  if (all.length < 2) return undefined;
  const differ: number[] = [];
  for (let i = 0; i < infos.length; i++) {
    const ts = new Set(all.map((x) => typeToString(x.ps[i])));
    if (ts.size === 1) continue;
    // class types of different erasures (`Class<?>` and `RuntimeContext`): generic subtyping is not needed
    if (infos[i].k !== 'null' || all.some((x) => x.ps[i].k !== 'class') || new Set(all.map((x) => (x.ps[i] as JType & { k: 'class' }).fqn)).size !== all.length) return undefined;
    differ.push(i);
  }
  if (!differ.length) return undefined;
  for (const x of all) if (applicable({ params: x.ps, varargs: false }, infos, an.facts) !== 'yes') return undefined;
  // one more specific than every other: javac picks it
  for (const m of all) {
    let most = true;
    for (const k of all) {
      if (k === m) continue;
      for (const i of differ) {
        const s = subtype(an, m.ps[i] as JType & { k: 'class' }, k.ps[i] as JType & { k: 'class' });
        if (s === undefined) return undefined;
        if (s === 'no') most = false;
      }
    }
    if (most) return undefined;
  }
  return all.map((x) => x.c);
}

export function checkAmbiguousNull(an: AnalyzerBase, at: Node, cands: FoundMember[], infos: ArgInfo[], what: 'constructor' | 'method') {
  const amb = ambiguity(an, cands, infos);
  if (!amb) return;
  const owner = shortName(amb[0].owner.fqn);
  const name = what === 'constructor' ? owner : amb[0].member.name;
  const sigs = amb.map((c) => (amb.every((x) => x.owner.fqn === amb[0].owner.fqn) ? an.fmtSig(c) : `${an.fmtSig(c)} of ${shortName(c.owner.fqn)}`));
  const accept = amb.length === 2 ? 'both accept a null there, and neither' : 'all accept a null there, and none';
  an.report(at, 'AS007', `reference to ${name} is ambiguous: ${sigs.join(' and ')}${amb.every((x) => x.owner.fqn === amb[0].owner.fqn) ? ` of ${owner}` : ''} ${accept} is more specific`, `cast the null to the parameter type you mean, e.g. (${shortName(typeToString(an.idx.paramTypes(amb[0])[infos.findIndex((x) => x.k === 'null')]))}) null`);
}
