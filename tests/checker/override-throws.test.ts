import { expect, test } from 'vitest';
import { javacDecides } from '../support/javac-decides.js';

/**
 * An override may not throw a checked exception the method it overrides does not (JLS 8.4.8.3):
 * `callAsync(ToolCallParam) throws Exception` in an AgentTool, `onEvent(..) throws IOException` in
 * a hook ("overridden method does not throw Exception"). Unchecked exceptions, and the checked ones
 * an overridden method declares, may be thrown; so may anything by a method that overrides nothing.
 * Beside it the other illegal overrides: a final method, weaker access. javac decides: Broken.java's
 * lines tagged `// error` are the ones it rejects and check reports them; Clean.java compiles and
 * checks clean.
 */
const HEAD = `package demo;

import io.agentscope.core.agent.AgentBase;
import io.agentscope.core.hook.Hook;
import io.agentscope.core.hook.HookEvent;
import io.agentscope.core.message.Msg;
import io.agentscope.core.message.ToolResultBlock;
import io.agentscope.core.tool.AgentTool;
import io.agentscope.core.tool.ToolCallParam;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import reactor.core.publisher.Mono;
`;
const TOOL = `        @Override
        public String getName() {
            return "t";
        }

        @Override
        public String getDescription() {
            return "d";
        }

        @Override
        public Map<String, Object> getParameters() {
            return Map.of();
        }
`;
const BROKEN = `${HEAD}
public class Broken {
    static class Throwing implements AgentTool {
${TOOL}
        @Override
        public Mono<ToolResultBlock> callAsync(ToolCallParam param) throws Exception { // error
            return Mono.empty();
        }
    }

    static class Io implements AgentTool {
${TOOL}
        @Override
        public Mono<ToolResultBlock> callAsync(ToolCallParam param) throws IOException { // error
            return Mono.empty();
        }
    }

    static class Narrow implements AgentTool {
${TOOL}
        @Override
        protected Mono<ToolResultBlock> callAsync(ToolCallParam param) { // error
            return Mono.empty();
        }
    }

    abstract static class Final extends AgentBase {
        Final() {
            super("a");
        }

        @Override
        public Mono<Msg> call(List<Msg> msgs) { // error
            return Mono.empty();
        }
    }

    static class Hooked implements Hook {
        @Override
        public <T extends HookEvent> Mono<T> onEvent(T event) throws InterruptedException { // error
            return Mono.just(event);
        }
    }
}
`;
const CLEAN = `${HEAD}
public class Clean {
    static class Unchecked implements AgentTool {
${TOOL}
        @Override
        public Mono<ToolResultBlock> callAsync(ToolCallParam param) throws IllegalStateException {
            return Mono.empty();
        }

        public void helper() throws IOException {}
    }

    static class Hooked implements Hook {
        @Override
        public <T extends HookEvent> Mono<T> onEvent(T event) throws RuntimeException {
            return Mono.just(event);
        }
    }
}
`;

test('overrides that throw checked exceptions the overridden AgentScope method does not: javac and check agree line by line', async () => {
  const v = await javacDecides({ 'Broken.java': BROKEN, 'Clean.java': CLEAN });
  expect(v.javac).toEqual(v.tagged);
  expect(v.check).toEqual(v.tagged);
}, 240_000);
