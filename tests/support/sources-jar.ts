import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { afterAll } from 'vitest';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { execa } from 'execa';
import { DEPENDENCY_PLUGIN, fastJvm, mavenError, resolveArtifact } from '../../src/inventory/maven.js';

// made on first use (a file whose tests are all skipped makes none), removed after its test file
let made: string | undefined;
afterAll(() => {
  if (made) rmSync(made, { recursive: true, force: true });
});
function jarsDir(): string {
  made ??= mkdtempSync(join(tmpdir(), 'sources-jars-'));
  return made;
}
const resolved = new Map<string, Promise<string>>();

/**
 * The path of an io.agentscope -sources.jar, resolved through mvn (so a fresh local
 * repository works, as in CI). Fails the test with mvn's reason rather than skipping.
 */
export function sourcesJar(artifactId: string, version: string): Promise<string> {
  const key = `${artifactId}:${version}`;
  let p = resolved.get(key);
  if (!p) {
    p = resolveArtifact({ groupId: 'io.agentscope', artifactId, version, classifier: 'sources' }, jarsDir()).then((r) => {
      if (!r.ok) throw new Error(`mvn could not resolve io.agentscope:${key}:sources: ${r.error}`);
      return r.file;
    });
    resolved.set(key, p);
  }
  return p;
}

/** The .java files of a sources jar (optionally only those `keep` accepts). */
export function javaSourcesOf(jar: string, keep: (name: string) => boolean = (n) => n.endsWith('.java')): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, data] of Object.entries(unzipSync(new Uint8Array(readFileSync(jar)), { filter: (f) => keep(f.name) }))) out[name] = strFromU8(data);
  return out;
}

/**
 * Many -sources.jars of one version in one mvn run (a throw-away pom listing them, then
 * dependency:copy-dependencies): artifactId -> jar path. Fails with mvn's reason.
 */
export async function sourcesJars(artifactIds: string[], version: string): Promise<Map<string, string>> {
  const work = mkdtempSync(join(jarsDir(), 'many-'));
  const deps = artifactIds.map((a) => `<dependency><groupId>io.agentscope</groupId><artifactId>${a}</artifactId><version>${version}</version><classifier>sources</classifier></dependency>`);
  writeFileSync(
    join(work, 'pom.xml'),
    `<project xmlns="http://maven.apache.org/POM/4.0.0"><modelVersion>4.0.0</modelVersion><groupId>t</groupId><artifactId>sources</artifactId><version>1</version><packaging>pom</packaging><dependencies>${deps.join('')}</dependencies></project>`,
  );
  const out = join(work, 'jars');
  const r = await execa('mvn', ['-B', '-q', `${DEPENDENCY_PLUGIN}:copy-dependencies`, `-DoutputDirectory=${out}`, '-DexcludeTransitive=true', '-Dclassifier=sources'], { cwd: work, env: fastJvm(process.env), reject: false, all: true, stdin: 'ignore' });
  if (r.exitCode !== 0) throw new Error(`mvn could not resolve the sources jars of ${version}: ${mavenError(r.all ?? '')}`);
  const jars = new Map<string, string>();
  for (const a of artifactIds) {
    const f = join(out, `${a}-${version}-sources.jar`);
    if (!existsSync(f)) throw new Error(`mvn did not copy ${f}`);
    jars.set(a, f);
  }
  return jars;
}
