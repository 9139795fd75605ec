import { expect, test } from 'vitest';
import { javacDecides } from '../support/javac-decides.js';

/**
 * Values javac types from the target and the arguments together: `Mono.just(msg)`,
 * `Optional.of(msg)`, `Flux.just(a, b)`, `Arrays.asList(..)`, `Collections.singletonList(..)` returned
 * where a container of Strings is declared ("inference variable T has incompatible bounds"), a
 * branch of a conditional that cannot be the declared type ("bad type in conditional expression"),
 * an enum constant compared with a String, a stream collected into a List or Set of another
 * element type (a supertype is fine), and a method reference whose result cannot be the
 * functional interface's ("bad return type in method reference"); a copy of a collection
 * (`List.copyOf`, `Set.copyOf`, `Collections.unmodifiableList`) whose elements cannot be the declared
 * ones (Copies.java); `Mono.fromCallable` whose lambda returns another type than the declared one,
 * from its expression or from a `return` of its block (Callables.java). javac decides: Broken.java's lines tagged `// error`
 * are the ones it rejects and check reports them; Clean.java compiles and checks clean.
 */
const HEAD = `package demo;

import io.agentscope.core.message.Msg;
import io.agentscope.core.message.MsgRole;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
`;
const BROKEN = `${HEAD}
public class Broken {
    Function<Msg, Integer> length = Msg::getTextContent; // error
    Supplier<String> make = Msg::builder; // error

    Mono<String> reply(Msg msg) {
        return Mono.just(msg); // error
    }

    Optional<String> first(Msg msg) {
        return Optional.of(msg); // error
    }

    Flux<String> both(Msg a, Msg b) {
        return Flux.just(a, b); // error
    }

    List<String> listed(Msg a, Msg b) {
        return Arrays.asList(a, b); // error
    }

    Set<String> single(Msg msg) {
        return Collections.singleton(msg); // error
    }

    String text(boolean plain, Msg msg) {
        return plain ? msg : "none"; // error
    }

    boolean user(Msg msg) {
        return msg.getTextContent() == MsgRole.USER; // error
    }

    List<String> roles(List<Msg> history) {
        return history.stream().map(Msg::getRole).collect(Collectors.toList()); // error
    }

    Set<String> texts(Msg msg) {
        return msg.getContent().stream().collect(Collectors.toSet()); // error
    }
}
`;
const CLEAN = `${HEAD}
public class Clean {
    Function<Msg, String> text = Msg::getTextContent;
    Supplier<Msg.Builder> make = Msg::builder;
    Predicate<Msg> structured = Msg::hasStructuredData;

    Mono<String> reply(Msg msg) {
        return Mono.just(msg.getTextContent());
    }

    Optional<Msg> first(Msg msg) {
        return Optional.of(msg);
    }

    Flux<Msg> both(Msg a, Msg b) {
        return Flux.just(a, b);
    }

    List<Object> listed(Msg a, String b) {
        return Arrays.asList(a, b);
    }

    Set<Msg> single(Msg msg) {
        return Collections.singleton(msg);
    }

    String text(boolean plain, Msg msg) {
        return plain ? msg.getTextContent() : "none";
    }

    boolean user(Msg msg) {
        return msg.getRole() == MsgRole.USER && msg.getTextContent().equals(MsgRole.USER.name());
    }

    List<Object> roles(List<Msg> history) {
        return history.stream().map(Msg::getRole).collect(Collectors.toList());
    }

    Set<String> texts(List<Msg> history) {
        return history.stream().map(Msg::getTextContent).collect(Collectors.toSet());
    }
}
`;

test('inferred factories, conditional branches, an enum constant compared with a String and method references: javac and check agree line by line', async () => {
  const v = await javacDecides({ 'Broken.java': BROKEN, 'Clean.java': CLEAN });
  expect(v.javac).toEqual(v.tagged);
  expect(v.check).toEqual(v.tagged);
}, 240_000);

const COPIES = `package demo;

import io.agentscope.core.message.ContentBlock;
import io.agentscope.core.message.Msg;
import io.agentscope.core.message.ToolUseBlock;
import java.util.Collections;
import java.util.List;
import java.util.Set;

public class Copies {
    private List<ToolUseBlock> pending;
    void keep(List<String> names, Msg m, List<ToolUseBlock> calls) {
        pending = List.copyOf(names); // error
        Set<ToolUseBlock> s = Set.copyOf(m.getContent()); // error
        List<Msg> l = Collections.unmodifiableList(calls); // error
        pending = List.copyOf(calls);
        List<ContentBlock> blocks = List.copyOf(calls);
        List<ContentBlock> all = Collections.unmodifiableList(m.getContent());
    }
}
`;

test('a copy of a collection whose elements cannot be the declared ones (List.copyOf, Collections.unmodifiableList): javac and check agree line by line', async () => {
  const v = await javacDecides({ 'Copies.java': COPIES });
  expect(v.javac).toEqual(v.tagged);
  expect(v.check).toEqual(v.tagged);
  expect(v.findings.every((f) => f.rule === 'AS013')).toBe(true);
}, 180_000);

const CALLABLES = `package demo;

import io.agentscope.core.message.ContentBlock;
import io.agentscope.core.message.TextBlock;
import io.agentscope.core.message.ToolResultBlock;
import java.util.List;
import java.util.function.Supplier;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

public class Callables {
    Mono<String> a(String id) {
        return Mono.fromCallable(() -> { // error
            try {
                return ToolResultBlock.text("ok");
            } catch (RuntimeException e) {
                return ToolResultBlock.error(e.getMessage());
            }
        });
    }
    Mono<String> b() {
        return Mono.fromSupplier(() -> TextBlock.builder().text("t").build()); // error
    }
    Mono<ContentBlock> c() {
        return Mono.fromCallable(() -> {
            Supplier<String> inner = () -> {
                return "not the Mono's";
            };
            return TextBlock.builder().text(inner.get()).build();
        });
    }
    Mono<String> d(TextBlock t) {
        return Mono.fromCallable(() -> {
            List<String> parts = List.of(t.getText());
            return String.join(",", parts);
        });
    }
    Mono<String> chained(String json) {
        return Mono.fromCallable(() -> {
            String text = json.trim();
            return ToolResultBlock.text(text);
        }).subscribeOn(Schedulers.boundedElastic()).onErrorResume(e -> Mono.just(ToolResultBlock.error(e.getMessage()))); // error
    }
    Mono<ToolResultBlock> chainedFine(String json) {
        return Mono.fromCallable(() -> {
            String text = json.trim();
            return ToolResultBlock.text(text);
        }).subscribeOn(Schedulers.boundedElastic());
    }
    Mono<String> chainedText(TextBlock t) {
        return Mono.fromCallable(() -> {
            if (t == null) return "none";
            return t.getText();
        }).subscribeOn(Schedulers.boundedElastic());
    }
}
`;

test('Mono.fromCallable whose lambda returns another type than the declared one, as a value or the receiver of a chain: javac and check agree line by line', async () => {
  const v = await javacDecides({ 'Callables.java': CALLABLES });
  expect(v.javac).toEqual(v.tagged);
  expect(v.check).toEqual(v.tagged);
  expect(v.findings.every((f) => f.rule === 'AS013')).toBe(true);
}, 180_000);
