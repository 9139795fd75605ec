import { expect, test } from 'vitest';
import { checkSources } from '../../src/checker/index.js';
import { loadInventory } from '../../src/inventory/store.js';
import { linesTagged } from './helpers.js';

/**
 * Reactor's static factories as results: a type witness decides the result (`Mono.<String>empty()`
 * is a Mono<String>), and `Mono.just(x)` against a target `Mono<E>` needs an x that can be an E.
 * javac 21 with the 2.0.2 jars (core, harness) rejects exactly the lines tagged `// bad` ("bad
 * return type in lambda expression", "inference variable T has incompatible bounds", "Mono<String>
 * cannot be converted to Mono<Msg>") and accepts the rest.
 */
const SRC = `package demo;

import io.agentscope.core.agent.Agent;
import io.agentscope.core.message.Msg;
import io.agentscope.core.tool.subagent.SubAgentProvider;
import io.agentscope.harness.agent.skill.curator.NotificationSink;
import java.util.function.Function;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

public class Factories {
    void run(Agent agent) {
        NotificationSink a = c -> Mono.<String>empty(); // bad
        NotificationSink b = c -> Mono.<Void>empty();
        NotificationSink d = c -> Mono.empty();
        Function<String, Mono<Msg>> f = s -> Mono.just("x"); // bad
        Function<String, Mono<Msg>> g = s -> Mono.<Msg>just(null);
        Function<String, Mono<Object>> h = s -> Mono.just("x");
        Function<String, Mono<CharSequence>> i = s -> Mono.just("x");
        Function<String, Flux<Msg>> j = s -> {
            return Flux.just(42); // bad
        };
        Mono<Msg> m = Mono.just("x"); // bad
        Mono<Msg> n = Mono.<String>empty(); // bad
        Mono<Object> o = Mono.just(42);
        Flux<Integer> p = Flux.just(42);
        Mono<Long> q = Mono.just(42); // bad
        SubAgentProvider<Agent> r = () -> agent;
    }
}
`;

test('Reactor factories returned from lambdas and assigned: the lines javac rejects, nothing else', async () => {
  const found = await checkSources([{ path: 'src/main/java/demo/Factories.java', content: SRC }], loadInventory('2.0.2'));
  const errors = found.filter((f) => f.severity === 'error');
  expect(errors.map((f) => `${f.line} ${f.rule}`)).toEqual(linesTagged(SRC, 'bad').map((l) => `${l} AS013`));
});
