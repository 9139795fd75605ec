/** Builds small -sources.jar files at test time from tests/fixtures/inventory/<artifactId>/. */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { zipSync, type Zippable } from 'fflate';
import type { SourcesJar } from '../../src/inventory/extract/index.js';

const FIXTURES = fileURLToPath(new URL('../fixtures/inventory/', import.meta.url));

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? walk(p) : [p];
  });
}

/** A jar of one fixture folder; fixed timestamps so the bytes (and sha1) are stable. */
function fixtureJar(artifactId: string): SourcesJar {
  const root = join(FIXTURES, artifactId);
  const files: Zippable = {};
  for (const f of walk(root).sort()) files[relative(root, f).split('\\').join('/')] = [new Uint8Array(readFileSync(f)), { mtime: new Date('2020-01-01T00:00:00Z') }];
  return { artifactId, bytes: zipSync(files, { level: 6 }) };
}

export function allFixtureJars(): SourcesJar[] {
  return readdirSync(FIXTURES).sort().map(fixtureJar);
}
