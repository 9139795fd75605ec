import { expect, test } from 'vitest';
import { checkSources } from '../../src/checker/index.js';
import { realInventory } from './helpers.js';

/**
 * A type the checked sources declare under an inventory type's qualified name is, as javac
 * compiling those sources sees it, the type: the inventory's declaration (and its nested types) is
 * hidden in calls, constructors, overrides and assignments. The official agentscope-extensions-agui
 * tests do this with their own io.agentscope.harness.agent.HarnessAgent.
 */
const STUB = [
  'package io.agentscope.core.tool;',
  'public class Toolkit {',
  '  public Toolkit(String name) {}',
  '  public void add(String tool) {}',
  '  public String label() { return ""; }',
  '  public static class Part {}',
  '}',
  '',
].join('\n');

const USER = [
  'package demo;',
  'import io.agentscope.core.tool.Toolkit;',
  'class Uses extends Toolkit {',
  '  Uses() { super("x"); }',
  '  @Override public void add(String tool) {}',
  '  void f() {',
  '    Toolkit t = new Toolkit("tools");',
  '    t.add("search");',
  '    String l = t.label();',
  '    Toolkit.Part p = new Toolkit.Part();',
  '    t.registerTool(new Object());',
  '  }',
  '}',
  '',
].join('\n');

test('a source type replaces the inventory type of the same name in every judgement', async () => {
  const inv = realInventory();
  const errors = (await checkSources([{ path: 'Toolkit.java', content: STUB }, { path: 'Uses.java', content: USER }], inv)).filter((f) => f.severity === 'error');
  // the stub is the type: what it does not declare is javac's "cannot find symbol" (registerTool), nothing else is judged against the inventory
  expect(errors.map((f) => `${f.file}:${f.line} ${f.rule} ${f.message}`)).toEqual(['Uses.java:11 AS002 cannot find symbol: Toolkit has no method registerTool(), declared or inherited']);
  // without the stub the same file is judged against the inventory's Toolkit
  const alone = (await checkSources([{ path: 'Uses.java', content: USER }], inv)).filter((f) => f.severity === 'error');
  expect(new Set(alone.map((f) => f.line))).toEqual(new Set([4, 5, 7, 8, 9, 10]));
});

test('a source that is the inventory type itself (same kind and exposed methods) keeps the inventory judging', async () => {
  const inv = realInventory();
  const decl = inv.types.find((t) => t.fqn === 'io.agentscope.core.message.TextBlock')!;
  const methods = [...new Set(decl.members.filter((m) => m.kind === 'method' && !m.generated && m.modifiers.includes('public')).map((m) => m.name))];
  const own = ['package io.agentscope.core.message;', 'public class TextBlock {', ...methods.map((m) => `  public void ${m}() {}`), '}', ''].join('\n');
  const user = 'package demo;\nimport io.agentscope.core.message.TextBlock;\nclass U {\n  void f() { TextBlock.builder().nosuch(); }\n}\n';
  const errors = (await checkSources([{ path: 'TextBlock.java', content: own }, { path: 'U.java', content: user }], inv)).filter((f) => f.severity === 'error');
  expect(errors.map((f) => `${f.file}:${f.line} ${f.rule}`)).toEqual(['U.java:4 AS002']);
});

test('the replacement holds in the module that declares it: another module of the same run keeps the inventory type', async () => {
  const inv = realInventory();
  const files = [
    { path: 'stub-module/src/test/java/io/agentscope/core/tool/Toolkit.java', content: STUB },
    { path: 'stub-module/src/test/java/demo/Uses.java', content: USER },
    { path: 'other-module/src/main/java/demo/Uses.java', content: USER },
  ];
  const errors = (await checkSources(files, inv)).filter((f) => f.severity === 'error');
  expect(errors.filter((f) => f.file.startsWith('stub-module/')).map((f) => `${f.line} ${f.rule}`)).toEqual(['11 AS002']);
  // the other module is judged against the inventory's Toolkit (only the stub's nested Part still
  // resolves there: the run's declarations are one set, so line 10 is not judged, never wrongly)
  expect(new Set(errors.filter((f) => f.file.startsWith('other-module/')).map((f) => f.line))).toEqual(new Set([4, 5, 7, 8, 9]));
});

test('two modules declaring the same name: the module whose declaration differs still has its own', async () => {
  const inv = realInventory();
  const decl = inv.types.find((t) => t.fqn === 'io.agentscope.core.tool.Toolkit')!;
  const methods = [...new Set(decl.members.filter((m) => m.kind === 'method' && !m.generated && m.modifiers.includes('public')).map((m) => m.name))];
  const own = ['package io.agentscope.core.tool;', 'public class Toolkit {', ...methods.map((m) => `  public void ${m}() {}`), '}', ''].join('\n');
  const files = [
    { path: 'stub-module/src/test/java/io/agentscope/core/tool/Toolkit.java', content: STUB },
    { path: 'stub-module/src/test/java/demo/Uses.java', content: USER },
    // the library's own declaration, later in the run
    { path: 'core/src/main/java/io/agentscope/core/tool/Toolkit.java', content: own },
  ];
  const errors = (await checkSources(files, inv)).filter((f) => f.severity === 'error');
  expect(errors.filter((f) => f.file.startsWith('stub-module/')).map((f) => `${f.line} ${f.rule} ${f.message}`)).toEqual([]);
});
