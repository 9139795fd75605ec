/**
 * The Spring Boot flavour against the real pinned starters and Spring Boot from Maven Central:
 * two generated applications (the default provider with every supported feature, and a second
 * provider family with the tool, in Chinese) in one reactor, `mvn -q test` (offline tests:
 * scripted Model bean, MockMvc, no API key). The first run downloads Spring Boot once.
 */
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPRING_BOOT_SUPPORTED_FEATURES, providerStarter, springBootProviders } from '../../generators/spring-boot/support.js';
import { SPRING_BOOT_VERSION } from '../../generators/spring-boot/index.js';
import { parsePom } from '../../src/pom/pom.js';
import { readPin } from '../../src/inventory/pin.js';
import { inventory, mvn, providerChoices, tempDir, writeAggregator, writeProject, type ProjectSpec } from './support.js';

const root = tempDir('agentscope-spring-');
const modules: string[] = [];

function specs(): ProjectSpec[] {
  const all = providerChoices();
  const starters = springBootProviders(inventory(), all.map((p) => p.prefix));
  const usable = all.filter((p) => starters.includes(p.prefix));
  const first = usable[0];
  // another provider family: a different model extension artifact than the first
  const other = usable.find((p) => p.artifactId !== first.artifactId);
  const out: ProjectSpec[] = [{ name: `sb-${first.prefix}-all`, providers: [first], features: [...SPRING_BOOT_SUPPORTED_FEATURES], lang: 'en' }];
  if (other) out.push({ name: `sb-${other.prefix}-tool`, providers: [other], features: ['tool'], lang: 'zh' });
  return out;
}

beforeAll(async () => {
  for (const spec of specs()) {
    await writeProject(join(root, spec.name), { ...spec, flavor: 'spring-boot' });
    modules.push(spec.name);
  }
  writeAggregator(root, modules);
}, 300_000);

afterAll(() => {
  if (!process.env.KEEP_MATRIX) rmSync(root, { recursive: true, force: true });
});

describe('Spring Boot flavour: generated applications pass mvn test', () => {
  it('imports the Spring Boot version the pinned provider starter declares', () => {
    // The starter's own pom, resolved through mvn as a user's machine would.
    const out = tempDir('agentscope-starter-pom-');
    const starter = providerStarter(providerChoices()[0].prefix);
    const run = mvn(out, ['-q', 'org.apache.maven.plugins:maven-dependency-plugin:3.8.1:copy', `-Dartifact=io.agentscope:${starter}:${readPin().version}:pom`, `-DoutputDirectory=${out}`]);
    expect(run.code, run.output.slice(-3000)).toBe(0);
    const pom = parsePom(readFileSync(join(out, `${starter}-${readPin().version}.pom`), 'utf8'));
    const boot = pom.dependencies.find((d) => d.groupId === 'org.springframework.boot' && d.artifactId === 'spring-boot-autoconfigure');
    expect(boot?.version).toBe(SPRING_BOOT_VERSION);
    rmSync(out, { recursive: true, force: true });
  }, 300_000);

  it('one reactor: the default provider with every supported feature, plus a second provider family', () => {
    expect(modules.length).toBe(2);
    // Not offline: a fresh local repository (CI) downloads Spring Boot once; a warm one makes no requests.
    const run = mvn(root, ['-q', 'test', '-fae']);
    console.log(`spring-boot reactor: ${modules.join(', ')}: ${run.ms} ms`);
    expect(run.code, run.output.slice(-6000)).toBe(0);

    // The generated tests really ran: the endpoint tests and the starter's model test in each module.
    for (const m of modules) {
      const reports = join(root, m, 'target', 'surefire-reports');
      const suites = readdirSync(reports).filter((f) => f.endsWith('.xml'));
      const byName = Object.fromEntries(
        suites.map((f) => {
          const xml = readFileSync(join(reports, f), 'utf8');
          const a = /<testsuite [^>]*name="([^"]+)"[^>]*tests="(\d+)"[^>]*errors="(\d+)"[^>]*skipped="(\d+)"[^>]*failures="(\d+)"/.exec(xml)!;
          return [a[1].split('.').pop()!, { tests: Number(a[2]), bad: Number(a[3]) + Number(a[4]) + Number(a[5]) }];
        }),
      );
      expect(byName.ChatControllerTest?.tests, m).toBeGreaterThanOrEqual(5);
      expect(byName.ModelConfigTest?.tests, m).toBe(1);
      for (const [name, s] of Object.entries(byName)) expect(s.bad, `${m} ${name}`).toBe(0);
    }
  }, 900_000);
});
