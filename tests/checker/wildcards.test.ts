import { expect, test } from 'vitest';
import { javacDecides } from '../support/javac-decides.js';

/**
 * A wildcard's bound where an AgentScope result is assigned (JLS 4.5.1, containment): a
 * `Mono<Msg>` is no `Mono<? extends TextBlock>` and no `Mono<? super TextBlock>`, a
 * `List<ContentBlock>` no `List<? extends TextBlock>`; the bounds that contain the type argument
 * (`? extends Msg`, `? super Msg`, `? extends Object`, `?`) are clean. A `List<? super TextBlock>`
 * takes what a TextBlock takes: a TextBlock (or a subtype), not its Builder or another block (Sink.java).
 * javac decides.
 */
const WILD = `package demo;

import io.agentscope.core.ReActAgent;
import io.agentscope.core.message.ContentBlock;
import io.agentscope.core.message.Msg;
import io.agentscope.core.message.TextBlock;
import java.util.List;
import reactor.core.publisher.Mono;

public class Wild {
    void f(ReActAgent agent, Msg m) {
        Mono<? extends TextBlock> a = agent.call(m); // error
        Mono<? super TextBlock> b = agent.call(m); // error
        List<? extends TextBlock> c = m.getContent(); // error
        Mono<? extends Msg> ok1 = agent.call(m);
        Mono<? super Msg> ok2 = agent.call(m);
        Mono<? extends Object> ok3 = agent.call(m);
        Mono<?> ok4 = agent.call(m);
        List<? extends ContentBlock> ok5 = m.getContent();
        List<? super ContentBlock> ok6 = m.getContent();
    }
}
`;

test('an AgentScope result assigned where a wildcard does not contain its type argument: javac and check agree line by line', async () => {
  const v = await javacDecides({ 'Wild.java': WILD });
  expect(v.javac).toEqual(v.tagged);
  expect(v.check).toEqual(v.tagged);
}, 180_000);

const SINK = `package demo;

import io.agentscope.core.message.ContentBlock;
import io.agentscope.core.message.Msg;
import io.agentscope.core.message.TextBlock;
import java.util.List;

public class Sink {
    void f(List<? super TextBlock> sink, List<? super ContentBlock> blocks, Msg m, TextBlock t) {
        sink.add(TextBlock.builder().text("t")); // error
        sink.add(m); // error
        sink.add("text"); // error
        sink.add(t);
        sink.add(TextBlock.builder().text("t").build());
        sink.addAll(List.of(t));
        blocks.add(t);
        blocks.addAll(m.getContent());
        sink.add(null);
    }
}
`;

test('a List<? super TextBlock> takes TextBlocks only: javac and check agree line by line', async () => {
  const v = await javacDecides({ 'Sink.java': SINK });
  expect(v.javac).toEqual(v.tagged);
  expect(v.check).toEqual(v.tagged);
}, 180_000);

/**
 * A `List<? extends ContentBlock>` (or `List<?>`) holds elements of a type no value is known to be
 * (a capture of the wildcard): `add(E)` and `set(i, E)` take nothing but null, not even the bound, and
 * `put(K, V)` of a `Map<String, ? extends Msg>` no value; what it gives back is the bound's. javac decides.
 */
const SOURCE = `package demo;

import io.agentscope.core.message.ContentBlock;
import io.agentscope.core.message.Msg;
import io.agentscope.core.message.TextBlock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

public class Source {
    void f(List<? extends ContentBlock> blocks, List<?> any, Map<String, ? extends Msg> byName, Msg m, TextBlock t) {
        blocks.add(t); // error
        blocks.add(TextBlock.builder().text("t").build()); // error
        blocks.set(0, t); // error
        any.add(m); // error
        byName.put("alice", m); // error
        blocks.add(null);
        ContentBlock first = blocks.get(0);
        Msg alice = byName.get("alice");
        List<ContentBlock> copy = new ArrayList<>(blocks);
        copy.add(t);
        boolean has = blocks.contains(t) || any.contains(m) || blocks.remove(t);
        System.out.println(first + " " + alice + copy + has);
    }
}
`;

test('a List<? extends ContentBlock> takes nothing but null: javac and check agree line by line', async () => {
  const v = await javacDecides({ 'Source.java': SOURCE });
  expect(v.javac).toEqual(v.tagged);
  expect(v.check).toEqual(v.tagged);
}, 180_000);
