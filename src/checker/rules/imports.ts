/**
 * AS001/AS002 on import declarations: single-type, static and on-demand imports of io.agentscope
 * types, nested types, packages and static members the inventory does not have.
 */
import type { SyntaxNode as Node } from '../analysis/syntax-tree.js';
import { checkNewerJdkImport } from './java-release.js';
import { suggest } from '../../core/suggest.js';
import type { AnalyzerBase } from '../analysis/base.js';
import { isAsName } from '../analysis/model.js';
import { kids } from '../analysis/syntax.js';
import { reportDeprecatedType } from './deprecated-for-removal.js';
import { reportMissingMember } from './unknown-member.js';
import { mayBeInUnlistedJar, missingArtifact, reportUnknownNested, reportUnknownType } from './unknown-type.js';

export function checkImport(a: AnalyzerBase, node: Node) {
  const isStatic = node.children.some((k) => k.type === 'static');
  const star = node.children.some((k) => k.type === 'asterisk');
  const n = kids(node).find((k) => k.type === 'scoped_identifier' || k.type === 'identifier');
  if (!n) return;
  const q = n.text.replace(/\s+/g, '');
  if (!star && !isStatic) checkNewerJdkImport(a, n, q);
  if (!isAsName(q)) return;
  const parts = q.split('.');
  if (star && !isStatic) {
    if (a.packageKnown(q) || a.hasType(q)) return;
    let pkgEnd = 0;
    for (let i = 1; i < parts.length; i++) if (a.packageKnown(parts.slice(0, i).join('.'))) pkgEnd = i;
    const missing = missingArtifact(a, q);
    if (missing && !a.srcPackages.has(q)) {
      a.report(n, 'AS001', `package ${q} does not exist: it is in ${missing.artifact}, which is not a dependency of this module`, missing.fix, { type: q });
      return;
    }
    if (pkgEnd >= 2 && (a.idx.byPackage.has(parts.slice(0, pkgEnd).join('.')) || !isAsName(a.unit.pkg)) && !a.srcPackages.has(q) && !mayBeInUnlistedJar(a, q)) {
      const near = suggest(q, [...a.idx.byPackage.keys()]);
      a.report(n, 'AS001', `package ${q} does not exist in AgentScope ${a.idx.version}`, near.length ? `did you mean ${near.join(', ')}?` : undefined, { type: q });
    }
    return;
  }
  const typeName = isStatic && !star ? parts.slice(0, -1).join('.') : q;
  const t = a.resolveQualified(typeName);
  if (!t || t.k !== 'class') {
    const before = a.findings.length;
    reportUnresolvedImport(a, n, typeName);
    if (!isStatic && a.findings.length > before) a.noteUnknownImport(q, n.startPosition.row + 1);
    return;
  }
  reportDeprecatedType(a, n, t.fqn);
  if (isStatic && !star) {
    const member = parts[parts.length - 1];
    const decl = a.idx.type(t.fqn);
    if (!decl || a.srcByFqn.has(t.fqn) || !a.mayJudgeQualified(decl.package) || !a.knowsPackage(decl.package)) return;
    const { found, hierarchy, jdkHas } = a.idx.findMembers(t, member, ['method', 'field', 'enumConstant']);
    const nested = a.idx.nestedType(t.fqn, member);
    if (found.length || jdkHas.length || nested || !hierarchy.complete || nested === null) return;
    reportMissingMember(a, n, t, member, 'member', hierarchy);
    a.noteFailedStaticImport(member, n.startPosition.row + 1);
  }
}

/**
 * Would the single-type import of `q` in the file being judged be reported unknown (AS001)?
 * Asked before pass 2, without its syntax tree: nothing is reported.
 */
export function importFails(a: AnalyzerBase, q: string): boolean {
  const t = a.resolveQualified(q);
  if (t?.k === 'class') return false;
  // counting, report() never reads the node
  return a.wouldReport(() => reportUnresolvedImport(a, undefined as unknown as Node, q)) > 0;
}

/**
 * AS002 for a use of a name whose single-static import failed (`Object u = USR;` after `import
 * static ..MsgRole.USR`): javac reports the import and, at every use, "cannot find symbol". Only
 * where nothing else in scope has the name (`nowhere`: a local, a field, a static on-demand import).
 */
export function reportFailedStaticImportUse(a: AnalyzerBase, node: Node, name: string, call: boolean, line: number) {
  a.report(node, 'AS002', `${call ? `method ${name}(..)` : `variable ${name}`} cannot be resolved: its static import on line ${line} names no member of AgentScope ${a.idx.version}`, `fix the import on line ${line}; this use fails with it`);
}

/** AS001 for a single-type or static import whose type part does not resolve. */
function reportUnresolvedImport(a: AnalyzerBase, n: Node, typeName: string) {
  const tparts = typeName.split('.');
  // the type part: find the longest known package, then report
  let pkgEnd = 0;
  for (let i = 1; i < tparts.length; i++) if (a.packageKnown(tparts.slice(0, i).join('.'))) pkgEnd = i;
  // no known package at all: in a project, the artifact may just not be a dependency of the module
  if (pkgEnd === 0) {
    if (missingArtifact(a, typeName)) reportUnknownType(a, n, typeName, tparts.slice(0, -1).join('.'));
    return;
  }
  // an inventory type followed by an unknown nested name
  for (let i = tparts.length - 1; i > pkgEnd; i--) {
    const outer = tparts.slice(0, i).join('.');
    if (a.hasType(outer)) {
      if (a.idx.type(outer) && a.idx.nestedType(outer, tparts[i]) === undefined && a.mayJudgeQualified(a.idx.type(outer)!.package)) {
        reportUnknownNested(a, n, outer, tparts[i], outer);
      }
      return;
    }
  }
  const pkg = tparts.slice(0, Math.max(pkgEnd, tparts.length - 1)).join('.');
  if (a.mayJudgeQualified(pkg) || movedOutOfPackage(a, typeName, pkg)) reportUnknownType(a, n, typeName, pkg);
}

/**
 * In a file of an io.agentscope package, an unknown io.agentscope package is not judged (it may be
 * one of the framework's own modules or test trees, not in the inventory). Except when the imported
 * name is an inventory type that lives elsewhere and neither the package nor the type is declared in
 * the checked sources: the import names a type of the API by a package it has left (javac: "package
 * ... does not exist"), not a package of some other source tree.
 */
function movedOutOfPackage(a: AnalyzerBase, typeName: string, pkg: string): boolean {
  if (!isAsName(pkg) || a.packageKnown(pkg) || a.srcByFqn.has(typeName)) return false;
  const simple = typeName.slice(typeName.lastIndexOf('.') + 1);
  return (a.idx.simpleNames.get(simple) ?? []).some((d) => d.package !== pkg && !d.outer);
}
