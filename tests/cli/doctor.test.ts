/** Issue 12, item 13: `agentscope doctor` against the real JDK and mvn of the machine. */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readPin } from '../../src/inventory/pin.js';
import { cleanup, cli, tempDir } from './helpers.js';

afterAll(cleanup);

// The in-process CLI sees only the env it is given: hand it the machine's PATH (and JAVA_HOME).
const MACHINE = { PATH: process.env.PATH, ...(process.env.JAVA_HOME ? { JAVA_HOME: process.env.JAVA_HOME } : {}) };

describe('agentscope doctor', () => {
  it('in a generated project: every check passes with the real JDK and mvn', { timeout: 300_000 }, async () => {
    const cwd = tempDir();
    expect((await cli(cwd, ['create', 'app', '--yes', '--no-git'])).code).toBe(0);
    const r = await cli(join(cwd, 'app'), ['doctor', '--json'], MACHINE);
    expect(r.code, r.out + r.err).toBe(0);
    const json = JSON.parse(r.out) as { agentscopeVersion: string; checks: { name: string; status: string }[] };
    expect(json.agentscopeVersion).toBe(readPin().version);
    expect(json.checks.map((c) => [c.name, c.status])).toEqual([['node', 'ok'], ['java', 'ok'], ['maven', 'ok'], ['agentscope', 'ok'], ['surefire', 'ok']]);
  });

  it('a version Maven cannot resolve, a missing mvn and a newer Java release fail with exit 1', { timeout: 300_000 }, async () => {
    const cwd = tempDir();
    expect((await cli(cwd, ['create', 'app', '--yes', '--no-git', '--java', '21'])).code).toBe(0);
    const pom = join(cwd, 'app', 'pom.xml');
    writeFileSync(pom, readFileSync(pom, 'utf8').replace(/<agentscope\.version>[^<]+</, '<agentscope.version>9.9.9<'));
    const r = await cli(join(cwd, 'app'), ['doctor', '--offline'], MACHINE);
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/FAIL +agentscope +io\.agentscope:agentscope-core:9\.9\.9 does not resolve/);
    expect(r.out).not.toMatch(/https?:\/\//);
    const noMvn = await cli(join(cwd, 'app'), ['doctor'], { ...MACHINE, AGENTSCOPE_MVN: join(cwd, 'no-such-mvn') });
    expect(noMvn.code).toBe(1);
    expect(noMvn.out).toMatch(/FAIL +maven +cannot run/);
  });

  it('rejects arguments with exit 2', async () => {
    expect((await cli(tempDir(), ['doctor', 'extra'])).code).toBe(2);
    expect((await cli(tempDir(), ['doctor', '--bogus'])).code).toBe(2);
  });
});
