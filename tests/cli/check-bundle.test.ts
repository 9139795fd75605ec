import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { run as runCheck } from '../../src/cli/commands/check.js';
import { memoryIo } from '../../src/core/io.js';
import { cacheRoot } from '../../src/core/cache-dir.js';
import { BASELINE_WASM_MAX_CHARS, DEFAULT_WASM_FLAGS, wasmTierFlag } from '../../src/inventory/extract/parser.js';
import { BAD_JAVA as BAD, GOOD_JAVA as GOOD, cleanup, tempDir } from './helpers.js';

/**
 * `agentscope check` runs from dist/check.cjs through a V8 code cache (bin/code-cache.js); these
 * tests hold the bundle to the same behaviour as the command's modules, and the cache to its word.
 */
const ROOT = resolve(import.meta.dirname, '../..');
const AGENTSCOPE = join(ROOT, 'bin/agentscope.js');
const BUNDLE = join(ROOT, 'dist/check.cjs');
const codeCache = createRequire(import.meta.url)(join(ROOT, 'bin/code-cache.js')) as {
  cacheFileFor(bundle: string, env?: NodeJS.ProcessEnv): string;
  loadBundle(bundle: string, env?: NodeJS.ProcessEnv): { exports: { main: unknown }; cache: string; save(): void };
};
afterAll(cleanup);

function project(files: Record<string, string>): string {
  const dir = tempDir('as-bundle-');
  writeFileSync(join(dir, 'pom.xml'), '<project/>');
  mkdirSync(join(dir, 'src/main/java/demo'), { recursive: true });
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, 'src/main/java/demo', name), text);
  return dir;
}

function bin(args: string[], cwd: string, home: string, extra: NodeJS.ProcessEnv = {}) {
  const env: NodeJS.ProcessEnv = { ...process.env, AGENTSCOPE_CLI_HOME: home, NO_COLOR: '1' };
  delete env.AGENTSCOPE_NO_CODE_CACHE;
  Object.assign(env, extra);
  const r = spawnSync(process.execPath, [AGENTSCOPE, ...args], { cwd, env, encoding: 'utf8', maxBuffer: 64 << 20, timeout: 120_000 });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

async function inProcess(args: string[], cwd: string) {
  const io = memoryIo(cwd, { NO_COLOR: '1' });
  const code = await runCheck(args, io);
  return { code, out: io.stdout.map((t) => (t.endsWith('\n') ? t : t + '\n')).join('') };
}

describe('agentscope check through the bundle', () => {
  it('prints what the command module prints, in text and json, with the same exit codes', async () => {
    const dir = project({ 'Bad.java': BAD, 'Good.java': GOOD });
    const home = tempDir('as-home-');
    for (const args of [[], ['--format', 'json'], ['--format', 'sarif'], ['src/main/java/demo/Good.java']]) {
      const viaBin = bin(['check', ...args], dir, home);
      const direct = await inProcess(args, dir);
      expect(viaBin.err).toBe('');
      expect(viaBin.code).toBe(direct.code);
      expect(viaBin.out).toBe(direct.out);
    }
    expect(bin(['check'], dir, home).out).toContain('Bad.java:4:51: error AS002 unknown-member');
  });

  it("V8's flags are its own again once the parser compiled, so every code cache made under them is taken", () => {
    // the launcher sets no flag: the bundle's cache and Node's own for its built-in modules match V8's defaults
    expect(readFileSync(AGENTSCOPE, 'utf8')).not.toContain('setFlagsFromString');
    expect(wasmTierFlag(BASELINE_WASM_MAX_CHARS)).toBe(wasmTierFlag(0));
    expect(wasmTierFlag(BASELINE_WASM_MAX_CHARS + 1)).toBe(DEFAULT_WASM_FLAGS);
    // a fresh process: a cache made under the defaults, the parser made for a small input (its flags
    // set, then restored), and the cache offered again to a new compile of the same source
    const parser = join(ROOT, 'dist/src/inventory/extract/parser.js');
    const script = `const { Script } = require('node:vm');
      const source = '(function () { return 42; })';
      const data = new Script(source, { filename: 'a.js' }).createCachedData();
      import(${JSON.stringify(pathToFileURL(parser).href)}).then(async (m) => {
        await m.javaParser(0);
        const again = new Script(source, { filename: 'b.js', cachedData: data });
        process.stdout.write(again.cachedDataRejected ? 'rejected' : 'taken');
      });`;
    const r = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8', timeout: 60_000 });
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe('taken');
  });

  it('bad usage exits 2 with the same message as the modules', () => {
    const dir = project({ 'Good.java': GOOD });
    const r = bin(['check', '--format', 'xml'], dir, tempDir('as-home-'));
    expect(r.code).toBe(2);
    expect(r.err).toBe('error: unknown --format "xml"\n  use text or sarif, or --json\n');
    expect(r.out).toBe('');
  });

  it('writes the code cache on the first run and keeps the output identical on the next', () => {
    const dir = project({ 'Bad.java': BAD });
    const home = tempDir('as-home-');
    const cacheFile = codeCache.cacheFileFor(BUNDLE, { AGENTSCOPE_CLI_HOME: home });
    expect(dirname(cacheFile)).toBe(join(cacheRoot({ AGENTSCOPE_CLI_HOME: home }), 'code-cache'));
    expect(existsSync(cacheFile)).toBe(false);
    const first = bin(['check'], dir, home);
    expect(existsSync(cacheFile)).toBe(true);
    const written = readFileSync(cacheFile);
    const second = bin(['check'], dir, home);
    expect(second).toEqual(first);
    // V8 took the cache, so nothing was rewritten
    expect(readFileSync(cacheFile).equals(written)).toBe(true);
    // AGENTSCOPE_NO_CODE_CACHE: no cache used or written, same result
    const off = tempDir('as-home-');
    expect(bin(['check'], dir, off, { AGENTSCOPE_NO_CODE_CACHE: '1' })).toEqual(first);
    expect(existsSync(codeCache.cacheFileFor(BUNDLE, { AGENTSCOPE_CLI_HOME: off }))).toBe(false);
  });

  it('a corrupt cache is rejected and rewritten; an unwritable cache directory only costs speed', () => {
    const dir = project({ 'Good.java': GOOD });
    const home = tempDir('as-home-');
    const cacheFile = codeCache.cacheFileFor(BUNDLE, { AGENTSCOPE_CLI_HOME: home });
    mkdirSync(dirname(cacheFile), { recursive: true });
    writeFileSync(cacheFile, 'not a V8 code cache');
    const r = bin(['check'], dir, home);
    expect(r.code).toBe(0);
    expect(r.out).toContain('ok: 1 file(s) checked');
    expect(readFileSync(cacheFile).toString('latin1')).not.toBe('not a V8 code cache');
    // AGENTSCOPE_CLI_HOME below a regular file: the cache directory cannot be created
    const blocker = join(tempDir('as-home-'), 'file');
    writeFileSync(blocker, '');
    const ro = bin(['check'], dir, join(blocker, 'home'));
    expect(ro).toMatchObject({ code: 0, err: '' });
    expect(ro.out).toContain('ok: 1 file(s) checked');
  });

  it('loadBundle reports what V8 did with the cache (each load in a fresh process)', () => {
    const home = tempDir('as-home-');
    const load = (extra: NodeJS.ProcessEnv = {}) => {
      const script = `const l = require(${JSON.stringify(join(ROOT, 'bin/code-cache.js'))}).loadBundle(${JSON.stringify(BUNDLE)});
        process.stdout.write(l.cache + ' ' + typeof l.exports.main); l.save();`;
      const env: NodeJS.ProcessEnv = { ...process.env, AGENTSCOPE_CLI_HOME: home };
      delete env.AGENTSCOPE_NO_CODE_CACHE;
      return spawnSync(process.execPath, ['-e', script], { env: { ...env, ...extra }, encoding: 'utf8' }).stdout;
    };
    expect(load()).toBe('none function');
    expect(load()).toBe('hit function');
    writeFileSync(codeCache.cacheFileFor(BUNDLE, { AGENTSCOPE_CLI_HOME: home }), Buffer.alloc(64));
    expect(load()).toBe('rejected function');
    expect(load()).toBe('hit function');
    expect(load({ AGENTSCOPE_NO_CODE_CACHE: '1' })).toBe('off function');
  });

  it('a bundle changed to one of the same length runs its own code, not the cached one (V8 checks only the length)', () => {
    const home = tempDir('as-home-');
    const bundle = join(tempDir('as-bundle-'), 'check.cjs');
    const variant = (word: string) => `module.exports.main = function main() { return ${JSON.stringify(word)}; };\n`;
    const load = () => {
      const script = `const l = require(${JSON.stringify(join(ROOT, 'bin/code-cache.js'))}).loadBundle(${JSON.stringify(bundle)});
        process.stdout.write(l.cache + ' ' + l.exports.main()); l.save();`;
      const env: NodeJS.ProcessEnv = { ...process.env, AGENTSCOPE_CLI_HOME: home };
      delete env.AGENTSCOPE_NO_CODE_CACHE;
      return spawnSync(process.execPath, ['-e', script], { env, encoding: 'utf8' }).stdout;
    };
    writeFileSync(bundle, variant('old'));
    expect(load()).toBe('none old');
    expect(load()).toBe('hit old');
    // a release that changes one word: same length, other code
    writeFileSync(bundle, variant('new'));
    expect(variant('new').length).toBe(variant('old').length);
    expect(load()).toBe('rejected new');
    expect(load()).toBe('hit new');
  });

  it('a large input (optimising WebAssembly tier) and a large output through a pipe come out whole', async () => {
    // 160 copies of a file with a finding: > 400k characters, so the parser switches tiers after
    // the bundle was loaded under the small-input flag; the JSON is far larger than a pipe buffer
    const big = BAD.replace('public class Bad {', `public class Bad {\n${'    // padding line for a large input .............................................\n'.repeat(30)}`);
    const files: Record<string, string> = {};
    for (let i = 0; i < 160; i++) files[`Bad${i}.java`] = big.replace('class Bad ', `class Bad${i} `);
    const dir = project(files);
    expect(Object.values(files).reduce((n, t) => n + t.length, 0)).toBeGreaterThan(400_000);
    const home = tempDir('as-home-');
    bin(['check'], project({ 'Good.java': GOOD }), home); // a small run writes the cache first
    const r = bin(['check', '--format', 'json'], dir, home);
    expect(r.code).toBe(1);
    const json = JSON.parse(r.out);
    expect(json).toMatchObject({ files: 160, errors: 160 });
    expect(r.out).toBe((await inProcess(['--format', 'json'], dir)).out);
  });
});
