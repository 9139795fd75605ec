/**
 * Simple type names (AS011): every public top-level type of java.lang (JDK 17, plus the few JDK 21
 * added), which a simple name may always mean, and the "resembles an AgentScope type" test that
 * decides whether an unresolvable simple name is worth an error.
 */

export const JAVA_LANG_TYPES = new Set(
  (
    'AbstractMethodError Appendable ArithmeticException ArrayIndexOutOfBoundsException ArrayStoreException AssertionError AutoCloseable ' +
    'Boolean BootstrapMethodError Byte CharSequence Character Class ClassCastException ClassCircularityError ClassFormatError ClassLoader ' +
    'ClassNotFoundException ClassValue CloneNotSupportedException Cloneable Comparable Compiler Deprecated Double Enum ' +
    'EnumConstantNotPresentException Error Exception ExceptionInInitializerError Float FunctionalInterface IllegalAccessError ' +
    'IllegalAccessException IllegalArgumentException IllegalCallerException IllegalMonitorStateException IllegalStateException ' +
    'IllegalThreadStateException IncompatibleClassChangeError IndexOutOfBoundsException InheritableThreadLocal InstantiationError ' +
    'InstantiationException Integer InternalError InterruptedException Iterable LayerInstantiationException LinkageError Long Math Module ' +
    'ModuleLayer NegativeArraySizeException NoClassDefFoundError NoSuchFieldError NoSuchFieldException NoSuchMethodError ' +
    'NoSuchMethodException NullPointerException Number NumberFormatException Object OutOfMemoryError Override Package Process ' +
    'ProcessBuilder ProcessHandle Readable Record ReflectiveOperationException Runnable Runtime RuntimeException RuntimePermission ' +
    'SafeVarargs SecurityException SecurityManager Short StackOverflowError StackTraceElement StackWalker StrictMath String StringBuffer ' +
    'StringBuilder StringIndexOutOfBoundsException SuppressWarnings System Thread ThreadDeath ThreadGroup ThreadLocal Throwable ' +
    'TypeNotPresentException UnknownError UnsatisfiedLinkError UnsupportedClassVersionError UnsupportedOperationException VerifyError ' +
    'VirtualMachineError Void MatchException WrongThreadException ScopedValue StringTemplate'
  ).split(' '),
);

/**
 * Optimal string alignment distance: a swap of two neighbouring letters counts one edit, as a typo
 * does. Three rolling rows; once a whole row exceeds `limit` the result can only grow, so it stops
 * there and answers limit + 1 (an AS011 check compares one name with every AgentScope simple name).
 */
let rows = [new Int32Array(64), new Int32Array(64), new Int32Array(64)];
function typoDistance(a: string, b: string, limit: number): number {
  const n = b.length;
  if (rows[0].length <= n) rows = rows.map(() => new Int32Array(2 * n + 2));
  let [before, prev, cur] = rows;
  for (let j = 0; j <= n; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    let rowMin = i;
    for (let j = 1; j <= n; j++) {
      let d = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, before[j - 2] + 1);
      cur[j] = d;
      if (d < rowMin) rowMin = d;
    }
    if (rowMin > limit) return limit + 1;
    [before, prev, cur] = [prev, cur, before];
  }
  return prev[n];
}

/**
 * AgentScope simple names an unresolvable `name` may have meant: the same name (a missing import)
 * or a typo of one (up to two edits, one for names of three letters or fewer). The name is an
 * error either way; this only keeps the rule to names that are plausibly AgentScope's.
 */
export function resemblingTypes(name: string, asSimpleNames: Iterable<string>): string[] {
  const limit = name.length <= 3 ? 1 : 2;
  const lower = name.toLowerCase();
  const scored: [number, string][] = [];
  for (const c of asSimpleNames) {
    if (Math.abs(c.length - name.length) > limit) continue;
    const dist = typoDistance(lower, c.toLowerCase(), limit);
    if (dist <= limit) scored.push([dist, c]);
  }
  return scored.sort((x, y) => x[0] - y[0] || (x[1] < y[1] ? -1 : 1)).slice(0, 5).map(([, c]) => c);
}
