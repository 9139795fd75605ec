import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { run } from '../../src/cli/commands/check.js';
import { WORKER_CHARS } from '../../src/cli/check-worker.js';
import { memoryIo } from '../../src/core/io.js';

/**
 * A large input is checked in a worker thread (src/cli/check-worker.ts) from the built command
 * (needs `npm run build`: dist/check.cjs): the same findings, in the same order, as the check in
 * the test's own process (from the TypeScript sources, which check in-process).
 */
const ROOT = resolve(import.meta.dirname, '../..');
const BUNDLE = join(ROOT, 'dist/check.cjs');
const made: string[] = [];
afterAll(() => made.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe.skipIf(!existsSync(BUNDLE))('check of a large input (needs the built CLI: npm run build)', () => {
  test('the worker reports what the in-process check reports', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'as-check-worker-'));
    made.push(dir);
    writeFileSync(join(dir, 'pom.xml'), '<project/>');
    const src = join(dir, 'src', 'main', 'java', 'demo');
    mkdirSync(src, { recursive: true });
    const pad = `    // ${'x'.repeat(100)}\n`.repeat(90);
    let chars = 0;
    for (let i = 0; chars <= WORKER_CHARS; i++) {
      // every file a wrong call and a wrong type, and a use of the previous file's class
      const text = `package demo;
import io.agentscope.core.message.ToolResultBlock;
public class Big${i} {
${pad}    ToolResultBlock ok() { return ToolResultBlock.success("x"); }
    ToolResultBlok no() { return null; }
    ${i ? `Big${i - 1} prev() { return new Big${i - 1}(); }` : ''}
}
`;
      chars += text.length;
      writeFileSync(join(src, `Big${i}.java`), text);
    }
    const r = spawnSync(process.execPath, [join(ROOT, 'bin/agentscope.js'), 'check', '--json'], { cwd: dir, encoding: 'utf8', maxBuffer: 64 << 20 });
    expect(r.stderr).toBe('');
    const io = memoryIo(dir, process.env);
    const code = await run(['--json'], io);
    expect(r.status).toBe(code);
    const viaWorker = JSON.parse(r.stdout) as { errors: number; findings: unknown[] };
    expect(viaWorker.errors).toBeGreaterThan(0);
    expect(viaWorker).toEqual(JSON.parse(io.stdout.join('')));
  }, 120_000);
});
