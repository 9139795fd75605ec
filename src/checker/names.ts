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

/** Optimal string alignment distance: a swap of two neighbouring letters counts one edit, as a typo does. */
function typoDistance(a: string, b: string): number {
  const m = a.length;
  const n = b.length;
  const d: number[][] = Array.from({ length: m + 1 }, (_, i) => Array.from({ length: n + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= m; i++) {
    for (let j = 1; j <= n; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[m][n];
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
    const dist = typoDistance(lower, c.toLowerCase());
    if (dist <= limit) scored.push([dist, c]);
  }
  return scored.sort((x, y) => x[0] - y[0] || (x[1] < y[1] ? -1 : 1)).slice(0, 5).map(([, c]) => c);
}
