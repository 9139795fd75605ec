import { expect, test } from 'vitest';
import { checkSources } from '../../src/checker/index.js';
import { realInventory } from './helpers.js';

/** `context` files lend their declarations and are not judged (gen passes its verified renders so). */
test('a context file is not judged, and what it declares is known to the judged files', async () => {
  const wrong = (cls: string, extra = '') => `package demo;\nimport io.agentscope.core.message.Msg;\nclass ${cls} {${extra} void f() { Msg.builder().textContnt("x"); } }\n`;
  // Toolkt resembles Toolkit: unresolved, it would be an AS011 error
  const user = 'package demo;\nclass User { Toolkt t = new Toolkt(); }\n';
  const files = [
    { path: 'Toolkt.java', content: wrong('Toolkt') },
    { path: 'User.java', content: user },
  ];
  const all = await checkSources(files, realInventory());
  expect(all.filter((f) => f.file === 'Toolkt.java').map((f) => f.rule)).toContain('AS002');
  const judged = await checkSources(files, realInventory(), { context: new Set(['Toolkt.java']) });
  expect(judged.filter((f) => f.file === 'Toolkt.java')).toEqual([]);
  expect(judged.filter((f) => f.file === 'User.java')).toEqual([]);
  // without the context file, User's Toolkt is unresolved and resembles Toolkit
  const alone = await checkSources([files[1]], realInventory());
  expect(alone.map((f) => f.rule)).toContain('AS011');
});

/**
 * What one file is told about another file's failed import does not depend on the order the files
 * are judged in, nor on whether that file is judged at all (a check split between workers judges
 * each file with the others as context): a value of the missing type is an erroneous argument,
 * and javac reports nothing about the call it is passed to.
 */
test('a failed import is known to every file, whichever is judged first or at all', async () => {
  const early = { path: 'a/Early.java', content: 'package a;\nimport io.agentscope.core.message.NoSuchBlock;\npublic class Early { public NoSuchBlock block() { return null; } }\n' };
  const late = { path: 'z/Late.java', content: 'package z;\nimport a.Early;\nimport io.agentscope.core.message.Msg;\nclass Late { void m(Early e) { Msg.builder().noSuchMethod(e.block()).build(); Msg.builder().textContentt("x"); } }\n' };
  const ofLate = (fs: { file: string; rule: string; message: string }[]) => fs.filter((f) => f.file === late.path).map((f) => `${f.rule} ${f.message}`);
  const inOrder = ofLate(await checkSources([early, late], realInventory()));
  expect(inOrder).toEqual([expect.stringMatching(/^AS002 Msg.Builder has no method textContentt\(\)/)]);
  expect(ofLate(await checkSources([late, early], realInventory()))).toEqual(inOrder);
  expect(ofLate(await checkSources([early, late], realInventory(), { context: new Set([early.path]) }))).toEqual(inOrder);
});
