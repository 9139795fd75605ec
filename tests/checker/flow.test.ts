import { expect, test } from 'vitest';
import { javacDecides } from '../support/javac-decides.js';

/**
 * AS021: what javac's flow analysis certainly rejects, and the return statements its attribution
 * rejects. javac analyses flow only where attribution found no error (and only the first class
 * with flow errors), so each file is compiled on its own. The lines tagged `// error` are the ones
 * javac rejects and check reports; the other shapes (loops left by a break or a labeled break, a
 * switch whose every case returns, constant conditions, locals assigned on every path or in a
 * loop) compile.
 */
test('unreachable statements, missing returns, locals read before assignment: javac and check agree line by line', async () => {
  const v = await javacDecides(
    {
      'Flow.java': `package demo;

import io.agentscope.core.message.Msg;
import io.agentscope.core.message.MsgRole;
import java.util.List;
import java.util.function.Supplier;

public class Flow {
    static final boolean RUNNING = true;
    static final boolean DEBUG = false;

    Msg reply(String text) {
        Msg m = Msg.builder().role(MsgRole.ASSISTANT).textContent(text).build();
    } // error

    int onlyThen(boolean b) {
        if (true) return 1;
    } // error

    Msg loopWithBreak(List<Msg> ms) {
        int i = 0;
        while (i < ms.size()) {
            i++;
        }
    } // error

    Msg either(boolean b, Msg m) {
        if (b) {
            return m;
        } else {
            throw new IllegalStateException();
        }
    }

    Msg loop(List<Msg> ms) {
        while (true) {
            if (!ms.isEmpty()) {
                return ms.get(0);
            }
        }
    }

    Msg breakOut(List<Msg> ms) {
        Msg found = null;
        while (true) {
            if (!ms.isEmpty()) {
                found = ms.get(0);
                break;
            }
        }
        return found;
    }

    int labeled(List<Msg> ms) {
        outer:
        while (true) {
            for (Msg m : ms) {
                if (m == null) break outer;
            }
        }
        return 0;
    }

    int forever() {
        for (;;) {
        }
    }

    int spin() {
        while (RUNNING) {
        }
    }

    int spinLocal() {
        final boolean on = true;
        while (on) {
        }
    }

    int doForever() {
        do {
        } while (true);
    }

    int cases(int k) {
        switch (k) {
            case 1:
                return 1;
            default:
                return 2;
        }
    }

    int retried(Supplier<Integer> s) {
        while (true) {
            try {
                return s.get();
            } catch (RuntimeException e) {
                continue;
            }
        }
    }

    synchronized int locked() {
        synchronized (this) {
            return 1;
        }
    }

    int caught(Supplier<Integer> s) {
        try {
            return s.get();
        } catch (RuntimeException e) {
            throw e;
        } finally {
            System.out.println("done");
        }
    }

    void unreachable(Msg m) {
        if (m == null) {
            return;
        }
        throw new IllegalStateException(m.getTextContent());
        System.out.println(m); // error
        System.out.println("twice");
    }

    void afterLoop(List<Msg> ms) {
        for (;;) {
            ms.clear();
        }
        ms.add(null); // error
    }

    int afterBothBranches(boolean b) {
        if (b) {
            return 1;
        } else {
            return 2;
        }
        int x = 3; // error
    }

    void afterTry(List<Msg> ms) {
        for (Msg m : ms) {
            try {
                return;
            } catch (RuntimeException e) {
                throw e;
            }
            ms.add(m); // error
        }
    }

    void afterCatch(List<Msg> ms) {
        try {
            ms.clear();
        } catch (RuntimeException e) {
            return;
        }
        ms.add(null);
    }

    void inCase(int k, List<Msg> ms) {
        switch (k) {
            case 1:
                break;
                ms.clear(); // error
            default:
                ms.add(null);
        }
    }

    String uninitialized() {
        Msg msg;
        return msg.getTextContent(); // error
    }

    int selfAssigned() {
        int n;
        n = n + 1; // error
        return n;
    }

    int compound() {
        int n;
        n += 1; // error
        return n;
    }

    Supplier<String> captured() {
        String s;
        Supplier<String> get = () -> s; // error
        s = "x";
        return get;
    }

    String assignedBoth(boolean b, Msg a, Msg c) {
        Msg msg;
        if (b) {
            msg = a;
        } else {
            msg = c;
        }
        return msg.getTextContent();
    }

    int assignedInLoop(List<Msg> ms) {
        int n;
        for (Msg m : ms) {
            n = ms.size();
            System.out.println(n + m.getTextContent());
        }
        return 0;
    }

    int assignedInSwitch(int k) {
        int x;
        switch (k) {
            case 1:
                x = 1;
                break;
            default:
                x = 2;
        }
        return x;
    }

    Msg assignedInTry(Supplier<Msg> s) {
        Msg m;
        try {
            m = s.get();
        } catch (RuntimeException e) {
            m = null;
        }
        return m;
    }

    int fieldNamed(String[] arr) {
        int length;
        length = arr.length;
        return length;
    }

    int deadRead(int k) {
        int x;
        if (DEBUG) {
            System.out.println(x);
        }
        if (k > 0 && DEBUG) {
            System.out.println(x);
        }
        return 0;
    }
}
`,
      'Returns.java': `package demo;

import io.agentscope.core.message.Msg;
import java.util.function.Supplier;

public class Returns {
    Msg reply() {
        return; // error
    }

    void log(Msg m) {
        return m; // error
    }

    Returns() {
        return 1; // error
    }

    Runnable r = () -> {
        return;
    };

    Supplier<Msg> lazy() {
        Runnable run = () -> {
            return;
        };
        return () -> {
            return null;
        };
    }

    void local() {
        Supplier<String> s = new Supplier<String>() {
            @Override
            public String get() {
                return "x";
            }
        };
        return;
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
 * A `while (true)` left by an unlabeled break can complete normally, so a method with a result
 * ending there misses its return; a labeled break, one in a nested loop or switch, and one a
 * finally clause may intercept are not judged. `throw new IOException(..)` where nothing catches
 * or declares it is "unreported exception"; a throws clause, a catch, an unchecked exception and a
 * lambda are fine. javac decides each file alone (flow errors come only without attribution errors).
 */
test('loops left by a break, and checked exceptions thrown where nothing handles them: javac and check agree line by line', async () => {
  const v = await javacDecides(
    {
      'Loops.java': `package demo;

import io.agentscope.core.message.Msg;
import java.util.List;

public class Loops {
    String left(Msg msg) {
        while (true) {
            if (msg == null) break;
            return msg.getTextContent();
        }
    } // error

    String nested(List<Msg> msgs) {
        while (true) {
            for (Msg m : msgs) {
                if (m == null) break;
            }
            if (!msgs.isEmpty()) return msgs.get(0).getTextContent();
        }
    }

    String labeled(List<Msg> msgs) {
        outer:
        for (;;) {
            for (Msg m : msgs) {
                if (m != null) return m.getTextContent();
                break outer;
            }
        }
        return "";
    }

    String after(Msg msg) {
        for (;;) {
            if (msg != null) break;
        }
        return "none";
    }
}
`,
      'Throws.java': `package demo;

import io.agentscope.core.message.Msg;
import java.io.IOException;
import java.util.concurrent.Callable;

public class Throws {
    String read(Msg msg) {
        if (msg == null) {
            throw new IOException("no message"); // error
        }
        return msg.getTextContent();
    }

    String declared(Msg msg) throws IOException {
        if (msg == null) throw new IOException("no message");
        return msg.getTextContent();
    }

    String caught(Msg msg) {
        try {
            if (msg == null) throw new IOException("no message");
            return msg.getTextContent();
        } catch (IOException e) {
            return "";
        }
    }

    String unchecked(Msg msg) {
        if (msg == null) throw new IllegalStateException("no message");
        return msg.getTextContent();
    }

    Callable<String> later(Msg msg) {
        return () -> {
            if (msg == null) throw new IOException("no message");
            return msg.getTextContent();
        };
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
 * A lambda's block has its own reachability, which javac's flow phase judges with the method: a
 * statement after a `return` or `throw` of the lambda is unreachable, as in an anonymous class's
 * method. One file: javac reports flow errors for the first class that has them.
 */
test('unreachable statements inside lambda blocks: javac and check agree line by line', async () => {
  const v = await javacDecides({
    'Lambdas.java': `package demo;

import io.agentscope.core.message.Msg;
import java.util.List;

public class Lambdas {
    long count(List<Msg> msgs) {
        msgs.forEach(m -> {
            return;
            System.out.println(m); // error
        });
        Runnable r = () -> {
            if (msgs.isEmpty()) {
                throw new IllegalStateException("none");
            } else {
                return;
            }
            System.out.println("after"); // error
        };
        r.run();
        return msgs.stream().map(m -> {
            if (m.getTextContent().isEmpty()) {
                return 1;
            }
            return 2;
        }).filter(n -> {
            while (true) {
                if (n > 1) {
                    break;
                }
            }
            return true;
        }).count();
    }
}
`,
  });
  expect(v.javac).toEqual(v.tagged);
  expect(v.check).toEqual(v.tagged);
}, 180_000);
