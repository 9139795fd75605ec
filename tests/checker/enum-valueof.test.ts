import { expect, test } from 'vitest';
import { checkSources } from '../../src/checker/index.js';
import { loadInventory } from '../../src/inventory/store.js';
import { linesTagged } from './helpers.js';

/**
 * An AgentScope enum's valueOf: the implicit valueOf(String) and java.lang.Enum's static
 * valueOf(Class<T>, String), which every enum inherits. javac 21 with the 2.0.2 jars rejects only
 * the lines tagged `// bad` ("no suitable method found for valueOf(int)", "method valueOf in class
 * Enum<E> cannot be applied to given types").
 */
const SRC = `package demo;

import io.agentscope.core.message.MsgRole;

public class EnumValueOf {
    void run() {
        MsgRole a = MsgRole.valueOf(42); // bad
        MsgRole b = MsgRole.valueOf("USER");
        MsgRole c = MsgRole.valueOf(MsgRole.class, "USER");
        MsgRole d = MsgRole.valueOf("USER", null); // bad
        MsgRole[] all = MsgRole.values();
    }
}
`;

test('enum valueOf: a wrong argument type is AS007, the inherited two-argument form is fine', async () => {
  const found = await checkSources([{ path: 'src/main/java/demo/EnumValueOf.java', content: SRC }], loadInventory('2.0.2'));
  const errors = found.filter((f) => f.severity === 'error');
  expect(errors.map((f) => `${f.line} ${f.rule}`)).toEqual(linesTagged(SRC, 'bad').map((l) => `${l} AS007`));
});
