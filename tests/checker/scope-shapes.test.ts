import { expect, test } from 'vitest';
import { javacDecides } from '../support/javac-decides.js';

/**
 * Names and types the checker must not take for others (each a false alarm once): a pattern
 * variable does not outlive javac's scope of it where a field has its name; a local class's or
 * record's fields hide the enclosing method's parameters; an inner class extending ArrayList calls
 * its inherited `add`, not the outer class's; an anonymous class with methods of its own, in a
 * `var`, is not its supertype; an intersection cast is not its first type. javac compiles every
 * file; check reports no error on any.
 */
const FILES: Record<string, string> = {
  'Router.java': `package demo;

import io.agentscope.core.message.Msg;
import io.agentscope.core.message.TextBlock;

public class Router {
    private String name = "router";

    String route(Object input) {
        if (input instanceof Msg name) {
            return name.getTextContent();
        }
        int n = name.length();
        String r = input instanceof TextBlock name ? name.getText() : name.trim();
        if (input instanceof Msg m) {
            return m.getTextContent();
        } else if (input instanceof TextBlock m) {
            return m.getText() + n + r;
        }
        return name.toUpperCase();
    }
}
`,
  'Local.java': `package demo;

import io.agentscope.core.message.Msg;

public class Local {
    Msg label;

    int run(Msg msg) {
        class Helper {
            String msg = "x";
            int len() { return msg.length(); }
            String up() { String s = msg; return s; }
        }
        record Entry(String label, int n) {
            String text() { return label.toUpperCase() + n; }
        }
        return new Helper().len() + new Entry("a", 1).text().length();
    }
}
`,
  'Conversation.java': `package demo;

import io.agentscope.core.message.Msg;
import java.util.ArrayList;
import java.util.List;

public class Conversation {
    private final List<Msg> history = new ArrayList<>();

    void add(Msg m) { history.add(m); }

    class Transcript extends ArrayList<String> {
        void record(Msg m) { add(m.getTextContent()); }
    }
}
`,
  'Anonymous.java': `package demo;

import io.agentscope.core.tool.Toolkit;
import java.util.Set;

public class Anonymous {
    Set<String> f() {
        var tk = new Toolkit() {
            Toolkit registerTool(String s) { registerTool((Object) s); return this; }
        };
        Toolkit t = tk.registerTool("y");
        return tk.registerTool("x").getToolNames();
    }

    void close(Object o) throws Exception {
        ((Toolkit & AutoCloseable) o).close();
    }
}
`,
};
test('pattern, local-class, inner-class, anonymous and intersection scopes: javac compiles, check reports nothing', async () => {
  const v = await javacDecides(FILES);
  expect(v.javac).toEqual([]);
  expect(v.findings.map((f) => `${f.line} ${f.rule} ${f.message}`)).toEqual([]);
}, 240_000);
