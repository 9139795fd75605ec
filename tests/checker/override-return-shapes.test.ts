import { expect, test } from 'vitest';
import { checkSources } from '../../src/checker/index.js';
import { loadInventory } from '../../src/inventory/store.js';
import { linesTagged } from './helpers.js';

/**
 * Overrides whose return type cannot be the AgentScope one: written fully qualified
 * (`reactor.core.publisher.Flux<Integer>` for `Flux<String>`), and with a type argument of another
 * class where the AgentScope one holds a wildcard (`Set<String>` for `Set<Class<? extends
 * AgentEvent>>`). javac 21 with the 2.0.2 jars (core, agui) reports exactly the lines tagged
 * `// bad`: the class, the `@Override` and the method.
 */
const SRC = `package demo;

import io.agentscope.core.agui.adapter.strategy.AgentEventConverter;
import io.agentscope.core.agui.adapter.strategy.AguiStreamContext;
import io.agentscope.core.event.AgentEvent;
import io.agentscope.core.model.transport.HttpRequest;
import io.agentscope.core.model.transport.HttpResponse;
import io.agentscope.core.model.transport.HttpTransport;
import java.util.Set;

public class OverrideShapes {
    HttpTransport transport() {
        return new HttpTransport() { // bad
            @Override
            public HttpResponse execute(HttpRequest request) {
                return null;
            }

            @Override // bad
            public reactor.core.publisher.Flux<Integer> stream(HttpRequest request) { // bad
                return null;
            }

            @Override
            public void close() {}
        };
    }

    static final class Converter implements AgentEventConverter { // bad
        @Override // bad
        public Set<String> eventTypes() { // bad
            return Set.of();
        }

        @Override
        public void convert(AgentEvent event, AguiStreamContext context) {}
    }

    static final class Fine implements AgentEventConverter {
        @Override
        public Set<Class<? extends AgentEvent>> eventTypes() {
            return Set.of();
        }

        @Override
        public void convert(AgentEvent event, AguiStreamContext context) {}
    }
}
`;

test('override returns: fully qualified types and type arguments of another class', async () => {
  const found = await checkSources([{ path: 'src/main/java/demo/OverrideShapes.java', content: SRC }], loadInventory('2.0.2'));
  const errors = found.filter((f) => f.severity === 'error');
  expect(errors.map((f) => f.line)).toEqual(linesTagged(SRC, 'bad'));
});
