/**
 * Issue 12, item 3: Java 21 is offered with only an older JDK, but the user is told, at the
 * prompt and in the summary. Uses the real JDKs of the machine through fake JAVA_HOME/PATH
 * layouts, so the test holds wherever it runs.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { detectJdk } from '../../src/cli/jdk.js';
import { CREATE_FIELDS } from '../../src/cli/prompts.js';
import { cleanup, cli, tempDir } from './helpers.js';

afterAll(cleanup);

function fakeJdk(root: string, version: string): string {
  const home = join(root, `jdk-${version}`);
  mkdirSync(join(home, 'bin'), { recursive: true });
  writeFileSync(join(home, 'release'), `IMPLEMENTOR="Test"\nJAVA_VERSION="${version}"\n`);
  writeFileSync(join(home, 'bin', 'java'), '#!/bin/sh\nexit 0\n', { mode: 0o755 });
  return home;
}

describe('detectJdk', () => {
  it('reads JAVA_HOME first, then the java on PATH (symlinks followed)', () => {
    const root = tempDir();
    const j17 = fakeJdk(root, '17.0.15');
    const j21 = fakeJdk(root, '21.0.4');
    expect(detectJdk({ JAVA_HOME: j21, PATH: join(j17, 'bin') })).toEqual({ major: 21, home: j21, from: 'JAVA_HOME' });
    expect(detectJdk({ PATH: `/nonexistent:${join(j17, 'bin')}` })).toEqual({ major: 17, home: j17, from: 'PATH' });
    expect(detectJdk({ JAVA_HOME: fakeJdk(root, '1.8.0_402') })?.major).toBe(8);
    expect(detectJdk({ PATH: '/nonexistent' })).toBeUndefined();
  });
});

describe('create with a JDK older than the chosen release', () => {
  it('warns in the summary, and writes the project anyway', async () => {
    const cwd = tempDir();
    const home = fakeJdk(cwd, '17.0.15');
    const r = await cli(cwd, ['create', 'app21', '--yes', '--java', '21'], { JAVA_HOME: home });
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain(`warning: the project targets Java 21, but the JDK that mvn uses here is 17 (${home}, from JAVA_HOME)`);
    const ok = await cli(cwd, ['create', 'app17', '--yes', '--java', '17'], { JAVA_HOME: home });
    expect(ok.out).not.toContain('warning: the project targets');
  });

  it('marks the newer release at the prompt (en and zh)', () => {
    const java = CREATE_FIELDS.find((f) => f.key === 'java')!;
    const titles = (lang: 'en' | 'zh', jdkMajor?: number) =>
      (java.ask!({ lang, pinVersion: 'x', providers: [], agentKinds: [], jdkMajor }, {})[0] as { choices: { title: string }[] }).choices.map((c) => c.title);
    expect(titles('en', 17)).toEqual(['17', '21  (your JDK is 17: mvn here cannot build it)']);
    expect(titles('zh', 17)[1]).toBe('21  （本机 JDK 为 17：此处的 mvn 无法构建）');
    expect(titles('en', 21)).toEqual(['17', '21']);
    expect(titles('en', undefined)).toEqual(['17', '21']);
  });
});
