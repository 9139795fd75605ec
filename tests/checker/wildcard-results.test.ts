import { expect, test } from 'vitest';
import { javacDecides } from '../support/javac-decides.js';

/**
 * Type arguments against a wildcard, and generic methods' results. A written `List<Object>` or
 * `List<String>` is no `List<? extends MiddlewareBase>`: a wildcard contains only the type
 * arguments within its bound (JLS 4.5.1). A generic AgentScope method's result is of its declared
 * class whatever its type arguments are inferred to: `hook.onEvent(event)` is a Mono, never a
 * PreCallEvent (javac: "no instance(s) of type variable(s) T exist so that Mono<T> conforms to
 * PreCallEvent"). And a final JDK result (an Instant) is no List, nor has it Mono's block(). javac decides: WBroken's lines
 * tagged `// error` are the ones it rejects and check reports them; WClean (subtypes, raw types,
 * type variables, diamonds, the result taken with .block()) compiles and checks clean.
 */
test('wildcard containment and generic methods\' result classes: javac and check agree line by line', async () => {
  const v = await javacDecides({ 'WBroken.java': `package demo;

import io.agentscope.core.ReActAgent;
import io.agentscope.core.hook.Hook;
import io.agentscope.core.hook.PreCallEvent;
import io.agentscope.core.interruption.InterruptContext;
import io.agentscope.core.message.Msg;
import io.agentscope.core.message.ToolUseBlock;
import io.agentscope.core.middleware.MiddlewareBase;
import java.util.ArrayList;
import java.util.List;

public class WBroken {
    void f(List<Object> objs, List<String> strs, ArrayList<Object> al, Hook hook, PreCallEvent event, InterruptContext context, List<String> names) {
        ReActAgent.builder().name("a").middlewares(objs).build(); // error
        ReActAgent.builder().name("a").middlewares(strs).build(); // error
        ReActAgent.builder().name("a").middlewares(al).build(); // error
        PreCallEvent result = hook.onEvent(event); // error
        Msg reply = hook.onEvent(event); // error
        List<ToolUseBlock> calls = context.getTimestamp(); // error
        Object stamp = context.getTimestamp().block(); // error
    }
}
`, 'WClean.java': `package demo;

import io.agentscope.core.ReActAgent;
import io.agentscope.core.hook.Hook;
import io.agentscope.core.hook.PreCallEvent;
import io.agentscope.core.interruption.InterruptContext;
import io.agentscope.core.message.ContentBlock;
import io.agentscope.core.message.Msg;
import io.agentscope.core.message.TextBlock;
import io.agentscope.core.middleware.MiddlewareBase;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.function.Function;
import reactor.core.publisher.Mono;

public class WClean {
    static class MyMw implements MiddlewareBase { }

    @SuppressWarnings({"rawtypes", "unchecked"})
    <M extends MiddlewareBase> void f(List<MiddlewareBase> a, List<MyMw> b, List<? extends MiddlewareBase> c, List raw, List<M> d, ArrayList<MyMw> e, Hook hook, PreCallEvent event, InterruptContext context) {
        ReActAgent.builder().name("a").middlewares(a).build();
        ReActAgent.builder().name("a").middlewares(b).build();
        ReActAgent.builder().name("a").middlewares(c).build();
        ReActAgent.builder().name("a").middlewares(raw).build();
        ReActAgent.builder().name("a").middlewares(d).build();
        ReActAgent.builder().name("a").middlewares(e).build();
        ReActAgent.builder().name("a").middlewares(List.of()).build();
        ReActAgent.builder().name("a").middlewares(new ArrayList<>()).build();
        Mono<PreCallEvent> next = hook.onEvent(event);
        Object any = hook.onEvent(event);
        PreCallEvent blocked = hook.onEvent(event).block();
        Instant at = context.getTimestamp();
        long seconds = context.getTimestamp().plusSeconds(3).getEpochSecond();
        List<? super Msg> sup = new ArrayList<Object>();
        List<? extends ContentBlock> blocks = new ArrayList<TextBlock>();
        Comparator<? super Msg> cmp = Comparator.comparing(Msg::getId);
        Function<? super Msg, ? extends Object> fn = m -> m;
    }
}
` });
  expect(v.javac).toEqual(v.tagged);
  expect(v.check).toEqual(v.tagged);
}, 240_000);
