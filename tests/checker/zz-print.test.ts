import { test } from 'vitest';
import { readFileSync } from 'node:fs';
import { checkSources } from '../../src/checker/index.js';
import { fixtureInventory, realInventory } from './helpers.js';
test('print', async () => {
  for (const f of (process.env.PRINT_FILES ?? '').split(',').filter(Boolean)) {
    const inv = f.includes('v2.0.0') || process.env.PRINT_REAL ? realInventory() : fixtureInventory();
    const got = await checkSources([{ path: f, content: readFileSync(f, 'utf8') }], inv);
    console.log('FILE ' + f + '\n' + got.map((g) => `// expect: ${g.rule} ${g.line}:${g.col} ${g.message.replace(/ \(AgentScope [^)]*\)$/, '').replace(/ in AgentScope \S+$/, '')}\n//   fix: ${g.suggestion ?? ''}`).join('\n'));
  }
});
