import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';

// What V8 inlines is seen in its own trace (--trace-turbo-inlining), in a process of its own that
// runs the built module: a caller made hot inside a large run, and another made hot after it.
const built = pathToFileURL(join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'dist', 'src', 'checker', 'optimizer-flags.js')).href;
const dir = mkdtempSync(join(tmpdir(), 'optimizer-flags-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// a callee of ~270 bytes of bytecode: V8 inlines it under its default budget (920), not under 100
const callee = (name: string) => `function ${name}(a, b) {
  let s = 0;
  for (let i = 0; i < 3; i++) {
    s += a * i + b; s ^= (a << 2) | (b >> 1); s += (a % 7) * (b % 5); s -= (a & 3) + (b | 4);
    s += a * i + b; s ^= (a << 3) | (b >> 2); s += (a % 9) * (b % 3); s -= (a & 5) + (b | 6);
    s += a * i + b; s ^= (a << 4) | (b >> 3); s += (a % 11) * (b % 7); s -= (a & 7) + (b | 8);
  }
  return s;
}`;
const probe = join(dir, 'probe.mjs');
writeFileSync(
  probe,
  `const { withOptimizerFor } = await import(${JSON.stringify(built)});
${callee('during')}
${callee('later')}
function hotDuring(n) { let t = 0; for (let i = 0; i < n; i++) t += during(i, n - i); return t; }
function hotLater(n) { let t = 0; for (let i = 0; i < n; i++) t += later(i, n - i); return t; }
withOptimizerFor(process.argv[2] === 'large', () => { for (let k = 0; k < 2000; k++) hotDuring(200); });
for (let k = 0; k < 2000; k++) hotLater(200);
`,
);

/** The functions V8 inlined, for a run of the given size (`extra`: flags the process starts with). */
function inlined(size: 'large' | 'small', extra: string[] = []): string[] {
  const r = spawnSync(process.execPath, ['--trace-turbo-inlining', '--no-concurrent-recompilation', ...extra, probe, size], { encoding: 'utf8' });
  expect(r.status, r.stderr).toBe(0);
  return [...r.stdout.matchAll(/^Inlining .*?<SharedFunctionInfo (\w+)>/gm)].map((m) => m[1]).sort();
}

describe('the optimising compiler during a large run', () => {
  test('a large run inlines only small callees, and V8 inlines as before once it ends', () => {
    expect(inlined('large')).toEqual(['later']);
  });

  test('a small run changes nothing', () => {
    expect(inlined('small')).toEqual(['during', 'later']);
  });

  test('a process started with an inlining flag of its own keeps it', () => {
    expect(inlined('large', ['--max-inlined-bytecode-size-cumulative=920'])).toEqual(['during', 'later']);
  });
});
