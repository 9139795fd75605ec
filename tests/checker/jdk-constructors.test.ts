import { expect, test } from 'vitest';
import { javacDecides } from '../support/javac-decides.js';

/**
 * `new X(..)` of a common JDK class, judged against its public constructors (jdk-results.ts lists
 * them as `<init>`, from the JDKs themselves): an argument count none takes (AS003), arguments of
 * decided types none takes, a lambda where no constructor takes a function of its parameter count
 * (AS007). An anonymous subclass (which may call a protected constructor) and a project class of the
 * same name are not judged. javac decides: the lines tagged `// error` are the ones it rejects.
 */
test('JDK constructors called with arguments none of them takes: javac and check agree line by line', async () => {
  const v = await javacDecides({
    'Random.java': `package demo;

/** The project's own Random: its constructor is the one that counts here. */
public class Random {
    public Random(String seed, int rounds, boolean fair) {
    }
}
`,
    'Builders.java': `package demo;

import io.agentscope.core.message.Msg;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;

public class Builders {
    void broken(List<Msg> msgs, String text) {
        StringBuilder sb = new StringBuilder(1, 2); // error
        List<String> names = new ArrayList<>("x"); // error
        HashMap<String, Msg> byName = new HashMap<>(text); // error
        RuntimeException e = new RuntimeException(text, text, text, text, text); // error
        AtomicInteger n = new AtomicInteger("0"); // error
        Thread t = new Thread((a, b) -> { }); // error
        CompletableFuture<String> f = new CompletableFuture<>(text); // error
    }

    Object clean(List<Msg> msgs, String text) {
        StringBuilder sb = new StringBuilder(text).append(1);
        List<Msg> copy = new ArrayList<>(msgs);
        HashMap<String, Msg> sized = new HashMap<>(16);
        RuntimeException e = new RuntimeException(text, new IllegalStateException());
        Thread t = new Thread(() -> { }, "worker");
        Random own = new Random("seed", 3, true);
        Thread sub = new Thread() {
            @Override
            public void run() {
            }
        };
        return new Object[] {sb, copy, sized, e, t, own, sub, new CompletableFuture<String>()};
    }
}
`,
  });
  expect(v.javac).toEqual(v.tagged);
  expect(v.check).toEqual(v.tagged);
}, 180_000);
