import { expect, test } from 'vitest';
import { javacDecides } from '../support/javac-decides.js';

/**
 * Method references where the arity decides: an Object method of another arity (`filter(Msg::equals)`:
 * equals takes the Object to compare, and the receiver is the Predicate's one value, "invalid method
 * reference"), the one overload of its arity returning what the interface's method must not
 * (`RuntimeContext::builder` for a Supplier<RuntimeContext>: builder() makes a Builder, "bad return
 * type in method reference"; builder(RuntimeContext) takes a value a Supplier has not), and a map
 * through the one overload an unbound reference can mean (`map(Msg::getFirstContentBlock)`: a stream
 * of ContentBlocks, which Collectors.joining does not take), and a Comparator of Msgs given
 * `String::compareTo`, which takes Strings. javac decides: the lines tagged
 * `// error` are the ones it rejects and check reports them; the forms of a fitting arity compile.
 */
test('method references whose arity picks the overload: javac and check agree line by line', async () => {
  const v = await javacDecides({ 'Refs.java': `package demo;

import io.agentscope.core.agent.RuntimeContext;
import io.agentscope.core.message.Msg;
import java.util.Comparator;
import java.util.List;
import java.util.function.BiPredicate;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.Collectors;

public class Refs {
    long same(List<Msg> msgs) {
        return msgs.stream().filter(Msg::equals).count(); // error
    }

    List<Boolean> mapped(List<Msg> msgs) {
        return msgs.stream().map(Msg::equals).toList(); // error
    }

    BiPredicate<Msg, Object> equality() {
        return Msg::equals;
    }

    List<Integer> hashes(List<Msg> msgs) {
        return msgs.stream().map(Msg::hashCode).toList();
    }

    Function<Msg, String> text() {
        return Msg::toString;
    }

    Supplier<RuntimeContext> context() {
        return RuntimeContext::builder; // error
    }

    Supplier<RuntimeContext.Builder> builder() {
        return RuntimeContext::builder;
    }

    Supplier<RuntimeContext> empty() {
        return RuntimeContext::empty;
    }

    String joined(List<Msg> msgs) {
        return msgs.stream().map(Msg::getFirstContentBlock).collect(Collectors.joining("\\n")); // error
    }

    void sorted(List<Msg> msgs) {
        msgs.sort(String::compareTo); // error
        msgs.sort(Comparator.comparing(Msg::getTextContent));
    }

    String texts(List<Msg> msgs) {
        return msgs.stream().map(Msg::getTextContent).collect(Collectors.joining("\\n"));
    }
}
` });
  expect(v.javac).toEqual(v.tagged);
  expect(v.check).toEqual(v.tagged);
});
