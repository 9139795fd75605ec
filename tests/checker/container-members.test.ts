import { expect, test } from 'vitest';
import { javacDecides } from '../support/javac-decides.js';

/**
 * A method of the value called on the container AgentScope hands it in: `agent.call(msg)
 * .getTextContent()` (the reply is a Mono<Msg>: block() or map(..) first), `blockFirst()` on a Mono,
 * `block()` on a Flux, `next.aplpy(..)` on a Function, a Msg method on an Optional<Msg> or a List<Msg>, a misspelled static
 * factory (`Mono.jsut(x)`). The receiver's type is exact (an AgentScope call's result, a variable
 * whose type is written): javac decides, Broken.java's lines tagged `// error` are the ones it
 * rejects and check reports them; Clean.java compiles and checks clean.
 */
const HEAD = `package demo;

import io.agentscope.core.ReActAgent;
import io.agentscope.core.message.Msg;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
`;
const BROKEN = `${HEAD}
public class Broken {
    void f(ReActAgent agent, Msg m, Optional<Msg> o, List<Msg> l, Map<String, Msg> byId, CompletableFuture<Msg> fut, Flux<Msg> msgs, Function<Msg, Mono<Msg>> next) {
        next.aplpy(m); // error
        String a = agent.call(m).getTextContent(); // error
        Msg b = agent.call(m).blockFirst(); // error
        msgs.block(); // error
        o.getTextContent(); // error
        l.getTextContent(); // error
        byId.getTextContent(); // error
        fut.getTextContent(); // error
        Mono<Msg> c = Mono.jsut(m); // error
        Flux<Msg> d = Flux.fromIterables(l); // error
        l.stream().getTextContent(); // error
    }
}
`;
const CLEAN = `${HEAD}
public class Clean {
    void f(ReActAgent agent, Msg m, Optional<Msg> o, List<Msg> l, Map<String, Msg> byId, CompletableFuture<Msg> fut, Flux<Msg> msgs, Function<Msg, Mono<Msg>> next) {
        Mono<Msg> z = next.apply(m).map(x -> x);
        String a = agent.call(m).block().getTextContent();
        Mono<String> b = agent.call(m).map(x -> x.getTextContent());
        Msg c = msgs.blockLast();
        String d = o.map(Msg::getTextContent).orElse("");
        String e = l.get(0).getTextContent();
        int n = byId.size() + l.size() + (l.isEmpty() ? 0 : 1);
        String g = fut.join().getTextContent();
        Mono<Object> h = Mono.just(m).cast(Object.class);
        Flux<Msg> i = Flux.fromIterable(l).filter(x -> x.getTextContent() != null).take(3);
        boolean j = o.isPresent() && l.contains(m) && byId.containsKey("k") && !fut.isDone();
        String k = agent.call(m).toString() + l.hashCode() + o.equals(o);
        Object p = agent.call(m).subscribe(x -> x.getTextContent());
    }
}
`;

test('an AgentScope value\u2019s method called on its container: javac and check agree line by line', async () => {
  const v = await javacDecides({ 'Broken.java': BROKEN, 'Clean.java': CLEAN });
  expect(v.javac).toEqual(v.tagged);
  expect(v.check).toEqual(v.tagged);
  expect(v.findings.every((f) => f.rule === 'AS002')).toBe(true);
}, 240_000);

/**
 * Declared types that stop fitting: a value of an AgentScope type returned from a method declared to
 * return another (`return toolkit;` in a String method), a project method's AgentScope result
 * assigned to another type (`String agent = buildAgent();`, unqualified), and a method called on a
 * variable declared Object or String (`Object agent = ..; agent.call(msg)`).
 */
const DBROKEN = `${HEAD}
import io.agentscope.core.tool.Toolkit;

public class DBroken {
    static ReActAgent buildAgent() { return null; }
    String a(Toolkit t) {
        return t; // error
    }
    String b() {
        Toolkit toolkit = new Toolkit();
        return toolkit; // error
    }
    void c(Msg m) {
        String agent = buildAgent(); // error
        Object other = buildAgent();
        other.call(m); // error
        String text = m.getTextContent();
        text.getTextContent(); // error
    }
}
`;
const DCLEAN = `${HEAD}
import io.agentscope.core.tool.Toolkit;

public class DClean {
    static ReActAgent buildAgent() { return null; }
    Object a(Toolkit t) {
        return t;
    }
    Toolkit b() {
        Toolkit toolkit = new Toolkit();
        return toolkit;
    }
    void c(Msg m) {
        ReActAgent agent = buildAgent();
        Object other = buildAgent();
        String s = other.toString() + other.hashCode();
        String text = m.getTextContent();
        boolean blank = text.isBlank() || text.strip().isEmpty();
    }
}
`;

test('declared types that stop fitting (returns, project results, Object and String receivers): javac and check agree line by line', async () => {
  const v = await javacDecides({ 'DBroken.java': DBROKEN, 'DClean.java': DCLEAN });
  expect(v.javac).toEqual(v.tagged);
  expect(v.check).toEqual(v.tagged);
}, 240_000);
