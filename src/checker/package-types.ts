/**
 * The public top-level types of packages a simple name may come from through an on-demand import
 * or be written fully qualified with: the JDK's (jdk-types.ts, generated) and, in part, Reactor's;
 * and the classes of a few library packages (library-types.ts, generated).
 */
import { JDK_PACKAGE_TYPES } from './jdk-types.js';
import { LIBRARY_PACKAGE_CLASSES } from './library-types.js';

/**
 * Public top-level types of the library package every AgentScope signature uses (Reactor 3, the
 * same since 3.0), for `import reactor.core.publisher.*;`: a subset, each certainly there.
 */
const LIBRARY_PACKAGE_TYPES: Readonly<Record<string, string>> = {
  'reactor.core.publisher': 'Flux Mono Sinks ParallelFlux ConnectableFlux GroupedFlux FluxSink MonoSink SynchronousSink SignalType Signal BaseSubscriber Hooks Operators',
};

let types: Map<string, ReadonlySet<string>> | undefined;

/** Package -> the simple names of its listed types. */
export function packageTypes(): Map<string, ReadonlySet<string>> {
  return (types ??= new Map(Object.entries({ ...JDK_PACKAGE_TYPES, ...LIBRARY_PACKAGE_TYPES }).map(([p, names]) => [p, new Set(names.split(' '))])));
}

/** Is `pkg.name` a listed type (`java.util.Optional` written fully qualified)? */
export function listedPackageType(pkg: string, name: string): boolean {
  return packageTypes().get(pkg)?.has(name) === true;
}

/** Is every public top-level type of `pkg` listed (a JDK package)? */
export function listedPackage(pkg: string): boolean {
  return pkg in JDK_PACKAGE_TYPES;
}

let libraryClasses: Map<string, ReadonlySet<string>> | undefined;

/**
 * Is `pkg` a library package whose every class is listed (library-types.ts, generated) without
 * `name`? Then `import pkg.*;` does not bring `name` (Spring's `context.annotation.*` beside a moved
 * AgentScope type); for any other third-party package it may.
 */
export function libraryPackageLacks(pkg: string, name: string): boolean {
  libraryClasses ??= new Map(Object.entries(LIBRARY_PACKAGE_CLASSES).map(([p, names]) => [p, new Set(names.split(' '))]));
  const names = libraryClasses.get(pkg);
  return names !== undefined && !names.has(name);
}

/** Is `q` a listed package, or a prefix of one (`java`, `java.util`)? */
export function listedPackagePrefix(q: string): boolean {
  for (const p of packageTypes().keys()) if (p === q || p.startsWith(`${q}.`)) return true;
  return false;
}
