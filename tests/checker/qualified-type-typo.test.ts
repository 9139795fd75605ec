import { expect, test } from 'vitest';
import { checkSources } from '../../src/checker/index.js';
import { loadInventory } from '../../src/inventory/store.js';
import { linesTagged } from './helpers.js';

/**
 * A misspelled AgentScope type as the qualifier of a nested type name (`HarnesAgent.Builder`):
 * javac 21 with the 2.0.2 jars reports "package HarnesAgent does not exist" on the lines tagged
 * `// bad` (and on the Unrelated line, which names nothing like an AgentScope type).
 */
const SRC = `package demo;

import io.agentscope.core.ReActAgent;
import io.agentscope.core.agent.RuntimeContext;
import io.agentscope.harness.agent.HarnessAgent;
import java.util.Map;

public class QualifiedTypes {
    HarnesAgent.Builder builder; // bad
    HarnessAgent.Builder good;
    Map.Entry<String, String> entry;

    void run() {
        RuntimeContet.Builder b = null; // bad
        RuntimeContext.Builder c = null;
        ReActAgnt.Builder d = ReActAgent.builder(); // bad
        java.util.Map.Entry<String, String> e = null;
        Unrelated.Thing f = null; // javac rejects it too; not an AgentScope-like name
    }
}
`;

test('a misspelled qualifier of a nested type name is AS011', async () => {
  const found = await checkSources([{ path: 'src/main/java/demo/QualifiedTypes.java', content: SRC }], loadInventory('2.0.2'));
  const errors = found.filter((f) => f.severity === 'error');
  expect(errors.map((f) => `${f.line} ${f.rule}`)).toEqual(linesTagged(SRC, 'bad').map((l) => `${l} AS011`));
});
