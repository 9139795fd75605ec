#!/usr/bin/env node
// Writes src/checker/jdk-results-data.ts (read by src/checker/jdk-results.ts): the result types of the public methods (declared or
// inherited, static or not; the constructors as methods named <init>) of the JDK types application code hands values through (Path, Files,
// String, Duration, UUID, ...), by name and argument count; a result type that names a type
// variable or wildcard is written `?`. The union over the JDKs given: a method whose result differs between them
// is listed with both, and the checker takes a result only where every listing agrees.
// Reactor's Mono and Flux are listed too (their parameters judge an AgentScope value passed to
// Mono.zip, Flux.merge, timeout, ...), over every reactor-core jar given.
//   node scripts/jdk-results.mjs --jdk JAVA_HOME... --reactor reactor-core.jar... --lib reactive-streams.jar
//   (e.g. a JDK 17 and the newest one at hand; every reactor-core 3.x the supported AgentScope versions use)
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { arg, listAll } from './java-lister.mjs';

const TYPES = [
  'java.lang.String', 'java.lang.StringBuilder', 'java.lang.Integer', 'java.lang.Long', 'java.lang.Double', 'java.lang.Boolean',
  'java.lang.Math', 'java.lang.System', 'java.lang.Thread', 'java.lang.Throwable', 'java.lang.Exception', 'java.lang.RuntimeException',
  'java.lang.IllegalArgumentException', 'java.lang.IllegalStateException', 'java.lang.UnsupportedOperationException', 'java.io.IOException', 'java.io.UncheckedIOException',
  'java.nio.file.Path', 'java.nio.file.Paths', 'java.nio.file.Files', 'java.io.File', 'java.io.BufferedReader', 'java.io.PrintStream',
  'java.time.Duration', 'java.time.Instant', 'java.time.LocalDate', 'java.time.LocalDateTime', 'java.time.LocalTime', 'java.time.ZonedDateTime',
  'java.time.OffsetDateTime', 'java.time.ZoneId', 'java.time.format.DateTimeFormatter',
  'java.util.UUID', 'java.util.Objects', 'java.util.Arrays', 'java.util.Scanner', 'java.util.Random', 'java.util.Locale', 'java.util.Properties',
  'java.util.StringJoiner', 'java.util.regex.Pattern', 'java.util.regex.Matcher', 'java.net.URI', 'java.net.URL',
  'java.util.concurrent.TimeUnit', 'java.util.concurrent.Executors', 'java.util.concurrent.ExecutorService', 'java.util.concurrent.CountDownLatch',
  'java.util.concurrent.atomic.AtomicInteger', 'java.util.concurrent.atomic.AtomicLong', 'java.util.concurrent.atomic.AtomicBoolean',
  'java.util.concurrent.ThreadLocalRandom', 'java.util.List', 'java.util.Map', 'java.util.Set', 'java.util.Collection', 'java.util.Optional',
  'java.util.stream.Stream', 'java.util.stream.IntStream', 'java.util.stream.Collectors', 'java.util.Collections', 'java.util.Comparator',
  'java.lang.Iterable', 'java.util.Iterator', 'java.util.ArrayList', 'java.util.HashMap', 'java.util.LinkedHashMap', 'java.util.HashSet',
  'java.util.concurrent.ConcurrentHashMap', 'java.util.concurrent.CompletableFuture', 'java.util.concurrent.atomic.AtomicReference',
  'java.util.concurrent.Future', 'java.util.concurrent.Semaphore', 'java.util.concurrent.BlockingQueue', 'java.lang.Class', 'java.io.InputStream', 'java.io.Reader',
  // the functional interfaces AgentScope hands its callbacks as (a middleware's `next.apply(input)`)
  'java.util.function.Function', 'java.util.function.BiFunction', 'java.util.function.Supplier', 'java.util.function.Consumer',
  'java.util.function.BiConsumer', 'java.util.function.Predicate', 'java.util.function.BiPredicate', 'java.util.function.UnaryOperator',
  'java.util.function.BinaryOperator', 'java.lang.Runnable', 'java.util.concurrent.Callable',
];
const REACTOR_TYPES = ['reactor.core.publisher.Mono', 'reactor.core.publisher.Flux'];
const LISTER = `
import java.lang.reflect.*;
import java.net.*;
import java.nio.file.*;
public class ListResults {
  static boolean plain(Type t) {
    if (t instanceof Class) return true;
    if (t instanceof ParameterizedType p) {
      for (Type a : p.getActualTypeArguments()) if (!plain(a)) return false;
      return true;
    }
    if (t instanceof GenericArrayType g) return plain(g.getGenericComponentType());
    return false;
  }
  /** The checked exceptions of a throws clause, comma-separated. */
  static String checked(Type[] thrown) {
    StringBuilder out = new StringBuilder();
    // (a type variable, orElseThrow's X, is what the caller's argument makes it: not listed)
    for (Type t : thrown) if (t instanceof Class<?> e && !RuntimeException.class.isAssignableFrom(e) && !Error.class.isAssignableFrom(e)) out.append(out.length() > 0 ? "," : "").append(e.getName());
    return out.toString();
  }
  public static void main(String[] args) throws Exception {
    String[] jars = args[0].isEmpty() ? new String[0] : args[0].split(java.io.File.pathSeparator);
    URL[] urls = new URL[jars.length];
    for (int i = 0; i < jars.length; i++) urls[i] = Paths.get(jars[i]).toUri().toURL();
    ClassLoader cl = new URLClassLoader(urls);
    for (int i = 1; i < args.length; i++) {
      String name = args[i];
      Class<?> c = Class.forName(name, false, cl);
      // a bridge stands for a public method of a non-public superclass (StringBuilder's length()),
      // unless the class has a method of that name itself (a covariant or generic override's bridge)
      java.util.Set<String> own = new java.util.HashSet<>();
      for (Method m : c.getMethods()) if (!m.isBridge() && !m.isSynthetic()) own.add(m.getName());
      for (Method m : c.getMethods()) {
        if ((m.isBridge() || m.isSynthetic()) && own.contains(m.getName())) continue;
        int n = m.getParameterCount();
        String arity = m.isVarArgs() ? (n - 1) + "+" : String.valueOf(n);
        // a generic result is listed as ?, so an overload of it leaves the name undecided
        // a generic result is ?, with its class where it has one (?reactor.core.publisher.Mono)
        Type g = m.getGenericReturnType();
        String ret = plain(g) ? g.getTypeName().replace(" ", "") : g instanceof ParameterizedType p ? "?" + ((Class<?>) p.getRawType()).getName() : "?";
        StringBuilder ps = new StringBuilder();
        for (Class<?> p : m.getParameterTypes()) ps.append(ps.length() > 0 ? "," : "").append(p.getTypeName());
        System.out.println(name + " " + m.getName() + "/" + arity + "=" + ret + "(" + ps + ")");
        if (Modifier.isStatic(m.getModifiers())) System.out.println(name + " static:" + m.getName());
        if (m.getTypeParameters().length > 0) System.out.println(name + " generic:" + m.getName() + "/" + arity);
        System.out.println(name + " throws:" + m.getName() + "/" + arity + "=" + checked(m.getGenericExceptionTypes()));
      }
      // the public constructors, as methods named <init> that return nothing
      for (Constructor<?> k : c.getConstructors()) {
        if (k.isSynthetic()) continue;
        int n = k.getParameterCount();
        StringBuilder ps = new StringBuilder();
        for (Class<?> p : k.getParameterTypes()) ps.append(ps.length() > 0 ? "," : "").append(p.getTypeName());
        String karity = k.isVarArgs() ? (n - 1) + "+" : String.valueOf(n);
        System.out.println(name + " <init>/" + karity + "=void(" + ps + ")");
        System.out.println(name + " throws:<init>/" + karity + "=" + checked(k.getGenericExceptionTypes()));
      }
    }
  }
}
`;

const jdks = arg('--jdk');
const reactors = arg('--reactor');
const libs = arg('--lib');
if (!jdks.length || !reactors.length || !libs.length) {
  console.error('usage: node scripts/jdk-results.mjs --jdk JAVA_HOME... --reactor reactor-core.jar... --lib reactive-streams.jar');
  process.exit(2);
}
const entries = listAll({ className: 'ListResults', source: LISTER, jdks, reactors, libs, jdkTypes: TYPES, reactorTypes: REACTOR_TYPES });
// Besides its method entries, the lister prints tagged ones: static:NAME (a static method),
// generic:NAME/ARITY (its own type parameters), throws:NAME/ARITY=E1,E2 (its checked exceptions).
const tagged = (es, tag) => [...es].filter((e) => e.startsWith(`${tag}:`)).map((e) => e.slice(tag.length + 1));
const lines = [...entries].map(([t, es]) => `  '${t}': '${[...es].filter((e) => !/^(static|throws|generic):/.test(e)).sort().join(' ')}',`);
const generics = [...entries].map(([t, es]) => `  '${t}': '${tagged(es, 'generic').sort().join(' ')}',`);
// (the checked exceptions kept for the names and arities some overload of which declares one)
const throwing = [...entries].map(([t, es]) => {
  const all = tagged(es, 'throws');
  const keys = new Set(all.filter((e) => !e.endsWith('=')).map((e) => e.slice(0, e.indexOf('='))));
  return `  '${t}': '${all.filter((e) => keys.has(e.slice(0, e.indexOf('=')))).sort().join(' ')}',`;
});
const statics = [...entries].map(([t, es]) => `  '${t}': '${[...new Set(tagged(es, 'static'))].sort().join(' ')}',`);
const out = join(dirname(fileURLToPath(import.meta.url)), '..', 'src', 'checker', 'jdk-results-data.ts');
// (data only: src/checker/jdk-results.ts reads it)
writeFileSync(
  out,
  `// Generated by scripts/jdk-results.mjs from ${jdks.length} JDK(s) and ${reactors.length} reactor-core jar(s) (the union): the result types of the
// public methods of common JDK types and of Mono and Flux, as name/argument count=result(erased parameter types) (n+:
// variable arity, n or more; ?: a result that names a type variable or wildcard, ?C one of class C). Do not edit.
export const JDK_RESULTS: Readonly<Record<string, string>> = {
${lines.join('\n')}
};

// The names of each type's public static methods, in any JDK listed (the union): every other name it lists is an instance method's.
export const JDK_STATIC_NAMES: Readonly<Record<string, string>> = {
${statics.join('\n')}
};

// The generic methods (their own type parameters, inferred at each call), as name/argument count.
export const JDK_GENERIC_METHODS: Readonly<Record<string, string>> = {
${generics.join('\n')}
};

// The checked exceptions each method (<init>: constructor) declares, as name/argument count=exceptions, for the names and
// counts some overload of which declares one (an overload that declares none is listed with none).
export const JDK_THROWS: Readonly<Record<string, string>> = {
${throwing.join('\n')}
};
`,
);
console.log(`wrote ${out}: ${[...entries].map(([t, es]) => `${t.split('.').pop()} ${es.size}`).join(', ')}`);
