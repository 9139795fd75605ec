import { expect, test } from 'vitest';
import { javacDecides } from '../support/javac-decides.js';

/**
 * A publisher given where the receiver's element decides what it must publish
 * (`concatWith`, `mergeWith`, `switchIfEmpty` take a `Publisher<? extends T>`): a publisher of a
 * decided other element is rejected. And a conditional whose two operands have one decided type
 * is that type (`Mono.just(ok ? allow(..) : deny(..))` is a Mono of PermissionDecision). A
 * subtype's publisher, and operands of other types, are clean. `then(other)` is what `other` is
 * (`then(Mono.just(m))` judged as `Mono.just(m)`). javac decides (AS013).
 */
const BROKEN = `package demo;

import io.agentscope.core.ReActAgent;
import io.agentscope.core.event.AgentEvent;
import io.agentscope.core.message.Msg;
import io.agentscope.core.message.UserMessage;
import io.agentscope.core.permission.PermissionDecision;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

public class Broken {
    Flux<AgentEvent> concat(Flux<AgentEvent> in) {
        return in.concatWith(Mono.<Msg>empty()); // error
    }
    Flux<AgentEvent> merge(Flux<AgentEvent> in, ReActAgent agent) {
        return in.mergeWith(agent.call(new UserMessage("x"))); // error
    }
    Mono<String> fallback(Mono<String> in, ReActAgent agent) {
        return in.switchIfEmpty(agent.call(new UserMessage("x"))); // error
    }
    Mono<String> decide(boolean ok) {
        return Mono.just(ok ? PermissionDecision.allow("a") : PermissionDecision.deny("b")); // error
    }
    Mono<String> orNull(boolean ok) {
        return Mono.just(ok ? PermissionDecision.allow("a") : null); // error
    }
    Mono<String> then(ReActAgent agent, Msg m) {
        return agent.call(new UserMessage("x")).then(Mono.just(m)); // error
    }
    Mono<String> thenCall(ReActAgent agent) {
        return Mono.empty().then(agent.call(new UserMessage("x"))); // error
    }
    Flux<String> thenEmpty(Flux<String> in) {
        return in.concatWith(Mono.empty().then(Mono.<AgentEvent>empty())); // error
    }
    // over several lines: an argument that fails the call's inference (a generic call) at the call,
    // any other at itself, as javac reports them
    Flux<AgentEvent> generic(Flux<AgentEvent> in, Msg m) {
        return in
            .concatWith( // error
                Mono.just(m));
    }
    Flux<AgentEvent> plain(Flux<AgentEvent> in, ReActAgent agent) {
        return in
            .concatWith(
                agent.call(new UserMessage("x"))); // error
    }
    Flux<AgentEvent> thenLines(Flux<AgentEvent> in) {
        return in
            .concatWith( // error
                Mono.empty()
                    .then(Mono.<Msg>empty()));
    }
}
`;
const CLEAN = `package demo;

import io.agentscope.core.ReActAgent;
import io.agentscope.core.event.AgentEvent;
import io.agentscope.core.message.Msg;
import io.agentscope.core.message.UserMessage;
import io.agentscope.core.permission.PermissionDecision;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

public class Clean {
    Flux<Object> concat(Flux<Object> in) {
        return in.concatWith(Mono.<Msg>empty());
    }
    Flux<AgentEvent> merge(Flux<AgentEvent> in, Flux<AgentEvent> more) {
        return in.mergeWith(more);
    }
    Mono<Msg> fallback(Mono<Msg> in, ReActAgent agent) {
        return in.switchIfEmpty(agent.call(new UserMessage("x")));
    }
    Mono<PermissionDecision> decide(boolean ok) {
        return Mono.just(ok ? PermissionDecision.allow("a") : PermissionDecision.deny("b"));
    }
    Mono<Object> mixed(boolean ok, Msg m) {
        return Mono.just(ok ? PermissionDecision.allow("a") : m);
    }
    Mono<Msg> then(ReActAgent agent, Msg m) {
        return agent.call(new UserMessage("x")).then(Mono.just(m));
    }
    Mono<Object> thenWider() {
        return Mono.empty().then(Mono.just("s"));
    }
    Flux<AgentEvent> thenEmpty(Flux<AgentEvent> in) {
        return in.concatWith(Mono.empty().then(Mono.<AgentEvent>empty()));
    }
}
`;

test('a publisher argument of another element, a conditional of one decided type and then(..): javac and check agree line by line', async () => {
  const v = await javacDecides({ 'Broken.java': BROKEN, 'Clean.java': CLEAN });
  expect(v.javac).toEqual(v.tagged);
  expect(v.check).toEqual(v.tagged);
}, 180_000);
