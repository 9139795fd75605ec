import { expect, test } from 'vitest';
import { javacDecides } from '../support/javac-decides.js';

/**
 * One Reactor operator written for another: `doOnNext(e -> print(e))` turned into `map(..)` (an
 * expression lambda calling a void method gives no value: "inference variable V has incompatible
 * bounds"), `onErrorResume(t -> Flux.empty())` into `onErrorReturn(..)` (it takes the element, an
 * AgentEvent, which no lambda is: "no suitable method found"), `map(AgentResultEvent::getResult)`
 * into `flatMap(..)` (a Msg is no publisher). javac decides: the lines tagged `// error` are the ones
 * it rejects and check reports them; the operators as written compile.
 */
test('a Reactor operator swapped for another: javac and check agree line by line', async () => {
  const v = await javacDecides({ 'Swaps.java': `package demo;

import io.agentscope.core.ReActAgent;
import io.agentscope.core.event.AgentEvent;
import io.agentscope.core.event.AgentResultEvent;
import io.agentscope.core.message.Msg;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.atomic.AtomicReference;
import reactor.core.publisher.Flux;

public class Swaps {
    static void print(AgentEvent e) {
        System.out.println(e);
    }

    void run(ReActAgent agent, Msg msg, ExecutorService pool) {
        agent.streamEvents(msg).map(event -> print(event)).blockLast(); // error
        AtomicReference<String> last = new AtomicReference<>();
        agent.streamEvents(msg).map(e -> last.set(e.toString())).blockLast(); // error
        List<AgentEvent> all = agent.streamEvents(msg).onErrorReturn(t -> Flux.empty()).collectList().block(); // error
        agent.streamEvents(msg)
                .filter(e -> e instanceof AgentResultEvent)
                .cast(AgentResultEvent.class)
                .flatMap(AgentResultEvent::getResult) // error
                .blockLast();

        agent.streamEvents(msg).doOnNext(event -> print(event)).blockLast();
        agent.streamEvents(msg).map(e -> last.get()).blockLast();
        agent.streamEvents(msg).onErrorResume(t -> Flux.empty()).blockLast();
        agent.streamEvents(msg)
                .filter(e -> e instanceof AgentResultEvent)
                .cast(AgentResultEvent.class)
                .map(AgentResultEvent::getResult)
                .blockLast();
        agent.call(msg).flatMap(agent::call).block();
        pool.submit(() -> print(null));
        Runnable r = () -> print(null);
    }
}
` });
  expect(v.javac).toEqual(v.tagged);
  expect(v.check).toEqual(v.tagged);
}, 240_000);
