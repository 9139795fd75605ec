/**
 * `agentscope api` answers for the pinned release's headline types (HarnessAgent,
 * DashScopeChatModel, ToolResultBlock) with artifact:path:line, and that line really is the
 * type's declaration in the official sources jar resolved through mvn.
 */
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { memoryIo } from '../../src/core/io.js';
import { readPin } from '../../src/inventory/pin.js';
import { javaSourcesOf, sourcesJar } from '../support/sources-jar.js';

async function api(...argv: string[]) {
  const io = memoryIo(process.cwd(), process.env);
  const code = await runCli(['api', ...argv], io);
  return { code, out: io.stdout.join('\n'), err: io.stderr.join('\n') };
}

const CASES = [
  { name: 'HarnessAgent', fqn: 'io.agentscope.harness.agent.HarnessAgent', artifact: 'agentscope-harness', member: 'public static io.agentscope.harness.agent.HarnessAgent.Builder builder()' },
  { name: 'DashScopeChatModel', fqn: 'io.agentscope.extensions.model.dashscope.DashScopeChatModel', artifact: 'agentscope-extensions-model-dashscope', member: 'builder()' },
  { name: 'ToolResultBlock', fqn: 'io.agentscope.core.message.ToolResultBlock', artifact: 'agentscope-core', member: 'public static io.agentscope.core.message.ToolResultBlock text(java.lang.String text)' },
];

describe(`agentscope api on the pinned inventory (${readPin().version})`, () => {
  for (const c of CASES) {
    it(`${c.name}: the type, a member, and a file:line that is the declaration in the sources jar`, async () => {
      const r = await api(c.name);
      expect(r.code, r.err).toBe(0);
      expect(r.out).toContain(` ${c.fqn}`);
      expect(r.out).toContain(c.member);
      const path = c.fqn.replace(/\./g, '/') + '.java';
      const where = new RegExp(`${c.artifact}:${path.replace(/\//g, '\\/')}:(\\d+)`).exec(r.out);
      expect(where, r.out.slice(0, 400)).not.toBeNull();
      const jar = await sourcesJar(c.artifact, readPin().version);
      const source = javaSourcesOf(jar, (n) => n === path)[path];
      const line = source.split('\n')[Number(where![1]) - 1];
      expect(line).toMatch(new RegExp(`\\b(class|interface|record|enum)\\s+${c.name}\\b`));
    }, 300_000);
  }
});
