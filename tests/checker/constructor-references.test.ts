import { expect, test } from 'vitest';
import { javacDecides } from '../support/javac-decides.js';

/**
 * A constructor reference to an AgentScope class none of whose constructors takes as many
 * arguments as the functional interface hands: `texts.stream().map(Msg::new)` (Msg has one
 * seven-argument constructor; its builder makes messages), `Supplier<Msg> s = Msg::new`. javac
 * decides: Broken's lines tagged `// error` are the ones it rejects, and check reports them
 * (AS013); Clean's references compile.
 */
const BROKEN = `package demo;

import io.agentscope.core.message.Msg;
import java.util.List;
import java.util.function.Supplier;
import reactor.core.publisher.Flux;

public class Broken {
    void f(List<String> texts, Flux<String> flux) {
        texts.stream().map(Msg::new).toList(); // error
        flux.map(Msg::new); // error
        Supplier<Msg> s = Msg::new; // error
    }
}
`;
const CLEAN = `package demo;

import io.agentscope.core.message.Msg;
import java.util.List;
import java.util.function.Supplier;

public class Clean {
    void f(List<String> texts) {
        texts.stream().map(t -> Msg.builder().textContent(t).build()).toList();
        Supplier<StringBuilder> sb = StringBuilder::new;
        texts.stream().map(StringBuilder::new).toList();
    }
}
`;

test('a constructor reference no constructor of the AgentScope class fits: javac and check agree line by line', async () => {
  const v = await javacDecides({ 'Broken.java': BROKEN, 'Clean.java': CLEAN });
  expect(v.javac).toEqual(v.tagged);
  expect(v.check).toEqual(v.tagged);
  expect(v.findings.every((f) => f.rule === 'AS013')).toBe(true);
}, 180_000);
