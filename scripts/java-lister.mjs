// Shared by the scripts that list JDK and Reactor methods by reflection (container-members.mjs,
// jdk-results.mjs): their flags, and running a lister class over every JDK and reactor-core jar.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';

/** The values after `flag` on the command line, up to the next flag. */
export function arg(flag) {
  const i = process.argv.indexOf(flag);
  if (i < 0) return [];
  const out = [];
  for (const a of process.argv.slice(i + 1)) {
    if (a.startsWith('--')) break;
    out.push(a);
  }
  return out;
}

/**
 * Runs the Java source `source` (class `className`, args: a class path, then type names; prints
 * `type entry` lines) with every JDK over `jdkTypes` and with the first JDK over each reactor-core jar
 * (and `libs`) over `reactorTypes`; the union of the entries, by type.
 */
export function listAll({ className, source, jdks, reactors, libs, jdkTypes, reactorTypes }) {
  const dir = mkdtempSync(join(tmpdir(), 'java-lister-'));
  const entries = new Map([...jdkTypes, ...reactorTypes].map((t) => [t, new Set()]));
  try {
    writeFileSync(join(dir, `${className}.java`), source);
    const run = (home, jar, types) => {
      const r = spawnSync(join(home, 'bin', 'java'), [join(dir, `${className}.java`), jar, ...types], { encoding: 'utf8', maxBuffer: 16 << 20 });
      if (r.status !== 0) throw new Error(`${home} ${jar}: ${r.stderr}`);
      for (const line of r.stdout.split('\n').filter(Boolean)) {
        const [t, e] = line.split(' ');
        entries.get(t).add(e);
      }
    };
    for (const home of jdks) run(home, '', jdkTypes);
    for (const jar of reactors) run(jdks[0], [jar, ...libs].join(delimiter), reactorTypes);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return entries;
}
