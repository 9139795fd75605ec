import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The published package as a user gets it: `npm pack` of this checkout (dist/ is built by the test
 * set-up), installed globally from the tarball into an empty prefix with an empty cache, offline and
 * without install scripts. Every command then runs from that install only: its own bin, a PATH
 * without this checkout, a working directory outside it. The created project is built and tested
 * with one `mvn -q test` (Maven resolves the AgentScope jars like any user's).
 */
const ROOT = resolve(import.meta.dirname, '../..');
const work = mkdtempSync(join(tmpdir(), 'as-package-'));
const prefix = join(work, 'prefix');
const cwd = join(work, 'user');
const agentscope = join(prefix, 'bin', 'agentscope');
const installed = join(prefix, 'lib', 'node_modules', 'create-agentscope-app');
// no node_modules/.bin of the checkout on PATH, a cache folder of its own, no CI shortcuts
const env: Record<string, string> = {
  PATH: (process.env.PATH ?? '').split(':').filter((p) => !p.includes('node_modules')).join(':'),
  HOME: process.env.HOME ?? work,
  AGENTSCOPE_CLI_HOME: join(work, 'cli-home'),
  LANG: 'en_US.UTF-8',
  NO_COLOR: '1',
};
let packedFiles: string[] = [];
let installLog = '';

function run(args: string[], dir = cwd) {
  const r = spawnSync(agentscope, args, { cwd: dir, env, encoding: 'utf8' });
  expect(r.status, `agentscope ${args.join(' ')}\n${r.stdout}\n${r.stderr}`).toBe(0);
  return r.stdout;
}

beforeAll(() => {
  mkdirSync(cwd);
  const packed = JSON.parse(execFileSync('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', work], { cwd: ROOT, encoding: 'utf8' })) as { filename: string; files: { path: string }[] }[];
  packedFiles = packed[0].files.map((f) => f.path);
  const r = spawnSync('npm', ['install', '-g', '--prefix', prefix, '--cache', join(work, 'npm-cache'), '--offline', '--ignore-scripts', '--no-audit', '--no-fund', join(work, packed[0].filename)], { cwd: work, env, encoding: 'utf8' });
  installLog = `${r.stdout}\n${r.stderr}`;
  if (r.status !== 0) throw new Error(`npm install of the tarball failed:\n${installLog}`);
}, 180_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('the packed package, installed offline from its tarball', () => {
  it('ships the bundles, the .wasm files, templates, inventories and the README only, and depends on nothing', () => {
    const top = new Set(packedFiles.map((p) => (p.startsWith('dist/') ? p : p.split('/')[0])));
    for (const p of top) expect(p).toMatch(/^(bin|templates|inventory|README\.md|package\.json|dist\/[\w-]+\.(cjs|wasm))$/);
    for (const f of ['dist/cli.cjs', 'dist/main.cjs', 'dist/check.cjs', 'dist/prettier-java.cjs', 'dist/web-tree-sitter.wasm', 'dist/tree-sitter-java.wasm', 'README.md']) expect(packedFiles).toContain(f);
    const pkg = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')) as Record<string, Record<string, string> | undefined>;
    expect(pkg.dependencies ?? {}).toEqual({});
    expect(pkg.bin).toEqual({ agentscope: 'bin/agentscope.js', 'create-agentscope-app': 'bin/create-agentscope-app.js' });
    for (const s of ['preinstall', 'install', 'postinstall', 'prepare']) expect(pkg.scripts?.[s], s).toBeUndefined();
    // one package: nothing installed beside or under it
    expect(readdirSync(join(prefix, 'lib', 'node_modules'))).toEqual(['create-agentscope-app']);
    expect(existsSync(join(installed, 'node_modules'))).toBe(false);
    expect(installLog).not.toMatch(/install-scripts|allow-scripts|node-gyp/);
  });

  it('runs create, gen, check, api, manual and mcp from the install; the project passes mvn -q test', async () => {
    expect(run(['--version'])).toMatch(/^agentscope \d+\.\d+\.\d+ \(AgentScope Java \S+ pinned/);
    expect(run(['create', 'x', '--yes'])).toContain('Next steps:');
    const project = join(cwd, 'x');
    expect(run(['gen', 'tool', 'Weather'], project)).toMatch(/CREATE +src\/main\/java\/com\/example\/x\/Weather\.java/);
    expect(run(['check'], project)).toMatch(/^ok: \d+ file\(s\) checked .* 0 error\(s\)/m);
    expect(run(['api', 'ToolResultBlock'], project)).toMatch(/class io\.agentscope\.core\.message\.ToolResultBlock/);
    expect(run(['manual', '--out', join(work, 'site')])).toMatch(/broken 0/);
    expect(existsSync(join(work, 'site', 'index.html'))).toBe(true);

    const transport = new StdioClientTransport({ command: agentscope, args: ['mcp'], cwd: project, env, stderr: 'pipe' });
    const client = new Client({ name: 'package-test', version: '0.0.0' });
    await client.connect(transport);
    try {
      expect(client.getServerVersion()?.name).toBeTruthy();
      const r = await client.callTool({ name: 'api_lookup', arguments: { query: 'ToolResultBlock' } });
      const text = ((r.content ?? []) as { type: string; text?: string }[]).map((c) => c.text ?? '').join('\n');
      expect(r.isError ?? false, text).toBe(false);
      expect(text).toMatch(/class ToolResultBlock\b/);
      expect(text).toContain('agentscope-core:io/agentscope/core/message/ToolResultBlock.java');
    } finally {
      await client.close();
    }

    const mvn = spawnSync('mvn', ['-q', '-B', 'test'], { cwd: project, encoding: 'utf8', maxBuffer: 64 << 20 });
    expect(mvn.status, `${mvn.stdout}\n${mvn.stderr}`).toBe(0);
  }, 600_000);
});
