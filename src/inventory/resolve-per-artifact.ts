/**
 * The previous way of resolving a release: one mvn process per artifact probe (pom, then
 * -sources.jar), `concurrency` at a time. Kept only so that bench/pull.mjs can time it beside
 * the one-run way (`strategy: 'per-artifact'`); its output is the same.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { bomArtifacts, mapLimit, pomPackaging, resolveArtifact, type MavenOptions } from './maven.js';
import { BOM_ARTIFACT, candidateList, CORE_ARTIFACT, GROUP_ID, type ProbeOutcome, type ReleaseResolution, type ResolveReleaseOptions } from './release.js';

export async function resolvePerArtifact(opts: ResolveReleaseOptions): Promise<ReleaseResolution> {
  const { version, candidates, work, log } = opts;
  const mvnOpts: MavenOptions = { mvn: opts.mvn, args: opts.args, env: opts.env, cwd: work };
  const [bom, corePom] = await Promise.all([
    resolveArtifact({ groupId: GROUP_ID, artifactId: BOM_ARTIFACT, version, type: 'pom' }, join(work, 'bom'), mvnOpts),
    resolveArtifact({ groupId: GROUP_ID, artifactId: CORE_ARTIFACT, version, type: 'pom' }, join(work, 'core'), mvnOpts),
  ]);
  let ids = candidateList(candidates);
  let bomError: string | undefined;
  if (bom.ok) {
    ids = bomArtifacts(readFileSync(bom.file, 'utf8'), GROUP_ID);
    log(`BOM lists ${ids.length} artifacts`);
  } else {
    bomError = bom.error;
    if (!corePom.ok) return { served: false, coreError: corePom.error, bomError: bom.error };
    log(`no BOM; probing ${ids.length} candidate artifactIds, ${opts.concurrency ?? 4} at a time`);
  }
  let done = 0;
  const outcomes = await mapLimit(ids, opts.concurrency ?? 4, async (artifactId, i): Promise<ProbeOutcome> => {
    if (candidates.umbrella.includes(artifactId)) return { artifactId, status: 'umbrella' };
    const dir = join(work, String(i));
    try {
      const pom = artifactId === CORE_ARTIFACT && corePom.ok ? corePom : await resolveArtifact({ groupId: GROUP_ID, artifactId, version, type: 'pom' }, dir, mvnOpts);
      if (!pom.ok) return { artifactId, status: 'unavailable', error: pom.error };
      const pomXml = readFileSync(pom.file, 'utf8');
      if (pomPackaging(pomXml) === 'pom') return { artifactId, status: 'pom', pom: pomXml };
      const src = await resolveArtifact({ groupId: GROUP_ID, artifactId, version, type: 'jar', classifier: 'sources' }, dir, mvnOpts);
      if (!src.ok) return { artifactId, status: 'unavailable', error: src.error, pom: pomXml };
      return { artifactId, status: 'found', jar: new Uint8Array(readFileSync(src.file)), pom: pomXml };
    } finally {
      opts.onProgress?.({ done: ++done, total: ids.length, artifactId });
    }
  });
  return { served: true, discovery: bom.ok ? 'bom' : 'probe', bomError, outcomes };
}
