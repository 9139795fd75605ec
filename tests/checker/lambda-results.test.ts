import { expect, test } from 'vitest';
import { javacDecides } from '../support/javac-decides.js';

/**
 * What `map` and `flatMap` make of a lambda whose result is decided, where the Mono's element is
 * declared: a block body whose every `return` gives one type (`m -> { ..; return m; }`), and a
 * `Mono.just(m)` body (javac infers its T from m and the target, which must take a Msg), a string
 * literal body (`map(d -> "x")`). Returned
 * directly, or through an operator that keeps the element (`.doOnNext(..)`). A supertype, a body
 * of the declared element, and returns of different types are clean. javac decides (AS013).
 */
const HEAD = `package demo;

import io.agentscope.core.ReActAgent;
import io.agentscope.core.hook.HookEvent;
import io.agentscope.core.message.Msg;
import io.agentscope.core.message.UserMessage;
import java.util.concurrent.CompletableFuture;
import reactor.core.publisher.Mono;
`;
const BROKEN = `${HEAD}
public class Broken {
    Mono<String> block(ReActAgent agent) {
        return agent.call(new UserMessage("x")).flatMap(m -> { // error
            System.out.println(m);
            return Mono.just(m);
        });
    }
    Mono<String> blockChained(ReActAgent agent) {
        return agent.call(new UserMessage("x")).flatMap(m -> {
            System.out.println(m);
            return Mono.just(m);
        }).doOnNext(x -> {}); // error
    }
    Mono<String> mapBlock(ReActAgent agent) {
        return agent.call(new UserMessage("x")).map(m -> {
            return m;
        }).doOnNext(x -> {}); // error
    }
    Mono<String> just(ReActAgent agent) {
        return agent.call(new UserMessage("x")).flatMap(m -> Mono.just(m)); // error
    }
    Mono<String> justChained(ReActAgent agent) {
        return agent.call(new UserMessage("x")).flatMap(m -> Mono.just(m)).doOnNext(x -> {}); // error
    }
    Mono<Msg> literal() {
        return Mono.just("a").map(d -> "x"); // error
    }
    Mono<Msg> concatenated(String city) {
        return Mono.just("a")
                .map(d -> "Weather in " + city); // error
    }
    <T extends HookEvent> Mono<T> hook(T event) {
        return Mono.just(event).map(x -> "done"); // error
    }
    CompletableFuture<Msg> future(Mono<Msg> m) {
        return CompletableFuture.supplyAsync(() -> m); // error
    }
    Mono<String> assigned(ReActAgent agent) {
        Mono<String> r = agent.call(new UserMessage("x")).map(m -> { // error
            if (m == null) return m;
            return m;
        });
        return r;
    }
}
`;
const CLEAN = `${HEAD}
public class Clean {
    Mono<Object> wider(ReActAgent agent) {
        return agent.call(new UserMessage("x")).flatMap(m -> {
            return Mono.just(m);
        });
    }
    Mono<String> text(ReActAgent agent) {
        return agent.call(new UserMessage("x")).flatMap(m -> {
            String t = m.getTextContent();
            return Mono.just(t);
        }).doOnNext(x -> {});
    }
    Mono<String> justText(ReActAgent agent) {
        return agent.call(new UserMessage("x")).flatMap(m -> Mono.just(m.getTextContent()));
    }
    Mono<Object> mixed(ReActAgent agent) {
        return agent.call(new UserMessage("x")).map(m -> {
            if (m == null) return "none";
            return m;
        });
    }
    Mono<String> literal() {
        return Mono.just("a").map(d -> "x");
    }
    Mono<String> concatenated(String city) {
        return Mono.just("a").map(d -> "Weather in " + city);
    }
    Mono<Integer> sum(int a) {
        return Mono.just("a").map(d -> a + 1);
    }
    <T extends HookEvent> Mono<T> hook(T event) {
        return Mono.just(event).map(x -> x);
    }
    CompletableFuture<Mono<Msg>> future(Mono<Msg> m) {
        return CompletableFuture.supplyAsync(() -> m);
    }
    Mono<Msg> same(ReActAgent agent) {
        return agent.call(new UserMessage("x")).map(m -> {
            return m;
        }).doOnNext(x -> {});
    }
}
`;

test('a lambda of map or flatMap whose result is decided, against the declared element: javac and check agree line by line', async () => {
  const v = await javacDecides({ 'Broken.java': BROKEN, 'Clean.java': CLEAN });
  expect(v.javac).toEqual(v.tagged);
  expect(v.check).toEqual(v.tagged);
}, 180_000);
