/**
 * `agentscope inventory pull`: discover a version's source-bearing io.agentscope artifacts,
 * resolve their -sources.jar through mvn, extract, and save inventory + manifest.
 *
 * Discovery: the version's agentscope-bom (dependencyManagement) when Maven serves it;
 * otherwise the candidate list in candidates.json. Resolution runs in one mvn process for the
 * whole release (resolve-release.ts); the previous one-process-per-probe way
 * (resolve-per-artifact.ts) stays callable for the bench only. Both give the same output.
 */
import { requireVersion } from '../core/versions.js';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CliError } from '../core/errors.js';
import { INVENTORY_DIR } from '../core/paths.js';
import { dependencyGraph } from './dependency-graph.js';
import { extractInventory, type SourcesJar } from './extract/index.js';
import { stableMavenError, type MavenOptions } from './maven.js';
import { readPin } from './pin.js';
import { BOM_ARTIFACT, CORE_ARTIFACT, DEFAULT_CANDIDATES, GROUP_ID, type Candidates, type ProbeOutcome, type PullProgress } from './release.js';
import { resolvePerArtifact } from './resolve-per-artifact.js';
import { resolveRelease } from './resolve-release.js';
import { INVENTORY_FORMAT, type Inventory, type Manifest } from './schema.js';
import { cacheRoot, saveInventory, serializeInventory } from './store.js';

export {    candidateList, type Candidates,   } from './release.js';

export interface PullOptions extends MavenOptions {
  version: string;
  /** Output directory; default inventory/<v> for the pinned version, else the cache. */
  out?: string;
  /** Artifacts resolved at once (mvn -T; default 4). */
  concurrency?: number;
  /** Plain progress lines (stderr in the CLI). */
  log?: (line: string) => void;
  /** Step events for a live display (see progress.ts). */
  progress?: (p: PullProgress) => void;
  /** Overrides candidates.json (tests). */
  candidates?: Candidates;
  /** 'one-run' (default) or the previous one mvn process per probe, kept for bench/pull.mjs. */
  strategy?: 'one-run' | 'per-artifact';
}

export interface PullResult {
  dir: string;
  inventory: Inventory;
  manifest: Manifest;
  outcomes: ProbeOutcome[];
  bomError?: string;
  resolveMs: number;
  extractMs: number;
  totalMs: number;
}

function defaultOutDir(version: string, env: NodeJS.ProcessEnv = process.env): string {
  return version === readPin().version ? join(INVENTORY_DIR, version) : join(cacheRoot(env), 'inventory', version);
}

export async function pullInventory(opts: PullOptions): Promise<PullResult> {
  const t0 = performance.now();
  const log = opts.log ?? (() => {});
  const version = requireVersion(opts.version, 'version', 1);
  const candidates = opts.candidates ?? DEFAULT_CANDIDATES;
  const work = mkdtempSync(join(tmpdir(), 'agentscope-pull-'));
  // an interrupted pull (Ctrl-C, SIGTERM, a closed terminal) removes its work folder, then ends
  // as the signal asked: nothing is left in the system temp folder
  const onSignal = (sig: NodeJS.Signals) => {
    rmSync(work, { recursive: true, force: true });
    for (const s of PULL_SIGNALS) process.off(s, onSignal);
    process.kill(process.pid, sig);
  };
  for (const s of PULL_SIGNALS) process.on(s, onSignal);
  try {
    // 1. Resolve: the BOM (or the candidate list) and every listed artifact's pom and sources.
    const resolve = opts.strategy === 'per-artifact' ? resolvePerArtifact : resolveRelease;
    const resolution = await resolve({
      version,
      candidates,
      work,
      mvn: opts.mvn,
      args: opts.args,
      env: opts.env,
      concurrency: opts.concurrency,
      log,
      onProgress: (p) => opts.progress?.({ step: 'resolve', ...p }),
    });
    // mvn that cannot start says nothing about what the repositories serve.
    if (!resolution.served && [resolution.coreError, resolution.bomError].some((e) => e?.startsWith('cannot run '))) {
      const mvn = opts.mvn ?? opts.env?.AGENTSCOPE_MVN ?? 'mvn';
      throw new CliError(
        { en: `cannot run ${mvn}: Maven is needed to fetch AgentScope Java ${version}, and it is not installed or not on PATH`, zh: `无法运行 ${mvn}：获取 AgentScope Java ${version} 需要 Maven，但它未安装或不在 PATH 中` },
        1,
        { en: 'install Maven 3.8+ (or set AGENTSCOPE_MVN to its mvn); `agentscope doctor` checks the set-up', zh: '请安装 Maven 3.8+（或用 AGENTSCOPE_MVN 指向 mvn）；`agentscope doctor` 可检查环境' },
      );
    }
    if (!resolution.served) {
      throw new CliError(
        {
          en: `AgentScope Java ${version} is not served by your Maven repositories: mvn could resolve neither ${GROUP_ID}:${BOM_ARTIFACT}:${version} nor ${GROUP_ID}:${CORE_ARTIFACT}:${version}.\n  mvn: ${resolution.coreError}\n  mvn: ${resolution.bomError}`,
          zh: `你的 Maven 仓库没有提供 AgentScope Java ${version}：mvn 既无法解析 ${GROUP_ID}:${BOM_ARTIFACT}:${version}，也无法解析 ${GROUP_ID}:${CORE_ARTIFACT}:${version}。\n  mvn：${resolution.coreError}\n  mvn：${resolution.bomError}`,
        },
        1,
        { en: 'pull a version listed in io/agentscope/agentscope-core/maven-metadata.xml of your repository, or check network/settings.xml', zh: '请拉取仓库中 io/agentscope/agentscope-core/maven-metadata.xml 列出的版本，或检查网络与 settings.xml' },
      );
    }
    const { discovery, bomError, outcomes } = resolution;
    const resolveMs = performance.now() - t0;
    const found = outcomes.filter((o) => o.status === 'found');
    if (!found.length) {
      const core = outcomes.find((o) => o.artifactId === CORE_ARTIFACT) ?? outcomes.find((o) => o.error);
      throw new CliError(
        `no ${GROUP_ID} sources jar of version ${version} could be resolved (${outcomes.length} artifactIds tried${bomError ? ', no BOM' : ''}); mvn said for ${core?.artifactId ?? 'the candidates'}: ${core?.error ?? bomError ?? 'nothing'}`,
        1,
        'check the version (`agentscope inventory list`), your network and Maven settings; Maven Central serves only the versions in io/agentscope/agentscope-core/maven-metadata.xml',
      );
    }

    // 2. Extract and save.
    log(`extracting ${found.length} sources jar(s) ...`);
    opts.progress?.({ step: 'extract', jars: found.length });
    const te = performance.now();
    const jars: SourcesJar[] = found.map((o) => ({ artifactId: o.artifactId, bytes: o.jar! }));
    const { inventory, members, rejected, packagePrivate, facts } = await extractInventory(jars, { groupId: GROUP_ID, version, umbrella: candidates.umbrella, packagePrivate: true });
    const extractMs = performance.now() - te;
    const graph = dependencyGraph(outcomes.map((o) => ({ artifactId: o.artifactId, pom: o.pom, umbrella: o.status === 'umbrella' })), GROUP_ID);
    if (graph.length) inventory.dependencyGraph = graph;
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
    opts.progress?.({ step: 'write', dir });
    saveInventory(dir, inventory, manifest, packagePrivate, facts);
    return { dir, inventory, manifest, outcomes: outcomes.map(({ jar: _jar, pom: _pom, ...o }) => o), bomError, resolveMs, extractMs, totalMs: performance.now() - t0 };
  } finally {
    for (const s of PULL_SIGNALS) process.off(s, onSignal);
    rmSync(work, { recursive: true, force: true });
  }
}

const PULL_SIGNALS: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGQUIT'];
