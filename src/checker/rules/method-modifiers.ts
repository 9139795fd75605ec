/**
 * AS020 illegal-modifiers: a method whose modifiers and body no Java declaration may have
 * (JLS 8.4.3.1, 8.4.7, 9.4): an `abstract` method with a body ("abstract methods cannot have a
 * body"), `abstract` beside `private`, `static` or `final` ("illegal combination of modifiers:
 * abstract and private"), or a method of a class with neither a body nor `abstract` or `native`
 * ("missing method body, or declare abstract"), `default` on a class's method ("modifier default not
 * allowed here"). The edits that make them (an `abstract` added to
 * an override, a body cut off) turn an AgentTool or a middleware into a class javac refuses.
 * Reported at the method's name, like javac.
 */
import type { SyntaxNode as Node } from '../analysis/syntax-tree.js';
import type { AnalyzerBase } from '../analysis/base.js';
import { field, modifierKeywords } from '../analysis/syntax.js';

/** What `abstract` cannot stand beside, in a class (JLS 8.4.3.1) and in an interface (9.4: `default` too). */
const NOT_WITH_ABSTRACT = ['private', 'static', 'final', 'native', 'synchronized', 'strictfp'];
const NOT_WITH_ABSTRACT_IN_INTERFACE = ['private', 'static', 'default'];

/**
 * Judges method `m` of a class or interface body; true when it is an abstract method of a class
 * (javac takes it as one, with a body or not: its class must be abstract, checkConcreteClass).
 */
export function checkMethodModifiers(a: AnalyzerBase, m: Node): boolean {
  const name = field(m, 'name');
  const container = m.parent;
  if (!name || !container) return false;
  const inInterface = container.type === 'interface_body';
  // (an annotation type's elements, a record's compact constructor: other declarations)
  if (!inInterface && container.type !== 'class_body' && container.type !== 'enum_body_declarations') return false;
  const mods = modifierKeywords(m);
  const body = field(m, 'body');
  // `default` marks an interface's method that has a body: a class's methods all may
  if (!inInterface && mods.has('default')) {
    a.report(name, 'AS020', `modifier default not allowed here: ${name.text}(..) is a class's method`, 'drop default');
    return false;
  }
  if (mods.has('abstract')) {
    const clash = (inInterface ? NOT_WITH_ABSTRACT_IN_INTERFACE : NOT_WITH_ABSTRACT).find((x) => mods.has(x));
    if (clash) {
      a.report(name, 'AS020', `illegal combination of modifiers: abstract and ${clash} on ${name.text}(..)`, `drop abstract, or drop ${clash}`);
      return false;
    }
    if (body) a.report(name, 'AS020', `${inInterface ? 'interface abstract methods' : 'abstract methods'} cannot have a body: ${name.text}(..) is declared abstract`, `drop abstract to keep the body (the class then implements ${name.text}), or drop the body`);
    return !inInterface;
  }
  if (body) return false;
  const bodiless = inInterface ? mods.has('default') || mods.has('static') || mods.has('private') : !mods.has('native');
  if (bodiless) a.report(name, 'AS020', `missing method body, or declare abstract: ${name.text}(..)`, `give ${name.text}(..) a body${inInterface ? '' : ', or declare it (and its class) abstract'}`);
  return false;
}

/**
 * A class that is not abstract (a record, an anonymous class, a class without the modifier)
 * declaring abstract method `method`: "C is not abstract and does not override abstract method
 * m() in C", where javac puts it (a class's name, a record's keyword, an anonymous body's brace).
 */
export function checkConcreteClass(a: AnalyzerBase, body: Node, method: Node) {
  const decl = body.parent;
  if (!decl) return;
  const name = field(decl, 'name');
  let at: Node | null = null;
  let what = name?.text ?? '';
  if (decl.type === 'class_declaration' && !modifierKeywords(decl).has('abstract')) at = name;
  else if (decl.type === 'record_declaration') at = decl.children.find((k) => k?.type === 'record') ?? name;
  else if (decl.type === 'object_creation_expression') {
    at = body;
    what = `the anonymous ${field(decl, 'type')?.text ?? ''}`;
  }
  if (!at) return;
  const m = field(method, 'name')?.text ?? '';
  a.report(at, 'AS020', `${what} is not abstract and does not override abstract method ${m}(..) in ${what}`, `drop abstract from ${m}(..) and give it a body${decl.type === 'class_declaration' ? `, or declare ${what} abstract` : ''}`);
}
