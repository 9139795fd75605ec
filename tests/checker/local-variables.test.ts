import { expect, test } from 'vitest';
import { javacDecides } from '../support/javac-decides.js';

/**
 * AS022: local variables. A name declared twice in one method (a local, a parameter, a catch
 * parameter, a for-each variable, a lambda's parameter while an enclosing local of that name is in
 * scope): "variable x is already defined"; a local assigned after its declaration and referenced from
 * a lambda: "local variables referenced from a lambda expression must be final or effectively final";
 * a final variable or field assigned: "cannot assign a value to final variable" (a final parameter:
 * "final parameter x may not be assigned"). javac decides, each file compiled on its own: the
 * effectively-final and final-parameter checks are javac's flow phase, which it skips for a class with
 * attribution errors. The shapes javac accepts stay clean: sibling blocks and lambdas reusing a name,
 * locals shadowing fields, a local assigned once after a declaration without a value, an assignment in
 * a branch a constant switches off, pattern bindings of one name in two branches, an anonymous class's
 * own fields, final fields assigned in constructors and static initializers.
 */
test('local variables: javac and check agree line by line', async () => {
  const v = await javacDecides(
    {
      'Duplicates.java': `package demo;

import io.agentscope.core.message.Msg;
import io.agentscope.core.message.MsgRole;
import java.util.List;
import java.util.function.Function;

public class Duplicates {
    private String name = "field";

    long count(List<Msg> msgs, String role) {
        Msg msg = Msg.builder().role(MsgRole.USER).textContent("a").build();
        Msg msg = null; // error
        String role = "user"; // error
        for (int i = 0; i < 3; i++) {
            int msgs = i; // error
        }
        try {
            msg.getTextContent();
        } catch (RuntimeException msg) { // error
            throw msg;
        }
        for (Msg role : msgs) { // error
        }
        Function<String, String> f = (String name) -> {
            String msg = name; // error
            return msg;
        };
        return msgs.stream().filter(msgs -> msgs.getRole() == MsgRole.USER).count(); // error
    }

    void siblings(List<Msg> msgs) {
        {
            int k = 1;
        }
        {
            int k = 2;
        }
        for (int i = 0; i < 2; i++) {
        }
        for (int i = 0; i < 2; i++) {
        }
        msgs.forEach(m -> m.getTextContent());
        msgs.forEach(m -> m.getTextContent());
        String name = "shadows the field";
        Runnable r = new Runnable() {
            String name = "the anonymous class's own";

            @Override
            public void run() {
                String msgs = name;
            }
        };
        class Local {
            void run(String name) {
                int msgs = 1;
            }
        }
    }

    void lambdaElsewhere(List<Msg> msgs) {
        msgs.forEach(msg -> msg.getTextContent());
        Msg msg = null;
    }

    void patterns(Object o) {
        if (o instanceof String s) {
            s.length();
        } else if (o instanceof Integer s) {
            s.intValue();
        }
        if (o instanceof Number t && t.intValue() > 0) {
            t.intValue();
        }
        if (!(o instanceof CharSequence t)) {
            return;
        }
        t.length();
    }

    void cases(int n) {
        switch (n) {
            case 1 -> {
                int x = 1;
            }
            case 2 -> {
                int x = 2;
            }
            default -> { }
        }
    }
}
`,
      'Captures.java': `package demo;

import io.agentscope.core.message.Msg;
import io.agentscope.core.message.MsgRole;
import java.util.List;
import java.util.function.Supplier;
import reactor.core.publisher.Mono;

public class Captures {
    private static final boolean DEBUG = false;
    private int counter;

    Mono<String> run(List<Msg> msgs, String prefix) {
        Msg msg = Msg.builder().role(MsgRole.USER).textContent("hi").build();
        msg = msg;
        prefix += "!";
        int total = 0;
        for (Msg m : msgs) {
            total++;
        }
        for (int i = 0; i < msgs.size(); i++) {
            msgs.forEach(m -> System.out.println(i)); // error
        }
        int n = total;
        Supplier<Integer> s = () -> total + n; // error
        Runnable r = () -> System.out.println(prefix); // error
        return Mono.fromSupplier(() -> msg.getTextContent()); // error
    }

    void later(List<Msg> msgs) {
        String text = "a";
        msgs.forEach(m -> System.out.println(text + m.getTextContent())); // error
        text = "b";
    }

    void inside(List<Msg> msgs) {
        int seen = 0;
        msgs.forEach(m -> {
            seen++; // error
        });
    }

    void assignedInside(List<Msg> msgs) {
        String last;
        msgs.forEach(m -> {
            last = m.getTextContent(); // error
        });
        int hits = 0;
        msgs.forEach(m -> {
            if (DEBUG) {
                hits = 1; // error
            }
        });
    }

    void innerClasses(List<Msg> msgs) {
        int calls = 0;
        calls++;
        Runnable r = new Runnable() {
            @Override
            public void run() {
                System.out.println(calls); // error
            }
        };
        Supplier<Integer> s = new Supplier<>() {
            private int calls = 5;

            @Override
            public Integer get() {
                calls++;
                return calls;
            }
        };
        class Counter {
            int start = calls; // error
        }
        String label = "a";
        Runnable t = new Runnable() {
            @Override
            public void run() {
                label = "b"; // error
            }
        };
        Runnable u = () -> System.out.println(label);
    }

    void forEachVariable(List<String> names) {
        for (String n : names) {
            n = n.trim();
            Runnable r = () -> System.out.println(n); // error
        }
    }

    void clean(List<Msg> msgs, String prefix) {
        String once;
        once = "assigned once, after its declaration";
        Runnable a = () -> System.out.println(once + prefix);
        Msg first = msgs.get(0);
        Supplier<String> b = () -> first.getTextContent();
        String dead = "kept";
        if (DEBUG) {
            dead = "never";
        }
        Runnable c = () -> System.out.println(dead);
        counter++;
        Runnable d = () -> counter++;
        msgs.forEach(m -> {
            String local = m.getTextContent();
            local = local.trim();
            System.out.println(local);
        });
        int[] box = {0};
        msgs.forEach(m -> box[0]++);
        Object o = prefix;
        if (o instanceof String str) {
            Runnable e = () -> System.out.println(str);
        }
        int x = 1;
        x = 2;
        Runnable f = new Runnable() {
            int x = 3;

            @Override
            public void run() {
                x = 4;
                Runnable g = () -> System.out.println(x);
            }
        };
    }
}
`,
      'Finals.java': `package demo;

import io.agentscope.core.memory.InMemoryMemory;
import io.agentscope.core.message.Msg;
import java.util.List;

public class Finals {
    private final InMemoryMemory memory = new InMemoryMemory();
    private final String name;
    private final int size;
    private static final int LIMIT = 3;
    private static final String TAG;

    static {
        TAG = "tag";
    }

    Finals(String name) {
        this.name = name;
        size = 1;
        this.memory = null; // error
    }

    void reset(List<Msg> msgs) {
        memory = new InMemoryMemory(); // error
        this.memory = null; // error
        name = "other"; // error
        this.size = 2; // error
        LIMIT++; // error
        TAG = "again"; // error
        final int count = msgs.size();
        count += 1; // error
        for (final int i = 0; i < 2; i++) { // error
        }
    }

    void clean(List<Msg> msgs) {
        for (final int i = 0, j = 1; i < 1; ) {
            break;
        }
        final int later;
        later = 1;
        String memory = "a local named like the field";
        memory = "reassigned";
        msgs.forEach(name -> System.out.println(name));
        Object size = msgs;
        size = null;
        Runnable r = new Runnable() {
            private final int own = 1;
            private int name = 0;

            @Override
            public void run() {
                name = 2;
            }
        };
    }
}
`,
      'FinalParameters.java': `package demo;

import java.util.List;
import java.util.function.Function;

public class FinalParameters {
    void reset(final String msg, List<String> msgs) {
        msg = null; // error
        for (final String m : msgs) {
            m = null; // error
        }
        try {
            msgs.size();
        } catch (final RuntimeException e) {
            e = null; // error
        }
        Function<String, String> f = (final String s) -> {
            s = null; // error
            return s;
        };
        String plain = "x";
        plain = "y";
        final int once;
        once = 1;
    }
}
`,
    },
    { separately: true },
  );
  expect(v.javac).toEqual(v.tagged);
  expect(v.check).toEqual(v.tagged);
  expect(new Set(v.findings.map((f) => f.rule))).toEqual(new Set(['AS022']));
}, 240_000);
