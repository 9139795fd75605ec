/**
 * AS013 where a statement or an operator needs a kind of value an AgentScope type can never be:
 * - a condition (`if`, `while`, `do`, `for`, `?:`, the operands of `!`, `&&`, `||`) that is not a
 *   boolean: `if (msg.getTextContent())`; javac "incompatible types: String cannot be converted to boolean";
 * - an enhanced `for` over a type that is not Iterable (`for (ContentBlock b : msg)`): "for-each not
 *   applicable to expression type";
 * - a try-with-resources resource that is not AutoCloseable: "try-with-resources not applicable to
 *   variable type";
 * - a `throw` or a `catch` of a type that is not a Throwable;
 * - an array access on a value that is not an array (`messages[0]` on a List<Msg>): "array required";
 * - arithmetic, shift, bitwise and relational operators on an AgentScope object (`a < b` on two
 *   MsgRoles, `msg + 1`): "bad operand types for binary operator '<'".
 * The value's type is decided (a written variable, an AgentScope call's exact result, a literal), and
 * a supertype is ruled out only when the type's whole hierarchy is known (inventory-index.ts
 * hierarchy: every supertype in the inventory or a JDK type it describes).
 */
import type { SyntaxNode as Node } from '../analysis/syntax-tree.js';
import type { AnalyzerBase } from '../analysis/base.js';
import type { FoundMember } from '../inventory-index.js';
import { assignable, simple as simpleType } from '../applicability.js';
import { fullyKnown, mentionsAgentScope, PUBLISHERS } from '../expr-types.js';
import { cls, type JType } from '../jtype.js';
import { javacPosition } from '../analysis/syntax.js';
import { decidedType, type WrittenType } from './incompatible-result-type.js';

const BOXES = /^java\.lang\.(Boolean|Byte|Character|Short|Integer|Long|Float|Double)$/;
const isBox = (t: JType) => t.k === 'class' && BOXES.test(t.fqn);

/** An AgentScope class or interface of the inventory that the checked sources do not declare. */
function agentScopeClass(a: AnalyzerBase, t: JType | undefined): t is JType & { k: 'class' } {
  return t?.k === 'class' && t.fqn.startsWith('io.agentscope.') && !a.srcByFqn.has(t.fqn) && !!a.idx.type(t.fqn);
}

/** An AgentScope type whose supertypes are all known and do not include `jdk`. */
function lacksSuper(a: AnalyzerBase, t: JType & { k: 'class' }, jdk: string): boolean {
  const h = a.idx.hierarchy(cls(t.fqn));
  return h.complete && !h.jdk.includes(jdk) && !h.types.some((x) => x.decl.fqn === jdk);
}

/** `t`, the decided type of `value`, when the value is about AgentScope: an AgentScope type, or whatever an AgentScope call certainly returns. */
function agentScopeValue(a: AnalyzerBase, value: Node, t: JType | undefined): JType | undefined {
  if (!t || (t.k !== 'class' && t.k !== 'prim')) return undefined;
  if (t.k === 'class' && mentionsAgentScope(t) && !a.srcByFqn.has(t.fqn)) return t;
  return value.type === 'method_invocation' && a.exactResults.has(value.id) ? t : undefined;
}

/**
 * A value a condition or a unary operator is judged on: an AgentScope one (agentScopeValue), or a
 * variable whose class type is written, whatever the class (`String input; if (!input)`): no class
 * but Boolean is a boolean, none but a box a number.
 */
function operandValue(a: AnalyzerBase, value: Node, t: JType | undefined): JType | undefined {
  return agentScopeValue(a, value, t) ?? (value.type === 'identifier' && t?.k === 'class' ? t : undefined);
}

const isBoolean = (t: JType) => (t.k === 'prim' && t.name === 'boolean') || (t.k === 'class' && t.fqn === 'java.lang.Boolean');
/** A value no condition takes (a void call is javac's other error, not this one). */
const notBoolean = (t: JType) => !isBoolean(t) && !(t.k === 'prim' && t.name === 'void');
/** A type no numeric, shift or bitwise operator takes: a class other than a box, a boolean (JLS 15.15-15.22). */
const notNumeric = (t: JType) => (t.k === 'class' && !isBox(t)) || isBoolean(t);
const unwrap = (n: Node): Node => {
  let x = n;
  while (x.type === 'parenthesized_expression' && x.namedChildCount === 1 && x.namedChild(0)) x = x.namedChild(0)!;
  return x;
};

/** A condition that is not a boolean (`if (msg.getTextContent())`). */
export function checkCondition(a: AnalyzerBase, cond: Node, written: WrittenType) {
  const v = unwrap(cond);
  const t = operandValue(a, v, decidedType(a, v, written));
  if (!t || !notBoolean(t)) return;
  a.report(javacPosition(v), 'AS013', `incompatible types: ${simpleType(t)} cannot be converted to boolean${mentionsAgentScope(t) ? ` (AgentScope ${a.idx.version})` : ''}`, `test it: ${conditionFix(t)}`);
}

function conditionFix(t: JType): string {
  if (t.k === 'class' && t.fqn === 'java.lang.String') return '!s.isEmpty(), s != null';
  if (t.k === 'class' && /^java\.util\.(List|Set|Collection|Map)$/.test(t.fqn)) return '!list.isEmpty()';
  return t.k === 'prim' ? 'n > 0' : 'x != null';
}

/** `for (ContentBlock b : msg)`: the value is neither an array nor an Iterable. */
export function checkIterable(a: AnalyzerBase, value: Node, written: WrittenType) {
  const u = unwrap(value);
  // (or a JDK method's result on an exactly typed receiver: `for (Msg m : msgs.stream())`, a Stream<Msg>)
  const t = decidedType(a, u, written) ?? (u.type === 'method_invocation' ? a.exactContainers.get(u.id) : undefined);
  // a Flux or Mono (`for (AgentEvent e : agent.streamEvents(q))`) is a Publisher, no Iterable
  const publisher = t?.k === 'class' && /^reactor\.core\.publisher\.(Mono|Flux)$/.test(t.fqn);
  // a JDK container of AgentScope values that is no Iterable (`for (Msg m : byName)` over a Map, an Optional, a Stream)
  // (a Stream whatever it holds: `for (Map.Entry<String, String> e : pairs.stream())`)
  const container = t?.k === 'class' && t.fqn.startsWith('java.') && (mentionsAgentScope(t) || t.fqn === 'java.util.stream.Stream') && assignable({ k: 'type', t: cls(t.fqn) }, cls('java.lang.Iterable'), a.facts) === 'no';
  if (!publisher && !container && (!agentScopeClass(a, t) || !lacksSuper(a, t, 'java.lang.Iterable'))) return;
  a.report(javacPosition(unwrap(value)), 'AS013', `for-each not applicable to expression type: ${simpleType(t!)} is neither an array nor an Iterable (AgentScope ${a.idx.version})`, publisher ? `iterate its elements with .toIterable() (it waits for each), or subscribe to it` : t!.k === 'class' && t!.fqn === 'java.util.stream.Stream' ? `iterate over the collection it streams, or its .toList()` : container && t!.k === 'class' && t!.fqn.endsWith('Map') ? `iterate over its values() or entrySet()` : `iterate over what it holds (a getter returning a List)`);
}

/** `try (Msg m = ..)`: the resource's type is not AutoCloseable. */
export function checkResource(a: AnalyzerBase, at: Node, t: JType) {
  if (!agentScopeClass(a, t) || !lacksSuper(a, t, 'java.lang.AutoCloseable')) return;
  a.report(at, 'AS013', `incompatible types: try-with-resources not applicable to variable type (${simpleType(t)} cannot be converted to AutoCloseable in AgentScope ${a.idx.version})`, `declare it before the try, not as a resource`);
}

/** `throw block` or `catch (ToolResultBlock e)`: the type is not a Throwable. */
export function checkThrowable(a: AnalyzerBase, at: Node, t: JType | undefined) {
  if (!agentScopeClass(a, t) || !lacksSuper(a, t, 'java.lang.Throwable')) return;
  a.report(at, 'AS013', `incompatible types: ${simpleType(t)} cannot be converted to Throwable (AgentScope ${a.idx.version})`, `throw or catch an exception type`);
}

/** The thrown value's decided type (`throw ToolResultBlock.error("..")`). */
export function checkThrown(a: AnalyzerBase, value: Node, written: WrittenType) {
  const v = unwrap(value);
  const t = decidedType(a, v, written);
  // `throw Mono.error(e)` for `return Mono.error(e)`: a publisher is no Throwable, whatever it holds
  const erased = t === undefined && v.type === 'method_invocation' ? a.erasedResults.get(v.id) : undefined;
  if (erased && PUBLISHERS.has(erased)) {
    a.report(javacPosition(v), 'AS013', `incompatible types: ${simpleType(cls(erased))} cannot be converted to Throwable`, `return it (return ${v.text.length > 40 ? 'Mono.error(..)' : v.text}), or throw the exception itself`);
    return;
  }
  checkThrowable(a, javacPosition(v), t);
}

/** `messages[0]` on a value that is not an array. */
export function checkArrayAccess(a: AnalyzerBase, array: Node, written: WrittenType) {
  const v = unwrap(array);
  const t = agentScopeValue(a, v, decidedType(a, v, written));
  if (!t || t.k !== 'class') return;
  a.report(javacPosition(v), 'AS013', `array required, but ${simpleType(t)} found (AgentScope ${a.idx.version})`, t.fqn.startsWith('java.util.') ? `use .get(i)` : `read what it holds through its getters`);
}

const NUMERIC_OPS = new Set(['-', '*', '/', '%', '<<', '>>', '>>>', '<', '>', '<=', '>=']);

/** `t` where it is a String, a box or a primitive other than void: a type whose operators JLS 15 lists in full. */
function plainValue(t: JType | undefined): JType | undefined {
  if (t?.k === 'prim') return t.name === 'void' ? undefined : t;
  return t?.k === 'class' && (t.fqn === 'java.lang.String' || isBox(t)) ? t : undefined;
}

/** `t` where it is a fully known class type (a written variable's, a decided result's). */
function classValue(t: JType | undefined): JType | undefined {
  return t?.k === 'class' && fullyKnown(t) ? t : undefined;
}

/**
 * Two plain types `==` cannot compare (JLS 15.21): a number, a boolean and a String beside each
 * other; or two different classes of these, which are final and unrelated (`Integer == Long`).
 */
function incomparable(l: JType, r: JType): boolean {
  // a primitive beside a class that is no box (`headers != 3` on a Map, `o == 3` on an Object): no unboxing makes it a number
  if ((l.k === 'prim' && r.k === 'class' && !isBox(r)) || (r.k === 'prim' && l.k === 'class' && !isBox(l))) return true;
  const kind = (t: JType) => (isBoolean(t) ? 'boolean' : t.k === 'prim' || isBox(t) ? 'number' : t.k === 'class' && t.fqn === 'java.lang.String' ? 'string' : undefined);
  const [kl, kr] = [kind(l), kind(r)];
  if (!kl || !kr) return false;
  if (l.k === 'class' && r.k === 'class') return l.fqn !== r.fqn;
  return kl !== kr;
}
const BITWISE_OPS = new Set(['&', '|', '^']);

/** A binary operator that takes neither operand's type (`a < b` on two MsgRoles, `msg + 1`). */
export function checkBinaryOperands(a: AnalyzerBase, node: Node, op: string, l: Node, r: Node, written: WrittenType) {
  const [lv, rv] = [unwrap(l), unwrap(r)];
  const [ld, rd] = [decidedType(a, lv, written), decidedType(a, rv, written)];
  // (a String, box or primitive operand is judged too: `count == "3"`, `text * 2`, `done + 1`)
  const lt = agentScopeValue(a, lv, ld) ?? plainValue(ld);
  const rt = agentScopeValue(a, rv, rd) ?? plainValue(rd);
  let bad = false;
  if (op === '&&' || op === '||') bad = [lt, rt].some((t) => t !== undefined && notBoolean(t));
  else if (NUMERIC_OPS.has(op)) bad = [lt, rt].some((t) => t !== undefined && notNumeric(t));
  else if (BITWISE_OPS.has(op)) bad = [lt, rt].some((t) => t !== undefined && notNumeric(t) && !isBoolean(t));
  // (any decided class beside a primitive: `headers != 3`)
  else if (op === '==' || op === '!=') {
    const [el, er] = [lt ?? classValue(ld), rt ?? classValue(rd)];
    bad = !!el && !!er && incomparable(el, er);
  }
  else if (op === '+') {
    // string concatenation when either operand is a String: both must be decided and neither a String
    const isString = (t: JType | undefined) => t?.k === 'class' && t.fqn === 'java.lang.String';
    bad = ld !== undefined && rd !== undefined && !isString(ld) && !isString(rd) && [lt, rt].some((t) => t !== undefined && notNumeric(t));
  }
  if (!bad) return;
  const shown = (d: JType | undefined) => (d ? simpleType(d) : '?');
  const relational = op === '<' || op === '>' || op === '<=' || op === '>=';
  const api = [ld, rd].some((t) => t && mentionsAgentScope(t)) ? ` (AgentScope ${a.idx.version})` : '';
  a.report(javacPosition(node), 'AS013', `bad operand types for binary operator '${op}': ${shown(ld)} and ${shown(rd)}${api}`, relational ? `compare what they hold (an enum's ordinal(), a number from a getter)` : `operate on what it holds (a getter's value)`);
}

/** `!msg.getContent()`, `-msg`: a unary operator that does not take the operand's type. */
export function checkUnaryOperand(a: AnalyzerBase, node: Node, op: string, operand: Node, written: WrittenType) {
  const v = unwrap(operand);
  const t = operandValue(a, v, decidedType(a, v, written));
  if (!t) return;
  const bad = op === '!' ? notBoolean(t) : (op === '-' || op === '+' || op === '~') && notNumeric(t);
  if (!bad) return;
  a.report(node, 'AS013', `bad operand type ${simpleType(t)} for unary operator '${op}'${mentionsAgentScope(t) ? ` (AgentScope ${a.idx.version})` : ''}`, op === '!' ? `test it: ${conditionFix(t)}` : `operate on what it holds (a getter's value)`);
}

/**
 * `Msg.METADATA_SYNTHETIC = ".."`, `config.MAX++`: a final AgentScope field (or an enum constant)
 * written. javac: "cannot assign a value to final variable METADATA_SYNTHETIC".
 */
export function checkFinalFieldWrite(a: AnalyzerBase, node: Node, f: FoundMember) {
  const p = node.parent;
  const written =
    (p?.type === 'assignment_expression' && p.childForFieldName('left')?.id === node.id) || (p?.type === 'update_expression' && p.namedChildren.some((c) => c.id === node.id));
  if (!written || (f.member.kind !== 'enumConstant' && !f.member.modifiers.includes('final'))) return;
  // the declaring class's own constructors and initializers assign its final fields
  for (let c = p?.parent; c; c = c.parent) if (/_declaration$/.test(c.type) && c.childForFieldName('name')?.text === f.owner.name.split('.').pop()) return;
  a.report(javacPosition(node), 'AS013', `cannot assign a value to final variable ${f.member.name}: ${f.owner.name}.${f.member.name} is final in AgentScope ${a.idx.version}`, `keep a variable of your own`);
}

/** `case "USER":` in a switch on an AgentScope enum: a label must be one of its constants (JLS 14.11.1). */
export function checkEnumCaseLiteral(a: AnalyzerBase, label: Node, t: JType) {
  if (!agentScopeClass(a, t) || a.idx.type(t.fqn)?.kind !== 'enum') return;
  if (!/^(string_literal|character_literal|text_block|(decimal|hex|octal|binary)_integer_literal|true|false|null_literal)$/.test(label.type)) return;
  a.report(label, 'AS013', `an enum switch case label must be the unqualified name of an enumeration constant: ${label.text} is not a constant of ${simpleType(t)} (AgentScope ${a.idx.version})`, `write the constant's name: case ${(a.idx.type(t.fqn)?.members.find((m) => m.kind === 'enumConstant')?.name) ?? 'NAME'}:`);
}
