import { expect, test } from 'vitest';
import { javacDecides } from '../support/javac-decides.js';

/**
 * A member of a value whose type is decided to be a primitive: an AgentScope method's int, double
 * or boolean result (`usage.getCachedTokens().block()`, on one line or at the end of a chain), an
 * AgentScope constant (`ReactConfig.DEFAULT_MAX_ITERS`), java.lang.Object's hashCode() of an
 * AgentScope value, a local or parameter whose primitive type is written (or a `var` an exact
 * result initializes), a method or a field (`.value`). javac: "int cannot be dereferenced".
 * Clean.java reaches the same values through a box, a cast, String.valueOf or a Mono, and a
 * parameter that shadows a primitive field. javac decides: Broken.java's lines tagged `// error`
 * are the ones it rejects, and check reports them (AS013); Clean.java compiles and checks clean.
 */
const HEAD = `package demo;

import io.agentscope.core.ReActAgent;
import io.agentscope.core.agent.RuntimeContext;
import io.agentscope.core.agent.config.ReactConfig;
import io.agentscope.core.message.Msg;
import io.agentscope.core.model.ChatUsage;
import java.util.Optional;
`;
const BROKEN = `${HEAD}
public class Broken {
    private int total;

    Object f(ChatUsage usage, ReActAgent agent, Msg msg, boolean b) {
        Object a = usage.getCachedTokens().block(); // error
        Object t = usage.getTime().get(); // error
        Object c = usage
                .getTotalTokens()
                .block(); // error
        Object m = agent.getMaxIters().toString(); // error
        Object h = msg.hashCode().block(); // error
        Object k = ReactConfig.DEFAULT_MAX_ITERS.block(); // error
        Object s = ReactConfig.defaults().stopOnReject().get(); // error
        Object v = usage.getInputTokens().value; // error
        Object p = (usage.getOutputTokens()).intValue(); // error
        Object q = (b ? usage.getCachedTokens() : 1).toString(); // error
        return ReactConfig.DEFAULT_STOP_ON_REJECT.booleanValue(); // error
    }

    void g(ChatUsage usage, int limit) {
        int n = usage.getCachedTokens();
        n.block(); // error
        var time = usage.getTime();
        time.get(); // error
        limit.toString(); // error
        Runnable r = () -> System.out.println(n.toString()); // error
    }
}
`;
const CLEAN = `${HEAD}
public class Clean {
    private int tokens;

    Object f(ChatUsage usage, ReActAgent agent, Msg msg, RuntimeContext ctx) {
        int a = usage.getCachedTokens();
        long l = usage.getCachedTokens();
        Integer boxed = usage.getCachedTokens();
        Object o = usage.getTime();
        String s = boxed.toString() + o.toString();
        String t = ((Integer) usage.getCachedTokens()).toString();
        String u = String.valueOf(usage.getTime()).trim();
        String w = (usage.getTotalTokens() + "").trim();
        Optional<Double> d = Optional.of(usage.getTime());
        double x = d.get();
        Msg reply = agent.call("hi", ctx).block();
        int h = msg.hashCode() + ReactConfig.DEFAULT_MAX_ITERS;
        boolean stop = ReactConfig.defaults().stopOnReject();
        return Integer.valueOf(agent.getMaxIters()).toString();
    }

    int g(String tokens) {
        return tokens.length() + this.tokens;
    }
}
`;

test('members of primitive AgentScope values: javac and check agree line by line', async () => {
  const v = await javacDecides({ 'Broken.java': BROKEN, 'Clean.java': CLEAN });
  expect(v.javac).toEqual(v.tagged);
  expect(v.check).toEqual(v.tagged);
  expect(v.findings.every((f) => f.rule === 'AS013')).toBe(true);
}, 240_000);
