import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execa } from 'execa';
import { checkSources, type Finding } from '../../src/checker/index.js';
import { loadInventory } from '../../src/inventory/store.js';
import { mavenClasspath } from './maven-classpath.js';

const pom = (artifacts: string[], libraries: string[]) => `<project xmlns="http://maven.apache.org/POM/4.0.0"><modelVersion>4.0.0</modelVersion><groupId>demo</groupId><artifactId>javac-decides</artifactId><version>1</version>
<dependencies>${[...artifacts.map((a) => `io.agentscope:${a}:2.0.2`), ...libraries]
  .map((c) => c.split(':'))
  .map(([g, a, v]) => `<dependency><groupId>${g}</groupId><artifactId>${a}</artifactId><version>${v}</version></dependency>`)
  .join('')}</dependencies></project>`;

/** What javac and check say of the same files: each as `File.java:line`, sorted. */
export interface Verdicts {
  /** javac's error lines. */
  javac: string[];
  /** The lines check reports an error on, and the rules. */
  check: string[];
  /** Every error finding of check. */
  findings: Finding[];
  /** The lines written with a trailing `// error`: the ones the case says javac rejects. */
  tagged: string[];
}

/**
 * javac decides a case: `files` (name -> Java source) are compiled with agentscope-core 2.0.2 and
 * its dependencies (the classpath Maven resolves; `artifacts`: other io.agentscope artifacts instead;
 * `libraries`: other dependencies, as group:artifact:version), together or each on its own (`separately`: javac's
 * flow phase reports one class's unreported exceptions), and checked at 2.0.2. Nothing is left behind.
 */
export async function javacDecides(files: Record<string, string>, options: { separately?: boolean; artifacts?: string[]; libraries?: string[] } = {}): Promise<Verdicts> {
  const dir = mkdtempSync(join(tmpdir(), 'as-javac-decides-'));
  try {
    writeFileSync(join(dir, 'pom.xml'), pom(options.artifacts ?? ['agentscope-core'], options.libraries ?? []));
    const cp = await mavenClasspath(dir);
    const src = join(dir, 'src', 'demo');
    mkdirSync(src, { recursive: true });
    const list = Object.entries(files).map(([name, content]) => ({ path: join(src, name), content }));
    for (const f of list) writeFileSync(f.path, f.content);
    const runs = options.separately ? list.map((f) => [f]) : [list];
    const javac: string[] = [];
    const findings: Finding[] = [];
    for (const run of runs) {
      const r = await execa('javac', ['-proc:none', '-Xmaxerrs', '1000', '-d', join(dir, 'out'), '-cp', cp, ...run.map((f) => f.path)], { reject: false, all: true });
      javac.push(...[...(r.all ?? '').matchAll(/^(.+\.java):(\d+): error/gm)].map((m) => `${m[1].slice(src.length + 1)}:${m[2]}`));
      findings.push(...(await checkSources(run, loadInventory('2.0.2'))).filter((f) => f.severity === 'error'));
    }
    const tagged = Object.entries(files).flatMap(([name, content]) => content.split('\n').flatMap((l, i) => (l.endsWith('// error') ? [`${name}:${i + 1}`] : [])));
    return {
      javac: [...new Set(javac)].sort(),
      check: [...new Set(findings.map((f) => `${f.file.slice(src.length + 1)}:${f.line}`))].sort(),
      findings,
      tagged: tagged.sort(),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
