import { expect, test } from 'vitest';
import { javacDecides } from '../support/javac-decides.js';

/**
 * A project's generic helper `<T> T withRetry(Supplier<T> work)` (or `Callable<T>`) given a lambda
 * whose result is decided: T's only bound besides the target is that result, so the call is of its
 * type (`Mono<String> r = withRetry(() -> agent.call(msg))`: javac's "inference variable T has
 * incompatible bounds"). A target the result fits, and a helper whose T other parameters also
 * bound, are clean. javac decides (AS013).
 */
const HEAD = `package demo;

import io.agentscope.core.ReActAgent;
import io.agentscope.core.message.Msg;
import io.agentscope.core.message.UserMessage;
import io.agentscope.core.tool.mcp.McpClientBuilder;
import io.agentscope.core.tool.mcp.McpClientWrapper;
import java.util.concurrent.Callable;
import java.util.function.Supplier;
import reactor.core.publisher.Mono;
`;
const BROKEN = `${HEAD}
public class Broken {
    static <T> T withLoader(Callable<T> action) throws Exception { return action.call(); }
    static <T> T withRetry(Supplier<T> work) { return work.get(); }
    static McpClientWrapper make() { return null; }

    void loader() throws Exception {
        McpClientBuilder client = withLoader(() -> make()); // error
    }
    Mono<String> retried(ReActAgent agent) {
        return withRetry(() -> agent.call(new UserMessage("x"))); // error
    }
    Mono<String> block(ReActAgent agent) {
        Mono<String> r = withRetry(() -> { // error
            return agent.call(new UserMessage("x"));
        });
        return r;
    }
}
`;
const CLEAN = `${HEAD}
public class Clean {
    static <T> T withLoader(Callable<T> action) throws Exception { return action.call(); }
    static <T> T withRetry(Supplier<T> work) { return work.get(); }
    static <T> T orElse(Supplier<T> work, T fallback) { return work.get(); }
    static McpClientWrapper make() { return null; }

    void loader() throws Exception {
        McpClientWrapper client = withLoader(() -> make());
        Object any = withLoader(() -> make());
        String name = withLoader(() -> make()).getName();
    }
    Mono<Msg> retried(ReActAgent agent) {
        return withRetry(() -> agent.call(new UserMessage("x")));
    }
    Object both(ReActAgent agent) {
        Object o = orElse(() -> agent.call(new UserMessage("x")), "none");
        return o;
    }
}
`;

test('a project generic helper whose T a lambda of decided result fixes: javac and check agree line by line', async () => {
  const v = await javacDecides({ 'Broken.java': BROKEN, 'Clean.java': CLEAN });
  expect(v.javac).toEqual(v.tagged);
  expect(v.check).toEqual(v.tagged);
}, 180_000);
