import { expect, test } from 'vitest';
import { javacDecides } from '../support/javac-decides.js';

/**
 * Values whose type the code fixes in less common ways: a pattern variable (its type is written,
 * as a local's is: `pending.set(confirm)` on an `AtomicReference<ConfirmResult>`), the components
 * of a record declared here (`new UserContext("alice", List.of("x"))` where a `List<Msg>` is
 * declared), `Mono.zip(a, b).block()` of exactly typed Monos (a Tuple2 whose getT1() is a's value),
 * a field read on a container (`blocks.empty` on a List, `reply.getClass().simpleName`) and an
 * AgentScope field that is a getter (`reply.textContent`). javac decides: Broken.java's lines tagged
 * `// error` are the ones it rejects and check reports them; Clean.java compiles and checks clean.
 */
const HEAD = `package demo;

import io.agentscope.core.ReActAgent;
import io.agentscope.core.event.AgentEvent;
import io.agentscope.core.event.ConfirmResult;
import io.agentscope.core.event.RequireUserConfirmEvent;
import io.agentscope.core.message.Msg;
import io.agentscope.core.message.ToolUseBlock;
import io.agentscope.core.message.UserMessage;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import reactor.core.publisher.Mono;
`;
const BROKEN = `${HEAD}
public class Broken {
    record UserContext(String name, List<Msg> history) {}

    void f(ReActAgent agent, Msg in, AgentEvent event, List<ToolUseBlock> calls) {
        AtomicReference<ConfirmResult> pending = new AtomicReference<>();
        if (event instanceof RequireUserConfirmEvent confirm) {
            pending.set(confirm); // error
        }
        UserContext ctx = new UserContext("alice", List.of("hi")); // error
        UserContext other = new UserContext("bob", calls); // error
        Mono<Msg> a = agent.call(in);
        Mono<Msg> b = agent.call(in);
        var both = Mono.zip(a, b).block();
        String first = both.getT1().textContent; // error
        String second = both.getT2().nosuch(); // error
        boolean none = calls.empty; // error
        String kind = in.getClass().simpleName; // error
        String to = in.toString().to(); // error
        System.out.println(ctx + " " + other + first + second + none + kind + to);
    }
}
`;
const CLEAN = `${HEAD}
public class Clean {
    record UserContext(String name, List<Msg> history) {}

    void f(ReActAgent agent, Msg in, AgentEvent event, List<ToolUseBlock> calls) {
        AtomicReference<RequireUserConfirmEvent> pending = new AtomicReference<>();
        if (event instanceof RequireUserConfirmEvent confirm) {
            pending.set(confirm);
        }
        UserContext ctx = new UserContext("alice", List.of(in));
        Mono<Msg> a = agent.call(in);
        var both = Mono.zip(a, agent.call(in)).block();
        String first = both.getT1().getTextContent() + both.getT2().getTextContent();
        boolean none = calls.isEmpty();
        String kind = in.getClass().getSimpleName() + String.CASE_INSENSITIVE_ORDER;
        System.out.println(ctx + " " + first + none + kind + pending.get());
    }
}
`;

test('pattern variables, record components, zipped Monos and container fields: javac and check agree line by line', async () => {
  const v = await javacDecides({ 'Broken.java': BROKEN, 'Clean.java': CLEAN });
  expect(v.javac).toEqual(v.tagged);
  expect(v.check).toEqual(v.tagged);
}, 240_000);

/**
 * A generic method whose result is its argument's type (`<T extends Channel> T channel(T)`): with
 * an exactly typed argument (an AgentScope call's result, a variable's written type) the result is
 * that type, assigned or called on, as javac infers it ("inference variable T has incompatible
 * bounds" where it cannot be assigned).
 */
const CHANNELS = `package demo;

import io.agentscope.core.state.InMemoryAgentStateStore;
import io.agentscope.harness.agent.HarnessAgent;
import io.agentscope.harness.agent.gateway.channel.chatui.ChatUiChannel;

public class Channels {
    void f(HarnessAgent agent, ChatUiChannel ui) {
        InMemoryAgentStateStore a = agent.channel(ChatUiChannel.create()); // error
        InMemoryAgentStateStore b = agent.channel(ui); // error
        agent.channel(ui).nosuch(); // error
        ChatUiChannel c = agent.channel(ChatUiChannel.create());
        var d = agent.channel(ui);
        System.out.println(a + " " + b + c + d);
    }
}
`;

test('a generic method that hands its argument back: javac and check agree line by line', async () => {
  const v = await javacDecides({ 'Channels.java': CHANNELS }, { artifacts: ['agentscope-harness'] });
  expect(v.javac).toEqual(v.tagged);
  expect(v.check).toEqual(v.tagged);
}, 240_000);
