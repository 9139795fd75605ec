/**
 * The io.agentscope artifacts' dependency graph of a release, read from each artifact's own pom
 * (the pom the pull resolves anyway to classify the artifact): for every artifact, its direct
 * `<dependencies>` on other io.agentscope artifacts with their scope and optional flag. The
 * checker follows it to know which io.agentscope types a Maven module really has (project
 * context, docs/checker.md).
 *
 * Only what the pom says for certain is recorded. `<exclusions>` are not recorded (they only ever
 * remove artifacts, so a closure without them is never too small). A pom with a `<parent>` may
 * inherit dependencies this reading does not see, and one with dependencies in `<profiles>` may
 * bring them depending on activation: its node is marked `partial`, and a module that reaches it
 * sees every artifact. The umbrella artifact re-packages the modules' classes: its node is `umbrella`, and a
 * module that reaches it sees every artifact as well.
 */
import { child, children, interpolate, parsePom, textOf } from '../pom/pom.js';
import type { ArtifactDependency, DependencyNode } from './schema.js';

/** A pom's direct io.agentscope dependencies; `partial` when it has a parent it may inherit more from. */
function pomDependencies(pomXml: string, groupId: string): { dependencies: ArtifactDependency[]; partial: boolean } | undefined {
  let pom;
  try {
    pom = parsePom(pomXml);
  } catch {
    return undefined;
  }
  // a parent, or profiles with dependencies (they depend on activation): more may come than is read here
  const profileDeps = children(child(pom.project, 'profiles'), 'profile').some((p) => children(child(p, 'dependencies'), 'dependency').length > 0);
  const partial = child(pom.project, 'parent') !== undefined || profileDeps;
  const byId = new Map<string, ArtifactDependency>();
  for (const d of pom.dependencies) {
    const g = interpolate(d.groupId ?? '', pom);
    const a = interpolate(d.artifactId ?? '', pom);
    if (g !== groupId || !a || a.includes('${')) continue;
    const scope = interpolate(d.scope ?? 'compile', pom) || 'compile';
    const optional = interpolate(textOf(pom.text, child(d.element, 'optional')) ?? 'false', pom) === 'true';
    const dep: ArtifactDependency = { artifactId: a, scope, ...(optional ? { optional: true as const } : {}) };
    // Maven keeps the last declaration of a duplicate dependency
    byId.set(a, dep);
  }
  const dependencies = [...byId.values()].sort((x, y) => (x.artifactId < y.artifactId ? -1 : x.artifactId > y.artifactId ? 1 : 0));
  return { dependencies, partial };
}

/** One artifact as the pull saw it: its pom's text when it has one, and whether it is the umbrella. */
export interface GraphInput {
  artifactId: string;
  pom?: string;
  umbrella?: boolean;
}

/** The graph of a release, sorted by artifactId; artifacts without a readable pom are left out. */
export function dependencyGraph(inputs: GraphInput[], groupId: string): DependencyNode[] {
  const out: DependencyNode[] = [];
  for (const i of inputs) {
    if (i.umbrella) {
      out.push({ artifactId: i.artifactId, dependencies: [], umbrella: true });
      continue;
    }
    if (i.pom === undefined) continue;
    const read = pomDependencies(i.pom, groupId);
    if (!read) continue;
    out.push({ artifactId: i.artifactId, dependencies: read.dependencies, ...(read.partial ? { partial: true as const } : {}) });
  }
  return out.sort((x, y) => (x.artifactId < y.artifactId ? -1 : x.artifactId > y.artifactId ? 1 : 0));
}
