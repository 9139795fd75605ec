import { expect, test } from 'vitest';
import { checkSources } from '../../src/checker/index.js';
import { loadInventory } from '../../src/inventory/store.js';
import { linesTagged } from './helpers.js';

/**
 * A lambda whose returned value cannot be the result of the AgentScope functional interface method
 * it implements (type arguments substituted): javac 21 with the 2.0.2 jars reports "incompatible
 * types: bad return type in lambda expression" on exactly the lines tagged `// bad` below.
 */
const SRC = `package demo;

import io.agentscope.core.ReActAgent;
import io.agentscope.core.agent.RuntimeContext;
import io.agentscope.harness.agent.skill.curator.NotificationSink;
import io.agentscope.harness.agent.skill.curator.SkillPromotionGate;
import reactor.core.publisher.Mono;

public class Lambdas {
    void run(ReActAgent agent, RuntimeContext rc) {
        NotificationSink text = c -> "done"; // bad
        SkillPromotionGate wrong = (c, ctx) -> agent.call("hi", rc); // bad
        SkillPromotionGate block = (c, ctx) -> {
            if (c == null) return Mono.empty();
            return agent.call("hi", rc); // bad
        };
        NotificationSink ok = c -> Mono.empty();
        SkillPromotionGate inner = (c, ctx) -> {
            Runnable r = () -> agent.call("hi", rc);
            r.run();
            return Mono.empty();
        };
        use(c -> agent.call("hi", rc)); // bad
        use(c -> Mono.empty());
    }

    void use(NotificationSink s) {}
}
`;

test('lambda returns against AgentScope functional interfaces: javac\'s lines, nothing else', async () => {
  const found = await checkSources([{ path: 'src/main/java/demo/Lambdas.java', content: SRC }], loadInventory('2.0.2'));
  const errors = found.filter((f) => f.severity === 'error');
  expect(errors.map((f) => f.line)).toEqual(linesTagged(SRC, 'bad'));
  expect(errors.every((f) => f.rule === 'AS013' && f.message.startsWith('bad return type in lambda expression'))).toBe(true);
});

/**
 * Lambdas without inferred parameter names (`() -> ..`), targets with a wildcard (`subAgent` takes
 * `SubAgentProvider<?>`: its function type returns the bound, Agent, JLS 9.9) and literals of a
 * primitive type returned where a class is expected. javac 21 with the 2.0.2 jars reports "bad
 * return type in lambda expression" on exactly the lines tagged `// bad`.
 */
const SHAPES = `package demo;

import io.agentscope.core.ReActAgent;
import io.agentscope.core.agent.Agent;
import io.agentscope.core.model.Model;
import io.agentscope.core.model.ModelRegistry;
import io.agentscope.core.tool.Toolkit;
import io.agentscope.core.tool.subagent.SubAgentConfig;
import io.agentscope.core.tool.subagent.SubAgentProvider;
import io.agentscope.core.tool.subagent.SubAgentTool;

public class Shapes {
    void run(Toolkit toolkit, Agent agent, ReActAgent fast, Model model) {
        toolkit.registration().subAgent(() -> "x"); // bad
        toolkit.registration().subAgent(() -> agent);
        new SubAgentTool(() -> 42, SubAgentConfig.builder().build()); // bad
        SubAgentProvider<ReActAgent> p = () -> {
            int i = 0;
            if (i == 0) {
                return "x"; // bad
            }
            return fast;
        };
        ModelRegistry.registerFactory("a:(.+)", id -> 42); // bad
        ModelRegistry.registerFactory("a:(.+)", id -> {
            return true; // bad
        });
        ModelRegistry.registerFactory("a:(.+)", id -> model);
        SubAgentProvider<ReActAgent> q = () -> fast;
    }
}
`;

test('lambda returns: empty parameter lists, wildcard targets, primitive literals', async () => {
  const found = await checkSources([{ path: 'src/main/java/demo/Shapes.java', content: SHAPES }], loadInventory('2.0.2'));
  const errors = found.filter((f) => f.severity === 'error');
  expect(errors.map((f) => `${f.line} ${f.rule}`)).toEqual(linesTagged(SHAPES, 'bad').map((l) => `${l} AS013`));
});
