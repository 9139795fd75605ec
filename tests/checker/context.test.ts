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
