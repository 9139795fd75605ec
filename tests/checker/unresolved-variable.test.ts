import { expect, test } from 'vitest';
import { javacDecides } from '../support/javac-decides.js';

/**
 * A simple name javac finds nowhere, "cannot find symbol: variable": most often an AgentScope enum
 * constant whose static import was left out (`.role(USER)`), or a misspelled one. javac decides:
 * Broken.java's lines tagged `// error` are the ones it rejects, and check reports them (AS002);
 * Clean.java holds the forms a name is bound by that the scopes must not miss (fields of enclosing
 * and super classes, interface constants, static imports by name and on demand, pattern and lambda
 * variables, case labels of a switch on an enum, anonymous classes' fields, labels, local records,
 * the parameters of constructors, anonymous classes' methods and default methods). A parameter's name
 * is in scope only in its own method: used in another (`question` in an override whose parameter
 * was dropped), it is found nowhere; so is a private field of an AgentScope superclass (`name` in a
 * subclass of AgentBase), whatever methods of that name are called in the file, and a name tested
 * with instanceof, iterated by a `for` or thrown is looked up as a variable as well. A record's
 * component is a field of the record only, and a segment of an import or of the package declaration
 * (`agent` of io.agentscope.core.agent) binds no variable: both are found nowhere elsewhere.
 */
const BROKEN = `package demo;

import io.agentscope.core.agent.RuntimeContext;
import io.agentscope.core.message.Msg;
import io.agentscope.core.message.MsgRole;
import io.agentscope.core.permission.PermissionMode;
import static io.agentscope.core.message.MsgRole.ASSISTANT;

public class Broken {
    Msg ask(String q) {
        return Msg.builder().role(USER).textContent(q).build(); // error
    }

    void modes() {
        PermissionMode mode = DEFAULT; // error
        MsgRole role = ASISTANT; // error
        MsgRole fine = ASSISTANT;
        int n = maxIters + 1; // error
        Runnable r = () -> System.out.println(sessionId); // error
    }

    String dropped() {
        return question.trim(); // error
    }

    String kept(String question) {
        return question.trim();
    }

    boolean lostParameter() {
        if (event instanceof Msg m) { // error
            return m.getTextContent() != null;
        }
        for (Object o : events) { // error
            System.out.println(o);
        }
        throw failure; // error
    }

    record Request(String sessionId, RuntimeContext context) {}

    String lostComponent() {
        return sessionId.trim(); // error
    }

    String lostSegment() {
        return agent.toString(); // error
    }

    abstract static class Echo extends io.agentscope.core.agent.AgentBase {
        Echo() { super("echo"); }
        Msg reply() {
            return Msg.builder().name(name).textContent("hi").build(); // error
        }
    }
}
`;
const CLEAN = `package demo;

import io.agentscope.core.message.Msg;
import io.agentscope.core.message.MsgRole;
import io.agentscope.core.permission.PermissionMode;
import static io.agentscope.core.message.MsgRole.*;
import static io.agentscope.core.permission.PermissionMode.DEFAULT;

public class Clean extends Base implements Limits {
    enum Color { RED, GREEN }

    private final String name = "n";
    static final int TOTAL = 3;

    record Pair(String left, String right) {
        String both() { return left + right; }
    }

    class Inner {
        String both() { return name + TOTAL + inherited + MAX; }
    }

    String run(Object o, Color c, MsgRole role) {
        PermissionMode mode = DEFAULT;
        MsgRole user = USER;
        String s = "";
        if (o instanceof String text) s = text;
        switch (c) {
            case RED: s += "r"; break;
            case GREEN: s += "g"; break;
        }
        String label = switch (role) { case USER -> "u"; case ASSISTANT -> "a"; default -> "x"; };
        java.util.function.Function<Msg, String> f = m -> m.getTextContent();
        Runnable r = new Runnable() {
            int count = 0;
            public void run() { count++; }
        };
        outer:
        for (int i = 0; i < MAX; i++) {
            for (int j = 0; j < i; j++) if (j > 2) break outer;
        }
        record Local(int v) {}
        Local l = new Local(TOTAL);
        return s + label + f + r + l.v() + mode + user + new Pair("a", "b").both() + new Inner().both();
    }

    Clean() {}

    Clean(String seed, int times) {
        Runnable r = () -> System.out.println(seed + times);
    }

    Runnable params(String given) {
        return new Runnable() {
            public void run() { System.out.println(given); }
            void twice(String given2) { System.out.println(given2 + given); }
        };
    }

    Msg named(String name) {
        return Msg.builder().name(name).textContent(name).build();
    }

    interface Greeter {
        default String greet(String who) { return "hi " + who; }
    }
}

class Base {
    protected int inherited = 1;
}

interface Limits {
    int MAX = 10;
}
`;

test('a name found nowhere: javac and check agree line by line', async () => {
  const v = await javacDecides({ 'Broken.java': BROKEN, 'Clean.java': CLEAN });
  expect(v.javac).toEqual(v.tagged);
  expect(v.check).toEqual(v.tagged);
  expect(v.findings.every((f) => f.rule === 'AS002')).toBe(true);
  // the expected enum's constant, or the imported type that declares it, is named in the fix
  expect(v.findings.find((f) => f.message.includes('variable ASISTANT'))?.suggestion).toContain('MsgRole.ASSISTANT');
  expect(v.findings.find((f) => f.message.includes('variable USER'))?.suggestion).toContain('MsgRole.USER');
}, 240_000);
