import { expect, test } from 'vitest';
import { javacDecides } from '../support/javac-decides.js';

/**
 * A factory written as a receiver is no poly expression: javac infers its type argument from its
 * arguments alone, so `Mono.empty().block()` is an Object, `Mono.just(List.of()).block()` a List
 * and `Mono.just(event).block()` (a `T event`) a T, and none of them is the `Mono<..>` a method
 * returns (a `.block()` added to a `return Mono.empty()`). The operators that keep the receiver's
 * type keep that Object too (`Mono.empty().switchIfEmpty(Mono.just(m))` is a Mono<Object>). javac
 * decides: the lines tagged `// error` are the ones it rejects and check reports them; the rest
 * (then(..), cast(..), thenReturn(..), flatMap(..) in a return, Object targets) compiles and checks clean.
 */
test('blocked and kept values of factories written as receivers: javac and check agree line by line', async () => {
  const v = await javacDecides({ 'Blocked.java': `package demo;

import io.agentscope.core.agent.Agent;
import io.agentscope.core.hook.HookEvent;
import io.agentscope.core.message.Msg;
import java.util.List;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

public class Blocked {
    Mono<Void> observe(Msg msg) {
        return Mono.empty().block(); // error
    }

    Mono<Msg> call(Msg msg) {
        if (msg == null) {
            return reactor.core.publisher.Mono.empty().block(); // error
        }
        return Mono.just(msg).block(); // error
    }

    Mono<List<String>> retrieve() {
        return Mono.just(List.of()).block(); // error
    }

    <T extends HookEvent> Mono<T> onEvent(T event) {
        return Mono.just(event).block(); // error
    }

    <T extends HookEvent> Mono<T> pass(Mono<T> next) {
        return next.block(); // error
    }

    Flux<Msg> stream() {
        return Flux.error(new IllegalStateException()).blockFirst(); // error
    }

    List<Msg> collected() {
        return Flux.empty().collectList().block(); // error
    }

    Mono<Msg> fallback(Msg m) {
        return Mono.empty().switchIfEmpty(Mono.just(m)); // error
    }

    Msg local() {
        var x = Mono.empty();
        return x.block(); // error
    }

    Mono<Msg> then(Agent agent, Msg m) {
        return Mono.empty().then(agent.call(m));
    }

    Mono<Msg> cast() {
        return Mono.empty().cast(Msg.class);
    }

    Object any() {
        return Mono.empty().block();
    }

    Mono<Msg> flat(Agent agent, Msg m) {
        return Mono.empty().flatMap(x -> agent.call(m));
    }

    Mono<Msg> value(Msg m) {
        return Mono.empty().thenReturn(m);
    }

    Mono<Void> done() {
        return Mono.error(new RuntimeException("x")).then();
    }

    <T extends HookEvent> T unwrap(Mono<T> next) {
        return next.block();
    }

    <T extends HookEvent> HookEvent bound(T event) {
        return Mono.just(event).block();
    }

    String text() {
        return Mono.empty().map(Object::toString).block();
    }
}
` });
  expect(v.javac).toEqual(v.tagged);
  expect(v.check).toEqual(v.tagged);
}, 240_000);

test('map(lambda) written as a receiver: a primitive body makes R its box; javac and check agree line by line', async () => {
  const v = await javacDecides({ 'Mapped.java': `package demo;

import io.agentscope.core.message.Msg;
import java.util.Optional;
import reactor.core.publisher.Mono;

public class Mapped {
    String f(Optional<Msg> last, Mono<Msg> reply) {
        String a = "size: " + last.map(m -> m.getContent().size()).orElse("none"); // error
        String d = reply.map(m -> m.getContent().size()).block(); // error
        Integer c = reply.map(m -> m.getContent().size()).block();
        int n = last.map(m -> m.getContent().size()).orElse(0);
        Object o = last.map(m -> m.getContent().isEmpty()).orElse(null);
        Number k = last.map(m -> m.getContent().size()).orElse(0);
        Optional<Long> wide = last.map(m -> (long) m.getContent().size());
        return a + d + c + n + o + k + wide;
    }
}
` });
  expect(v.javac).toEqual(v.tagged);
  expect(v.check).toEqual(v.tagged);
}, 240_000);
