/**
 * AS023 catch-clauses: javac's rules on the catch clauses of a try statement (JLS 11.2.3, 14.20).
 * - alternatives of a multi-catch related by subclassing (`catch (Exception | RuntimeException e)`),
 *   at the later of the two alternatives (attribution);
 * - a catch of a class that an earlier catch clause of the same try already catches (a subclass of
 *   it): "exception X has already been caught", at `catch` (flow);
 * - a catch of a checked exception class (not Exception, not Throwable) that nothing in the try
 *   block can throw: "exception X is never thrown in body of corresponding try statement", at
 *   `catch` (flow). Judged only where everything the block (its resources and their close()
 *   included) may throw is known: each call's declaration with its throws clause (base.ts
 *   callThrows), each `throw`'s type. Lambdas and class bodies in the block throw nothing into it.
 * Only classes whose superclass chain is known are compared: the JDK's of the table below, the
 * inventory's with a complete hierarchy, the checked sources' through those.
 */
import type { SyntaxNode as Node } from '../analysis/syntax-tree.js';
import type { AnalyzerBase } from '../analysis/base.js';
import type { TypeCtx } from '../analysis/model.js';
import { shortName } from '../jtype.js';
import { field, kids } from '../analysis/syntax.js';

const IO = 'java.io.IOException';
const RE = 'java.lang.RuntimeException';
const ROE = 'java.lang.ReflectiveOperationException';
const FSE = 'java.nio.file.FileSystemException';
/** Superclass of each JDK (and Jackson) throwable class known here; Throwable's is none. */
const SUPERCLASS: Record<string, string> = {
  'java.lang.Exception': 'java.lang.Throwable',
  'java.lang.Error': 'java.lang.Throwable',
  [RE]: 'java.lang.Exception',
  [IO]: 'java.lang.Exception',
  'java.io.FileNotFoundException': IO,
  'java.io.EOFException': IO,
  'java.io.UnsupportedEncodingException': IO,
  'java.io.InterruptedIOException': IO,
  'java.io.UncheckedIOException': RE,
  'java.net.MalformedURLException': IO,
  'java.net.UnknownHostException': IO,
  'java.net.SocketException': IO,
  'java.net.ConnectException': 'java.net.SocketException',
  'java.net.SocketTimeoutException': 'java.io.InterruptedIOException',
  'java.net.http.HttpTimeoutException': IO,
  'java.net.URISyntaxException': 'java.lang.Exception',
  [FSE]: IO,
  'java.nio.file.NoSuchFileException': FSE,
  'java.nio.file.FileAlreadyExistsException': FSE,
  'java.nio.file.DirectoryNotEmptyException': FSE,
  'java.nio.file.AccessDeniedException': FSE,
  'java.nio.file.NotDirectoryException': FSE,
  'java.nio.charset.CharacterCodingException': IO,
  'java.util.zip.ZipException': IO,
  'java.lang.InterruptedException': 'java.lang.Exception',
  'java.util.concurrent.TimeoutException': 'java.lang.Exception',
  'java.util.concurrent.ExecutionException': 'java.lang.Exception',
  'java.util.concurrent.BrokenBarrierException': 'java.lang.Exception',
  'java.lang.CloneNotSupportedException': 'java.lang.Exception',
  [ROE]: 'java.lang.Exception',
  'java.lang.ClassNotFoundException': ROE,
  'java.lang.InstantiationException': ROE,
  'java.lang.IllegalAccessException': ROE,
  'java.lang.NoSuchMethodException': ROE,
  'java.lang.NoSuchFieldException': ROE,
  'java.lang.reflect.InvocationTargetException': ROE,
  'java.sql.SQLException': 'java.lang.Exception',
  'java.security.GeneralSecurityException': 'java.lang.Exception',
  'java.security.NoSuchAlgorithmException': 'java.security.GeneralSecurityException',
  'java.text.ParseException': 'java.lang.Exception',
  'com.fasterxml.jackson.core.JsonProcessingException': IO,
  'java.lang.IllegalStateException': RE,
  'java.lang.IllegalArgumentException': RE,
  'java.lang.NumberFormatException': 'java.lang.IllegalArgumentException',
  'java.lang.NullPointerException': RE,
  'java.lang.UnsupportedOperationException': RE,
  'java.lang.ArithmeticException': RE,
  'java.lang.IndexOutOfBoundsException': RE,
  'java.lang.ArrayIndexOutOfBoundsException': 'java.lang.IndexOutOfBoundsException',
  'java.lang.StringIndexOutOfBoundsException': 'java.lang.IndexOutOfBoundsException',
  'java.lang.ClassCastException': RE,
  'java.lang.SecurityException': RE,
  'java.util.NoSuchElementException': RE,
  'java.util.ConcurrentModificationException': RE,
  'java.util.concurrent.CompletionException': RE,
  'java.util.concurrent.CancellationException': 'java.lang.IllegalStateException',
  'java.util.concurrent.RejectedExecutionException': RE,
  'java.time.DateTimeException': RE,
  'java.time.format.DateTimeParseException': 'java.time.DateTimeException',
  'java.lang.AssertionError': 'java.lang.Error',
  'java.lang.VirtualMachineError': 'java.lang.Error',
  'java.lang.OutOfMemoryError': 'java.lang.VirtualMachineError',
  'java.lang.StackOverflowError': 'java.lang.VirtualMachineError',
  'java.lang.LinkageError': 'java.lang.Error',
  'java.lang.NoClassDefFoundError': 'java.lang.LinkageError',
  'java.lang.ExceptionInInitializerError': 'java.lang.LinkageError',
};

/** The class `fqn` (first) and its superclasses up to Throwable (and maybe interfaces), when all are known; else undefined. */
function throwableChain(a: AnalyzerBase, fqn: string, depth = 0): string[] | undefined {
  if (depth > 16) return undefined;
  if (fqn === 'java.lang.Throwable') return [fqn];
  if (Object.hasOwn(SUPERCLASS, fqn)) {
    const up = throwableChain(a, SUPERCLASS[fqn], depth + 1);
    return up && [fqn, ...up];
  }
  if (a.idx.type(fqn)) {
    // an AgentScope class: its supertypes (complete), the JDK ones among them known here
    const sup = a.facts.inventorySupers(fqn);
    if (!sup) return undefined;
    const ups = [...sup].filter((x) => !a.idx.type(x) && (x === 'java.lang.Throwable' || Object.hasOwn(SUPERCLASS, x))).map((x) => throwableChain(a, x, depth + 1) ?? []);
    if (!ups.some((u) => u.length)) return undefined;
    return [...new Set([fqn, ...[...sup].filter((x) => a.idx.type(x)), ...ups.flat()])];
  }
  const sc = a.srcByFqn.get(fqn);
  if (sc && sc.kind === 'class') {
    const sup = a.sourceSupers(sc)[0];
    const ext = kids(sc.node).some((k) => k.type === 'superclass');
    if (!ext || sup?.k !== 'class') return undefined;
    const up = throwableChain(a, sup.fqn, depth + 1);
    return up && [fqn, ...up];
  }
  return undefined;
}

const unchecked = (chain: string[]) => chain.includes(RE) || chain.includes('java.lang.Error');

/** JDK classes none of whose methods (but Object's wait, clone, finalize, and THROWING_EXCEPTIONS's) declares a checked exception. */
const NO_THROW_JDK = new Set([
  'java.lang.String', 'java.lang.StringBuilder', 'java.lang.Math', 'java.lang.Integer', 'java.lang.Long', 'java.lang.Double', 'java.lang.Boolean',
  'java.lang.Character', 'java.lang.Float', 'java.lang.Short', 'java.lang.Byte', 'java.lang.Number', 'java.lang.Enum',
  'java.util.List', 'java.util.ArrayList', 'java.util.LinkedList', 'java.util.Map', 'java.util.HashMap', 'java.util.LinkedHashMap', 'java.util.TreeMap',
  'java.util.Set', 'java.util.HashSet', 'java.util.LinkedHashSet', 'java.util.TreeSet', 'java.util.Collection', 'java.util.Collections', 'java.util.Arrays',
  'java.util.Objects', 'java.util.Optional', 'java.util.Iterator', 'java.util.Map.Entry', 'java.util.UUID', 'java.util.Deque', 'java.util.ArrayDeque', 'java.util.Queue',
  'java.util.concurrent.ConcurrentHashMap', 'java.util.concurrent.ConcurrentMap', 'java.util.concurrent.CopyOnWriteArrayList',
  'java.util.concurrent.atomic.AtomicReference', 'java.util.concurrent.atomic.AtomicInteger', 'java.util.concurrent.atomic.AtomicLong', 'java.util.concurrent.atomic.AtomicBoolean',
  'java.util.stream.Stream', 'java.util.stream.Collectors', 'java.util.stream.IntStream', 'java.util.stream.LongStream',
  'java.time.Duration', 'java.time.Instant',
  'reactor.core.publisher.Mono', 'reactor.core.publisher.Flux',
]);
/** JDK classes some of whose methods declare checked exceptions: those not named here declare none. */
const SOME_THROW_JDK: Record<string, Record<string, string[]>> = {
  'java.io.PrintStream': { println: [], print: [], printf: [], format: [], flush: [] },
  'java.lang.System': { currentTimeMillis: [], nanoTime: [], getenv: [], getProperty: [], lineSeparator: [], identityHashCode: [], arraycopy: [] },
  'java.lang.Thread': { sleep: ['java.lang.InterruptedException'], join: ['java.lang.InterruptedException'], currentThread: [], interrupt: [], isInterrupted: [], interrupted: [], getName: [], start: [] },
  'java.util.concurrent.CompletableFuture': { get: ['java.lang.InterruptedException', 'java.util.concurrent.ExecutionException', 'java.util.concurrent.TimeoutException'], join: [], complete: [], completeExceptionally: [], isDone: [], completedFuture: [], supplyAsync: [], runAsync: [], thenApply: [], thenAccept: [] },
  'java.util.concurrent.CountDownLatch': { await: ['java.lang.InterruptedException', 'java.util.concurrent.TimeoutException'], countDown: [], getCount: [] },
  'java.nio.file.Files': { exists: [], notExists: [], isDirectory: [], isRegularFile: [], isReadable: [], isWritable: [], isExecutable: [], isSymbolicLink: [] },
  'java.nio.file.Path': { of: [], resolve: [], getFileName: [], getParent: [], toString: [], toAbsolutePath: [], normalize: [], startsWith: [], endsWith: [], relativize: [] },
  'java.nio.file.Paths': { get: [] },
};
const OBJECT_THROWING = new Set(['wait', 'clone', 'finalize']);
/** Methods of Object, Enum and Comparable that declare nothing (an AgentScope type's JDK supertypes' methods of these names). */
export const PLAIN_OBJECT_METHODS: ReadonlySet<string> = new Set(['toString', 'equals', 'hashCode', 'getClass', 'name', 'ordinal', 'compareTo']);

/** Methods of NO_THROW_JDK's classes that do declare one: what any overload of them declares, or undefined (a generic one's). */
const THROWING_EXCEPTIONS: Record<string, Record<string, string[] | undefined>> = {
  // getBytes(String charsetName) throws UnsupportedEncodingException
  'java.lang.String': { getBytes: ['java.io.UnsupportedEncodingException'] },
  // orElseThrow(Supplier<? extends X>) throws X, whatever the supplier makes
  'java.util.Optional': { orElseThrow: undefined },
};
/** JDK classes none of whose constructors declares a checked exception (besides the throwables of SUPERCLASS). */
const NO_THROW_CONSTRUCTORS = new Set([
  'java.lang.Object', 'java.lang.StringBuilder', 'java.util.ArrayList', 'java.util.LinkedList', 'java.util.HashMap', 'java.util.LinkedHashMap', 'java.util.TreeMap',
  'java.util.HashSet', 'java.util.LinkedHashSet', 'java.util.TreeSet', 'java.util.ArrayDeque', 'java.util.concurrent.ConcurrentHashMap', 'java.util.concurrent.CopyOnWriteArrayList',
  'java.util.concurrent.atomic.AtomicReference', 'java.util.concurrent.atomic.AtomicInteger', 'java.util.concurrent.atomic.AtomicLong', 'java.util.concurrent.atomic.AtomicBoolean',
  'java.util.concurrent.CountDownLatch', 'java.util.concurrent.CompletableFuture',
]);

/** What `new X(..)` of the JDK class `fqn` may declare, when this module knows it. */
export function jdkCreationThrows(fqn: string): string[] | undefined {
  return NO_THROW_CONSTRUCTORS.has(fqn) || Object.hasOwn(SUPERCLASS, fqn) || fqn === 'java.lang.Throwable' ? [] : undefined;
}

/** What a call of the JDK method `owner.name` may declare, when this module knows it (an over-approximation: any overload's). */
export function jdkCallThrows(owner: string, name: string): string[] | undefined {
  if (Object.hasOwn(THROWING_EXCEPTIONS, owner) && Object.hasOwn(THROWING_EXCEPTIONS[owner], name)) return THROWING_EXCEPTIONS[owner][name];
  if (NO_THROW_JDK.has(owner)) return OBJECT_THROWING.has(name) ? undefined : [];
  const t = Object.hasOwn(SOME_THROW_JDK, owner) ? SOME_THROW_JDK[owner] : undefined;
  return t && Object.hasOwn(t, name) ? t[name] : undefined;
}

/** The exception types a source method declaration `m` throws, resolved in `ctx`; undefined when one does not resolve. */
export function declaredThrows(a: AnalyzerBase, m: Node, ctx: TypeCtx): string[] | undefined {
  const th = kids(m).find((k) => k.type === 'throws');
  const out: string[] = [];
  for (const t of th ? kids(th) : []) {
    const r = a.typeOf(t, ctx, false);
    if (r.k !== 'class' || !r.fqn.includes('.')) return undefined;
    out.push(r.fqn);
  }
  return out;
}

const CALLS = new Set(['method_invocation', 'object_creation_expression', 'explicit_constructor_invocation']);

/**
 * What the try statement's block and resources may throw, as the classes' fully qualified names;
 * undefined when something in them may throw what is not known (an unresolved call, a rethrown
 * variable, a resource whose close() is not known, an anonymous class with an initializer).
 */
function mayThrow(a: AnalyzerBase, tryNode: Node, ctx: TypeCtx): string[] | undefined {
  const out: string[] = [];
  let known = true;
  const visit = (n: Node) => {
    if (!known) return;
    if (n.type === 'lambda_expression' || n.type === 'class_body' && n.parent?.type !== 'object_creation_expression') return;
    if (CLASS_LIKE.has(n.type)) return;
    if (n.type === 'class_body') {
      // an anonymous class: its instance initializers throw into the creation
      if (kids(n).some((k) => k.type === 'block')) known = false;
      return;
    }
    if (CALLS.has(n.type)) {
      const t = a.callThrows.get(n.id);
      if (!t) known = false;
      else out.push(...t);
    }
    if (n.type === 'throw_statement') {
      const e = kids(n)[0];
      const tn = e?.type === 'object_creation_expression' ? field(e, 'type') : null;
      const t = tn && !kids(e!).some((k) => k.type === 'class_body') ? a.typeOf(tn, ctx, false) : undefined;
      if (t?.k === 'class' && t.fqn.includes('.')) out.push(t.fqn);
      else known = false;
    }
    for (const c of kids(n)) visit(c);
  };
  const body = field(tryNode, 'body');
  const res = field(tryNode, 'resources');
  if (res) {
    for (const r of kids(res)) {
      const tn = field(r, 'type');
      const t = tn ? a.typeOf(tn, ctx, false) : undefined;
      const close = t?.k === 'class' ? closeThrows(a, t.fqn) : undefined;
      if (!close) return undefined;
      out.push(...close);
      visit(r);
    }
  }
  if (!body) return undefined;
  visit(body);
  return known ? out : undefined;
}

const CLASS_LIKE = new Set(['class_declaration', 'interface_declaration', 'enum_declaration', 'record_declaration', 'local_class_declaration']);

/** What close() of an inventory type declares, when its hierarchy is complete and it has exactly one close(). */
function closeThrows(a: AnalyzerBase, fqn: string): string[] | undefined {
  if (!a.idx.type(fqn)) return undefined;
  const { found, hierarchy, jdkHas } = a.idx.findMembers({ k: 'class', fqn, args: [] }, 'close', ['method']);
  const zero = found.filter((f) => !(f.member.params ?? []).length);
  if (!hierarchy.complete || jdkHas.includes(0) || !zero.length) return undefined;
  // the most specific declaration is the one the resource's close() is (the first found)
  return zero[0].member.throws ?? [];
}

/** AS023 on the try statement `tryNode` (visited already: its calls' throws are recorded). */
export function checkCatchClauses(a: AnalyzerBase, tryNode: Node, ctx: TypeCtx) {
  const caught: string[][] = [];
  let thrown: string[] | undefined | null = null;
  for (const c of kids(tryNode)) {
    if (c.type !== 'catch_clause') continue;
    const p = kids(c).find((k) => k.type === 'catch_formal_parameter');
    const ct = p && kids(p).find((k) => k.type === 'catch_type');
    if (!ct) return;
    const alts = kids(ct);
    const chains = alts.map((t) => {
      const r = a.typeOf(t, ctx, false);
      return r.k === 'class' ? throwableChain(a, r.fqn) : undefined;
    });
    // alternatives related by subclassing: at the later one
    for (let j = 1; j < alts.length; j++) {
      const cj = chains[j];
      if (!cj) continue;
      const i = chains.slice(0, j).findIndex((ci) => ci && (ci.includes(cj[0]) || cj.includes(ci[0])));
      if (i < 0) continue;
      const ci = chains[i]!;
      const [sub, sup] = cj.includes(ci[0]) ? [cj[0], ci[0]] : [ci[0], cj[0]];
      a.report(alts[j], 'AS023', `Alternatives in a multi-catch statement cannot be related by subclassing: alternative ${shortName(sub)} is a subclass of alternative ${shortName(sup)}`, `catch ${shortName(sup)} alone`);
      return;
    }
    if (chains.some((x) => !x)) {
      caught.push([]);
      continue;
    }
    const known = chains as string[][];
    // every alternative a subclass of a class an earlier clause catches
    const earlier = known.map((ch) => caught.flat().find((x) => ch.includes(x)));
    if (earlier.every((x) => x)) {
      a.report(c, 'AS023', `exception ${shortName(known[0][0])} has already been caught: an earlier catch clause catches ${shortName(earlier[0]!)}`, `remove this catch clause or move it before the catch of ${shortName(earlier[0]!)}`);
    } else if (alts.length === 1) {
      const ch = known[0];
      if (!unchecked(ch) && ch[0] !== 'java.lang.Exception' && ch[0] !== 'java.lang.Throwable') {
        if (thrown === null) thrown = mayThrow(a, tryNode, ctx);
        if (thrown && thrown.every((x) => unrelated(a, x, ch))) {
          a.report(c, 'AS023', `exception ${shortName(ch[0])} is never thrown in body of corresponding try statement: nothing in the try block declares or throws it`, `remove the catch clause (or catch what the block throws)`);
        }
      }
    }
    caught.push(known.map((ch) => ch[0]));
  }
}

/** Is the thrown class `x` certainly neither unchecked nor a subclass or superclass of the caught class (chain `caught`)? */
function unrelated(a: AnalyzerBase, x: string, caught: string[]): boolean {
  const chain = throwableChain(a, x);
  if (!chain) return false;
  if (unchecked(chain)) return true;
  return !chain.includes(caught[0]) && !caught.includes(x);
}
