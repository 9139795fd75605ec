import { expect, test } from 'vitest';
import { javacDecides } from '../support/javac-decides.js';

/**
 * The assignment contexts besides a local's declaration and a return (JLS 5.2): a field's
 * initializer, `x = value` and `this.f = value`, an enhanced for's variable (JLS 14.14.2: each
 * element is assigned to it, a JDK view of an AgentScope result's map included), each branch of a conditional, each element of an array initializer,
 * an argument of a project method that is the only one of its name, `Optional.of(x)` (as `Mono.just`),
 * a void AgentScope method's "result" (assigned, returned, a `var`'s initializer, or called on), a try-with-resources
 * resource's initializer (JLS 14.20.3: `try (ReActAgent a = ReActAgent.builder().name("x"))`, its `.build()`
 * left out), an enum's implicit values() (a MsgRole[], assigned, passed or returned), and a written variable
 * (or a `var` initialized by an exact result, or a resource) as the value. javac decides: Broken.java's lines tagged `// error` are the ones it rejects, and
 * check reports them (AS013); Clean.java compiles and checks clean.
 */
const HEAD = `package demo;

import io.agentscope.core.ReActAgent;
import io.agentscope.core.agent.RuntimeContext;
import io.agentscope.core.message.ContentBlock;
import io.agentscope.core.message.Msg;
import io.agentscope.core.message.MsgRole;
import io.agentscope.core.message.TextBlock;
import io.agentscope.core.message.ToolUseBlock;
import io.agentscope.core.tool.Toolkit;
import io.agentscope.core.tool.mcp.McpClientBuilder;
import io.agentscope.core.tool.mcp.McpClientWrapper;
import java.util.List;
import reactor.core.publisher.Mono;
`;
const BROKEN = `${HEAD}
public class Broken {
    private McpClientWrapper client;
    private Msg last;
    private final Msg seed = ReActAgent.builder().build().call("hi", RuntimeContext.empty()); // error
    private final String[] names = ReActAgent.builder().build().getName(); // error

    void f(ReActAgent agent, Msg msg, Toolkit tk, Mono<Msg> pending) {
        client = McpClientBuilder.create("fs").sseTransport("http://x").buildAsync(); // error
        this.last = agent.call("hi", RuntimeContext.empty()); // error
        last = pending; // error
        for (TextBlock b : msg.getContent()) {} // error
        for (String n : tk.getToolSchemas()) {} // error
        for (int k : tk.getToolNames()) {} // error
        var reply = agent.call("hi", RuntimeContext.empty());
        Msg m = reply; // error
        var blocks = msg.getContent();
        for (ToolUseBlock u : blocks) {} // error
        List<ContentBlock> content = msg.getContent();
        for (TextBlock t : content) {} // error
        for (java.util.Map.Entry<String, String> e : tk.getTool("x").getParameters().entrySet()) {} // error
        for (String v : tk.getTool("x").getParameters().values()) {} // error
    }

    void g(ReActAgent agent, boolean b) {
        Toolkit t = b ? agent.getToolkit() : agent.getName(); // error
        String[] a = { agent.getToolkit() }; // error
        String s = (agent.getMaxIters()); // error
        remember(agent.call("hi", RuntimeContext.empty())); // error
        remember(agent.call("hi", RuntimeContext.empty()).block());
    }

    String h(ReActAgent agent, List<String> names) {
        agent.close().block(); // error
        String s = agent.close(); // error
        var closed = agent.close(); // error
        ReActAgent.builder().name(names.size()); // error
        java.util.Optional<Msg> reply = java.util.Optional.of(agent.call("x", RuntimeContext.empty())); // error
        return agent.close(); // error
    }

    int k(ReActAgent agent) throws Exception {
        try (ReActAgent a = ReActAgent.builder().name("assistant")) { // error
            System.out.println(a);
        }
        try (ReActAgent a = ReActAgent.builder().build()) {
            Msg m = a; // error
        }
        try (ReActAgent a = agent; ReActAgent b = ReActAgent.builder().name("b")) { // error
            System.out.println(a);
        }
        int roles = MsgRole.values(); // error
        String[] names = MsgRole.values(); // error
        List<MsgRole> list = MsgRole.values(); // error
        remember(MsgRole.values()); // error
        Msg.builder().role(MsgRole.values()); // error
        return MsgRole.values(); // error
    }

    void remember(Msg m) {}
}
`;
const CLEAN = `${HEAD}
public class Clean {
    private Mono<McpClientWrapper> client;
    private Object last;
    private final Mono<Msg> seed = ReActAgent.builder().build().call("hi", RuntimeContext.empty());

    void f(ReActAgent agent, Msg msg, Toolkit tk, Mono<Msg> pending, List<? extends ContentBlock> some) {
        client = McpClientBuilder.create("fs").sseTransport("http://x").buildAsync();
        this.last = agent.call("hi", RuntimeContext.empty());
        last = pending;
        for (ContentBlock b : msg.getContent()) {}
        for (Object o : msg.getContent()) {}
        for (CharSequence n : tk.getToolNames()) {}
        for (ContentBlock c : some) {}
        var reply = agent.call("hi", RuntimeContext.empty());
        Mono<Msg> same = reply;
        Object any = reply;
        for (var b : msg.getContent()) {}
        for (java.util.Map.Entry<String, Object> e : tk.getTool("x").getParameters().entrySet()) {}
        for (String k : tk.getTool("x").getParameters().keySet()) {}
        for (Object v : tk.getTool("x").getParameters().values()) {}
        String text = msg.getTextContent();
        text = msg.getTextContent();
    }

    void g(ReActAgent agent, boolean b) {
        Object ok = b ? agent.getToolkit() : agent.getName();
        Toolkit t = b ? agent.getToolkit() : null;
        String[] a = { agent.getName() };
        int n = (agent.getMaxIters());
        two(agent.getName(), 3);
        two(agent.call("hi", RuntimeContext.empty()).block(), 3);
    }

    void h(ReActAgent agent, List<String> names, Toolkit tk) {
        agent.close();
        ReActAgent.builder().maxIters(names.size());
        java.util.Optional<Msg> reply = java.util.Optional.of(agent.call("x", RuntimeContext.empty()).block());
        int n = tk.getToolNames().size();
        boolean none = tk.getToolNames().isEmpty();
    }

    MsgRole[] k(ReActAgent agent) throws Exception {
        try (ReActAgent a = ReActAgent.builder().name("assistant").build()) {
            System.out.println(a);
        }
        try (AutoCloseable c = ReActAgent.builder().build(); var v = ReActAgent.builder().build(); ReActAgent same = agent) {
            Object o = c;
            AutoCloseable again = same;
        }
        Object[] rs = MsgRole.values();
        Enum<?>[] es = MsgRole.values();
        Comparable<MsgRole>[] cs = MsgRole.values();
        java.io.Serializable s = MsgRole.values();
        Cloneable copy = MsgRole.values();
        Object o = MsgRole.values();
        for (MsgRole r : MsgRole.values()) {}
        int n = MsgRole.values().length;
        List<MsgRole> all = java.util.Arrays.asList(MsgRole.values());
        var vs = MsgRole.values();
        MsgRole first = vs[0];
        MsgRole second = MsgRole.values()[1];
        return MsgRole.values();
    }

    void two(String s, int n) {}

    void two(Msg m, int n) {}
}
`;

test('assignment contexts: javac and check agree line by line', async () => {
  const v = await javacDecides({ 'Broken.java': BROKEN, 'Clean.java': CLEAN });
  expect(v.javac).toEqual(v.tagged);
  expect(v.check).toEqual(v.tagged);
  expect(v.findings.every((f) => f.rule === 'AS013' || f.rule === 'AS007')).toBe(true);
}, 240_000);

test('a String, box or primitive branch where a JDK container of AgentScope types is declared, and a var aliasing a written variable: javac and check agree line by line', async () => {
  const v = await javacDecides({
    'Branches.java': `${HEAD}import java.io.Serializable;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

public class Branches {
    int f(Msg msg, Map<String, Msg> byId) {
        List<ContentBlock> blocks = msg.getContent() != null ? msg.getContent() : "none"; // error
        AtomicReference<Msg> ref = msg != null ? new AtomicReference<>(msg) : "none"; // error
        List<Msg> one = byId.isEmpty() ? List.of(msg) : 0; // error
        Mono<Msg> later = msg == null ? Mono.empty() : "later"; // error
        var m = msg;
        var copy = m;
        int n = m + 1; // error
        Object o = msg != null ? msg.getContent() : "none";
        Serializable s = msg != null ? "some" : 0;
        Comparable<String> c = msg != null ? "some" : "other";
        List<ContentBlock> none = msg != null ? msg.getContent() : null;
        String text = copy.getTextContent() + m;
        System.out.println(blocks + " " + ref + one + later + o + s + c + none + text);
        return n;
    }
}
`,
  });
  expect(v.javac).toEqual(v.tagged);
  expect(v.check).toEqual(v.tagged);
}, 240_000);
