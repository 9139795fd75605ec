/**
 * What `gen structured` and `gen provider` wire besides the files they write, in-process on a
 * created project (the Maven build of the wired projects is tests/maven/field-projects.test.ts):
 * a provider that is already the primary model changes nothing; a Main rewritten by hand is left
 * alone and the note says what to add.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanup, cli, tempDir } from './helpers.js';

afterAll(cleanup);

async function created(name: string): Promise<string> {
  const root = tempDir();
  const r = await cli(root, ['create', name, '--yes', '--no-git', '--provider', 'dashscope']);
  if (r.code !== 0) throw new Error(r.out + r.err);
  return join(root, name);
}

describe('gen wiring on projects it did not write', () => {
  it('gen provider of the primary model changes ModelProviders not at all and writes no class', async () => {
    const dir = await created('prim');
    const providers = join(dir, 'src/main/java/com/example/prim/ModelProviders.java');
    const before = readFileSync(providers, 'utf8');
    const r = await cli(dir, ['gen', 'provider', 'dashscope', '--yes']);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain('dashscope already provides ModelProviders.PRIMARY_MODEL; ModelProviders is unchanged');
    expect(readFileSync(providers, 'utf8')).toBe(before);
    expect(existsSync(join(dir, 'src/main/java/com/example/prim/DashScopeModelConfig.java'))).toBe(false);
  });

  it('gen structured leaves a hand-rewritten Main alone and names the lines to add', async () => {
    const dir = await created('hand');
    const main = join(dir, 'src/main/java/com/example/hand/Main.java');
    const rewritten = readFileSync(main, 'utf8').replace('        if (words.isEmpty()) {', '        if (words.size() == 0) {');
    writeFileSync(main, rewritten);
    const r = await cli(dir, ['gen', 'structured', '--yes']);
    expect(r.code, r.err).toBe(0);
    expect(readFileSync(main, 'utf8')).toBe(rewritten);
    expect(r.out).toContain('Main.java has changed beyond recognition (or answers with another record): add the field boolean structured;');
    expect(existsSync(join(dir, 'src/main/java/com/example/hand/TaskSummary.java'))).toBe(true);
  });
});
