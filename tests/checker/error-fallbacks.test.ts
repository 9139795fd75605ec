import { expect, test } from 'vitest';
import { javacDecides } from '../support/javac-decides.js';

/**
 * Reactor's error operators on a publisher of AgentScope values: `onErrorResume`'s fallback is a
 * `Mono<? extends T>` for a Mono (any `Publisher<? extends T>` for a Flux), so `e -> Mono.just("x")`
 * on a `Mono<Msg>` is "bad return type in lambda expression"; `onErrorMap`'s function returns a
 * Throwable. A `? extends T` declared for a factory's value is judged as T is (`Mono<? extends Msg>
 * w = Mono.just("x")`). javac decides: Broken.java's lines tagged `// error` are the ones it rejects
 * and check reports them; Clean.java compiles and checks clean.
 */
const HEAD = `package demo;

import io.agentscope.core.message.Msg;
import io.agentscope.core.message.TextBlock;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
`;
const BROKEN = `${HEAD}
public class Broken {
    void f(Mono<Msg> reply, Flux<Msg> events, TextBlock text) {
        reply.onErrorResume(e -> Mono.just("x")).subscribe(); // error
        events.onErrorResume(e -> Flux.just("x")).subscribe(); // error
        events.onErrorResume(e -> Mono.just(text)).subscribe(); // error
        reply.onErrorMap(e -> "failed").subscribe(); // error
        Mono<? extends Msg> w = Mono.just("x"); // error
        reply.onErrorResume(e -> {
            return Mono.just("x"); // error
        }).subscribe();
        System.out.println(w);
    }
}
`;
const CLEAN = `${HEAD}
public class Clean {
    void f(Mono<Msg> reply, Flux<Msg> events, Msg msg) {
        reply.onErrorResume(e -> Mono.empty()).subscribe();
        reply.onErrorResume(e -> Mono.just(msg)).subscribe();
        reply.onErrorResume(e -> Mono.error(e)).subscribe();
        events.onErrorResume(e -> Mono.just(msg)).subscribe();
        events.onErrorResume(e -> Flux.empty()).subscribe();
        reply.onErrorMap(e -> new IllegalStateException(e)).subscribe();
        reply.onErrorResume(IllegalStateException.class, e -> Mono.just(msg)).subscribe();
        Mono<Object> any = reply.map(m -> (Object) m).onErrorResume(e -> Mono.just("x"));
        Mono<? extends Msg> w = Mono.just(msg);
        System.out.println(any + " " + w);
    }
}
`;

test('onErrorResume and onErrorMap on publishers of AgentScope values: javac and check agree line by line', async () => {
  const v = await javacDecides({ 'Broken.java': BROKEN, 'Clean.java': CLEAN });
  expect(v.javac).toEqual(v.tagged);
  expect(v.check).toEqual(v.tagged);
}, 240_000);
