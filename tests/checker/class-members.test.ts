import { expect, test } from 'vitest';
import { javacDecides } from '../support/javac-decides.js';

/**
 * Members a class cannot have: a field, method or constructor declared twice, as a copied member
 * leaves it ("variable x is already defined", "method m(Msg) is already defined", AS025), `default`
 * on a class's method ("modifier default not allowed here", AS020), and `this` or `super` in a static
 * method, a lambda inside it included ("non-static variable this cannot be referenced from a static
 * context", AS008). javac decides: the lines tagged `// error` are the ones it rejects and check
 * reports them; overloads with other parameter types, an anonymous class's `this` inside a static
 * method, and `this` in instance methods compile.
 */
test('duplicate members, default in a class, this in a static method: javac and check agree line by line', async () => {
  const v = await javacDecides({ 'Members.java': `package demo;

import io.agentscope.core.message.Msg;
import io.agentscope.core.model.ChatResponse;
import java.util.List;
import reactor.core.publisher.Flux;

public class Members {
    private String name = "members";
    private String name = "again"; // error
    private final int size = 1, count = 2;

    Members() {}

    Members(String name) {
        this.name = name;
    }

    Members(String other) { // error
        this.name = other;
    }

    String text(Msg msg) {
        return msg.getTextContent();
    }

    String text(Msg other) { // error
        return other.getId();
    }

    String text(List<Msg> msgs) {
        return msgs.toString();
    }

    String text(Msg msg, int limit) {
        return msg.getTextContent().substring(0, limit);
    }

    public default Flux<ChatResponse> stream(Msg msg) { // error
        return Flux.empty();
    }

    static String label() {
        return this.name; // error
    }

    static Runnable printer() {
        return () -> System.out.println(this); // error
    }

    static Object anonymous() {
        return new Object() {
            @Override
            public String toString() {
                return this.getClass().getName();
            }
        };
    }

    String own() {
        return this.name + size + count;
    }
}
` });
  expect(v.javac).toEqual(v.tagged);
  expect(v.check).toEqual(v.tagged);
});

/**
 * A private member of another top-level class (a field, a method, a static field through the type;
 * a nested class's private members are reachable from its top-level class, not from a sibling), a
 * class extending a final class of the sources, and a case constant written twice in one switch.
 */
test('private access, final superclasses and duplicate case labels: javac and check agree line by line', async () => {
  const v = await javacDecides({ 'Access.java': `package demo;

import io.agentscope.core.message.Msg;
import io.agentscope.core.message.MsgRole;

public class Access {
    private static int count = 0;
    private String own(Msg m) {
        return m.getTextContent();
    }

    static final class Leaf {
    }

    static class Inner {
        private int depth;
        private String deep() {
            return "x";
        }
    }

    String ok(Access other, Inner in, Msg m) {
        return other.own(m) + count + in.depth + in.deep();
    }

    String roles(MsgRole r) {
        switch (r) {
            case USER:
                return "user";
            case ASSISTANT:
                return "assistant";
            case USER: // error
                return "again";
            default:
                return "other";
        }
    }
}

class Outside {
    String bad(Access a, Access.Inner in, Msg m) {
        String s = a.own(m); // error
        int d = in.depth; // error
        return s + d + Access.count; // error
    }
}

class Branch extends Access.Leaf { // error
}

class Pending extends java.util.concurrent.CompletableFuture<String> {
    private void complete(int code) {
    }
}

class Completer {
    boolean done(Pending p) {
        return p.complete("ok");
    }
}
` });
  expect(v.javac).toEqual(v.tagged);
  expect(v.check).toEqual(v.tagged);
});

/**
 * JDK types where an application names them: `new List<>()` and `new Path()` (an interface),
 * `new InputStream()` (abstract) cannot be instantiated; `extends String` cannot inherit from a
 * final class; `new URI(text)` declares URISyntaxException, to be caught or declared.
 */
test('JDK interfaces created, final JDK classes extended, a URI created unhandled: javac and check agree line by line', async () => {
  const v = await javacDecides(
    {
      'Jdk.java': `package demo;

import io.agentscope.core.message.Msg;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;

public class Jdk {
    List<Msg> history() {
        List<Msg> made = new List<>(); // error
        List<Msg> fine = new ArrayList<>();
        made.addAll(fine);
        return made;
    }

    Path where() {
        return new Path(); // error
    }

    ExecutorService pool() {
        return new ExecutorService(); // error
    }

    InputStream in() {
        return new InputStream(); // error
    }

    Runnable task() {
        return new Runnable() {
            public void run() {
            }
        };
    }
}

class Named extends String { // error
}
`,
      'Uris.java': `package demo;

import java.net.URI;
import java.net.URISyntaxException;

public class Uris {
    URI bad(String text) {
        return new URI(text); // error
    }

    URI declared(String text) throws URISyntaxException {
        return new URI(text);
    }

    URI created(String text) {
        return URI.create(text);
    }
}
`,
    },
    { separately: true },
  );
  expect(v.javac).toEqual(v.tagged);
  expect(v.check).toEqual(v.tagged);
}, 240_000);

/**
 * An instance method called through a type's name: a common JDK type's (`List.stream()`,
 * `String.startsWith(..)`) or a source class's (`Helper.shutdownCount()`); the static ones
 * (`List.of`, `String.valueOf`, a static helper) compile.
 */
test('instance methods through a type name: javac and check agree line by line', async () => {
  const v = await javacDecides({ 'ViaType.java': `package demo;

import io.agentscope.core.message.Msg;
import java.util.List;

public class ViaType {
    static class Helper {
        int shutdownCount() {
            return 0;
        }

        static int created() {
            return 1;
        }
    }

    long count(List<Msg> msgs, String name) {
        long n = List.stream().count(); // error
        boolean b = String.startsWith("x"); // error
        int c = Helper.shutdownCount(); // error
        int got = java.util.concurrent.atomic.AtomicInteger.get(); // error
        List<Msg> none = List.of();
        String v = String.valueOf(3);
        int d = Helper.created();
        return n + (b ? 1 : 0) + c + got + none.size() + v.length() + d + msgs.size() + name.length();
    }
}
` });
  expect(v.javac).toEqual(v.tagged);
  expect(v.check).toEqual(v.tagged);
});
