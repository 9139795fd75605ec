/**
 * `agentscope inventory pull`: discover a version's source-bearing io.agentscope artifacts,
 * resolve their -sources.jar through mvn, extract, and save inventory + manifest.
 *
 * Discovery: the version's agentscope-bom (dependencyManagement) when Maven serves it;
 * otherwise the candidate list in candidates.json is probed artifact by artifact (pom first,
 * to leave out pom-packaged modules, then the sources jar), 4 mvn processes at a time.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CliError } from '../cli/errors.js';
import { INVENTORY_DIR } from '../cli/paths.js';
import { extractInventory, type SourcesJar } from './extract/index.js';
import { bomArtifacts, mapLimit, pomPackaging, resolveArtifact, stableMavenError, type MavenOptions } from './maven.js';
import { readPin } from './pin.js';
import { INVENTORY_FORMAT, type Inventory, type Manifest } from './schema.js';
import { cacheRoot, saveInventory, serializeInventory } from './store.js';
import candidatesJson from './candidates.json' with { type: 'json' };

export const GROUP_ID = 'io.agentscope';
export const BOM_ARTIFACT = 'agentscope-bom';
export const CORE_ARTIFACT = 'agentscope-core';

export interface Candidates {
  umbrella: string[];
  bom: string[];
  extra: string[];
}

export function candidateList(c: Candidates = candidatesJson as Candidates): string[] {
  return [...new Set([...c.bom, ...c.extra])];
}

export interface PullOptions extends MavenOptions {
  version: string;
  /** Output directory; default inventory/<v> for the pinned version, else the cache. */
  out?: string;
  concurrency?: number;
  /** Progress lines (stderr in the CLI). */
  log?: (line: string) => void;
  /** Overrides candidates.json (tests). */
  candidates?: Candidates;
}

export interface ProbeOutcome {
  artifactId: string;
  status: 'found' | 'pom' | 'umbrella' | 'unavailable';
  /** mvn's reason when unavailable. */
  error?: string;
  jar?: Uint8Array;
}

export interface PullResult {
  dir: string;
  inventory: Inventory;
  manifest: Manifest;
  outcomes: ProbeOutcome[];
  bomError?: string;
  extractMs: number;
  totalMs: number;
}

export function defaultOutDir(version: string, env: NodeJS.ProcessEnv = process.env): string {
  return version === readPin().version ? join(INVENTORY_DIR, version) : join(cacheRoot(env), 'inventory', version);
}

export async function pullInventory(opts: PullOptions): Promise<PullResult> {
  const t0 = performance.now();
  const log = opts.log ?? (() => {});
  const { version } = opts;
  const candidates = opts.candidates ?? (candidatesJson as Candidates);
  const work = mkdtempSync(join(tmpdir(), 'agentscope-pull-'));
  const mvnOpts: MavenOptions = { mvn: opts.mvn, args: opts.args, env: opts.env, cwd: work };
  try {
    // 1. The version's BOM, if Maven serves one; agentscope-core alongside, so that a version
    //    Maven does not serve at all fails fast instead of after probing every candidate.
    let discovery: Manifest['discovery'] = 'probe';
    let ids = candidateList(candidates);
    log(`resolving ${GROUP_ID}:${BOM_ARTIFACT}:${version}:pom and ${GROUP_ID}:${CORE_ARTIFACT}:${version}:pom ...`);
    const [bom, corePom] = await Promise.all([
      resolveArtifact({ groupId: GROUP_ID, artifactId: BOM_ARTIFACT, version, type: 'pom' }, join(work, 'bom'), mvnOpts),
      resolveArtifact({ groupId: GROUP_ID, artifactId: CORE_ARTIFACT, version, type: 'pom' }, join(work, 'core'), mvnOpts),
    ]);
    let bomError: string | undefined;
    if (bom.ok) {
      discovery = 'bom';
      ids = bomArtifacts(readFileSync(bom.file, 'utf8'), GROUP_ID);
      log(`BOM lists ${ids.length} artifacts`);
    } else {
      bomError = bom.error;
      if (!corePom.ok) {
        throw new CliError(
          `AgentScope Java ${version} is not served by your Maven repositories: mvn could resolve neither ${GROUP_ID}:${BOM_ARTIFACT}:${version} nor ${GROUP_ID}:${CORE_ARTIFACT}:${version}.\n  mvn: ${corePom.error}\n  mvn: ${bom.error}`,
          1,
          'pull a version listed in io/agentscope/agentscope-core/maven-metadata.xml of your repository, or check network/settings.xml',
        );
      }
      log(`no BOM (${bom.error}); probing ${ids.length} candidate artifactIds, ${opts.concurrency ?? 4} at a time`);
    }

    // 2. Probe: pom (exists? packaging?), then the sources jar.
    const outcomes = await mapLimit(ids, opts.concurrency ?? 4, async (artifactId, i): Promise<ProbeOutcome> => {
      if (candidates.umbrella.includes(artifactId)) return { artifactId, status: 'umbrella' };
      const dir = join(work, String(i));
      const pom = artifactId === CORE_ARTIFACT && corePom.ok ? corePom : await resolveArtifact({ groupId: GROUP_ID, artifactId, version, type: 'pom' }, dir, mvnOpts);
      if (!pom.ok) return { artifactId, status: 'unavailable', error: pom.error };
      if (pomPackaging(readFileSync(pom.file, 'utf8')) === 'pom') return { artifactId, status: 'pom' };
      const src = await resolveArtifact({ groupId: GROUP_ID, artifactId, version, type: 'jar', classifier: 'sources' }, dir, mvnOpts);
      if (!src.ok) return { artifactId, status: 'unavailable', error: src.error };
      log(`  found ${artifactId}`);
      return { artifactId, status: 'found', jar: new Uint8Array(readFileSync(src.file)) };
    });
    const found = outcomes.filter((o) => o.status === 'found');
    if (!found.length) {
      const core = outcomes.find((o) => o.artifactId === 'agentscope-core') ?? outcomes.find((o) => o.error);
      throw new CliError(
        `no ${GROUP_ID} sources jar of version ${version} could be resolved (${outcomes.length} artifactIds tried${bomError ? ', no BOM' : ''}); mvn said for ${core?.artifactId ?? 'the candidates'}: ${core?.error ?? bomError ?? 'nothing'}`,
        1,
        'check the version (`agentscope inventory list`), your network and Maven settings; Maven Central serves only the versions in io/agentscope/agentscope-core/maven-metadata.xml',
      );
    }

    // 3. Extract and save.
    const te = performance.now();
    const jars: SourcesJar[] = found.map((o) => ({ artifactId: o.artifactId, bytes: o.jar! }));
    const { inventory, members, rejected } = await extractInventory(jars, { groupId: GROUP_ID, version, umbrella: candidates.umbrella });
    const extractMs = performance.now() - te;
    const json = serializeInventory(inventory);
    const unavailable = outcomes.filter((o) => o.status === 'unavailable').map((o) => ({ artifactId: o.artifactId, error: stableMavenError(o.error!) }));
    const skipped = outcomes
      .filter((o) => o.status === 'pom' || o.status === 'umbrella')
      .map((o) => ({ artifactId: o.artifactId, reason: o.status === 'pom' ? 'pom packaging (no classes)' : 'umbrella artifact re-packaging the other modules; not extracted (its types are owned by the modules)' }));
    const manifest: Manifest = {
      format: INVENTORY_FORMAT,
      groupId: GROUP_ID,
      version,
      discovery,
      artifacts: inventory.artifacts.map((a) => ({ artifactId: a.artifactId, sha1: a.sha1, javaFiles: a.javaFiles, types: a.types })),
      counts: { artifacts: inventory.artifacts.length, types: inventory.types.length, members, duplicatesResolved: inventory.duplicatesResolved, rejectedFiles: rejected },
      inventorySha256: createHash('sha256').update(json).digest('hex'),
      ...(unavailable.length ? { unavailable } : {}),
      ...(skipped.length ? { skipped } : {}),
    };
    const dir = opts.out ?? defaultOutDir(version, opts.env);
    saveInventory(dir, inventory, manifest);
    return { dir, inventory, manifest, outcomes: outcomes.map(({ jar: _jar, ...o }) => o), bomError, extractMs, totalMs: performance.now() - t0 };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
