/**
 * Simple type names (AS011): every public top-level type of java.lang (JDK 17, plus the few JDK 21
 * added), which a simple name may always mean, and the "resembles an AgentScope type" test that
 * decides whether an unresolvable simple name is worth an error.
 */
import { editDistance, suggest } from '../cli/suggest.js';

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

/** AgentScope simple names an unresolvable `name` may have meant: the same name, or one within a small edit distance. */
export function resemblingTypes(name: string, asSimpleNames: Iterable<string>): string[] {
  const near = suggest(name, asSimpleNames, 8);
  // only close misspellings count: a name merely containing an AgentScope name (MyToolkitFactory) is a user type
  return near.filter((n) => editDistance(n.toLowerCase(), name.toLowerCase()) <= Math.max(1, Math.min(2, Math.floor(name.length / 4))));
}
