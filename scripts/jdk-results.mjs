#!/usr/bin/env node
// Writes src/checker/jdk-results.ts: the result types of the public methods (declared or
// inherited, static or not) of the JDK types application code hands values through (Path, Files,
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
  'java.nio.file.Path', 'java.nio.file.Paths', 'java.nio.file.Files', 'java.io.File', 'java.io.BufferedReader',
  'java.time.Duration', 'java.time.Instant', 'java.time.LocalDate', 'java.time.LocalDateTime', 'java.time.LocalTime', 'java.time.ZonedDateTime',
  'java.time.OffsetDateTime', 'java.time.ZoneId', 'java.time.format.DateTimeFormatter',
  'java.util.UUID', 'java.util.Objects', 'java.util.Arrays', 'java.util.Scanner', 'java.util.Random', 'java.util.Locale', 'java.util.Properties',
  'java.util.StringJoiner', 'java.util.regex.Pattern', 'java.util.regex.Matcher', 'java.net.URI', 'java.net.URL',
  'java.util.concurrent.TimeUnit', 'java.util.concurrent.Executors', 'java.util.concurrent.ExecutorService', 'java.util.concurrent.CountDownLatch',
  'java.util.concurrent.atomic.AtomicInteger', 'java.util.concurrent.atomic.AtomicLong', 'java.util.concurrent.atomic.AtomicBoolean',
  'java.util.concurrent.ThreadLocalRandom', 'java.util.List', 'java.util.Map', 'java.util.Set', 'java.util.Collection', 'java.util.Optional',
  'java.util.stream.Stream',
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
  public static void main(String[] args) throws Exception {
    String[] jars = args[0].isEmpty() ? new String[0] : args[0].split(java.io.File.pathSeparator);
    URL[] urls = new URL[jars.length];
    for (int i = 0; i < jars.length; i++) urls[i] = Paths.get(jars[i]).toUri().toURL();
    ClassLoader cl = new URLClassLoader(urls);
    for (int i = 1; i < args.length; i++) {
      String name = args[i];
      Class<?> c = Class.forName(name, false, cl);
      for (Method m : c.getMethods()) {
        if (m.isBridge() || m.isSynthetic()) continue;
        int n = m.getParameterCount();
        String arity = m.isVarArgs() ? (n - 1) + "+" : String.valueOf(n);
        // a generic result is listed as ?, so an overload of it leaves the name undecided
        // a generic result is ?, with its class where it has one (?reactor.core.publisher.Mono)
        Type g = m.getGenericReturnType();
        String ret = plain(g) ? g.getTypeName().replace(" ", "") : g instanceof ParameterizedType p ? "?" + ((Class<?>) p.getRawType()).getName() : "?";
        StringBuilder ps = new StringBuilder();
        for (Class<?> p : m.getParameterTypes()) ps.append(ps.length() > 0 ? "," : "").append(p.getTypeName());
        System.out.println(name + " " + m.getName() + "/" + arity + "=" + ret + "(" + ps + ")");
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
const lines = [...entries].map(([t, es]) => `  '${t}': '${[...es].sort().join(' ')}',`);
const out = join(dirname(fileURLToPath(import.meta.url)), '..', 'src', 'checker', 'jdk-results.ts');
writeFileSync(
  out,
  `// Generated by scripts/jdk-results.mjs from ${jdks.length} JDK(s) and ${reactors.length} reactor-core jar(s) (the union): the result types of the
// public methods of common JDK types and of Mono and Flux, as name/argument count=result(erased parameter types) (n+:
// variable arity, n or more; ?: a result that names a type variable or wildcard, ?C one of class C). Do not edit.
const JDK_RESULTS: Readonly<Record<string, string>> = {
${lines.join('\n')}
};

const parsed = new Map<string, Map<string, string[]>>();

/** The methods named \`name\` of \`fqn\`, as arity=result entries; undefined when \`fqn\` is not listed. */
function listed(fqn: string, name: string): string[] | undefined {
  if (!Object.hasOwn(JDK_RESULTS, fqn)) return undefined;
  let byName = parsed.get(fqn);
  if (!byName) {
    byName = new Map();
    for (const e of JDK_RESULTS[fqn].split(' ')) {
      const slash = e.indexOf('/');
      const list = byName.get(e.slice(0, slash)) ?? [];
      list.push(e.slice(slash + 1));
      byName.set(e.slice(0, slash), list);
    }
    parsed.set(fqn, byName);
  }
  return byName.get(name) ?? [];
}

const fits = (arity: string, argc: number): boolean => (arity.endsWith('+') ? argc >= Number(arity.slice(0, -1)) : argc === Number(arity));

/**
 * The argument counts \`fqn\`'s methods named \`name\` take (\`n+\`: n or more), when \`fqn\` is listed and
 * has methods of that name, and none takes \`argc\` arguments; else undefined.
 */
export function jdkAritiesWithout(fqn: string, name: string, argc: number): string[] | undefined {
  const es = listed(fqn, name);
  if (!es?.length || es.some((e) => fits(e.split('=')[0], argc))) return undefined;
  return [...new Set(es.map((e) => e.split('=')[0]))].sort();
}

/** The erased parameter types of each of \`fqn\`'s methods named \`name\` that take \`argc\` arguments (the last one an array where it has variable arity); undefined when \`fqn\` is not listed. */
export function jdkOverloads(fqn: string, name: string, argc: number): { params: string[]; varargs: boolean }[] | undefined {
  const es = listed(fqn, name);
  if (!es) return undefined;
  return es.flatMap((e) => {
    const [arity, sig] = e.split('=');
    const inner = sig.slice(sig.indexOf('(') + 1, -1);
    return fits(arity, argc) ? [{ params: inner ? inner.split(',') : [], varargs: arity.endsWith('+') }] : [];
  });
}

/**
 * The result type of \`fqn\`'s method \`name\` called with \`argc\` arguments (a JDK type name, with
 * type arguments where the result has them), when every method of that name that takes that many
 * arguments returns it, in every JDK listed; else undefined.
 */
export function jdkResult(fqn: string, name: string, argc: number): string | undefined {
  let result: string | undefined;
  for (const e of listed(fqn, name) ?? []) {
    const [arity, sig] = e.split('=');
    const ret = sig.slice(0, sig.indexOf('('));
    if (!fits(arity, argc)) continue;
    if (ret.startsWith('?') || (result !== undefined && result !== ret)) return undefined;
    result = ret;
  }
  return result;
}

/**
 * The class of \`fqn\`'s method \`name\`'s result with \`argc\` arguments where only its type arguments
 * are left to inference (\`Mono.zip(a, b)\` is a Mono), when every method of that name and arity agrees
 * on it; else undefined.
 */
export function jdkResultClass(fqn: string, name: string, argc: number): string | undefined {
  let result: string | undefined;
  for (const e of listed(fqn, name) ?? []) {
    const [arity, sig] = e.split('=');
    if (!fits(arity, argc)) continue;
    const ret = sig.slice(0, sig.indexOf('('));
    const c = ret.startsWith('?') ? ret.slice(1) : ret.replace(/<.*$/, '');
    if (!c || (result !== undefined && result !== c)) return undefined;
    result = c;
  }
  return result;
}
`,
);
console.log(`wrote ${out}: ${[...entries].map(([t, es]) => `${t.split('.').pop()} ${es.size}`).join(', ')}`);
