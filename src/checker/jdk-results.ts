// The result and parameter types of the public methods of common JDK types and of Mono and Flux, by
// name and argument count, read from the table scripts/jdk-results.mjs generates (jdk-results-data.ts).
import { JDK_GENERIC_METHODS, JDK_RESULTS, JDK_STATIC_NAMES, JDK_THROWS } from './jdk-results-data.js';

/** One entry of a name/argument-count table: its arity (`n`, or `n+` for variable arity: n or more) and what follows its `=`. */
interface Listed {
  arity: string;
  min: number;
  varargs: boolean;
  rest: string;
}

/** Each table's entries, by type and name, as they are asked for. */
const read = new Map<Readonly<Record<string, string>>, Map<string, Map<string, Listed[]>>>();

/**
 * The entries named `name` of `fqn` in `table` (`name/arity=rest`, or `name/arity`); undefined when
 * `fqn` is not listed. A type's entries are sorted by name, so one name's are found in its string
 * where they start, without splitting the rest, and each is read once (a short `check` asks a few
 * names of a few types: splitting each type whole was ~2% of it; a large one asks the same names
 * at every call).
 */
function entries(table: Readonly<Record<string, string>>, fqn: string, name: string): Listed[] | undefined {
  if (!Object.hasOwn(table, fqn)) return undefined;
  let types = read.get(table);
  if (!types) read.set(table, (types = new Map()));
  let byName = types.get(fqn);
  if (!byName) types.set(fqn, (byName = new Map()));
  let list = byName.get(name);
  if (!list) {
    list = [];
    const all = table[fqn];
    const head = `${name}/`;
    // (-1 when not there: indexOf's -1 + 1 is 0, not a start)
    let at = all.startsWith(head) ? 0 : all.indexOf(` ${head}`) + 1 || -1;
    while (at >= 0) {
      const end = all.indexOf(' ', at);
      const e = all.slice(at + head.length, end < 0 ? all.length : end);
      const eq = e.indexOf('=');
      const arity = eq < 0 ? e : e.slice(0, eq);
      list.push({ arity, min: Number(arity.endsWith('+') ? arity.slice(0, -1) : arity), varargs: arity.endsWith('+'), rest: eq < 0 ? '' : e.slice(eq + 1) });
      at = end >= 0 && all.startsWith(head, end + 1) ? end + 1 : -1;
    }
    byName.set(name, list);
  }
  return list;
}

const fits = (e: Listed, argc: number): boolean => (e.varargs ? argc >= e.min : argc === e.min);

/** One listed method of JDK_RESULTS: besides its arity, its result and erased parameter types. */
interface Entry extends Listed {
  result: string;
  params: string[];
}

/** JDK_RESULTS's methods with their results and parameters read, by type and name. */
const parsed = new Map<string, Entry[]>();

/** The methods named `name` of `fqn`; undefined when `fqn` is not listed. */
function listed(fqn: string, name: string): Entry[] | undefined {
  const key = `${fqn} ${name}`;
  const hit = parsed.get(key);
  if (hit) return hit;
  const es = entries(JDK_RESULTS, fqn, name);
  if (!es) return undefined;
  const list = es.map((e) => {
    const open = e.rest.indexOf('(');
    const inner = e.rest.slice(open + 1, -1);
    return { ...e, result: e.rest.slice(0, open), params: inner ? inner.split(',') : [] };
  });
  parsed.set(key, list);
  return list;
}

/**
 * The argument counts `fqn`'s methods named `name` take (`n+`: n or more), when `fqn` is listed and
 * has methods of that name, and none takes `argc` arguments; else undefined.
 */
export function jdkAritiesWithout(fqn: string, name: string, argc: number): string[] | undefined {
  const es = listed(fqn, name);
  if (!es?.length || es.some((e) => fits(e, argc))) return undefined;
  return [...new Set(es.map((e) => e.arity))].sort();
}

/** The erased parameter types of each of `fqn`'s methods named `name` that take `argc` arguments (the last one an array where it has variable arity); undefined when `fqn` is not listed. */
export function jdkOverloads(fqn: string, name: string, argc: number): { params: readonly string[]; varargs: boolean }[] | undefined {
  const es = listed(fqn, name);
  if (!es) return undefined;
  return es.filter((e) => fits(e, argc)).map((e) => ({ params: e.params, varargs: e.varargs }));
}

/**
 * The result type of `fqn`'s method `name` called with `argc` arguments (a JDK type name, with
 * type arguments where the result has them), when every method of that name that takes that many
 * arguments returns it, in every JDK listed; else undefined.
 */
export function jdkResult(fqn: string, name: string, argc: number): string | undefined {
  let result: string | undefined;
  for (const e of listed(fqn, name) ?? []) {
    if (!fits(e, argc)) continue;
    if (e.result.startsWith('?') || (result !== undefined && result !== e.result)) return undefined;
    result = e.result;
  }
  return result;
}

/**
 * The class of `fqn`'s method `name`'s result with `argc` arguments where only its type arguments
 * are left to inference (`Mono.zip(a, b)` is a Mono), when every method of that name and arity agrees
 * on it; else undefined.
 */
export function jdkResultClass(fqn: string, name: string, argc: number): string | undefined {
  let result: string | undefined;
  for (const e of listed(fqn, name) ?? []) {
    if (!fits(e, argc)) continue;
    const c = e.result.startsWith('?') ? e.result.slice(1) : e.result.replace(/<.*$/, '');
    if (!c || (result !== undefined && result !== c)) return undefined;
    result = c;
  }
  return result;
}

const staticNames = new Map<string, ReadonlySet<string>>();

/** The names of the public static methods of listed type `fqn` (every other listed name is an instance method's); undefined when `fqn` is not listed. */
export function jdkStaticNames(fqn: string): ReadonlySet<string> | undefined {
  if (!Object.hasOwn(JDK_STATIC_NAMES, fqn)) return undefined;
  let names = staticNames.get(fqn);
  if (!names) staticNames.set(fqn, (names = new Set(JDK_STATIC_NAMES[fqn].split(' ').filter(Boolean))));
  return names;
}

const methodNames = new Map<string, readonly string[]>();

/** Every public method name of listed type `fqn` (declared or inherited; not its constructors); undefined when `fqn` is not listed. */
export function jdkMethodNames(fqn: string): readonly string[] | undefined {
  if (!Object.hasOwn(JDK_RESULTS, fqn)) return undefined;
  let names = methodNames.get(fqn);
  if (!names) methodNames.set(fqn, (names = [...new Set(JDK_RESULTS[fqn].split(' ').map((e) => e.slice(0, e.indexOf('/'))))].filter((n) => n !== '<init>')));
  return names;
}

/**
 * The checked exceptions a call of `fqn`'s method `name` (`<init>`: a constructor) with `argc`
 * arguments certainly declares: those every overload that takes that many declares, in every JDK
 * listed; undefined where none is certain or `fqn` is not listed.
 */
export function jdkThrows(fqn: string, name: string, argc: number): string[] | undefined {
  let common: string[] | undefined;
  for (const e of entries(JDK_THROWS, fqn, name) ?? []) {
    if (!fits(e, argc)) continue;
    const thrown = e.rest.split(',').filter(Boolean);
    common = common ? common.filter((x) => thrown.includes(x)) : thrown;
  }
  return common?.length ? common : undefined;
}

/** Is some method `name` of listed type `fqn` that takes `argc` arguments generic (its type arguments inferred at the call)? */
export function jdkGenericMethod(fqn: string, name: string, argc: number): boolean {
  return (entries(JDK_GENERIC_METHODS, fqn, name) ?? []).some((e) => fits(e, argc));
}
