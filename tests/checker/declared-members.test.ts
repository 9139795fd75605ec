import { expect, test } from 'vitest';
import { javacDecides } from '../support/javac-decides.js';

/**
 * What the checked sources declare is judged as javac judges it: a member that a class declared
 * there (record, enum, class, with its supertypes all known) or a Throwable neither declares nor
 * inherits (`request.usreId()`, `error.message`, `e.geMessage()` in `onErrorResume`), a
 * constructor of such a class given an argument of another type or another count, a record's
 * component given the wrong type, a class's own method called from a nested or anonymous class
 * with another argument count, a member missing on a record accessor's result or on the X of a
 * `<T> T parse(.., Class<T>)` called with `X.class` (and that X where another type is declared), a
 * literal of another type for a project method's or constructor's parameter, a Tuple2's getT3(), a
 * String concatenation where an AgentScope type is due (javac reports a constant one where it starts,
 * another at its operator), a literal or a conditional's branch where a Map's key type is
 * declared, and the String of `name()`/`toString()` on an AgentScope enum
 * where the enum is declared, and a record passed where only a Class or a third-party JsonNode
 * (a type none of its supertypes is) is taken. javac decides: Broken.java's lines tagged `// error` are the ones
 * it rejects and check reports them; Clean.java (the same shapes written right: inherited and
 * implicit members, Object's and Enum's methods, overloaded and variable-arity
 * constructors) compiles and checks clean.
 */
const HEAD = `package demo;

import io.agentscope.core.message.Msg;
import io.agentscope.core.message.MsgRole;
import io.agentscope.core.message.TextBlock;
import java.util.List;
import java.util.Map;
import reactor.core.publisher.Mono;
`;

const TYPES = `${HEAD}
public class Types {
    public record Request(String userId, MsgRole role) {
        String shout() { return userId.toUpperCase(); }
        static Request of(String u) { return new Request(u, MsgRole.USER); }
    }
    enum Mode { FAST, SLOW; String label() { return name(); } }
    interface Named { String name(); default String upper() { return name().toUpperCase(); } }
    static class Base implements Named { public String name() { return "b"; } protected int count; }
    static class Impl extends Base { void go() {} }
    static class Failure extends RuntimeException { Failure(String m) { super(m); } }
    static class Holder {
        Holder(Msg first) {}
        Holder(Msg first, int n) {}
        Holder(String... names) {}
    }
    static class Single {
        Single(Msg m, int n) {}
        Single then(String s) { return this; }
    }
    static class Defaulted {}
    public record Endpoint(String url) {}
    public record Settings(Endpoint endpoint) {}
    static <T> T parse(String json, Class<T> type) { return null; }
    static <T> T parse(Msg json, Class<T> type) { return null; }
    static class Tree extends com.fasterxml.jackson.databind.node.ObjectNode {
        Tree() { super(com.fasterxml.jackson.databind.node.JsonNodeFactory.instance); }
    }
}
`;

const BROKEN = `${HEAD}
public class Broken {
    void members(Types.Request req, Types.Mode mode, Types.Impl impl, Throwable error, Types.Failure failure) {
        String id = req.usreId(); // error
        Types.Request.off("x"); // error
        mode.lable(); // error
        impl.nmae(); // error
        int c = impl.cuont; // error
        error.geMessage(); // error
        String s = error.message; // error
        failure.getMesage(); // error
    }
    Mono<Msg> fallback(Mono<Msg> m) {
        return m.onErrorResume(e -> Mono.just(Msg.builder().textContent(e.message).build())) // error
                .doOnError(e -> System.out.println(e.geMessage())); // error
    }
    void constructors(Msg msg) {
        new Types.Single("m", 1); // error
        new Types.Single(msg, msg); // error
        new Types.Single(msg); // error
        new Types.Defaulted(msg); // error
        new Types.Request(msg.getRole().name(), "t"); // error
        new Types.Request("u", msg); // error
    }
    void enums(Msg msg) {
        MsgRole a = msg.getRole().name(); // error
        MsgRole b = msg.getRole().toString(); // error
    }
    void maps(Map<String, Object> result, Msg reply) {
        result.put(42, reply); // error
        result.put(reply != null ? reply.getRole() : null, "role"); // error
    }
    void results(Types.Settings settings) {
        String u = settings.endpoint().ur(); // error
        Types.parse("{}", Types.Endpoint.class).uri(); // error
        String s = Types.parse("{}", Msg.class); // error
    }
    void literals(Msg msg, Mono<Msg> a, Mono<Msg> b) {
        new Types.Single(msg, 1).then(1); // error
        new Types.Single(msg, 1.5); // error
        Mono.zip(a, b).map(t -> t.getT3()); // error
    }
    void concatenated(io.agentscope.core.ReActAgent.Builder agent, String name) {
        agent.toolkit("You are careful; " // error
                + "then answer.");
        agent.toolkit(name
                + " agent"); // error
    }
    void thirdParty(io.agentscope.core.ReActAgent agent, Msg msg) {
        agent.call(List.of(msg), new Types.Request("u", MsgRole.USER)); // error
    }
    private static String say(Msg m, String text) { return text; }
    class Inner {
        String run(Msg m) { return say(m); } // error
    }
    Runnable task(Msg m) {
        return new Runnable() { public void run() { say(m, "a", "b"); } }; // error
    }
}
`;

const CLEAN = `${HEAD}
public class Clean {
    void members(Types.Request req, Types.Mode mode, Types.Impl impl, Throwable error, Types.Failure failure) {
        String id = req.userId();
        req.shout();
        req.hashCode();
        req.role().name();
        Types.Request.of("x");
        mode.label();
        mode.ordinal();
        Types.Mode.valueOf("FAST");
        impl.go();
        impl.upper();
        impl.name();
        int c = impl.count;
        error.getMessage();
        error.getStackTrace();
        failure.getMessage();
        failure.addSuppressed(error);
    }
    Mono<Msg> fallback(Mono<Msg> m) {
        return m.onErrorResume(e -> Mono.just(Msg.builder().textContent(e.getMessage()).build()))
                .doOnError(e -> System.out.println(e.getLocalizedMessage()));
    }
    void constructors(Msg msg) {
        new Types.Single(msg, 1);
        new Types.Single(msg, 'c');
        new Types.Holder(msg);
        new Types.Holder(msg, 2);
        new Types.Holder("a", "b", "c");
        new Types.Holder();
        new Types.Defaulted();
        new Types.Request(msg.getRole().name(), MsgRole.USER);
        new Types.Single(msg, 1).then("x").then(msg.getTextContent());
    }
    void enums(Msg msg) {
        String a = msg.getRole().name();
        String b = msg.getRole().toString();
        int o = msg.getRole().ordinal();
        boolean same = msg.getRole().equals(MsgRole.USER);
    }
    void maps(Map<String, Object> result, Msg reply) {
        result.put("n", 42);
        result.put(reply != null ? reply.getTextContent() : null, "text");
    }
    void results(Types.Settings settings) {
        String u = settings.endpoint().url();
        Types.parse("{}", Types.Endpoint.class).url();
        Msg m = Types.parse("{}", Msg.class);
        Object o = Types.parse("{}", Msg.class);
    }
    void literals(Msg msg, Mono<Msg> a, Mono<Msg> b) {
        new Types.Single(msg, 1).then("x");
        new Types.Single(msg, 'c');
        Mono.zip(a, b).map(t -> t.getT2());
    }
    void thirdParty(io.agentscope.core.ReActAgent agent, Msg msg) {
        agent.call(List.of(msg), Types.Request.class);
        agent.call(List.of(msg), new Types.Tree());
    }
    private static String say(Msg m, String text) { return text; }
    class Inner {
        String run(Msg m) { return say(m, "x"); }
    }
    Runnable task(Msg m) {
        return new Runnable() { public void run() { say(m, "a"); } };
    }
}
`;

test('members, constructors and records declared in the checked sources: javac and check agree line by line', async () => {
  const v = await javacDecides({ 'Types.java': TYPES, 'Broken.java': BROKEN, 'Clean.java': CLEAN });
  expect(v.javac).toEqual(v.tagged);
  expect(v.check).toEqual(v.tagged);
}, 180_000);

test('a JDK or Reactor type used without its import, and a Throwable in an error operator of an inferred publisher: javac and check agree line by line', async () => {
  const missing = `package demo;

import io.agentscope.core.message.Msg;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

public class Missing {
    Flux<Msg> stream(Mono<Msg> m) { return m.flux(); } // error
    List<Msg> all() { return null; } // error
    Duration timeout() { return null; } // error
    Mono<String> text(Msg m) {
        return Mono.fromCallable(() -> {
            String d = m.getTextContent();
            return d;
        }).subscribeOn(Schedulers.boundedElastic()).onErrorResume(error -> Mono.just(error.message)); // error
    }
}
`;
  const present = `package demo;

import io.agentscope.core.message.Msg;
import java.time.Duration;
import java.util.*;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

public class Present {
    Flux<Msg> stream(Mono<Msg> m) { return m.flux(); }
    List<Msg> all() { return null; }
    Map.Entry<String, Msg> first() { return null; }
    Duration timeout() { return null; }
    Mono<String> text(Msg m) {
        return Mono.fromCallable(() -> {
            String d = m.getTextContent();
            return d;
        }).subscribeOn(Schedulers.boundedElastic()).onErrorResume(error -> Mono.just(error.getMessage()));
    }
}
`;
  const v = await javacDecides({ 'Missing.java': missing, 'Present.java': present });
  expect(v.javac).toEqual(v.tagged);
  expect(v.check).toEqual(v.tagged);
}, 180_000);

test('shapes that compile stay clean: a local class calling its own methods, a variable-arity record component, a private member type that hides an inherited one, a package-private class of an imported package', async () => {
  const local = `package demo;

import java.util.HashMap;
import java.util.List;

public interface Local extends AutoCloseable {
    static Local make(String spec) {
        class Reader {
            int i;
            Reader() { next(); }
            void next() { i++; }
            boolean more() { next(); return i < spec.length(); }
        }
        record Pair(String a, String... rest) {}
        enum Kind { A, B }
        new Reader().more();
        Pair p = new Pair("x", "y", "z");
        int n = p.rest.length + p.rest().length + Kind.valueOf("A").ordinal();
        return null;
    }

    record Pattern(String name, Pattern... nested) {
        int depth() { return nested.length == 0 ? 0 : 1 + nested[0].depth(); }
    }

    static int count(List<Pattern> ps) {
        return ps.stream().filter(p -> p.nested.length == 1).mapToInt(p -> p.nested().length).sum();
    }

    static class Base<K, V> extends HashMap<K, V> {
        private static class Entry { int own; }
    }
    static class Cache {
        static class Entry { boolean live() { return true; } }
        static class Table extends Base<String, Object> {
            boolean first(Entry e) { return e.live(); }
        }
    }
}
`;
  const hidden = `package demo.a;

class Helper { void hidden() {} }
`;
  const visible = `package demo.b;

public class Helper { public void shown() {} }
`;
  const user = `package demo;

import demo.a.*;
import demo.b.*;

public class UsesHelper {
    void f(Helper h) { h.shown(); }
}
`;
  const v = await javacDecides({ 'Local.java': local, 'HiddenHelper.java': hidden, 'Helper.java': visible, 'UsesHelper.java': user });
  expect(v.javac).toEqual([]);
  expect(v.check).toEqual([]);
}, 180_000);
