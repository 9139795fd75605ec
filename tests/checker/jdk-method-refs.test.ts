import { expect, test } from 'vitest';
import { javacDecides } from '../support/javac-decides.js';

/**
 * An unbound reference to an instance method of String or a box (`String::length`,
 * `Integer::intValue`) given to a stream's or a publisher's operator whose elements are an
 * AgentScope type: the elements would have to be Strings (javac: "invalid method reference").
 * A name with a static form of the functional interface's arity (`String::valueOf`,
 * `Integer::toString`) may be what is meant, and is not judged. javac decides.
 */
const SOURCE = `package demo;

import io.agentscope.core.message.Msg;
import java.util.List;
import reactor.core.publisher.Flux;

public class Refs {
    void f(List<Msg> msgs, Flux<Msg> events) {
        List<Integer> lengths = msgs.stream().map(String::length).toList(); // error
        List<String> upper = msgs.stream().map(String::trim).toList(); // error
        boolean any = msgs.stream().anyMatch(String::isEmpty); // error
        Flux<Integer> sizes = events.map(String::length); // error
        List<String> texts = msgs.stream().map(String::valueOf).toList();
        List<Integer> ok = msgs.stream().map(Msg::getTextContent).map(String::length).toList();
        List<String> named = msgs.stream().map(Msg::getTextContent).map(String::trim).toList();
        System.out.println(lengths + " " + upper + any + sizes + texts + ok + named);
    }
}
`;

test('an instance method of String given where the elements are AgentScope types: javac and check agree line by line', async () => {
  const v = await javacDecides({ 'Refs.java': SOURCE });
  expect(v.javac).toEqual(v.tagged);
  expect(v.check).toEqual(v.tagged);
}, 180_000);
