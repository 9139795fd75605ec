/**
 * AS017 unreported-exception: a call of an AgentScope method or constructor that declares a checked
 * exception (JLS 11.2), in a method or constructor that neither catches nor declares anything: no
 * enclosing try with a catch clause, no throws clause, not inside a lambda whose functional
 * interface may allow it (a Callable's; a Runnable's, a Supplier's or a map(..)'s function allows
 * nothing) or an initializer. Only exceptions whose checkedness is known are judged:
 * the JDK's common checked exceptions, the third-party ones AgentScope declares, and AgentScope
 * exceptions whose hierarchy is complete.
 */
import type { SyntaxNode as Node } from '../analysis/syntax-tree.js';
import type { FoundMember } from '../inventory-index.js';
import { shortName } from '../jtype.js';
import type { FindingSubject } from '../rules.js';
import type { AnalyzerBase } from '../analysis/base.js';
import { hasLombokAnnotation } from '../analysis/lombok.js';
import type { FileUnit } from '../analysis/model.js';
import { javacPosition, kids } from '../analysis/syntax.js';
import { jdkThrows } from '../jdk-results.js';

/** JDK exceptions that are checked (subclasses of Exception, not of RuntimeException). */
const CHECKED_JDK = new Set([
  'java.lang.Throwable', 'java.lang.Exception', 'java.io.IOException', 'java.io.FileNotFoundException', 'java.lang.InterruptedException',
  'java.net.SocketException', 'java.net.URISyntaxException', 'java.net.MalformedURLException', 'java.util.concurrent.TimeoutException', 'java.util.concurrent.ExecutionException',
  'java.lang.ReflectiveOperationException', 'java.lang.ClassNotFoundException', 'java.lang.CloneNotSupportedException', 'java.security.GeneralSecurityException', 'java.sql.SQLException',
]);

/**
 * The third-party checked exceptions AgentScope methods declare (2.0.x: Nacos, Quartz), as their jars
 * have them (`javap`: NacosException and SchedulerException extend java.lang.Exception). The others
 * it declares are unchecked: io.a2a.spec.JSONRPCError extends java.lang.Error, Spring's
 * BeansException a RuntimeException.
 */
const CHECKED_THIRD_PARTY = new Set(['com.alibaba.nacos.api.exception.NacosException', 'org.quartz.SchedulerException', 'org.quartz.JobExecutionException']);

export function isChecked(a: AnalyzerBase, fqn: string): boolean {
  if (CHECKED_JDK.has(fqn) || CHECKED_THIRD_PARTY.has(fqn)) return true;
  if (!fqn.startsWith('io.agentscope.') || !a.facts.isInventory(fqn)) return false;
  const supers = a.facts.inventorySupers(fqn);
  if (!supers || supers.has('java.lang.RuntimeException') || supers.has('java.lang.Error')) return false;
  return supers.has('java.lang.Exception');
}

/** Unchecked exception classes (subclasses of RuntimeException or Error): a catch of these alone catches no checked exception. */
const UNCHECKED_JAVA_LANG = new Set([
  'RuntimeException', 'IllegalStateException', 'IllegalArgumentException', 'NullPointerException', 'UnsupportedOperationException', 'ArithmeticException',
  'IndexOutOfBoundsException', 'ArrayIndexOutOfBoundsException', 'StringIndexOutOfBoundsException', 'ClassCastException', 'NumberFormatException',
  'SecurityException', 'Error', 'AssertionError', 'OutOfMemoryError', 'StackOverflowError',
]);
const UNCHECKED_OTHER = new Set(['java.io.UncheckedIOException', 'java.util.NoSuchElementException', 'java.util.ConcurrentModificationException', 'java.util.concurrent.CompletionException']);

/** Is the caught type written `t` certainly unchecked (java.lang's by simple name unless an import or a project class takes the name)? */
function uncheckedCatchType(a: AnalyzerBase, t: string, unit: FileUnit): boolean {
  const name = t.replace(/\s+/g, '');
  if (name.includes('.')) return UNCHECKED_OTHER.has(name) || (name.startsWith('java.lang.') && UNCHECKED_JAVA_LANG.has(name.slice(10)));
  const single = unit.imports.single.get(name);
  if (single !== undefined) return UNCHECKED_OTHER.has(single);
  if (!UNCHECKED_JAVA_LANG.has(name)) return false;
  for (const sc of a.srcByFqn.values()) if (sc.name === name) return false;
  return !unit.imports.onDemand.some((p) => !p.startsWith('java.'));
}

/** Does the try statement `n` have a catch clause that may catch a checked exception (one not only of unchecked types)? */
function catchesChecked(a: AnalyzerBase, n: Node, unit: FileUnit): boolean {
  for (const c of n.namedChildren) {
    if (c.type !== 'catch_clause') continue;
    const param = c.namedChildren.find((k) => k.type === 'catch_formal_parameter');
    const types = param?.namedChildren.find((k) => k.type === 'catch_type');
    const alts = types ? kids(types) : [];
    if (!alts.length || !alts.every((t) => uncheckedCatchType(a, t.text, unit))) return true;
  }
  return false;
}

/**
 * Does anything between `node` and its method or constructor catch or declare exceptions (Lombok's
 * `@SneakyThrows` on the method counts: javac with Lombok accepts)? A try whose catch clauses name
 * only unchecked exceptions (`catch (RuntimeException e)`) catches none. undefined: not in a method
 * or constructor body.
 */
function handled(a: AnalyzerBase, node: Node, unit: FileUnit): boolean | undefined {
  for (let n = node.parent; n; n = n.parent) {
    switch (n.type) {
      case 'try_statement':
      case 'try_with_resources_statement':
        if (catchesChecked(a, n, unit)) return true;
        break;
      case 'method_declaration':
      case 'constructor_declaration':
        return n.namedChildren.some((c) => c.type === 'throws') || hasLombokAnnotation(n, unit, 'SneakyThrows');
      case 'lambda_expression':
        // a Runnable's, a Supplier's, a map(..)'s function: its method declares nothing (noThrowLambdas)
        return a.noThrowLambdas.has(n.id) ? false : undefined;
      case 'class_body':
      case 'compact_constructor_declaration':
        return undefined;
    }
  }
  return undefined;
}

/**
 * `chosen`: the overload javac picks, when known; else `cands`, those it may pick: a checked
 * exception every one of them declares is thrown whichever it is (`ReaderInput.fromFile(x)`, its
 * String, Path and File overloads all declare IOException).
 */
export function checkUnreportedException(a: AnalyzerBase, node: Node, chosen: FoundMember | undefined, cands: FoundMember[] = []) {
  const all = chosen ? [chosen] : cands;
  if (!all.length) return;
  const thrown = (all[0].member.throws ?? []).filter((x) => isChecked(a, x) && all.every((c) => c.member.throws?.includes(x)));
  if (!thrown.length || handled(a, node, a.unit) !== false) return;
  chosen ??= all[0];
  // (`super(..)` comes first in its constructor: no try can enclose it)
  const explicit = node.type === 'explicit_constructor_invocation';
  const owner = shortName(chosen.owner.fqn);
  const what = explicit ? `super(..), the constructor of ${owner},` : chosen.member.kind === 'constructor' ? `new ${owner}(..)` : `${owner}.${chosen.member.name}(..)`;
  reportUnreported(a, node, thrown, `${what} declares it in AgentScope ${a.idx.version}`, {
    type: chosen.owner.fqn,
    member: chosen.member.kind === 'constructor' ? '<init>' : chosen.member.name,
  }, explicit);
}

/** AS017 at the call `node` for the checked exceptions `thrown`, which `why` says who declares; `declareOnly`: no try may enclose the call. */
function reportUnreported(a: AnalyzerBase, node: Node, thrown: string[], why: string, api?: FindingSubject, declareOnly = false) {
  const names = thrown.map(shortName).join(', ');
  const fix = declareOnly ? `add throws ${names} to the constructor` : `wrap the call in try { .. } catch (${shortName(thrown[0])} e) { .. }, or add throws ${names} to the enclosing method`;
  a.report(javacPosition(node), 'AS017', `unreported exception ${names}: ${why}; it must be caught or declared to be thrown`, fix, api);
}

/**
 * AS017 for a JDK method that declares a checked exception, called on a receiver whose class is
 * certain (or statically): `agent.call(msg).toFuture().get()` in a method that neither catches nor
 * declares InterruptedException and ExecutionException, `Thread.sleep(500)`, `Files.readString(path)`.
 */
export function checkUnreportedJdkException(a: AnalyzerBase, node: Node, owner: string, name: string, argc: number) {
  const thrown = jdkThrows(owner, name, argc);
  if (thrown && handled(a, node, a.unit) === false) reportUnreported(a, node, thrown, `${shortName(owner)}.${name}(..) declares it`);
}

/**
 * AS017 for `throw new IOException(..)` (a checked exception whose checkedness is known, created
 * right there) in a method or constructor that neither catches nor declares anything.
 */
export function checkUnreportedThrow(a: AnalyzerBase, statement: Node, created: string) {
  if (isChecked(a, created) && handled(a, statement, a.unit) === false) reportUnreported(a, statement, [created], `the method throws it here`);
}

/** AS017 for `new URI(text)` in a method or constructor that neither catches nor declares anything. */
export function checkUnreportedJdkCreation(a: AnalyzerBase, node: Node, fqn: string, argc: number) {
  const thrown = jdkThrows(fqn, '<init>', argc);
  if (thrown && handled(a, node, a.unit) === false) reportUnreported(a, node, thrown, `new ${shortName(fqn)}(..) declares it`);
}
