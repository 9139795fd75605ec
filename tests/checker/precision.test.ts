import { describe, expect, test } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { unzipSync, strFromU8 } from 'fflate';
import { checkSources, type CheckStats, type Finding } from '../../src/checker/index.js';
import { hasRealInventory, realInventory } from './helpers.js';

/**
 * Precision on real code: the official 2.0.0 sources of agentscope-core and the OpenAI and
 * Anthropic model extensions, checked against the 2.0.0 inventory, must give zero errors
 * (they compiled when they were released). Warnings are allowed: the library uses its own
 * deprecated-for-removal API (AS006) and returns ToolResultBlock.text(..) from built-in tools (AS101).
 */
const M2 = process.env.MAVEN_REPO ?? join(homedir(), '.m2', 'repository');
const ARTIFACTS = ['agentscope-core', 'agentscope-extensions-model-openai', 'agentscope-extensions-model-anthropic'];
const jar = (a: string) => join(M2, 'io', 'agentscope', a, '2.0.0', `${a}-2.0.0-sources.jar`);
const available = hasRealInventory() && ARTIFACTS.every((a) => existsSync(jar(a)));

describe.skipIf(!available)('precision on the official 2.0.0 sources', () => {
  test('core + openai + anthropic sources: zero error findings', async () => {
    const files: { path: string; content: string }[] = [];
    for (const a of ARTIFACTS) {
      const entries = unzipSync(readFileSync(jar(a)), { filter: (f) => f.name.endsWith('.java') });
      for (const [name, data] of Object.entries(entries)) files.push({ path: `${a}/${name}`, content: strFromU8(data) });
    }
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
