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


/**
 * The same judgment where one side is a JDK or Reactor type, a project type or a primitive: an
 * AgentScope result cast to what it can never be (`(UserMessage) msg.getTextContent()`, a Mono cast
 * to Toolkit, an int to TextBlock), a Throwable tested against a final or unrelated AgentScope class,
 * a sealed interface against a class none of its records is. The value's class is certain (a
 * declared variable, an exact result). CastsBroken's lines tagged `// error` are the ones javac
 * rejects; Casts holds the conversions javac accepts (to interfaces a subclass may implement, from
 * Object and Map, boxing to Number, primitive narrowing, exception subclasses). A type variable's
 * value converts as its bound does (Bounds).
 */
test('casts and instanceof between AgentScope types and JDK, Reactor, project or primitive types: javac and check agree line by line', async () => {
  const v = await javacDecides({ 'Bounds.java': `package demo;

import io.agentscope.core.hook.*;
import io.agentscope.core.message.*;
import io.agentscope.core.tool.*;
import reactor.core.publisher.Mono;

public class Bounds implements Hook {
  @Override
  public <T extends HookEvent> Mono<T> onEvent(T event) {
    if (event instanceof ToolResultMessage) { } // error
    if (event instanceof PreCallEvent e) { }
    Object o = (Toolkit) event; // error
    Object p = (PostCallEvent) event;
    return Mono.just(event);
  }
  <E extends ContentBlock, X> void g(E block, X any) {
    if (block instanceof TextBlock) { }
    if (block instanceof Toolkit) { } // error
    if (any instanceof Toolkit) { }
  }
}
`, 'Casts.java': `package demo;

import io.agentscope.core.ReActAgent;
import io.agentscope.core.agent.Agent;
import io.agentscope.core.message.*;
import io.agentscope.core.model.*;
import io.agentscope.core.tool.*;
import java.io.Serializable;
import java.util.*;
import org.reactivestreams.Publisher;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

public class Casts {
  static class MyThing { }
  interface MyFace { }
  static final class Sealedish { }
  void f(Msg msg, ChatUsage usage, Throwable t, RuntimeException re, Object o, ContentBlock block, Map<String, Object> meta, Publisher<Msg> pub,
         AgentTool tool, Toolkit toolkit, ReActAgent agent, MyThing thing, MyFace face, Thread thread, List<Msg> msgs, Exception ex, ToolCallParam p) {
    Object a1 = (Object) msg;
    Object a2 = (Serializable) msg;
    Object a3 = (CharSequence) msg.getTextContent();
    Object a4 = (Integer) meta.get("x");
    Object a5 = (Mono<Msg>) pub;
    Object a6 = (Number) usage.getInputTokens();
    long a7 = (long) usage.getInputTokens();
    int a8 = (int) usage.getTime();
    Object a9 = (ToolResultBlock) block;
    boolean b1 = t instanceof ModelException;
    boolean b2 = meta.get("k") instanceof String;
    boolean b3 = block instanceof TextBlock;
    Object a10 = (AgentTool) thing;
    Object a11 = (io.agentscope.core.tool.ToolEmitter) thread;
    Object a12 = (AutoCloseable) toolkit;
    Object a13 = (Agent) o;
    Object a14 = (List<Msg>) o;
    boolean b4 = ex instanceof ModelException;
    boolean b5 = re instanceof ModelException;
    Object a15 = (Comparable<?>) msg.getRole();
    Object a16 = (Enum<?>) msg.getRole();
    Object a17 = (Map<String, Object>) p.getInput();
    Object a18 = (Iterable<Msg>) msgs;
    Object a19 = (Collection<Msg>) msgs;
    Object a20 = (ArrayList<Msg>) msgs;
    Object a21 = (Flux<Msg>) (Publisher<Msg>) agent.call(msg);
    Object a22 = (MyFace) tool;
    Object a23 = (AgentTool) face;
    boolean b6 = o instanceof Msg m && m.getName() != null;
    boolean b7 = thing instanceof Object;
    Object a24 = (Object) usage.getTime();
    Object a25 = (Double) usage.getTime();
    Object a26 = (Runnable) tool;
    Object a27 = (CharSequence) o;
    Object a28 = (ReActAgent) (Agent) agent;
  }
}
`, 'CastsBroken.java': `package demo;

import io.agentscope.core.ReActAgent;
import io.agentscope.core.event.AgentEvent;
import io.agentscope.core.message.*;
import io.agentscope.core.model.*;
import io.agentscope.core.tool.*;
import java.time.Duration;
import java.util.*;
import reactor.core.publisher.Mono;

public class CastsBroken {
  static class MyThing { }
  interface MyFace { }
  void f(Msg msg, ChatUsage usage, Throwable t, ContentBlock block, ToolCallParam p, ReActAgent agent, MyThing thing, MyFace face, List<Msg> msgs, Duration d, Exception ex, ToolChoice choice) {
    Object a1 = (UserMessage) msg.getTextContent(); // error
    Object a2 = (Toolkit) d; // error
    Object a3 = (TextBlock) usage.getInputTokens(); // error
    Object a4 = (Integer) msg.getTextContent(); // error
    Object a5 = (TextBlock) msgs; // error
    Object a6 = (Toolkit) agent.call(msg); // error
    boolean b1 = t instanceof TextBlock; // error
    boolean b2 = t instanceof Toolkit; // error
    Object a7 = (TextBlock) thing; // error
    Object a8 = (TextBlock) face; // error
    int a9 = (int) msg; // error
    Object a10 = (String) block; // error
    boolean b3 = ex instanceof Toolkit; // error
    Object a11 = (Toolkit) msg.getMetadata();
    boolean b4 = choice instanceof TextBlock; // error
  }
}
` });
  expect(v.javac).toEqual(v.tagged);
  expect(v.check).toEqual(v.tagged);
  expect(v.findings.every((f) => f.rule === 'AS013')).toBe(true);
}, 240_000);

/**
 * A cast's value is of the type it names where it is assigned (`Toolkit a = (Msg) obj`), a primitive
 * JDK result is certain (`(Msg) msg.hashCode()`), an array is only an Object, a Cloneable and a
 * Serializable (`(Toolkit) text.getBytes()`), and an AgentScope call's array result has no methods but
 * Object's (`.getBytes().block()`). Raw, unchecked and widening assignments of casts compile.
 */
test('the values of casts where they are assigned, primitive and array values cast to AgentScope types: javac and check agree line by line', async () => {
  const v = await javacDecides({ 'CastValues.java': `package demo;

import io.agentscope.core.message.*;
import io.agentscope.core.tool.Toolkit;
import java.util.*;

public class CastValues {
  @SuppressWarnings({"rawtypes", "unchecked"})
  <T> void f(Object obj, ContentBlock x, Msg msg, T tv) {
    List<Msg> a = (List) obj;
    List<Msg> b = (List<Msg>) obj;
    Msg c = (Msg) obj;
    ContentBlock d = (TextBlock) x;
    TextBlock e = (TextBlock) (ContentBlock) x;
    Object g = (Msg) obj;
    Map<String, Object> h = (Map<String, Object>) obj;
    List<? extends ContentBlock> i = (List<TextBlock>) obj;
    Collection<Msg> j = (ArrayList<Msg>) obj;
    T k = (T) obj;
    Comparable<?> l = (MsgRole) obj;
    CharSequence m = (String) obj;
    Iterable<ContentBlock> n = (List<ContentBlock>) obj;
    Toolkit o = (Toolkit) (Object) msg;
    AutoCloseable p = (Toolkit) obj; // error
    int q = (int) msg.hashCode();
    long r = (long) msg.hashCode();
    Object s = (Object) msg.getTextContent().getBytes();
  }
  void g(Object obj, Msg msg) {
    Toolkit a = (Msg) obj; // error
    List<ContentBlock> b = (Toolkit) obj; // error
    Msg c = (Msg) msg.hashCode(); // error
    Object d = (Toolkit) msg.getTextContent().getBytes(); // error
    Object e = msg.getTextContent().getBytes().block(); // error
    TextBlock t = (ContentBlock) obj; // error
  }
}
` });
  expect(v.javac).toEqual(v.tagged);
  expect(v.check).toEqual(v.tagged);
}, 240_000);

test('== and != between reference types no value can have both of (JLS 15.21.3): javac and check agree line by line', async () => {
  const v = await javacDecides({ 'Compare.java': `package demo;

import io.agentscope.core.ReActAgent;
import io.agentscope.core.agent.Agent;
import io.agentscope.core.event.AgentEvent;
import io.agentscope.core.event.AgentEventType;
import io.agentscope.core.message.ContentBlock;
import io.agentscope.core.message.GenerateReason;
import io.agentscope.core.message.Msg;
import io.agentscope.core.message.MsgRole;
import io.agentscope.core.message.ToolCallState;
import io.agentscope.core.message.ToolUseBlock;
import io.agentscope.core.state.State;
import io.agentscope.core.tool.Toolkit;
import java.util.List;
import java.util.Map;

public class Compare {
    enum Mode implements State { ON }

    long f(Msg msg, List<Msg> msgs, AgentEvent event, ToolUseBlock use, List<ToolUseBlock> uses, Toolkit toolkit, Msg reply) {
        boolean a = msg == MsgRole.USER; // error
        boolean b = MsgRole.ASSISTANT != msg; // error
        boolean c = event == AgentEventType.AGENT_END; // error
        boolean d = use == ToolCallState.ASKING; // error
        boolean e = reply == GenerateReason.MODEL_STOP; // error
        boolean g = msg == toolkit; // error
        boolean h = msg.getContent() == ""; // error
        boolean i = msg.getMetadata() != ""; // error
        boolean j = msg.getRole() == GenerateReason.MODEL_STOP; // error
        long k = msgs.stream().filter(m -> m != MsgRole.ASSISTANT).count(); // error
        long l = uses.stream().filter(t -> t == ToolCallState.ASKING).count(); // error
        return a || b || c || d || e || g || h || i || j ? k + l : 0;
    }

    boolean clean(Msg msg, Object o, State state, Agent agent, ReActAgent react, ContentBlock block, ToolUseBlock use, List<Msg> msgs, Map<String, Object> meta, AgentEvent event) {
        boolean a = msg.getRole() == MsgRole.USER;
        boolean b = o == msg;
        boolean c = msg != o;
        boolean d = state == msg;
        boolean e = agent == react;
        boolean f = block == use;
        boolean g = msgs == null;
        boolean h = msg.getContent() == null;
        boolean i = state == Mode.ON;
        boolean j = o == MsgRole.USER;
        boolean k = msg.getMetadata() == meta;
        boolean l = event.getType() == AgentEventType.AGENT_END;
        boolean m = agent == toolkitOrNull();
        return a || b || c || d || e || f || g || h || i || j || k || l || m;
    }

    Toolkit toolkitOrNull() {
        return null;
    }
}
` });
  expect(v.javac).toEqual(v.tagged);
  expect(v.check).toEqual(v.tagged);
});
