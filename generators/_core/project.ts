import { readTextBounded, readTextIfRegular } from '../../src/core/fsread.js';
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { CliError } from '../../src/core/errors.js';
import { derivePackageName, validatePackageName } from './names.js';
import { interpolate, parsePom, type Inherited, type PomModel } from '../../src/pom/pom.js';
import { agentscopeVersionOf, inheritedFrom } from '../../src/pom/parents.js';
import { reactorRoot, reactorSourceRoots } from '../../src/pom/modules.js';
import { isJava, listFiles } from '../../src/core/files.js';
import { detectProjectKind, type ProjectKind } from './project-kinds.js';

/** What `gen` needs to know about an existing Maven project. */
export interface ProjectInfo {
  root: string;
  pomPath: string;
  pom: PomModel;
  groupId: string;
  artifactId: string;
  basePackage: string;
  /** Where basePackage came from. */
  basePackageFrom: 'sources' | 'coordinates';
  /** The AgentScope version the project uses, if it uses one. */
  agentscopeVersion?: string;
  agentscopeVersionFrom?: 'property' | 'dependency';
  /** Every distinct io.agentscope version the pom mentions (more than one is a problem). */
  agentscopeVersions: string[];
  javaRelease: 17 | 21;
  /** plain, harness or spring-boot: detected from the pom (generators/_core/project-kinds.ts). */
  kind: ProjectKind;
  /** Properties and dependencyManagement from the parent poms on disk (Maven's relativePath). */
  inherited: Inherited;
}

export { findPomUpward } from '../../src/core/files.js';
import { findPomUpward } from '../../src/core/files.js';

export function readProject(start: string): ProjectInfo {
  const pomPath = findPomUpward(start);
  if (!pomPath) {
    throw new CliError(
      { en: `no pom.xml in ${resolve(start)} or any directory above it`, zh: `${resolve(start)} 及其上级目录中都没有 pom.xml` },
      1,
      { en: 'run this inside a Maven project, or create one with `agentscope create`', zh: '请在 Maven 项目内运行，或先用 `agentscope create` 创建项目' },
    );
  }
  const root = dirname(pomPath);
  const inherited = inheritedFrom(pomPath);
  const pom = parsePom(readTextBounded(pomPath), inherited);
  const groupId = interpolate(pom.groupId ?? pom.parentGroupId ?? '', pom);
  const artifactId = interpolate(pom.artifactId ?? '', pom);
  if (!groupId || !artifactId) throw new CliError({ en: `${pomPath}: cannot read the project's groupId/artifactId`, zh: `${pomPath}：读不出项目的 groupId/artifactId` });

  const { version, from, all } = agentscopeVersionOf(pom);
  const fromSources = packageFromSources(join(root, 'src', 'main', 'java'));
  const basePackage = fromSources ?? derivePackageName(groupId, artifactId);
  return {
    root,
    pomPath,
    pom,
    groupId,
    artifactId,
    basePackage,
    basePackageFrom: fromSources ? 'sources' : 'coordinates',
    agentscopeVersion: version,
    agentscopeVersionFrom: from,
    agentscopeVersions: all,
    javaRelease: javaReleaseOf(pom),
    kind: detectProjectKind(pom),
    inherited,
  };
}

function javaReleaseOf(pom: PomModel): 17 | 21 {
  const raw = pom.properties['maven.compiler.release'] ?? pom.properties['maven.compiler.source'] ?? pom.properties['java.version'] ?? '';
  const n = Number.parseInt(interpolate(raw, pom).replace(/^1\./, ''), 10);
  return Number.isFinite(n) && n >= 21 ? 21 : 17;
}

const PACKAGE_DECL = /^\s*package\s+([\w.]+)\s*;/m;
const MAIN_METHOD = /\bstatic\s+void\s+main\s*\(/;

/**
 * The base package of existing sources: the package of a class with `main` (the
 * shortest one if several), else the longest package prefix shared by every file.
 */
function packageFromSources(javaRoot: string, limit = 5000): string | undefined {
  if (!existsSync(javaRoot)) return undefined;
  const packages: string[] = [];
  const mains: string[] = [];
  const stack = [javaRoot];
  let seen = 0;
  while (stack.length && seen < limit) {
    const dir = stack.pop()!;
    for (const ent of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, ent.name);
      if (ent.isDirectory()) stack.push(p);
      else if (ent.name.endsWith('.java')) {
        seen++;
        const src = readTextIfRegular(p);
        if (src === undefined) continue;
        const pkg = PACKAGE_DECL.exec(src)?.[1];
        if (!pkg) continue;
        packages.push(pkg);
        if (MAIN_METHOD.test(src)) mains.push(pkg);
      }
    }
  }
  const pick = mains.length ? mains.sort((a, b) => a.length - b.length)[0] : commonPrefix(packages);
  return pick && validatePackageName(pick) === undefined ? pick : undefined;
}

function commonPrefix(packages: string[]): string | undefined {
  if (!packages.length) return undefined;
  let prefix = packages[0].split('.');
  for (const p of packages.slice(1)) {
    const segs = p.split('.');
    let i = 0;
    while (i < prefix.length && i < segs.length && prefix[i] === segs[i]) i++;
    prefix = prefix.slice(0, i);
  }
  return prefix.length ? prefix.join('.') : undefined;
}

/**
 * Every Java source of the reactor the project belongs to (its own main and test sources, and
 * every module's), with paths relative to the project's root as the plan's Tree has them: what
 * `gen`'s checker sees around the files it writes, exactly the files `check` at the reactor's root
 * reads. Lent as context, never judged.
 */
export function projectSources(root: string): { path: string; content: string }[] {
  const files = reactorSourceRoots(reactorRoot(root)).flatMap((d) => listFiles(d, isJava));
  // bounded and regular files only: a FIFO, a device or a huge file is skipped, never read
  return files.flatMap((abs) => {
    const content = readTextIfRegular(abs);
    return content === undefined ? [] : [{ path: relative(root, abs).split(sep).join('/'), content }];
  });
}
