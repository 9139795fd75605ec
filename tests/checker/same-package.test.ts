import { expect, test } from 'vitest';
import { checkSources } from '../../src/checker/index.js';
import { loadPackagePrivate } from '../../src/inventory/store.js';
import { realInventory } from './helpers.js';

/**
 * Same-package code (issue 11): a file in an io.agentscope package is judged with the package-private
 * supplement beside the inventory. javac's side of this is the same-package part of the mutation
 * study (tests/checker/mutants.test.ts) and the precision runs on the official sources and tests.
 */
test('a file in an AgentScope package may use package-private types and members, and is judged', async () => {
  const inv = realInventory();
  expect(loadPackagePrivate(inv), 'inventory/2.0.0 ships package-private.json.gz').toBeDefined();
  const content = [
    'package io.agentscope.core.tool;',
    'class Probe {',
    '  void f() {',
    '    new ToolSchemaGenerator().generateParameterSchema(null, null);',
    '    new ToolSchemaGenerator().generateParameterSchem(null, null);',
    '    Toolkit.builder().nosuch();',
    '  }',
    '}',
    '',
  ].join('\n');
  const errors = (await checkSources([{ path: 'Probe.java', content }], inv)).filter((f) => f.severity === 'error');
  expect(errors.map((f) => `${f.line} ${f.rule}`)).toEqual(['5 AS002', '6 AS002']);
});

test('the supplement is not used for user code: a package-private type stays unknown outside its package', async () => {
  const content = 'package demo;\nclass Probe {\n  void f() { new io.agentscope.core.tool.ToolSchemaGenerator(); }\n}\n';
  const errors = (await checkSources([{ path: 'Probe.java', content }], realInventory())).filter((f) => f.severity === 'error');
  expect(errors.map((f) => `${f.line} ${f.rule}`)).toEqual(['3 AS001']);
});
