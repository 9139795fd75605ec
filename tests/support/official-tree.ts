/**
 * The whole official v2.0.2 tree for precision tests: every artifact's main sources from its
 * sources jar (through mvn) and, when the corpus tarball is beside the repository
 * (`../shared/corpus`, or AGENTSCOPE_CORPUS_DIR), the tag's tests and examples. Tests that need the
 * tarball skip, saying why, when `officialCorpusDir` is undefined.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { isJava, listFiles } from '../../src/core/files.js';
import { DEFAULT_CANDIDATES } from '../../src/inventory/release.js';
import { resolveRelease } from '../../src/inventory/resolve-release.js';

export const OFFICIAL_TARBALL = 'agentscope-java-v2.0.2-tests-examples-docs.tar.gz';
const ROOT = resolve(import.meta.dirname, '../..');
export const officialCorpusDir = [process.env.AGENTSCOPE_CORPUS_DIR, join(ROOT, '..', 'shared', 'corpus'), join(ROOT, '..', '..', 'shared', 'corpus')].find((d) => d && existsSync(join(d, OFFICIAL_TARBALL)));

/** The tree's Java files: the jars' first (`jarFiles` of them), then the corpus's when present; `work` receives the jars and the unpacked tarball. */
export async function officialTree(work: string): Promise<{ files: { path: string; content: string }[]; jarFiles: number }> {
  const files: { path: string; content: string }[] = [];
  const r = await resolveRelease({ version: '2.0.2', candidates: DEFAULT_CANDIDATES, work, log: () => {} });
  if (!r.served) throw new Error(`mvn could not resolve AgentScope Java 2.0.2: ${r.coreError}`);
  for (const o of r.outcomes) {
    if (o.status !== 'found') continue;
    for (const [name, data] of Object.entries(unzipSync(o.jar!, { filter: (f) => f.name.endsWith('.java') }))) files.push({ path: `${o.artifactId}/${name}`, content: strFromU8(data) });
  }
  const jarFiles = files.length;
  if (officialCorpusDir) {
    const dir = join(work, 'corpus');
    mkdirSync(dir);
    execFileSync('tar', ['xzf', join(officialCorpusDir, OFFICIAL_TARBALL), '-C', dir]);
    for (const f of listFiles(dir, isJava)) files.push({ path: relative(dir, f), content: readFileSync(f, 'utf8') });
  }
  return { files, jarFiles };
}
