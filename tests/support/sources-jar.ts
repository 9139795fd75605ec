import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { resolveArtifact } from '../../src/inventory/maven.js';

const dir = mkdtempSync(join(tmpdir(), 'sources-jars-'));
const resolved = new Map<string, Promise<string>>();

/**
 * The path of an io.agentscope -sources.jar, resolved through mvn (so a fresh local
 * repository works, as in CI). Fails the test with mvn's reason rather than skipping.
 */
export function sourcesJar(artifactId: string, version: string): Promise<string> {
  const key = `${artifactId}:${version}`;
  let p = resolved.get(key);
  if (!p) {
    p = resolveArtifact({ groupId: 'io.agentscope', artifactId, version, classifier: 'sources' }, dir).then((r) => {
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
