import { expect, test } from 'vitest';
import { javacDecides } from '../support/javac-decides.js';

/**
 * Arguments typed by the receiver's written type arguments: `add(E)` of a `List<TextBlock>`,
 * `put(K, V)` of a `Map<String, Msg>`, `addAll(Collection<? extends E>)`, `AtomicReference<Msg>.set`,
 * `CompletableFuture<Msg>.complete`; and `Mono.just(x)` as a receiver, whose T javac infers from x
 * alone (`Mono<Msg> m = Mono.just(reply).map(r -> r.getTextContent())`), `Function<T, R>.apply`'s
 * result typed by the receiver's R, and a primitive result assigned where no widening or boxing
 * takes it (`int n = tool.isReadOnly()`). javac decides: Broken.java's lines tagged `// error` are the
 * ones it rejects ("incompatible types: X cannot be converted to Y"), and check reports them;
 * Clean.java (supertypes, wildcards, raw and inferred receivers, boxing, user types) compiles and
 * checks clean.
 */
const HEAD = `package demo;

import io.agentscope.core.ReActAgent;
import io.agentscope.core.event.AgentEvent;
import io.agentscope.core.tool.AgentTool;
import java.util.function.Function;
import reactor.core.publisher.Flux;
import io.agentscope.core.agent.RuntimeContext;
import io.agentscope.core.message.ContentBlock;
import io.agentscope.core.message.Msg;
import io.agentscope.core.message.TextBlock;
import io.agentscope.core.message.ToolUseBlock;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;
import reactor.core.publisher.Mono;
`;
const BROKEN = `${HEAD}
public class Broken {
    private final Map<String, Msg> last = new HashMap<>();
    private final List<TextBlock> blocks = new ArrayList<>();
    private final ConcurrentHashMap<String, ReActAgent> agents = new ConcurrentHashMap<>();

    void f(ReActAgent agent, Msg r, List<ContentBlock> content, Set<Msg> seen, String q) {
        last.put("k", agent.call(q, RuntimeContext.empty())); // error
        last.put(r, r); // error
        blocks.add(r.getContent().get(0)); // error
        blocks.add(0, content.get(0)); // error
        blocks.set(0, r.getContent().get(0)); // error
        blocks.addAll(r.getContent()); // error
        blocks.addAll(content); // error
        blocks.addAll(List.of(r)); // error
        seen.add(agent.call(q, RuntimeContext.empty())); // error
        agents.putIfAbsent("a", r); // error
        ArrayList<Msg> history = new ArrayList<>();
        history.add(r.getTextContent()); // error
        history.add("hello"); // error
        history.addAll(Set.of("hello")); // error
        history.addAll(new ArrayList<>(List.of(r)));
        Deque<Msg> pending = new ArrayDeque<>();
        pending.offer(agent.getName()); // error
        AtomicReference<Msg> ref = new AtomicReference<>();
        ref.set(agent.call(q, RuntimeContext.empty())); // error
        CompletableFuture<Msg> done = new CompletableFuture<>();
        done.complete(r.getTextContent()); // error
        Map<String, String> names = new HashMap<>();
        names.put(agent.getName(), r); // error
        blocks.add(
            r.getContent().get(0)); // error
        Mono<Msg> mapped = Mono.just(r).map(x -> x.getTextContent()); // error
    }

    Flux<AgentEvent> g(AgentTool tool, Function<String, Flux<AgentEvent>> next) {
        int readOnly = tool.isReadOnly(); // error
        String strict = tool.isReadOnly(); // error
        return next.apply("x").map(e -> e.getType()); // error
    }
}
`;
const CLEAN = `${HEAD}
public class Clean {
    static class Mine {}

    private final Map<String, Msg> last = new HashMap<>();
    private final List<ContentBlock> blocks = new ArrayList<>();

    @SuppressWarnings({"rawtypes", "unchecked"})
    void f(ReActAgent agent, Msg r, TextBlock text, ToolUseBlock use, List<? super TextBlock> sink, List raw, String q) {
        last.put("k", agent.call(q, RuntimeContext.empty()).block());
        last.put(agent.getName(), r);
        blocks.add(text);
        blocks.add(use);
        blocks.addAll(r.getContent());
        blocks.addAll(List.of(text));
        sink.add(text);
        raw.add(r);
        List<Object> any = new ArrayList<>();
        any.add(r);
        any.add(agent.call(q, RuntimeContext.empty()));
        List<CharSequence> texts = new ArrayList<>();
        texts.add(r.getTextContent());
        Map<String, Mono<Msg>> pending = new HashMap<>();
        pending.put(q, agent.call(q, RuntimeContext.empty()));
        var inferred = new ArrayList<Msg>();
        inferred.add(r);
        List<Integer> sizes = new ArrayList<>();
        sizes.add(r.getContent().size());
        Collection<Mine> mine = new ArrayList<>();
        mine.add(new Mine());
        Map<Msg, List<ContentBlock>> byMsg = new HashMap<>();
        byMsg.put(r, r.getContent());
        AtomicReference<ContentBlock> ref = new AtomicReference<>();
        ref.set(text);
        CompletableFuture<Object> done = new CompletableFuture<>();
        done.complete(r);
        Mono<String> mapped = Mono.just(r).map(x -> x.getTextContent());
        Mono<Object> widened = Mono.just(r).map(x -> x.getTextContent());
        Mono<Msg> same = Mono.just(r).map(x -> x);
    }

    Flux<AgentEvent> g(AgentTool tool, Function<String, Flux<AgentEvent>> next) {
        boolean readOnly = tool.isReadOnly();
        Boolean boxed = tool.isReadOnly();
        Object any = tool.isReadOnly();
        Flux<Object> types = next.apply("x").map(e -> e.getType());
        return next.apply("x").map(e -> e);
    }
}
`;

test('receiver-typed arguments and results: javac and check agree line by line', async () => {
  const v = await javacDecides({ 'Broken.java': BROKEN, 'Clean.java': CLEAN });
  expect(v.javac).toEqual(v.tagged);
  expect(v.check).toEqual(v.tagged);
  expect(v.findings.every((f) => f.rule === 'AS013')).toBe(true);
}, 240_000);
