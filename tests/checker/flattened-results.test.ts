import { expect, test } from 'vitest';
import { javacDecides } from '../support/javac-decides.js';

/**
 * A flattening operator's result where its type is declared: `concatMap(m -> agent.call(m))`
 * returns a publisher of Msg, so its R is Msg, and javac rejects it where a `Flux<String>` (or, for
 * a Mono's `flatMap`, a `Mono<String>`) is declared: "inference variable R has incompatible bounds".
 * A supertype (`Flux<Object>`) or the element itself is clean, as is `flatMapIterable` of the
 * content blocks where a `Flux<ContentBlock>` is declared. The same with a method reference in the
 * lambda's place (Refs.java): `flatMapSequential(agent::observe)` is a Flux<Void> (every
 * one-argument `observe` returns a Mono<Void>), `map(Msg::getTextContent)` a Flux<String>.
 * javac decides (AS013).
 */
const HEAD = `package demo;

import io.agentscope.core.ReActAgent;
import io.agentscope.core.message.ContentBlock;
import io.agentscope.core.message.Msg;
import java.util.List;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
`;
const BROKEN = `${HEAD}
public class Broken {
    Flux<String> d(Flux<Msg> in, ReActAgent agent) {
        return in.concatMap(m -> agent.call(List.of(m))); // error
    }
    Mono<String> f(Mono<Msg> in, ReActAgent agent) {
        return in.flatMap(m -> agent.call(List.of(m))); // error
    }
}
`;
const CLEAN = `${HEAD}
public class Clean {
    Flux<Msg> b(Flux<Msg> in, ReActAgent agent) {
        return in.flatMap(m -> agent.call(List.of(m)));
    }
    Flux<Object> c(Flux<Msg> in, ReActAgent agent) {
        return in.concatMap(m -> agent.call(List.of(m)));
    }
    Flux<ContentBlock> e(Flux<Msg> in) {
        return in.flatMapIterable(m -> m.getContent());
    }
}
`;

test('a flattening operator whose lambda returns a publisher of another element than the one declared: javac and check agree line by line', async () => {
  const v = await javacDecides({ 'Broken.java': BROKEN, 'Clean.java': CLEAN });
  expect(v.javac).toEqual(v.tagged);
  expect(v.check).toEqual(v.tagged);
  expect(v.findings.every((f) => f.rule === 'AS013')).toBe(true);
}, 180_000);

const REFS = `${HEAD}
public class Refs {
    Flux<Msg> a(ReActAgent agent, List<Msg> qs) {
        return Flux.fromIterable(qs).flatMapSequential(agent::observe); // error
    }
    Flux<Msg> b(Flux<Msg> msgs) {
        return msgs.map(Msg::getTextContent); // error
    }
    Flux<Void> c(ReActAgent agent, List<Msg> qs) {
        return Flux.fromIterable(qs).flatMap(agent::observe);
    }
    Flux<String> d(Flux<Msg> msgs) {
        return msgs.map(Msg::getTextContent);
    }
    Flux<Object> e(ReActAgent agent, Flux<Msg> msgs) {
        return msgs.concatMap(agent::observe);
    }
    java.util.concurrent.CompletableFuture<Msg> f(ReActAgent agent, Msg m) {
        return agent.call(m).toFuture().thenApply(Msg::getTextContent); // error
    }
}
`;

test('a method reference in the lambda’s place: javac and check agree line by line', async () => {
  const v = await javacDecides({ 'Refs.java': REFS });
  expect(v.javac).toEqual(v.tagged);
  expect(v.check).toEqual(v.tagged);
  const messages = v.findings.map((f) => f.message).join('\n');
  expect(messages).toMatch(/the method agent::observe of flatMapSequential\(\.\.\) returns a publisher of Void/);
  // thenApply maps: the function's result is the element itself, no publisher
  expect(messages).toMatch(/the method Msg::getTextContent of thenApply\(\.\.\) returns String, which cannot be the element of CompletableFuture<Msg>/);
}, 180_000);
