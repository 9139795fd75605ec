import { expect, test } from 'vitest';
import { javacDecides } from '../support/javac-decides.js';

/**
 * What a statement or an operator needs of a value, where an AgentScope type can never be it: a
 * condition that is not a boolean, a for-each over a type that is not Iterable, a try resource
 * that is not AutoCloseable, a throw or catch of a type that is not a Throwable, an array access on
 * a List, arithmetic and relational operators on AgentScope objects, a final AgentScope field
 * written, a string label in a switch on an AgentScope enum. javac decides: Broken.java's lines
 * tagged `// error` are the ones it rejects and check reports them; Clean.java writes what the
 * same code meant, compiles and checks clean.
 */
const HEAD = `package demo;

import io.agentscope.core.message.ContentBlock;
import io.agentscope.core.message.Msg;
import io.agentscope.core.message.MsgRole;
import io.agentscope.core.message.ToolResultBlock;
import java.util.List;
import java.util.Map;
import java.util.Optional;
`;
const BROKEN = `${HEAD}
public class Broken {
    int f(Msg msg, MsgRole a, MsgRole b, List<Msg> history, Map<String, Msg> byName, Optional<Msg> maybe) {
        for (Msg m : byName) { // error
            System.out.println(m);
        }
        for (Msg m : maybe) { // error
            System.out.println(m);
        }
        if (msg.getTextContent()) { // error
            return 1;
        }
        while (msg.getContent()) { // error
            break;
        }
        for (ContentBlock block : msg) { // error
            System.out.println(block);
        }
        try (Msg copy = Msg.builder().build()) { // error
            System.out.println(copy);
        } catch (ToolResultBlock e) { // error
            return 2;
        }
        Msg first = history[0]; // error
        boolean before = a < b; // error
        int next = msg + 1; // error
        boolean empty = !msg.getContent(); // error
        String label = msg.getTextContent() ? "text" : "none"; // error
        Msg.METADATA_SYNTHETIC = "synthetic"; // error
        switch (msg.getRole()) {
            case "USER": // error
                return 3;
            default:
                break;
        }
        if (first == null) {
            throw ToolResultBlock.error("no message"); // error
        }
        return before || empty ? next : label.length();
    }
}
`;
const CLEAN = `${HEAD}
public class Clean {
    int f(Msg msg, MsgRole a, MsgRole b, List<Msg> history, Map<String, Msg> byName, Optional<Msg> maybe) {
        for (Msg m : byName.values()) {
            System.out.println(m);
        }
        for (Map.Entry<String, Msg> e : byName.entrySet()) {
            System.out.println(e.getKey() + maybe.map(Msg::getTextContent).orElse(""));
        }
        if (!msg.getTextContent().isEmpty()) {
            return 1;
        }
        while (!msg.getContent().isEmpty()) {
            break;
        }
        for (ContentBlock block : msg.getContent()) {
            System.out.println(block);
        }
        Msg copy = Msg.builder().build();
        try (java.io.StringReader r = new java.io.StringReader(copy.getTextContent())) {
            System.out.println(r);
        } catch (IllegalStateException e) {
            return 2;
        }
        Msg first = history.get(0);
        boolean before = a.ordinal() < b.ordinal();
        String joined = msg + "!" + 1 + a;
        int next = msg.getContent().size() + 1;
        boolean empty = !msg.getContent().isEmpty() && msg.hasStructuredData();
        String label = msg.getTextContent().isEmpty() ? "none" : "text";
        String synthetic = Msg.METADATA_SYNTHETIC;
        switch (msg.getRole()) {
            case USER:
                return 3;
            default:
                break;
        }
        if (first == null) {
            throw new IllegalStateException(ToolResultBlock.error("no message").toString());
        }
        return before || empty ? next : label.length() + joined.length() + synthetic.length();
    }
}
`;

test('conditions, loops, resources, throwables, array access, operators, final fields and enum labels: javac and check agree line by line', async () => {
  const v = await javacDecides({ 'Broken.java': BROKEN, 'Clean.java': CLEAN });
  expect(v.javac).toEqual(v.tagged);
  expect(v.check).toEqual(v.tagged);
}, 240_000);

test('for-each over a Stream, and a type name where a value must be: javac and check agree line by line', async () => {
  const v = await javacDecides({
    'Loops.java': `${HEAD}import java.util.stream.Stream;

public class Loops {
    void f(List<Msg> msgs, Stream<Msg> stream, Map<String, Msg> byId) {
        for (Msg m : msgs.stream()) { // error
            System.out.println(m);
        }
        for (Msg m : byId.values().stream().filter(x -> x != null)) { // error
            System.out.println(m);
        }
        for (Msg m : stream) { // error
            System.out.println(m);
        }
        for (MsgRole r : MsgRole) { // error
            System.out.println(r);
        }
        System.out.println(MsgRole); // error
        Object role = MsgRole; // error
        for (MsgRole r : MsgRole) { // error
            System.out.println(r == MsgRole.USER ? MsgRole.valueOf("USER") : r);
        }
    }

    void pairs(List<Map.Entry<String, String>> pairs) {
        for (Map.Entry<String, String> e : pairs.stream()) { // error
            System.out.println(e);
        }
    }

    Object g() {
        return Msg; // error
    }
}
`,
    'LoopsClean.java': `${HEAD}import java.util.stream.Stream;

public class LoopsClean {
    static final String MsgRole = "role";

    void f(List<Msg> msgs, Stream<Msg> stream) {
        for (Msg m : msgs.stream().toList()) {
            System.out.println(m);
        }
        for (Msg m : (Iterable<Msg>) stream::iterator) {
            System.out.println(m);
        }
        for (io.agentscope.core.message.MsgRole r : io.agentscope.core.message.MsgRole.values()) {
            System.out.println(r + MsgRole);
        }
        String Msg = "local";
        System.out.println(Msg);
        Object type = ContentBlock.class;
        System.out.println(type);
    }

    Object g() {
        return MsgRole;
    }
}
`,
  });
  expect(v.javac).toEqual(v.tagged);
  expect(v.check).toEqual(v.tagged);
}, 240_000);

/** `throw Mono.error(e)` written for `return Mono.error(e)`: a publisher is no Throwable ("Mono<Object> cannot be converted to Throwable"); the return compiles. */
test('a publisher thrown: javac and check agree line by line', async () => {
  const v = await javacDecides({ 'Thrown.java': `package demo;

import io.agentscope.core.message.Msg;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

public class Thrown {
    Mono<Msg> call(boolean ok) {
        if (!ok) {
            throw Mono.error(new IllegalStateException("not ok")); // error
        }
        return Mono.error(new IllegalStateException("never"));
    }

    Flux<Msg> stream(boolean ok) {
        if (ok) return Flux.error(new IllegalArgumentException("bad"));
        throw Flux.error(new IllegalArgumentException("bad")); // error
    }
}
` });
  expect(v.javac).toEqual(v.tagged);
  expect(v.check).toEqual(v.tagged);
});

/**
 * A condition or a `!` on a variable whose written type is a class other than Boolean (a String, a
 * List, a record of the project, Object), `-` on a String: javac rejects each whatever the class.
 * Boolean, boolean, a box's `-` and a type variable's value (not judged) compile.
 */
test('conditions and unary operators on written variables of any class: javac and check agree line by line', async () => {
  const v = await javacDecides({ 'Conds.java': `package demo;

import java.util.List;
import java.util.Scanner;

public class Conds {
    record UserContext(String userId) {}

    <T> int f(Scanner reader, UserContext context, List<String> names, Boolean flag, boolean b, Integer n, T t, Object o) {
        String input = reader.nextLine();
        if (!input) { // error
            return 0;
        }
        if (input) { // error
            return 1;
        }
        if (!context) { // error
            return 2;
        }
        while (names) { // error
            names = List.of();
        }
        if (!flag || !b) {
            return 3;
        }
        var v = input;
        if (!v) { // error
            return 4;
        }
        String s = -input; // error
        return -n + (t == null ? 0 : 1) + (o == null ? 0 : 1) + s.length();
    }
}
` });
  expect(v.javac).toEqual(v.tagged);
  expect(v.check).toEqual(v.tagged);
});
