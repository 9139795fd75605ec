/**
 * AS002 for `new X(..)`: an AgentScope type that class instance creation cannot instantiate, as the
 * inventory decides it (JLS 15.9.1): an enum; an interface or abstract class without a class body;
 * a class none of whose constructors the code may call. The inventory lists every public and
 * protected constructor and the implicit default one, so a class that lists none has only private
 * (or package-private) constructors; protected ones serve only `super(..)` and anonymous subclasses.
 */
import type { SyntaxNode as Node } from '../analysis/syntax-tree.js';
import type { TypeDecl } from '../../inventory/schema.js';
import { shortName } from '../jtype.js';
import type { AnalyzerBase } from '../analysis/base.js';

/** Reports `new X(..)` when X cannot be instantiated there; true when it did. */
export function checkInstantiable(a: AnalyzerBase, at: Node, decl: TypeDecl, anonymous: boolean): boolean {
  const name = shortName(decl.fqn);
  const ctors = decl.members.filter((m) => m.kind === 'constructor');
  let why: string | undefined;
  if (decl.kind === 'enum') why = `${name} is an enum: enum types may not be instantiated`;
  else if (anonymous) {
    if (decl.kind === 'class' && ctors.length === 0) why = `${name} has no constructor a subclass can call in AgentScope ${a.idx.version}`;
  } else if (decl.kind === 'interface' || decl.kind === 'annotation') why = `${name} is an interface: it cannot be instantiated`;
  else if (decl.modifiers.includes('abstract')) why = `${name} is abstract: it cannot be instantiated`;
  else if (ctors.length === 0) why = `${name} has no public constructor in AgentScope ${a.idx.version}`;
  else if (a.unit.pkg !== decl.package && ctors.every((c) => c.modifiers.includes('protected'))) why = `${name}'s constructors are protected in AgentScope ${a.idx.version}: only a subclass (super(..)) or an anonymous subclass can call them`;
  if (!why) return false;
  a.report(at, 'AS002', why, factoryHint(decl), { type: decl.fqn, member: '<init>' });
  return true;
}

/** The static factories of the type that return it or its builder (`X.builder()`, `X.of(..)`). */
function factoryHint(decl: TypeDecl): string | undefined {
  const name = shortName(decl.fqn);
  const mine = (t: string | undefined) => !!t && (t === decl.name || t === decl.fqn || t.startsWith(`${decl.name}.`) || t.startsWith(`${decl.fqn}.`) || t.startsWith(`${decl.name}<`) || t.startsWith(`${decl.fqn}<`));
  const fs = decl.members.filter((m) => m.kind === 'method' && m.modifiers.includes('static') && m.modifiers.includes('public') && mine(m.type));
  const names = [...new Set(fs.map((m) => `${name}.${m.name}(${(m.params ?? []).length ? '..' : ''})`))].slice(0, 4);
  if (names.length) return `use ${names.join(' or ')}`;
  if (decl.kind === 'interface' || decl.modifiers.includes('abstract')) return `instantiate an implementation of ${name}, or write an anonymous subclass (new ${name}(..) { .. })`;
  return undefined;
}
