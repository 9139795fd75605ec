import { afterEach, expect, test } from 'vitest';
import { Analyzer } from '../../src/checker/analyzer.js';
import { checkSources, hasErrors } from '../../src/checker/index.js';
import { realInventory } from './helpers.js';

/** An analyzer bug must never pass for a clean file: it becomes an AS900 error (so `check` exits 1). */
const original = Analyzer.prototype.analyzeFile;
afterEach(() => {
  Analyzer.prototype.analyzeFile = original;
});

test('an exception inside the analyzer is an AS900 error finding on that file, the other files are still checked', async () => {
  Analyzer.prototype.analyzeFile = function (this: Analyzer, unit: Parameters<typeof original>[0]) {
    if (unit.path === 'Broken.java') throw new TypeError('boom');
    return original.call(this, unit);
  };
  const ok = 'package demo;\nimport io.agentscope.core.message.Msg;\nclass Ok { void f() { Msg.builder().textContnt("x"); } }\n';
  const findings = await checkSources(
    [
      { path: 'Broken.java', content: 'package demo;\nclass Broken {}\n' },
      { path: 'Ok.java', content: ok },
    ],
    realInventory(),
  );
  const internal = findings.filter((f) => f.rule === 'AS900');
  expect(internal).toHaveLength(1);
  expect(internal[0]).toMatchObject({ file: 'Broken.java', line: 1, severity: 'error' });
  expect(internal[0].message).toContain('boom');
  expect(hasErrors(findings)).toBe(true);
  // the healthy file was judged as usual
  expect(findings.some((f) => f.file === 'Ok.java' && f.rule === 'AS002')).toBe(true);
});
