import { expect, test } from 'vitest';
import { javacDecides } from '../support/javac-decides.js';

/**
 * A lambda whose parameter types are written must declare exactly the function type's (JLS
 * 15.27.3): `setChunkCallback((ToolResultBlock use, ToolUseBlock chunk) -> ..)` swaps the
 * BiConsumer's two, and a supertype (`ContentBlock`) is no more accepted than another type.
 * Implicit and `var` parameters take whatever the function type gives. javac decides: Broken's
 * lines tagged `// error` are the ones it rejects, and check reports them (AS007).
 */
const HEAD = `package demo;

import io.agentscope.core.message.ContentBlock;
import io.agentscope.core.message.ToolResultBlock;
import io.agentscope.core.message.ToolUseBlock;
import io.agentscope.core.tool.Toolkit;
`;
const BROKEN = `${HEAD}
public class Broken {
    void f(Toolkit toolkit) {
        toolkit.setChunkCallback((ToolResultBlock use, ToolUseBlock chunk) -> System.out.println(use)); // error
        toolkit.setChunkCallback((ToolUseBlock use, ContentBlock chunk) -> System.out.println(use)); // error
    }
}
`;
const CLEAN = `${HEAD}
public class Clean {
    void f(Toolkit toolkit) {
        toolkit.setChunkCallback((ToolUseBlock use, ToolResultBlock chunk) -> System.out.println(use));
        toolkit.setChunkCallback((use, chunk) -> System.out.println(use.getName()));
        toolkit.setChunkCallback((var use, var chunk) -> System.out.println(chunk));
    }
}
`;

test('a lambda with parameter types other than those of the function type: javac and check agree line by line', async () => {
  const v = await javacDecides({ 'Broken.java': BROKEN, 'Clean.java': CLEAN });
  expect(v.javac).toEqual(v.tagged);
  expect(v.check).toEqual(v.tagged);
  expect(v.findings.every((f) => f.rule === 'AS007')).toBe(true);
}, 180_000);

/**
 * The same for an AgentScope functional interface declared as a field's or variable's type:
 * `NamespaceFactory ns = (String rc) -> ..` where its method takes a RuntimeContext ("incompatible
 * parameter types in lambda expression", AS013); the method's own type, or none, compiles.
 */
test('a lambda with written parameter types for an AgentScope functional interface: javac and check agree line by line', async () => {
  const v = await javacDecides(
    {
      'Factories.java': `package demo;

import io.agentscope.core.agent.RuntimeContext;
import io.agentscope.harness.agent.filesystem.remote.store.NamespaceFactory;
import java.util.List;

public class Factories {
    NamespaceFactory byName = (String rc) -> List.of("user-1"); // error
    NamespaceFactory typed = (RuntimeContext rc) -> List.of("user-1");
    NamespaceFactory inferred = rc -> List.of("user-1");

    NamespaceFactory local() {
        NamespaceFactory any = (Object rc) -> List.of(); // error
        return any;
    }
}
`,
    },
    { artifacts: ['agentscope-harness'] },
  );
  expect(v.javac).toEqual(v.tagged);
  expect(v.check).toEqual(v.tagged);
});

/**
 * JUnit's assertThrows, assertDoesNotThrow and assertAll take an Executable (or a ThrowingSupplier),
 * whose method takes no parameter: a lambda with one is "no suitable method found", whether the
 * assertion is imported statically or named through Assertions.
 */
test('a lambda with parameters for a JUnit assertion: javac and check agree line by line', async () => {
  const v = await javacDecides(
    {
      'AssertionsUse.java': `package demo;

import static org.junit.jupiter.api.Assertions.assertThrows;

import io.agentscope.core.message.Msg;
import org.junit.jupiter.api.Assertions;

class AssertionsUse {
    void checks(Msg msg) {
        assertThrows(IllegalStateException.class, (unused) -> msg.getTextContent()); // error
        Assertions.assertDoesNotThrow((a, b) -> msg.getTextContent()); // error
        assertThrows(IllegalStateException.class, () -> msg.getTextContent());
        Assertions.assertDoesNotThrow(() -> msg.getTextContent());
    }
}
`,
    },
    { libraries: ['org.junit.jupiter:junit-jupiter-api:5.11.4'] },
  );
  expect(v.javac).toEqual(v.tagged);
  expect(v.check).toEqual(v.tagged);
});

/**
 * A lambda whose parameter count the functional parameter of a common JDK or Reactor method does
 * not take (every overload of that argument count, from jdk-results.ts): `forEach((a, b) -> ..)` on a
 * List, `forEach(k -> ..)` on a Map, `sorted(a -> ..)`, `subscribe((a, b) -> ..)`, where Flux's other
 * one-argument subscribe takes a Subscriber, which no lambda fits. javac reports it at the lambda
 * where one overload takes that many arguments (filter and map, on their own lines here), at the
 * call where several do.
 */
test('a lambda with a parameter count no JDK or Reactor overload takes: javac and check agree line by line', async () => {
  const v = await javacDecides({
    'Arity.java': `package demo;

import io.agentscope.core.message.Msg;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

public class Arity {
    void broken(List<Msg> msgs, Map<String, Msg> byName, Flux<Msg> events, Mono<Msg> reply, Optional<Msg> last, ExecutorService pool) {
        msgs.forEach((m, i) -> System.out.println(m)); // error
        byName.forEach(name -> System.out.println(name)); // error
        msgs.stream().map((m, i) -> m.getTextContent()).count(); // error
        msgs.stream()
            .filter(
                (m, unused) -> true) // error
            .count();
        events.subscribe((m, e) -> System.out.println(m)); // error
        reply.map(() -> 1); // error
        last.ifPresent(() -> System.out.println("x")); // error
        msgs.stream().sorted(m -> 1); // error
        pool.submit(m -> m); // error
        msgs.stream()
            .map(
                (m, i) -> m) // error
            .count();
    }

    void clean(List<Msg> msgs, Map<String, Msg> byName, Flux<Msg> events, Mono<Msg> reply, Optional<Msg> last, ExecutorService pool) {
        msgs.forEach(m -> System.out.println(m));
        byName.forEach((name, m) -> System.out.println(name));
        msgs.stream().reduce((a, b) -> a);
        msgs.stream().sorted((a, b) -> 0).count();
        events.subscribe(m -> System.out.println(m), e -> System.out.println(e), () -> System.out.println("done"));
        reply.map(m -> 1).block();
        byName.computeIfAbsent("k", k -> null);
        byName.merge("k", last.orElseThrow(), (a, b) -> a);
        pool.submit(() -> 1);
        pool.submit(() -> System.out.println("x"));
    }
}
`,
  });
  expect(v.javac).toEqual(v.tagged);
  expect(v.check).toEqual(v.tagged);
  expect(v.findings.every((f) => f.rule === 'AS007')).toBe(true);
}, 180_000);

/**
 * A lambda's block that no function of a common JDK or Reactor method's parameter takes: one that
 * returns no value where every function returns one (`Mono.fromCallable(() -> { load(); })`, a
 * Predicate given a block without a return), one that returns a value where every function returns
 * none (a Runnable); and a block that returns a value on one path and can end without one, or has
 * a statement after its return, which no function takes ("lambda body is neither value nor void
 * compatible", at the lambda). javac reports a lone method's misfit at the lambda (fromCallable's,
 * filter's), but an implicitly typed lambda's given to a generic method (Flux.map) at the call.
 */
test('a lambda block of the wrong shape for its function: javac and check agree line by line', async () => {
  const v = await javacDecides({
    'Shapes.java': `package demo;

import io.agentscope.core.message.Msg;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import reactor.core.publisher.Mono;

public class Shapes {
    void broken(List<Msg> msgs, Msg msg) {
        Mono.fromCallable(
            () -> { // error
                msg.getTextContent();
            }).block();
        msgs.stream().filter(
            m -> { // error
                m.getTextContent();
            }).count();
        CompletableFuture.supplyAsync(() -> { // error
            System.out.println(msg);
        });
        Executors.newSingleThreadExecutor().execute(() -> { // error
            return msg;
        });
        msgs.stream().filter(m -> { // error
            m.getTextContent().isEmpty();
        }).count();
        Runnable r = () -> { };
        msgs.forEach(m -> { // error
            if (m == null) {
                return m;
            }
        });
    }

    void clean(List<Msg> msgs, Msg msg) {
        Mono.fromCallable(() -> {
            return msg.getTextContent();
        }).block();
        CompletableFuture.supplyAsync(() -> {
            throw new IllegalStateException("no");
        });
        Executors.newSingleThreadExecutor().execute(() -> {
            System.out.println(msg);
        });
        msgs.stream().filter(m -> {
            return m.getTextContent().isEmpty();
        }).count();
        msgs.forEach(m -> {
            if (m == null) {
                return;
            }
            System.out.println(m);
        });
    }
}
`,
  });
  expect(v.javac).toEqual(v.tagged);
  expect(v.check).toEqual(v.tagged);
}, 180_000);
