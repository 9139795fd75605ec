import { expect, test } from 'vitest';
import { checkSources } from '../../src/checker/index.js';
import { loadInventory } from '../../src/inventory/store.js';
import { linesTagged } from './helpers.js';

/**
 * Classes that implement a well-known life-cycle callback (Spring's InitializingBean,
 * CommandLineRunner): the interface declares one method and no field or member type, so the names
 * in the class body resolve through the imports and AgentScope mistakes there are judged. javac 21
 * with the 2.0.2 jars and Spring Boot 4.0.4 rejects exactly the lines tagged `// bad`.
 */
const SRC = `package demo;

import io.agentscope.core.ReActAgent;
import io.agentscope.core.state.AgentStateStore;
import org.springframework.beans.factory.InitializingBean;
import org.springframework.boot.CommandLineRunner;

public class Callbacks {
    public static class Setup implements InitializingBean {
        AgentStateStore store;

        @Override
        public void afterPropertiesSet() {
            ReActAgent.builder().name("a").stateSore(store).build(); // bad
            JsonFileAgntStateStore other = null; // bad
            ReActAgent.builder().name("a").stateStore(store).build();
        }
    }

    public static class Runner implements CommandLineRunner {
        @Override
        public void run(String... args) {
            ReActAgent.bulder(); // bad
        }
    }
}
`;

test('mistakes inside a class implementing a known callback interface are reported', async () => {
  const found = await checkSources([{ path: 'src/main/java/demo/Callbacks.java', content: SRC }], loadInventory('2.0.2'));
  const errors = found.filter((f) => f.severity === 'error');
  expect(errors.map((f) => f.line)).toEqual(linesTagged(SRC, 'bad'));
});
