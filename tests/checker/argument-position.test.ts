import { expect, test } from 'vitest';
import { checkSources } from '../../src/checker/index.js';
import { loadInventory } from '../../src/inventory/store.js';
import { linesTagged } from './helpers.js';

/**
 * AS007 where javac reports it. With one candidate of the argument count (not generic, not of
 * variable arity) javac says "incompatible types" at the first argument that does not fit, at the
 * argument's position: a call's `(`, a binary operator, else where it starts. Arguments written on
 * their own lines are reported on those lines. javac 21 with the 2.0.2 jars rejects exactly the
 * lines tagged `// bad` below.
 */
const SRC = `package demo;

import io.agentscope.core.ReActAgent;
import io.agentscope.core.permission.PermissionBehavior;
import io.agentscope.core.permission.PermissionRule;
import io.agentscope.core.tool.Toolkit;

public class ArgLines {
    void run(Toolkit toolkit) {
        ReActAgent.builder()
                .name("a")
                .sysPrompt(
                        42) // bad
                .build();
        ReActAgent.builder().sysPrompt(42).build(); // bad
        new PermissionRule("a",
                42, // bad
                PermissionBehavior.ALLOW, "r");
        ReActAgent.builder()
                .toolkit(
                        ReActAgent.builder()
                                .name("x")
                                .build()) // bad
                .build();
        ReActAgent.builder()
                .sysPrompt("a"
                        + 1)
                .name(1
                        + 2) // bad
                .build();
    }
}
`;

test('AS007 on the line of the argument that does not fit, as javac reports it', async () => {
  const found = await checkSources([{ path: 'src/main/java/demo/ArgLines.java', content: SRC }], loadInventory('2.0.2'));
  const errors = found.filter((f) => f.severity === 'error');
  expect(errors.map((f) => `${f.line} ${f.rule}`)).toEqual(linesTagged(SRC, 'bad').map((l) => `${l} AS007`));
});

/**
 * AS013 where javac reports it: at the `(` of the call that yields the value, so on the last line
 * of an initializer or a lambda body written over several lines. javac 21 with the 2.0.2 jars
 * rejects exactly the lines tagged `// bad`.
 */
const RESULTS = `package demo;

import io.agentscope.core.ReActAgent;
import io.agentscope.core.message.Msg;
import io.agentscope.core.tool.subagent.SubAgentProvider;
import java.util.List;
import reactor.core.publisher.Mono;

public class ResultLines {
    void run(ReActAgent agent, Msg msg) {
        Mono<String> reply =
                agent
                        .call(msg); // bad
        Mono<Msg> ok =
                agent
                        .call(msg);
        SubAgentProvider<ReActAgent> p =
                () ->
                        ReActAgent.builder()
                                .name("a")
                                .sysPrompt("b"); // bad
        List<String> names = List.of(
                "a");
    }
}
`;

test('AS013 on the line of the call that yields the value, as javac reports it', async () => {
  const found = await checkSources([{ path: 'src/main/java/demo/ResultLines.java', content: RESULTS }], loadInventory('2.0.2'));
  const errors = found.filter((f) => f.severity === 'error');
  expect(errors.map((f) => `${f.line} ${f.rule}`)).toEqual(linesTagged(RESULTS, 'bad').map((l) => `${l} AS013`));
});
