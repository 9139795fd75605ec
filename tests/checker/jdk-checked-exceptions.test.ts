import { expect, test } from 'vitest';
import { javacDecides } from '../support/javac-decides.js';

/**
 * AS017 for the JDK methods an AgentScope application calls around its agents that declare checked
 * exceptions: a Future's get() after `agent.call(..).toFuture()` (InterruptedException,
 * ExecutionException), Thread.sleep, Files.readString, a CountDownLatch's await(). Broken's lines
 * tagged `// error` are the ones javac rejects; Clean catches or declares them (a catch of
 * Exception, a throws clause, a lambda whose interface allows it). javac decides, each file
 * compiled on its own (javac's flow phase reports one class's errors).
 */
const HEAD = `package demo;

import io.agentscope.core.ReActAgent;
import io.agentscope.core.message.Msg;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
`;
const BROKEN = `${HEAD}
public class Broken {
    Msg ask(ReActAgent agent, Msg m) {
        return agent.call(List.of(m)).toFuture().get(); // error
    }
    void pause() {
        Thread.sleep(200); // error
    }
    String read(Path p) {
        return Files.readString(p); // error
    }
    void await(CountDownLatch done, CompletableFuture<Msg> f) {
        done.await(); // error
        f.join();
    }
}
`;
const CLEAN = `${HEAD}
public class Clean {
    Msg ask(ReActAgent agent, Msg m) throws Exception {
        return agent.call(List.of(m)).toFuture().get();
    }
    void pause() {
        try {
            Thread.sleep(200);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
    Callable<String> read(Path p) {
        return () -> Files.readString(p);
    }
    Msg joined(CompletableFuture<Msg> f) {
        return f.join();
    }
    boolean exists(Path p) {
        return Files.exists(p);
    }
}
`;

test('JDK methods that declare checked exceptions, around AgentScope calls: javac and check agree line by line', async () => {
  const v = await javacDecides({ 'Broken.java': BROKEN, 'Clean.java': CLEAN }, { separately: true });
  expect(v.javac).toEqual(v.tagged);
  expect(v.check).toEqual(v.tagged);
  expect(v.findings.every((f) => f.rule === 'AS017')).toBe(true);
}, 240_000);

/**
 * The same for any listed JDK type's method or constructor, whose checked exceptions are the JDKs'
 * own (jdk-results.ts, by reflection: those every overload of that argument count declares): a
 * BufferedReader's readLine(), a Semaphore's acquire(), Class.forName, new URI(..). A method whose
 * throws clause names its own type variable (Optional.orElseThrow(supplier)) throws what the
 * supplier gives: nothing to report for a RuntimeException.
 */
test('checked exceptions of the JDK read from the JDKs: javac and check agree line by line', async () => {
  const v = await javacDecides({
    'Reads.java': `package demo;

import io.agentscope.core.message.Msg;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.URI;
import java.util.Optional;
import java.util.concurrent.Semaphore;

public class Reads {
    private final Semaphore gate = new Semaphore(1);

    String line(BufferedReader in, Optional<Msg> last) {
        String text = in.readLine(); // error
        gate.acquire(); // error
        Class<?> type = Class.forName("demo.Reads"); // error
        URI uri = new URI(text); // error
        Msg msg = last.orElseThrow(() -> new IllegalStateException("none"));
        gate.release();
        BufferedReader again = new BufferedReader(new InputStreamReader(System.in));
        return text + type + uri + msg + again;
    }
}
`,
  });
  expect(v.javac).toEqual(v.tagged);
  expect(v.check).toEqual(v.tagged);
}, 180_000);
