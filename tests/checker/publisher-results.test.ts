import { expect, test } from 'vitest';
import { javacDecides } from '../support/javac-decides.js';

/**
 * Publishers and JDK calls whose class or arguments javac decides whatever the inferred type
 * arguments: a Flux returned where a Mono is declared (a dropped `next()`, `Flux.just` for
 * `Mono.just`), a Mono where a primitive is (`events.count()`), a fallback of another type
 * (`defaultIfEmpty`, `onErrorReturn`, `switchIfEmpty(Mono.just(..))`), `thenReturn(v)` where another
 * element is declared, `map` where `flatMap` was meant (a lambda parameter typed by an exactly typed
 * receiver is exact), a flattening lambda that returns no publisher (`concatMap(q -> call(q).block())`),
 * a JDK method's argument no overload takes (`Duration.ofSeconds("30")` in an AgentScope chain,
 * `msgs.get("0")`, `String.join(", ", msg.getContent())`, a lambda of the wrong arity for `forEach`,
 * `next.apply(in, in)`), a for-each over a Flux, `==` of two different enums, array creations and
 * switch-expression arms where another type is declared, a lambda of the wrong arity for a declared
 * functional interface, a call of the class's own method with an argument count it does not take,
 * an unbound method reference to a subtype's method over a supertype's elements, a class literal
 * where a Predicate is declared, and a lambda whose parameter (typed by the one method's parameter)
 * is returned where the interface returns another type, and a conditional argument of the one
 * method of that name with a branch its parameter cannot take, and a field holding a List of
 * Strings returned where a List of an AgentScope type is declared.
 * javac decides: Broken.java's lines tagged `// error` are the ones it rejects and check reports
 * them; Clean.java (the same shapes written right, and lambdas passed where a JDK method's type
 * variable is erased to Object) compiles and checks clean.
 * A project method declared to return a publisher (`Mono<String> step(..)`) gives exactly that type,
 * so returning it where a `Mono<Msg>` is declared is rejected (Own.java).
 */
const HEAD = `package demo;

import io.agentscope.core.ReActAgent;
import io.agentscope.core.event.AgentEvent;
import io.agentscope.core.event.AgentResultEvent;
import io.agentscope.core.event.TextBlockDeltaEvent;
import io.agentscope.core.event.AgentEventType;
import io.agentscope.core.message.ContentBlock;
import io.agentscope.core.message.GenerateReason;
import io.agentscope.core.message.Msg;
import io.agentscope.core.message.MsgRole;
import io.agentscope.core.message.TextBlock;
import io.agentscope.core.message.ToolResultBlock;
import io.agentscope.core.message.ToolResultState;
import io.agentscope.core.model.ExecutionConfig;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import java.util.function.Supplier;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
`;
const BROKEN = `${HEAD}
public class Broken {
    ReActAgent agent;
    Mono<Msg> last(String q) {
        return agent.streamEvents(q).ofType(AgentResultEvent.class).map(AgentResultEvent::getResult); // error
    }
    Mono<Msg> cast(String q) {
        return agent.streamEvents(q).filter(e -> e instanceof AgentResultEvent).cast(AgentResultEvent.class).map(AgentResultEvent::getResult); // error
    }
    long count(Flux<AgentEvent> events) {
        return events.count(); // error
    }
    Flux<Msg> one(Msg m) {
        return Mono.just(m); // error
    }
    Mono<String> many(String s) {
        return Flux.just(s); // error
    }
    Mono<ToolResultBlock> fallback(Mono<ToolResultBlock> m) {
        return m.defaultIfEmpty("no answer"); // error
    }
    Flux<Msg> onError(Flux<Msg> m) {
        return m.onErrorReturn("failed"); // error
    }
    Mono<Msg> empty(Msg m) {
        return agent.call(m).switchIfEmpty(Mono.just("no reply")); // error
    }
    Mono<Void> then(Msg note) {
        return agent.observe(note).thenReturn(note); // error
    }
    Flux<Msg> mapped(Flux<ReActAgent> agents, Msg m) {
        return agents.map(a -> a.call(m)); // error
    }
    Flux<Msg> fromList(List<ReActAgent> agents, Msg m) {
        return Flux.fromIterable(agents).map(a -> a.call(m)); // error
    }
    Flux<Msg> blocked(Flux<Msg> qs) {
        return qs.concatMap(q -> agent.call(q).block()); // error
    }
    Mono<Msg> monoOfFlux(Mono<Msg> m) {
        return m.flatMap(x -> agent.streamEvents(x.getTextContent())); // error
    }
    Msg timed(Msg msg) {
        return agent.call(msg).block(Duration.ofSeconds("30")); // error
    }
    Msg first(List<Msg> msgs) {
        return msgs.get("0"); // error
    }
    String joined(Msg msg) {
        return String.join("\\n", msg.getContent()); // error
    }
    String names(List<Msg> msgs) {
        return String.join(", ", msgs); // error
    }
    void each(List<Msg> msgs, Map<String, Msg> byId) {
        msgs.forEach((m, n) -> System.out.println(m)); // error
        byId.forEach(k -> System.out.println(k)); // error
    }
    Flux<Msg> apply(Function<Msg, Flux<Msg>> next, Msg in) {
        return next.apply(in, in); // error
    }
    void loop(String q) {
        for (AgentEvent e : agent.streamEvents(q)) { // error
            System.out.println(e);
        }
    }
    boolean reason(Msg reply) {
        return reply.getGenerateReason() == MsgRole.USER; // error
    }
    AgentEventType[] types() {
        return new AgentEventType[] {AgentEventType.AGENT_END, "TOOL_CALL_START"}; // error
    }
    List<AgentEventType> listed() {
        return new AgentEventType[] {AgentEventType.AGENT_END}; // error
    }
    String arm(AgentEvent event) {
        return switch (event.getType()) {
            case AGENT_END -> "end";
            default -> event.getType(); // error
        };
    }
    Function<String, ReActAgent> factory() {
        Function<String, ReActAgent> f = (name, ctx) -> agent; // error
        return f;
    }
    Mono<ToolResultBlock> tool(Msg m) {
        return success(m); // error
    }
    private Mono<ToolResultBlock> success(Msg m, String text) {
        return Mono.just(ToolResultBlock.text(text + m.getTextContent()));
    }
    Flux<String> deltas(String q) {
        return agent.streamEvents(q).map(TextBlockDeltaEvent::getDelta); // error
    }
    ExecutionConfig retry() {
        return ExecutionConfig.builder().retryOn(TimeoutException.class).build(); // error
    }
    ExecutionConfig retryAll() {
        return ExecutionConfig.builder().retryOn(t -> t).build(); // error
    }
    ToolResultBlock state(ToolResultBlock r, boolean failed) {
        return r.withState(failed ? "ERROR" : ToolResultState.SUCCESS); // error
    }
    List<ContentBlock> texts(Msg m) {
        return m.getContent().stream().filter().toList(); // error
    }
    private List<String> pending = List.of();
    List<ContentBlock> pending() {
        return pending; // error
    }
}
`;
const CLEAN = `${HEAD}
public class Clean {
    ReActAgent agent;
    Mono<Msg> last(String q) {
        return agent.streamEvents(q).ofType(AgentResultEvent.class).map(AgentResultEvent::getResult).next();
    }
    Flux<Msg> cast(String q) {
        return agent.streamEvents(q).filter(e -> e instanceof AgentResultEvent).cast(AgentResultEvent.class).map(AgentResultEvent::getResult);
    }
    long count(Flux<AgentEvent> events) {
        return events.count().block();
    }
    Mono<Long> counted(Flux<AgentEvent> events) {
        return events.count();
    }
    Flux<Msg> one(Msg m) {
        return Mono.just(m).flux();
    }
    Object any(String s) {
        return Flux.just(s);
    }
    Mono<ToolResultBlock> fallback(Mono<ToolResultBlock> m) {
        return m.defaultIfEmpty(ToolResultBlock.text("no answer"));
    }
    Flux<Object> widened(Flux<Object> m) {
        return m.onErrorReturn("failed");
    }
    Mono<Msg> empty(Msg m) {
        return agent.call(m).switchIfEmpty(Mono.just(m));
    }
    Mono<Msg> then(Msg note) {
        return agent.observe(note).thenReturn(note);
    }
    Flux<Msg> flat(Flux<ReActAgent> agents, Msg m) {
        return agents.flatMap(a -> a.call(m));
    }
    Flux<Mono<Msg>> mapped(Flux<ReActAgent> agents, Msg m) {
        return agents.map(a -> a.call(m));
    }
    Flux<Msg> blocked(Flux<Msg> qs) {
        return qs.concatMap(q -> agent.call(q));
    }
    Flux<ContentBlock> blocks(Flux<Msg> qs) {
        return qs.flatMapIterable(q -> q.getContent());
    }
    Msg timed(Msg msg) {
        return agent.call(msg).block(Duration.ofSeconds(30));
    }
    Msg first(List<Msg> msgs) {
        return msgs.get(0);
    }
    String joined(List<TextBlock> texts) {
        return String.join("\\n", texts.stream().map(TextBlock::getText).toList());
    }
    String names(List<String> names, List<? extends CharSequence> chars) {
        return String.join(", ", names) + String.join(", ", chars);
    }
    void each(List<Msg> msgs, Map<String, Msg> byId) {
        msgs.forEach(m -> System.out.println(m));
        byId.forEach((k, v) -> System.out.println(k + v.getTextContent()));
    }
    List<Supplier<Msg>> suppliers(Msg m) {
        return List.of(() -> m, () -> m);
    }
    Flux<Msg> apply(Function<Msg, Flux<Msg>> next, Msg in) {
        return next.andThen(f -> f).apply(in);
    }
    void loop(String q) {
        for (AgentEvent e : agent.streamEvents(q).toIterable()) {
            System.out.println(e);
        }
    }
    boolean reason(Msg reply) {
        return reply.getGenerateReason() == GenerateReason.MODEL_STOP || reply.getRole() == MsgRole.USER;
    }
    AgentEventType[] types() {
        return new AgentEventType[] {AgentEventType.AGENT_END, AgentEventType.valueOf("TOOL_CALL_START")};
    }
    Object listed() {
        return new AgentEventType[] {AgentEventType.AGENT_END};
    }
    String arm(AgentEvent event) {
        return switch (event.getType()) {
            case AGENT_END -> "end";
            default -> event.getType().name();
        };
    }
    Function<String, ReActAgent> factory() {
        Function<String, ReActAgent> f = name -> agent;
        return f;
    }
    Mono<ToolResultBlock> tool(Msg m) {
        new Thread() {
            @Override
            public void run() {
                start();
            }
        };
        return success(m, "ok");
    }
    private Mono<ToolResultBlock> success(Msg m, String text) {
        return Mono.just(ToolResultBlock.text(text + m.getTextContent()));
    }
    void start(Msg m) {
        System.out.println(m);
    }
    Flux<String> deltas(String q) {
        return agent.streamEvents(q).ofType(TextBlockDeltaEvent.class).map(TextBlockDeltaEvent::getDelta);
    }
    ExecutionConfig retry() {
        return ExecutionConfig.builder().retryOn(t -> t instanceof TimeoutException).build();
    }
    ExecutionConfig retryAll() {
        return ExecutionConfig.builder().retryOn(t -> t != null).build();
    }
    ToolResultBlock state(ToolResultBlock r, boolean failed) {
        return r.withState(failed ? ToolResultState.ERROR : ToolResultState.SUCCESS);
    }
    List<ContentBlock> texts(Msg m) {
        return m.getContent().stream().filter(TextBlock.class::isInstance).toList();
    }
    private List<ContentBlock> pending = List.of();
    List<ContentBlock> pending() {
        return pending;
    }
}
`;

test('publisher classes, publisher fallbacks and JDK arguments: javac and check agree line by line', async () => {
  const v = await javacDecides({ 'Broken.java': BROKEN, 'Clean.java': CLEAN });
  expect(v.javac).toEqual(v.tagged);
  expect(v.check).toEqual(v.tagged);
}, 180_000);

test('a string template (a withdrawn preview) where a qualified name was meant: javac rejects the file, check reports it', async () => {
  const file = `package demo;

import io.agentscope.core.message.MsgRole;

public class Template {
    Object role() {
        return io.agentscope.core.message."USER"; // error
    }
    MsgRole fine() {
        return io.agentscope.core.message.MsgRole.USER;
    }
}
`;
  const v = await javacDecides({ 'Template.java': file });
  expect(v.javac).toEqual(v.tagged);
  expect(v.check).toEqual(v.tagged);
  expect(v.findings.map((f) => f.rule)).toEqual(['AS000']);
}, 180_000);

const OWN = `package demo;

import io.agentscope.core.ReActAgent;
import io.agentscope.core.message.Msg;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

public class Own {
    private Mono<String> step(Msg in) {
        return Mono.just(in.getTextContent());
    }
    private Flux<Msg> replies(ReActAgent agent, Msg in) {
        return agent.call(in).flux();
    }
    public Mono<Msg> run(Msg in) {
        return step(in); // error
    }
    public Flux<String> all(ReActAgent agent, Msg in) {
        Flux<String> texts = replies(agent, in); // error
        return texts;
    }
    public Mono<Integer> length(Msg in) {
        return step(in).map(String::length);
    }
    public Flux<? extends Msg> some(ReActAgent agent, Msg in) {
        return replies(agent, in);
    }
}
`;

test('a project method declared to return a Reactor publisher is exactly that type: javac and check agree line by line', async () => {
  const v = await javacDecides({ 'Own.java': OWN });
  expect(v.javac).toEqual(v.tagged);
  expect(v.check).toEqual(v.tagged);
  expect(v.findings.every((f) => f.rule === 'AS013')).toBe(true);
}, 180_000);
