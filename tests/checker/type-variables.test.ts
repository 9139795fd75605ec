import { expect, test } from 'vitest';
import { javacDecides } from '../support/javac-decides.js';

/**
 * A value meeting a type variable of the checked sources is judged as javac judges it (JLS 4.10.2,
 * 5.2): only the variable itself (or null) is assignable to it, and it only to what its bounds
 * are. The shapes of Hook.onEvent written by hand (`<T extends HookEvent> Mono<T> onEvent(T event)`
 * returning `Mono.just(pre)` for its pattern variable, or `event` unwrapped) and of generic helpers
 * (a TextBlock returned as T, a T returned as a String or, from an AgentScope method that takes a
 * Class<T>, as a List<T>, a String stored in a field of type T).
 * javac decides: Broken.java's lines tagged `// error` are the ones it rejects and check reports
 * them; Clean.java (the same shapes written right: casts to T, the variable itself, a bound or
 * Object as the target, shadowing type variables, unboxing of a boxed bound) compiles and checks clean.
 */
const HEAD = `package demo;

import io.agentscope.core.hook.Hook;
import io.agentscope.core.hook.HookEvent;
import io.agentscope.core.hook.PostReasoningEvent;
import io.agentscope.core.hook.PreReasoningEvent;
import io.agentscope.core.message.ContentBlock;
import io.agentscope.core.message.Msg;
import io.agentscope.core.message.TextBlock;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import reactor.core.publisher.Mono;
`;

const BROKEN = `${HEAD}
@SuppressWarnings("removal")
public class Broken implements Hook {
    @Override
    public <T extends HookEvent> Mono<T> onEvent(T event) {
        if (event instanceof PreReasoningEvent pre) {
            return Mono.just(pre); // error
        }
        if (event instanceof PostReasoningEvent post) {
            Mono<T> r = Mono.just((HookEvent) post); // error
            return r;
        }
        HookEvent h = event;
        String s = event; // error
        return event; // error
    }
    static <T extends ContentBlock> T first(Msg m) {
        TextBlock t = m.getFirstContentBlock(TextBlock.class);
        return t; // error
    }
    static <T extends ContentBlock> String text(T block) {
        return block; // error
    }
    static <T extends ContentBlock> List<T> pick(Msg m, Class<T> type) {
        return m.getFirstContentBlock(type); // error
    }
    static <T> Mono<T> wrap(T value) {
        return value; // error
    }
    static <T> Optional<T> maybe(T value, String other) {
        return Optional.of(other); // error
    }
    static class Box<T> {
        T value;
        void set(String s) {
            value = s; // error
        }
        T literal() {
            return "x"; // error
        }
    }
}
`;

const CLEAN = `${HEAD}
@SuppressWarnings({"removal", "unchecked"})
public class Clean implements Hook {
    @Override
    public <T extends HookEvent> Mono<T> onEvent(T event) {
        if (event instanceof PreReasoningEvent pre) {
            System.out.println(pre);
            return Mono.just(event);
        }
        if (event instanceof PostReasoningEvent post) {
            return Mono.just((T) post);
        }
        T same = event;
        HookEvent up = event;
        Object o = event;
        Mono<T> r = Mono.just(same);
        Function<T, T> f = x -> x;
        return flag() ? Mono.just(event).map(e -> e) : Mono.<T>empty();
    }
    static boolean flag() { return true; }
    static <T extends ContentBlock> T first(Msg m, Class<T> type) {
        T t = m.getFirstContentBlock(type);
        return t;
    }
    static <T extends ContentBlock> String text(T block) {
        ContentBlock b = block;
        return block.toString();
    }
    static <T> List<T> wrap(T value) {
        return List.of(value);
    }
    static <T> Optional<T> maybe(T value) {
        return Optional.ofNullable(value);
    }
    static <T> T nothing() {
        return null;
    }
    static <T extends Comparable<T>> T max(T a, T b) {
        return a.compareTo(b) > 0 ? a : b;
    }
    static <T extends Integer> int unbox(T t) {
        return t;
    }
    static <T extends CharSequence> CharSequence chars(T t) {
        return t;
    }
    static class Box<T> {
        T value;
        void set(T v) {
            value = v;
        }
        <T> T id(T x) {
            return x;
        }
        T get() {
            return value;
        }
    }
    static <T> Runnable local(T seed) {
        class Keeper {
            T kept = seed;
        }
        return () -> System.out.println(new Keeper().kept);
    }
}
`;

test('values meeting a type variable of the checked sources: javac and check agree line by line', async () => {
  const v = await javacDecides({ 'Broken.java': BROKEN, 'Clean.java': CLEAN });
  expect(v.javac).toEqual(v.tagged);
  expect(v.check).toEqual(v.tagged);
  // the words say which type variable, and what its bound is
  expect(v.findings.map((f) => f.message).join('\n')).toMatch(/T cannot be converted to Mono<T>: T is a HookEvent/);
}, 180_000);

/**
 * A value of a type variable as a receiver has its bound's members (JLS 4.4): `event.getType()` in
 * `<T extends HookEvent> Mono<T> onEvent(T event)` is a HookEventType, and a field HookEvent does
 * not offer is found nowhere, in the method and in a lambda inside it.
 */
const RECEIVERS = `package demo;

import io.agentscope.core.hook.HookEvent;
import io.agentscope.core.hook.HookEventType;
import reactor.core.publisher.Mono;

public class Receivers {
    <T extends HookEvent> boolean direct(T event) {
        Object t = event.type; // error
        return event.getType() == "PRE_ACTING"; // error
    }

    <T extends HookEvent> Mono<T> inLambda(T event) {
        return Mono.fromCallable(() -> {
            if (event.getTyp() == HookEventType.PRE_ACTING) { // error
                return event;
            }
            return event;
        });
    }

    <T extends HookEvent> Mono<T> fine(T event) {
        if (event.getType() == HookEventType.PRE_ACTING) {
            return Mono.just(event);
        }
        return Mono.just(event);
    }
}
`;

test('a type variable as a receiver is judged as its bound: javac and check agree line by line', async () => {
  const v = await javacDecides({ 'Receivers.java': RECEIVERS });
  expect(v.javac).toEqual(v.tagged);
  expect(v.check).toEqual(v.tagged);
}, 180_000);
