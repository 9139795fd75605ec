import { expect, test } from 'vitest';
import { javacDecides } from '../support/javac-decides.js';

/**
 * An unbound method reference given as a Consumer (`forEach`, `doOnNext`) to elements that can
 * never be its type: `names.forEach(McpClientWrapper::close)` on Strings, though a JDK supertype
 * (AutoCloseable) declares `close()` too; and a bound `out::add` of a written `List<String>` given
 * Msgs. The right elements, and a static method that takes the element, are clean. javac decides (AS013).
 */
const FILE = `package demo;

import io.agentscope.core.message.Msg;
import io.agentscope.core.tool.mcp.McpClientWrapper;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import reactor.core.publisher.Flux;

public class Refs {
    void values(Map<String, String> m) {
        m.values().forEach(McpClientWrapper::close); // error
    }
    void list(List<String> names) {
        names.forEach(McpClientWrapper::close); // error
    }
    void flux(Flux<String> texts) {
        texts.doOnNext(Msg::getTextContent).subscribe(); // error
    }
    void bound(Optional<Msg> m, List<Msg> msgs, List<String> out) {
        m.ifPresent(out::add); // error
        msgs.forEach(out::add); // error
    }
    void clients(Map<String, McpClientWrapper> m, List<McpClientWrapper> l) {
        m.values().forEach(McpClientWrapper::close);
        l.forEach(McpClientWrapper::close);
    }
    void messages(Flux<Msg> msgs, List<String> names) {
        msgs.doOnNext(Msg::getTextContent).subscribe();
        names.forEach(String::valueOf);
    }
    void bound(Optional<Msg> m, List<Msg> msgs, List<Msg> out, List<Object> any) {
        m.ifPresent(out::add);
        msgs.forEach(any::add);
    }
}
`;

test('a method reference given as a Consumer to elements of another type: javac and check agree line by line', async () => {
  const v = await javacDecides({ 'Refs.java': FILE });
  expect(v.javac).toEqual(v.tagged);
  expect(v.check).toEqual(v.tagged);
}, 180_000);
