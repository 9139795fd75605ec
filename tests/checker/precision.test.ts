import { beforeAll, describe, expect, test } from 'vitest';
import { checkSources, type CheckStats, type Finding } from '../../src/checker/index.js';
import { realInventory } from './helpers.js';
import { javaSourcesOf, sourcesJar } from '../support/sources-jar.js';

/**
 * Precision on real code: the official 2.0.0 sources of agentscope-core and the OpenAI and
 * Anthropic model extensions, checked against the 2.0.0 inventory, must give zero errors
 * (they compiled when they were released). Warnings are allowed: the library uses its own
 * deprecated-for-removal API (AS006) and returns ToolResultBlock.text(..) from built-in tools (AS101).
 */
const ARTIFACTS = ['agentscope-core', 'agentscope-extensions-model-openai', 'agentscope-extensions-model-anthropic'];

describe('precision on the official 2.0.0 sources', () => {
  const files: { path: string; content: string }[] = [];
  beforeAll(async () => {
    for (const a of ARTIFACTS) {
      for (const [name, content] of Object.entries(javaSourcesOf(await sourcesJar(a, '2.0.0')))) files.push({ path: `${a}/${name}`, content });
    }
  }, 600_000);

  test('core + openai + anthropic sources: zero error findings', async () => {
    const stats: CheckStats = { resolved: 0, judged: 0, unknownReceiver: 0 };
    const t0 = performance.now();
    const findings: Finding[] = await checkSources(files, realInventory(), { stats });
    const ms = performance.now() - t0;
    const lines = files.reduce((n, f) => n + f.content.split('\n').length, 0);
    const byRule: Record<string, number> = {};
    for (const f of findings) byRule[f.rule] = (byRule[f.rule] ?? 0) + 1;
    const errors = findings.filter((f) => f.severity === 'error');
    console.log(
      `precision: ${files.length} files, ${lines} lines, ${stats.resolved} AgentScope member references resolved, ${stats.judged} judged, ` +
        `${errors.length} errors, warnings by rule ${JSON.stringify(byRule)}, ${ms.toFixed(0)} ms`,
    );
    expect(errors.map((e) => `${e.file}:${e.line}:${e.col} ${e.rule} ${e.message}`)).toEqual([]);
    expect(files.length).toBeGreaterThan(300);
    // the run must actually have judged something, or zero errors would mean nothing
    expect(stats.judged).toBeGreaterThan(1000);
  }, 120_000);
});
