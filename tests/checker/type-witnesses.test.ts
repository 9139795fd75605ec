import { expect, test } from 'vitest';
import { javacDecides } from '../support/javac-decides.js';

/**
 * Generic factories with a type witness, and collection factories a lambda returns.
 * - `Mono.<String>just(reply)`, `List.<Integer>of("x")`: the witness fixes T and each argument must
 *   be one. With one fixed-arity candidate (Mono.just, Optional.of, Collections.singletonList) javac
 *   reports the argument on its own line ("incompatible types"); otherwise ("no suitable method",
 *   List.of, Set.of, Flux.just, Arrays.asList) the call. The call has no type then: nothing else is
 *   reported of it. A witnessed call that fits is exactly the witness's type (`List.<Integer>of(1)`
 *   is no List<String>).
 * - `rc -> List.of(1)` where the functional interface's method returns a List<String>: javac infers E
 *   from the elements and the result type together ("inference variable E has incompatible bounds").
 * javac decides, with agentscope-harness on the classpath: Broken.java's lines tagged `// error` are
 * the ones it rejects and check reports them; Clean.java compiles and checks clean.
 */
const HEAD = `package demo;

import io.agentscope.core.message.Msg;
import io.agentscope.core.message.TextBlock;
import io.agentscope.harness.agent.filesystem.remote.store.NamespaceFactory;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
`;
const BROKEN = `${HEAD}
public class Broken {
    void f(Msg m, TextBlock t, String[] names) {
        Supplier<Mono<Msg>> a = () -> Mono.<String>just(
                m); // error
        Supplier<List<Msg>> b = () -> List.<String>of( // error
                m);
        Supplier<Optional<Msg>> c = () -> Optional.<String>of(
                m); // error
        Supplier<List<Msg>> d = () -> Arrays.<String>asList( // error
                m);
        Supplier<Flux<Msg>> e = () -> Flux.<String>just( // error
                m);
        Object g = Collections.<TextBlock>singletonList(
                m); // error
        Mono<Msg> h = Mono.<Msg>just(t); // error
        Set<Msg> i = Set.<String>of("a", "b"); // error
        NamespaceFactory j = rc -> List.of(1); // error
        NamespaceFactory k = rc -> List.<Integer>of(1); // error
        NamespaceFactory l = rc -> List.of("a", m); // error
        NamespaceFactory n = rc -> {
            return List.of(m); // error
        };
        Supplier<Set<Msg>> o = () -> Set.of(m, "y"); // error
        Supplier<Map<String, Msg>> p = () -> Map.of("k", "v"); // error
        Supplier<Map<String, Msg>> q = () -> Map.<String, Msg>of("k", t); // error
        System.out.println(a + " " + b + c + d + e + g + h + i + j + k + l + n + o + p + q + names);
    }
}
`;
const CLEAN = `${HEAD}
public class Clean {
    void f(Msg m, TextBlock t, String[] names, Integer boxed) {
        Supplier<Mono<Msg>> a = () -> Mono.<Msg>just(
                m);
        Supplier<List<Object>> b = () -> List.<Object>of(
                m, "x", 1);
        Optional<CharSequence> c = Optional.<CharSequence>of("x");
        List<String> d = Arrays.<String>asList(names);
        Flux<Object> e = Flux.<Object>just(m, t);
        List<Integer> g = Collections.<Integer>singletonList(1);
        Optional<Integer> h = Optional.<Integer>ofNullable(boxed);
        Set<Msg> i = Set.<Msg>of(m);
        NamespaceFactory j = rc -> List.of("a", "b");
        NamespaceFactory k = rc -> List.<String>of("a");
        NamespaceFactory l = rc -> {
            return List.of(rc.toString());
        };
        Supplier<Map<String, Msg>> p = () -> Map.of("k", m);
        Supplier<Map<String, Object>> q = () -> Map.<String, Object>of("k", t, "n", 2);
        Supplier<Mono<Msg>> r = () -> Mono.just(m);
        System.out.println(a + " " + b + c + d + e + g + h + i + j + k + l + p + q + r);
    }
}
`;

test('type witnesses and the collection factories a lambda returns: javac and check agree line by line', async () => {
  const v = await javacDecides({ 'Broken.java': BROKEN, 'Clean.java': CLEAN }, { artifacts: ['agentscope-harness'] });
  expect(v.javac).toEqual(v.tagged);
  expect(v.check).toEqual(v.tagged);
}, 240_000);

/**
 * Explicit type arguments that fit no overload: a count other than the generic method's
 * (`List.<Object, Object>of(x)`, `Mono.<Object, Object>just(x)`, `Map.<String>of(..)`,
 * `Flux.<Object, Object>empty()`), and an
 * AgentScope method's type argument outside its bound (`msg.<Object>getContentBlocks(TextBlock.class)`:
 * T extends ContentBlock). Type arguments on a non-generic method are ignored and compile, as do
 * fitting ones.
 */
test('explicit type arguments of another count or outside the bound: javac and check agree line by line', async () => {
  const v = await javacDecides({ 'TypeArgs.java': `package demo;

import io.agentscope.core.message.ContentBlock;
import io.agentscope.core.message.Msg;
import io.agentscope.core.message.TextBlock;
import java.util.List;
import java.util.Map;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

public class TypeArgs {
    void use(Msg msg, TextBlock block) {
        List<TextBlock> one = List.<Object, Object>of(block); // error
        Mono<Msg> m = Mono.<Object, Object>just(msg); // error
        List<TextBlock> texts = msg.<Object>getContentBlocks(TextBlock.class); // error
        Map<String, Msg> byId = Map.<String>of("a", msg); // error
        List<TextBlock> fine = msg.<TextBlock>getContentBlocks(TextBlock.class);
        List<ContentBlock> blocks = List.<ContentBlock>of(block);
        Map<String, Msg> pairs = Map.<String, Msg>of("a", msg);
        Mono<Msg> just = Mono.<Msg>just(msg);
        String text = msg.<Object>getTextContent();
    }

    Flux<Msg> none() {
        return Flux.<Object, Object>empty(); // error
    }

    Mono<Msg> never() {
        return Mono.<Msg>never();
    }
}
` });
  expect(v.javac).toEqual(v.tagged);
  expect(v.check).toEqual(v.tagged);
});

/**
 * Explicit type arguments fix T, and Class is invariant: a class literal of another class is no
 * Class<T> (`codec.<Object>fromJson(json, Msg.class)`: "no suitable method found", fromJson has
 * another overload of two arguments; `msg.<TextBlock>getContentBlocks(ToolUseBlock.class)`:
 * "incompatible types"). The witness naming the literal's class, and no witness, compile.
 */
test('a type argument a class literal no longer fits: javac and check agree line by line', async () => {
  const v = await javacDecides({ 'Witnessed.java': `package demo;

import io.agentscope.core.message.Msg;
import io.agentscope.core.message.TextBlock;
import io.agentscope.core.message.ToolUseBlock;
import io.agentscope.core.util.JsonCodec;
import io.agentscope.core.util.JsonUtils;
import java.util.List;

public class Witnessed {
    Object decode(String json) {
        JsonCodec codec = JsonUtils.getJsonCodec();
        Object any = codec.<Object>fromJson(json, Msg.class); // error
        Object other = JsonUtils.getJsonCodec().<TextBlock>fromJson(json, Msg.class); // error
        Msg same = codec.<Msg>fromJson(json, Msg.class);
        Msg inferred = codec.fromJson(json, Msg.class);
        return any + "" + other + same + inferred;
    }

    List<TextBlock> blocks(Msg msg) {
        List<ToolUseBlock> uses = msg.<ToolUseBlock>getContentBlocks(ToolUseBlock.class);
        return msg.<TextBlock>getContentBlocks(ToolUseBlock.class); // error
    }
}
` });
  expect(v.javac).toEqual(v.tagged);
  expect(v.check).toEqual(v.tagged);
});
