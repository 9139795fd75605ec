import { expect, test } from 'vitest';
import { javacDecides } from '../support/javac-decides.js';

/**
 * An unqualified call of a method a class inherits from an AgentScope supertype
 * (`isDangerousPath(p, true)` in a ToolBase subclass): javac searches that class's methods of the
 * name (JLS 15.12.1) and judges the arguments against them, as for `this.isDangerousPath(..)`.
 * Clean where another supertype, or the class itself, adds an overload that fits, and from a
 * nested class whose own supertypes may have the name. javac decides.
 */
const HEAD = `package demo;

import io.agentscope.core.tool.ToolBase;
import java.util.Map;
`;
const BROKEN = `${HEAD}
public class Broken extends ToolBase {
    Broken() { super(ToolBase.builder().name("x").description("d")); }

    void a(String path) {
        boolean b1 = isDangerousPath(path, true); // error
        boolean b2 = isDangerousPath(1); // error
        boolean b3 = matchRule("rule"); // error
        Runnable r = () -> isDangerousPath(); // error
    }

    class Inner {
        boolean b() { return isDangerousPath(2); } // error
    }
}
`;
const CLEAN = `${HEAD}
interface Paths {
    default boolean isDangerousPath(String path, boolean strict) { return strict; }
}

public class Clean extends ToolBase implements Paths {
    Clean() { super(ToolBase.builder().name("x").description("d")); }

    void a(String path) {
        boolean b1 = isDangerousPath(path);
        boolean b2 = isDangerousPath(path, true);
        boolean b3 = matchRule("rule", Map.of());
    }
}

class Own extends ToolBase {
    Own() { super(ToolBase.builder().name("y").description("d")); }
    boolean matchRule(String rule) { return rule.isEmpty(); }
    void a() {
        boolean b = matchRule("rule");
        boolean c = matchRule("rule", Map.of());
    }
}
`;

test('an unqualified call of a method inherited from an AgentScope supertype: javac and check agree line by line', async () => {
  const v = await javacDecides({ 'Broken.java': BROKEN, 'Clean.java': CLEAN });
  expect(v.javac).toEqual(v.tagged);
  expect(v.check).toEqual(v.tagged);
}, 180_000);
