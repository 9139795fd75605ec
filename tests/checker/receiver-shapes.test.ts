import { expect, test } from 'vitest';
import { javacDecides } from '../support/javac-decides.js';

/**
 * Chains that begin with a factory or a narrowing operator keep their element type, so what is
 * called on it is judged: `Optional.ofNullable(msg)`, `Mono.just(x)`, `Flux.just(a, b)` (values of one type), `Flux.fromIterable(blocks)`,
 * `Mono.fromCallable(() -> msg)` (or a static JDK method's result, `String.join(..)`) written as receivers (javac infers T from the argument alone),
 * `events.ofType(X.class)` and `.cast(X.class)`; and `import reactor.core.publisher.*;` resolves
 * `Flux` and `Mono` as javac does. javac decides: Broken.java's lines tagged `// error` are the ones
 * it rejects, and check reports them; Clean.java compiles and checks clean.
 */
const HEAD = `package demo;

import io.agentscope.core.event.AgentEvent;
import io.agentscope.core.event.TextBlockDeltaEvent;
import io.agentscope.core.message.ContentBlock;
import io.agentscope.core.message.Msg;
import io.agentscope.core.message.ToolResultBlock;
import java.util.List;
import java.util.Optional;
import reactor.core.publisher.*;
`;
const BROKEN = `${HEAD}
public class Broken {
    void f(Flux<AgentEvent> events, Msg msg, List<ContentBlock> blocks, List<String> names) {
        events.ofType(TextBlockDeltaEvent.class).map(d -> d.getTxt()); // error
        events.cast(TextBlockDeltaEvent.class).map(d -> d.getTxt()); // error
        Mono.fromCallable(() -> msg).map(m -> m.getTexts()); // error
        Optional.ofNullable(msg).map(m -> m.getTextContents()); // error
        Optional.of(msg).ifPresent(m -> m.getTextContents()); // error
        Flux.fromIterable(blocks).map(b -> b.getTxt()); // error
        Flux.just(msg).map(m -> m.getTexts()); // error
        Flux.just(msg, msg).map(m -> m.getTexts()); // error
        Mono.just(msg).map(m -> m.getTexts()); // error
        Mono.fromCallable(() -> String.join(", ", names)).map(s -> ToolResultBlock.text(s)).map(b -> b.withState("S")); // error
    }
}
`;
const CLEAN = `${HEAD}
public class Clean {
    void f(Flux<AgentEvent> events, Msg msg, List<ContentBlock> blocks, Object any) {
        events.ofType(TextBlockDeltaEvent.class).map(d -> d.getDelta());
        Mono.fromCallable(() -> msg).map(m -> m.getTextContent());
        Optional.ofNullable(msg).map(m -> m.getTextContent());
        Flux.fromIterable(blocks).map(b -> b.hashCode());
        Flux.just(msg).map(m -> m.getTextContent());
        Flux.just(msg, msg).map(m -> m.getTextContent());
        Flux.just(msg, any).map(o -> o.hashCode());
        Optional.ofNullable(any).map(o -> o.hashCode());
        Mono<String> text = Mono.just(msg).map(m -> m.getTextContent());
        Mono.fromCallable(() -> String.valueOf(any)).map(s -> ToolResultBlock.text(s)).map(b -> b.getOutput());
    }
}
`;

test('factory and narrowing receivers keep the element type: javac and check agree line by line', async () => {
  const v = await javacDecides({ 'Broken.java': BROKEN, 'Clean.java': CLEAN });
  expect(v.javac).toEqual(v.tagged);
  expect(v.check).toEqual(v.tagged);
  expect(v.findings.every((f) => f.rule === 'AS002' || f.rule === 'AS007')).toBe(true);
}, 240_000);
