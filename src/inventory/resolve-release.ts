/**
 * Resolves a release's poms and -sources.jars in one mvn run (two when the BOM lists artifacts
 * the first run did not try).
 *
 * Run 1 asks, in one reactor (mvn-reactor.ts), for the BOM's pom, agentscope-core's pom and
 * sources, and every candidate's pom and sources; agentscope-core gates the candidates, so a
 * version that is not served stops after two look-ups. With a BOM its list decides which of
 * those results count (discovery "bom"); without one, the candidate list does ("probe").
 * Artifacts the BOM lists that run 1 did not try go to run 2. Outcomes are classified as the
 * per-artifact way does: no pom → unavailable, pom packaging → skipped, no sources → unavailable.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { bomArtifacts, pomPackaging } from './maven.js';
import { resolveInOneRun, type ReactorRequest, type ReactorResult } from './mvn-reactor.js';
import { BOM_ARTIFACT, candidateList, CORE_ARTIFACT, GROUP_ID, type ProbeOutcome, type ReleaseResolution, type ResolveReleaseOptions } from './release.js';

function classify(artifactId: string, r: ReactorResult): ProbeOutcome {
  if (!r.pom) return { artifactId, status: 'unavailable', error: r.error };
  const pom = readFileSync(r.pom, 'utf8');
  if (pomPackaging(pom) === 'pom') return { artifactId, status: 'pom', pom };
  if (!r.sources) return { artifactId, status: 'unavailable', error: r.error, pom };
  return { artifactId, status: 'found', jar: new Uint8Array(readFileSync(r.sources)), pom };
}

export async function resolveRelease(opts: ResolveReleaseOptions): Promise<ReleaseResolution> {
  const { version, candidates, work, log } = opts;
  const run = (name: string, requests: ReactorRequest[], gate?: string) =>
    resolveInOneRun(requests, {
      mvn: opts.mvn,
      args: opts.args,
      env: opts.env,
      groupId: GROUP_ID,
      version,
      dir: join(work, name),
      gate,
      threads: opts.concurrency,
      onModule: (done, total, artifactId) => opts.onProgress?.({ done, total, artifactId }),
    });

  const wanted = (id: string) => !candidates.umbrella.includes(id) && id !== BOM_ARTIFACT;
  const first: ReactorRequest[] = [
    { artifactId: BOM_ARTIFACT, sources: false, ungated: true },
    { artifactId: CORE_ARTIFACT, sources: true },
    ...candidateList(candidates)
      .filter((id) => wanted(id) && id !== CORE_ARTIFACT)
      .map((artifactId) => ({ artifactId, sources: true })),
  ];
  log(`resolving ${GROUP_ID}:${BOM_ARTIFACT}:${version}, ${CORE_ARTIFACT} and ${first.length - 2} candidate artifacts in one mvn run ...`);
  const results = new Map((await run('run1', first, CORE_ARTIFACT)).map((r) => [r.artifactId, r]));
  const bom = results.get(BOM_ARTIFACT)!;
  const core = results.get(CORE_ARTIFACT)!;
  if (!bom.pom && !core.pom) return { served: false, coreError: core.error!, bomError: bom.error! };

  const ids = bom.pom ? bomArtifacts(readFileSync(bom.pom, 'utf8'), GROUP_ID) : candidateList(candidates);
  log(bom.pom ? `BOM lists ${ids.length} artifacts` : `no BOM; ${ids.length} candidate artifactIds`);
  const retry = ids.filter((id) => !candidates.umbrella.includes(id) && !results.get(id)?.attempted);
  if (retry.length) {
    log(`resolving ${retry.length} more artifact(s) the BOM lists ...`);
    for (const r of await run('run2', retry.map((artifactId) => ({ artifactId, sources: true })))) results.set(r.artifactId, r);
  }
  const outcomes = ids.map((id): ProbeOutcome => (candidates.umbrella.includes(id) ? { artifactId: id, status: 'umbrella' } : classify(id, results.get(id)!)));
  return { served: true, discovery: bom.pom ? 'bom' : 'probe', bomError: bom.pom ? undefined : bom.error, outcomes };
}
