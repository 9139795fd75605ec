import { expect, test } from 'vitest';
import { javacDecides } from '../support/javac-decides.js';

/**
 * Conversions no object can make (JLS 5.5, 5.1.6.1 with sealed types): a cast or an instanceof
 * between two AgentScope types of which no object is both (AgentEvent and Toolkit are unrelated
 * classes; ContentBlock is sealed and none of its subclasses is a Toolkit), the value typed by its
 * declaration, a pattern, or a lambda's parameter from the stream it is passed to; and an
 * AgentScope class written as an annotation (`@Msg(name = ..)`); a method reference to a method of
 * the class whose parameter cannot take what the stream hands it. javac decides: Broken.java's
 * lines tagged `// error` are the ones it rejects and check reports them; Clean.java (casts to
 * subtypes and interfaces that a subclass may implement, instanceof on Object, real annotations)
 * compiles and checks clean.
 */
const HEAD = `package demo;

import io.agentscope.core.ReActAgent;
import io.agentscope.core.agent.Agent;
import io.agentscope.core.event.AgentEvent;
import io.agentscope.core.event.AgentResultEvent;
import io.agentscope.core.event.TextBlockDeltaEvent;
import io.agentscope.core.message.ContentBlock;
import io.agentscope.core.message.Msg;
import io.agentscope.core.message.TextBlock;
import io.agentscope.core.message.ToolUseBlock;
import io.agentscope.core.message.UserMessage;
import io.agentscope.core.state.State;
import io.agentscope.core.tool.Tool;
import io.agentscope.core.tool.ToolParam;
import io.agentscope.core.tool.Toolkit;
import java.util.List;
`;
const BROKEN = `${HEAD}
public class Broken {
    void f(ReActAgent agent, Msg reply, AgentEvent event, ContentBlock block) {
        agent.streamEvents(new UserMessage("hi"))
                .doOnNext(e -> {
                    if (e instanceof Toolkit t) { // error
                        System.out.println(t);
                    }
                })
                .filter(e -> e instanceof Msg) // error
                .blockLast();
        List<ContentBlock> blocks = reply.getContent();
        long n = blocks.stream().filter(b -> b instanceof Toolkit).count(); // error
        Object o = (Toolkit) event; // error
        boolean x = event instanceof Msg; // error
        boolean y = block instanceof ReActAgent; // error
        Msg m = (Msg) block; // error
        System.out.println(o + " " + x + y + m + n);
    }

    static void print(Msg m) { System.out.println(m); }
    void own(ToolParam p) { System.out.println(p); }

    void g(ReActAgent agent) {
        agent.streamEvents(new UserMessage("hi")).doOnNext(Broken::print).blockLast(); // error
        agent.streamEvents(new UserMessage("hi")).doOnNext(this::own).blockLast(); // error
    }

    @Msg(name = "search", description = "Search") // error
    public String search(@Toolkit(name = "q", description = "Query") String q) { // error
        return q;
    }
}
`;
const CLEAN = `${HEAD}
public class Clean {
    interface Marker {}

    void f(ReActAgent agent, Msg reply, AgentEvent event, ContentBlock block, Agent some, State state, Object any) {
        agent.streamEvents(new UserMessage("hi"))
                .filter(e -> e instanceof TextBlockDeltaEvent)
                .cast(TextBlockDeltaEvent.class)
                .doOnNext(e -> System.out.print(e.getDelta()))
                .blockLast();
        long n = reply.getContent().stream().filter(b -> b instanceof ToolUseBlock).count();
        boolean a = event instanceof AgentResultEvent;
        boolean b = block instanceof TextBlock t && !t.getText().isEmpty();
        boolean c = some instanceof ReActAgent;
        boolean d = state instanceof ContentBlock;
        boolean e = event instanceof Marker;
        boolean f = any instanceof Toolkit;
        Object g = (Toolkit) any;
        ReActAgent h = (ReActAgent) some;
        System.out.println(n + " " + a + b + c + d + e + f + g + h);
    }

    static void print(Object o) { System.out.println(o); }
    static void event(AgentEvent e) { System.out.println(e); }
    void reply(Msg m) { System.out.println(m); }

    void g(ReActAgent agent) {
        agent.streamEvents(new UserMessage("hi")).doOnNext(Clean::print).doOnNext(Clean::event).blockLast();
        agent.call(new UserMessage("hi")).doOnNext(this::reply).subscribe(Clean::print);
    }

    @Tool(name = "search", description = "Search")
    public String search(@ToolParam(name = "q", description = "Query") String q) {
        return q;
    }
}
`;

test('casts, instanceof and annotations no AgentScope type can satisfy: javac and check agree line by line', async () => {
  const v = await javacDecides({ 'Broken.java': BROKEN, 'Clean.java': CLEAN });
  expect(v.javac).toEqual(v.tagged);
  expect(v.check).toEqual(v.tagged);
}, 240_000);

test('an AgentScope type against a String or a box (final classes): javac and check agree line by line', async () => {
  const file = `package demo;

import io.agentscope.core.message.ContentBlock;
import io.agentscope.core.message.Msg;
import io.agentscope.core.message.TextBlock;

public class Finals {
    void broken(String event, Msg msg, ContentBlock b, Integer n) {
        if (event instanceof TextBlock t) {} // error
        String s = (String) msg; // error
        String u = (String) b; // error
        if (n instanceof ContentBlock) {} // error
    }
    void clean(Object o, CharSequence cs, Msg msg, ContentBlock b) {
        if (o instanceof TextBlock t) {}
        if (cs instanceof CharSequence && o instanceof Msg) {}
        Object x = (Object) msg;
        String v = (String) msg.getTextContent();
        if (b instanceof TextBlock t) {}
    }
}
`;
  const v = await javacDecides({ 'Finals.java': file });
  expect(v.javac).toEqual(v.tagged);
  expect(v.check).toEqual(v.tagged);
}, 180_000);
