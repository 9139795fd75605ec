/**
 * Project context: which io.agentscope artifacts a checked file really has on its classpath.
 *
 * A file under `<module>/src/main/java` or `<module>/src/test/java`, where `<module>/pom.xml`
 * exists, sees the io.agentscope artifacts of the module's dependency closure: the dependencies
 * of its pom chain (its own and its parents'), their scopes as dependencyManagement gives them,
 * followed through the inventory's dependency graph (`Inventory.dependencyGraph`) and through the
 * sibling modules of its reactor, with Maven's scope rules (test and runtime scope only for
 * src/test; provided, test and optional dependencies are not passed on). javac compiling that
 * module sees nothing else, so an import from another artifact fails as javac reports it.
 *
 * Conservative: whenever the closure cannot be known for certain, the file sees every artifact
 * of the inventory (today's behaviour for loose files): no pom, an inventory without a graph, a
 * parent only in a repository (other than a few known to declare no dependencies), a groupId,
 * artifactId or scope written with a property that does not resolve, an io.agentscope jar the
 * inventory does not list (it may bring any of them; its own types are not reported either), the
 * umbrella artifact (it re-packages the modules), or a third-party
 * dependency that may bring io.agentscope artifacts with it (anything outside a list of groups that
 * never depend on AgentScope, e.g. a third-party starter), or a module with no io.agentscope
 * dependency at all. A profile's dependencies are counted as if the profile were active.
 */
import { existsSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { readTextBounded } from '../core/fsread.js';
import type { DependencyNode, Inventory } from '../inventory/schema.js';
import { reactorPoms } from '../pom/modules.js';
import { javaLevelOfModule, type JavaLevel } from '../pom/java-level.js';
import { inheritedFromChain, readPomChain } from '../pom/parents.js';
import { child, children, interpolate, parsePom, textOf, type PomModel } from '../pom/pom.js';

const GROUP = 'io.agentscope';

/** What one checked file may see of the inventory. */
export interface ArtifactView {
  /** The io.agentscope artifactIds on the file's compile classpath. */
  artifacts: ReadonlySet<string>;
  /** The io.agentscope artifactIds of the module in any scope (what can be on its runtime classpath: service providers). */
  anyScope: ReadonlySet<string>;
  /** The module's pom.xml (named in findings). */
  pom: string;
  /**
   * io.agentscope jars on the file's classpath whose types no inventory lists: an artifact's tests
   * jar (classifier tests, type test-jar), or an artifact the inventory lacks (one outside the BOM).
   */
  unlisted: ReadonlySet<string>;
}

export interface ProjectOptions {
  /** Base of paths that are not absolute (default: the working directory). */
  root?: string;
  /** Module directory of files outside every module's source roots (a snippet checked for a project). */
  module?: string;
  /** pom.xml texts that stand for the files on disk (a plan's edits not yet written), by absolute path. */
  poms?: ReadonlyMap<string, string>;
}

/**
 * Groups whose artifacts never depend on io.agentscope: a dependency on them adds nothing to the
 * closure. Any other third-party dependency might (a starter that wraps AgentScope): the module then
 * sees everything.
 */
const FOREIGN_SAFE = [
  'org.springframework', 'io.projectreactor', 'com.fasterxml', 'org.slf4j', 'ch.qos.logback', 'org.apache', 'commons-', 'com.google',
  'junit', 'org.junit', 'org.mockito', 'org.assertj', 'org.hamcrest', 'org.awaitility', 'org.testcontainers', 'org.projectlombok',
  'jakarta.', 'javax.', 'io.modelcontextprotocol', 'com.squareup', 'io.netty', 'org.yaml', 'io.micrometer', 'io.opentelemetry',
  'org.hibernate', 'com.h2database', 'com.mysql', 'mysql', 'org.postgresql', 'redis.clients', 'io.lettuce', 'org.jetbrains', 'org.json',
  'com.networknt', 'com.github.victools', 'org.xerial', 'org.bouncycastle', 'io.swagger', 'org.springdoc', 'org.webjars', 'org.glassfish',
  'org.eclipse', 'org.ow2', 'net.bytebuddy', 'org.objenesis', 'org.openjdk', 'io.rest-assured', 'com.jayway', 'org.skyscreamer', 'org.xmlunit',
];
const isSafeForeign = (g: string) => FOREIGN_SAFE.some((p) => (/[.-]$/.test(p) ? g.startsWith(p) : g === p || g.startsWith(`${p}.`)));

/** Parents that only manage versions and plugins: they add no dependency. */
const SAFE_PARENTS = new Set(['org.springframework.boot:spring-boot-starter-parent', 'org.springframework.boot:spring-boot-dependencies']);

/** Maven's scope of a transitive dependency (declared `inner`) reached through a dependency of scope `outer`; undefined: not passed on. */
function transitiveScope(outer: string, inner: string): string | undefined {
  if (inner !== 'compile' && inner !== 'runtime') return undefined;
  if (outer === 'compile') return inner;
  if (outer === 'system') return 'compile';
  return outer;
}
const onMainClasspath = (scope: string) => scope === 'compile' || scope === 'provided' || scope === 'system';

/** Thrown inside the closure walk: the module's classpath cannot be known, it sees everything. */
class Unknowable extends Error {}

interface Dep {
  groupId: string;
  artifactId: string;
  scope: string;
  type: string;
  classifier?: string;
}

class ClosureWalk {
  private readonly graph: Map<string, DependencyNode>;
  private modules?: Map<string, string>;
  private readonly pomDeps = new Map<string, Dep[]>();

  constructor(
    inventory: Inventory,
    private readonly read: (path: string) => string,
  ) {
    this.graph = new Map((inventory.dependencyGraph ?? []).map((n) => [n.artifactId, n]));
  }

  /** The declared dependencies of the module at `pomPath`, inherited ones included, scopes resolved. */
  private moduleDeps(pomPath: string): Dep[] {
    const cached = this.pomDeps.get(pomPath);
    if (cached) return cached;
    const chain = readPomChain(pomPath, 10, this.read);
    const last = chain[chain.length - 1].pom;
    const extra: Dep[] = [];
    const parentEl = child(last.project, 'parent');
    if (parentEl) {
      // the chain ended at a parent that is not on disk
      const g = textOf(last.text, child(parentEl, 'groupId')) ?? '';
      const a = textOf(last.text, child(parentEl, 'artifactId')) ?? '';
      if (g === GROUP) extra.push(...this.nodeDeps(a, 'compile'));
      else if (!SAFE_PARENTS.has(`${g}:${a}`)) throw new Unknowable(`parent ${g}:${a}`);
    }
    const effective = parsePom(chain[0].pom.text, inheritedFromChain(chain));
    const deps: Dep[] = [...extra];
    for (const layer of chain) {
      // a profile's dependencies count as if it were active: a closure may be too large, never too small
      const profiles = children(child(layer.pom.project, 'profiles'), 'profile').flatMap((pr) =>
        children(child(pr, 'dependencies'), 'dependency').map((el) => ({ groupId: textOf(layer.pom.text, child(el, 'groupId')), artifactId: textOf(layer.pom.text, child(el, 'artifactId')), scope: textOf(layer.pom.text, child(el, 'scope')), type: textOf(layer.pom.text, child(el, 'type')), element: el })),
      );
      for (const d of [...layer.pom.dependencies, ...profiles]) {
        const ctx: PomModel = { ...effective, groupId: effective.groupId ?? effective.parentGroupId };
        const groupId = interpolate(d.groupId ?? '', ctx);
        const artifactId = interpolate(d.artifactId ?? '', ctx);
        const managed = effective.managed.find((m) => interpolate(m.groupId ?? '', ctx) === groupId && interpolate(m.artifactId ?? '', ctx) === artifactId);
        const scope = interpolate(d.scope ?? managed?.scope ?? 'compile', ctx);
        const type = interpolate(d.type ?? 'jar', ctx);
        const classifier = textOf(layer.pom.text, child(d.element, 'classifier'));
        if ([groupId, artifactId, scope, type, classifier ?? ''].some((v) => v.includes('${'))) throw new Unknowable(`${groupId}:${artifactId}`);
        deps.push({ groupId, artifactId, scope, type, classifier: classifier ? interpolate(classifier, ctx) : undefined });
      }
    }
    this.pomDeps.set(pomPath, deps);
    return deps;
  }

  /** An io.agentscope artifact's own dependencies as edges of scope `scope`. */
  private nodeDeps(artifactId: string, scope: string): Dep[] {
    const node = this.graph.get(artifactId);
    if (!node || node.umbrella || node.partial) throw new Unknowable(artifactId);
    return node.dependencies.filter((d) => !d.optional).flatMap((d) => {
      const s = transitiveScope(scope, d.scope);
      return s ? [{ groupId: GROUP, artifactId: d.artifactId, scope: s, type: 'jar' }] : [];
    });
  }

  /** The reactor modules around `moduleDir`, by groupId:artifactId. */
  private reactorModule(moduleDir: string, groupId: string, artifactId: string): string | undefined {
    this.modules ??= reactorPoms(moduleDir, this.read);
    return this.modules.get(`${groupId}:${artifactId}`);
  }

  /** The artifacts visible to main and to test sources of the module at `pomPath`. */
  closure(moduleDir: string, pomPath: string): { main: Set<string>; test: Set<string>; mainUnlisted: Set<string>; unlisted: Set<string> } {
    const main = new Set<string>();
    const test = new Set<string>();
    const mainUnlisted = new Set<string>();
    const unlisted = new Set<string>();
    /** An unlisted artifact's own dependencies are unknown: then every artifact may be on the classpath. */
    let opaque = false;
    const addUnlisted = (dep: Dep) => {
      unlisted.add(dep.artifactId);
      if (onMainClasspath(dep.scope)) mainUnlisted.add(dep.artifactId);
    };
    const seen = new Set<string>();
    const visit = (dep: Dep, depth: number) => {
      const key = `${dep.groupId}:${dep.artifactId}:${dep.scope}`;
      if (seen.has(key)) return;
      seen.add(key);
      if (depth > 50) throw new Unknowable('too deep');
      if (dep.groupId === GROUP) {
        // a test-jar or other classified artifact carries no inventory types; a tests jar has types of its own
        if (dep.classifier || dep.type === 'test-jar') {
          if (dep.classifier === 'tests' || dep.type === 'test-jar') addUnlisted(dep);
          return;
        }
        // an artifact the inventory lacks (agentscope-codingagent of 2.0.2 is outside the BOM)
        if (dep.type === 'jar' && !this.graph.has(dep.artifactId)) {
          addUnlisted(dep);
          opaque = true;
          return;
        }
        if (dep.type === 'jar' || dep.type === 'pom') {
          test.add(dep.artifactId);
          if (onMainClasspath(dep.scope)) main.add(dep.artifactId);
        }
        for (const d of this.nodeDeps(dep.artifactId, dep.scope)) visit(d, depth + 1);
        return;
      }
      // a sibling module of the reactor (its test-jar too) brings what its own pom declares
      const sibling = this.reactorModule(moduleDir, dep.groupId, dep.artifactId);
      if (sibling) {
        if (sibling === pomPath) return;
        for (const d of this.moduleDeps(sibling)) {
          const s = transitiveScope(dep.scope, d.scope);
          if (s) visit({ ...d, scope: s }, depth + 1);
        }
        return;
      }
      if (!isSafeForeign(dep.groupId)) throw new Unknowable(`${dep.groupId}:${dep.artifactId}`);
    };
    for (const d of this.moduleDeps(pomPath)) visit(d, 0);
    // no io.agentscope artifact at all, yet AgentScope code to check: the pom is not what javac sees
    if (!test.size && !unlisted.size) throw new Unknowable('no io.agentscope dependency');
    if (opaque) {
      for (const a of this.graph.keys()) {
        main.add(a);
        test.add(a);
      }
    }
    return { main, test, mainUnlisted, unlisted };
  }
}

/** The Maven module directory and source set of a path under `<module>/src/{main,test}/java/`. */
function sourceSetOf(path: string): { dir: string; test: boolean } | undefined {
  const m = /^(.*?)[\\/]src[\\/](main|test)[\\/]java[\\/]/.exec(path);
  return m ? { dir: m[1] || '.', test: m[2] === 'test' } : undefined;
}

/** The module's pom.xml in `dir`: on disk, or a text that stands for it (ProjectOptions.poms). */
function pomOf(dir: string, opts: ProjectOptions): string | undefined {
  const pom = join(dir, 'pom.xml');
  return opts.poms?.has(pom) || existsSync(pom) ? pom : undefined;
}

/**
 * The view of each path (absolute or relative to `opts.root`): undefined where the file sees
 * every artifact of the inventory.
 */
export function projectViews(paths: readonly string[], inventory: Inventory, opts: ProjectOptions = {}): Map<string, ArtifactView | undefined> {
  const out = new Map<string, ArtifactView | undefined>();
  if (!inventory.dependencyGraph?.length) return out;
  const root = resolve(opts.root ?? '.');
  const read = (p: string) => opts.poms?.get(p) ?? readTextBounded(p);
  const walk = new ClosureWalk(inventory, read);
  const byModule = new Map<string, { main: ArtifactView; test: ArtifactView } | undefined>();
  for (const path of paths) {
    const abs = isAbsolute(path) ? path : resolve(root, path);
    const set = sourceSetOf(abs) ?? (opts.module ? { dir: resolve(root, opts.module), test: false } : undefined);
    if (!set) continue;
    if (!byModule.has(set.dir)) {
      const pomPath = pomOf(set.dir, opts);
      let views: { main: ArtifactView; test: ArtifactView } | undefined;
      if (pomPath) {
        try {
          const c = walk.closure(set.dir, pomPath);
          views = { main: { artifacts: c.main, anyScope: c.test, pom: pomPath, unlisted: c.mainUnlisted }, test: { artifacts: c.test, anyScope: c.test, pom: pomPath, unlisted: c.unlisted } };
        } catch {
          // Unknowable, or a pom that is not well-formed: javac's classpath is not known, everything is visible
          views = undefined;
        }
      }
      byModule.set(set.dir, views);
    }
    const v = byModule.get(set.dir);
    out.set(path, v && (set.test ? v.test : v.main));
  }
  return out;
}

/**
 * The Java level of each path's module (../pom/java-level.ts), where its build states one: what
 * the language and the JDK API may be in that module's sources.
 */
export function javaLevels(paths: readonly string[], opts: ProjectOptions = {}): Map<string, JavaLevel> {
  const out = new Map<string, JavaLevel>();
  const root = resolve(opts.root ?? '.');
  const read = (p: string) => opts.poms?.get(p) ?? readTextBounded(p);
  const byModule = new Map<string, JavaLevel | undefined>();
  for (const path of paths) {
    const abs = isAbsolute(path) ? path : resolve(root, path);
    const dir = sourceSetOf(abs)?.dir ?? (opts.module ? resolve(root, opts.module) : undefined);
    if (dir === undefined) continue;
    if (!byModule.has(dir)) byModule.set(dir, javaLevelOfModule(dir, pomOf(dir, opts), read));
    const level = byModule.get(dir);
    if (level) out.set(path, level);
  }
  return out;
}
