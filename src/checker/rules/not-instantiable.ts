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

/**
 * Common JDK interfaces and abstract classes (what a declaration next to `new X<>()` often names):
 * `new List<>()` for `new ArrayList<>()`, `new Path()` for `Path.of(..)`.
 */
const JDK_ABSTRACT: Readonly<Record<string, 'interface' | 'abstract'>> = Object.fromEntries([
  ...['java.util.List', 'java.util.Map', 'java.util.Set', 'java.util.Collection', 'java.util.Queue', 'java.util.Deque', 'java.util.Iterator', 'java.util.SortedMap', 'java.util.NavigableMap',
    'java.util.SortedSet', 'java.util.NavigableSet', 'java.util.Map.Entry', 'java.util.Comparator', 'java.lang.Iterable', 'java.lang.Runnable', 'java.lang.CharSequence', 'java.lang.Comparable',
    'java.lang.AutoCloseable', 'java.io.Closeable', 'java.io.Serializable', 'java.nio.file.Path', 'java.util.concurrent.Callable', 'java.util.concurrent.Executor',
    'java.util.concurrent.ExecutorService', 'java.util.concurrent.ScheduledExecutorService', 'java.util.concurrent.BlockingQueue', 'java.util.concurrent.ConcurrentMap',
    'java.util.concurrent.Future', 'java.util.concurrent.CompletionStage', 'java.util.stream.Stream', 'java.util.function.Function', 'java.util.function.BiFunction',
    'java.util.function.Supplier', 'java.util.function.Consumer', 'java.util.function.BiConsumer', 'java.util.function.Predicate', 'java.util.function.UnaryOperator',
    'java.util.function.BinaryOperator'].map((f) => [f, 'interface' as const]),
  ...['java.lang.Number', 'java.io.InputStream', 'java.io.OutputStream', 'java.io.Reader', 'java.io.Writer', 'java.util.AbstractList', 'java.util.AbstractMap',
    'java.lang.Enum', 'java.lang.Record', 'java.time.ZoneId', 'java.nio.charset.Charset', 'java.util.TimerTask'].map((f) => [f, 'abstract' as const]),
]);

/** Reports `new X(..)` (no class body) of a JDK interface or abstract class; true when it did. */
export function checkJdkInstantiable(a: AnalyzerBase, at: Node, fqn: string): boolean {
  const kind = Object.hasOwn(JDK_ABSTRACT, fqn) ? JDK_ABSTRACT[fqn] : undefined;
  if (!kind) return false;
  const name = shortName(fqn);
  a.report(at, 'AS002', `${name} is ${kind === 'interface' ? 'an interface' : 'abstract'}: it cannot be instantiated`, `instantiate an implementation of ${name}${fqn === 'java.util.List' ? ' (new ArrayList<>())' : fqn === 'java.util.Map' ? ' (new HashMap<>())' : fqn === 'java.util.Set' ? ' (new HashSet<>())' : fqn === 'java.nio.file.Path' ? ' (Path.of(..))' : ''}`);
  return true;
}
