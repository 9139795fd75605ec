import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FEATURE_KINDS } from '../../generators/_core/options.js';
import { createArgv, writeProject } from '../maven/support.js';
import { cleanup, cli, snapshot, tempDir } from './helpers.js';

afterAll(cleanup);

/**
 * The Maven matrix (tests/maven/support.ts) builds its projects through the CLI's own option
 * normalisation: for the same flags, `agentscope create --yes` and the support write the same
 * bytes (every file, and its mode). `--no-git` keeps .git out of the CLI's project: the support
 * never runs `git init`, which is not an option but a step after the write.
 */
const INPUTS: [string, string[]][] = [
  ['the defaults', []],
  ['every feature, zh, two providers, Java 21, mcp over http', ['--features', FEATURE_KINDS.join(','), '--lang', 'zh', '--provider', 'openai,anthropic', '--java', '21', '--mcp', 'http']],
  ['a HarnessAgent with models and coordinates given', ['--agent', 'harness', '--features', 'tool,middleware', '--model', 'dashscope=qwen-max', '--group-id', 'org.acme', '--package', 'org.acme.bot', '--name', 'Helper']],
  ['the Spring Boot flavour', ['--flavor', 'spring-boot', '--features', 'tool,permission', '--provider', 'openai']],
  ['a matrix spec', createArgv({ name: 'all-zh', features: [...FEATURE_KINDS], lang: 'zh' })],
];

describe('create --yes and the Maven matrix support write byte-identical projects for the same input', () => {
  it.each(INPUTS)('%s', async (_name, argv) => {
    const byCli = tempDir();
    const r = await cli(byCli, ['create', 'app', '--yes', '--no-git', ...argv]);
    expect(r.code, r.err).toBe(0);
    const bySupport = join(tempDir(), 'app');
    await writeProject(bySupport, ['--yes', '--no-git', ...argv]);
    const expected = snapshot(join(byCli, 'app'));
    expect(Object.keys(expected).length).toBeGreaterThan(10);
    expect(snapshot(bySupport)).toEqual(expected);
  });
});
