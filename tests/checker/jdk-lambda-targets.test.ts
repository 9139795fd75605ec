import { expect, test } from 'vitest';
import { javacDecides } from '../support/javac-decides.js';

/**
 * Lambdas whose parameter type javac infers through the JDK: a collector's or comparator's
 * factory written as an argument (`collect(groupingBy(m -> ..))`, `sorted(comparing(m -> ..))`,
 * qualified or imported statically: T comes from the target, the stream's element), a Map's
 * compute/merge family, `Map.Entry<K, V>` written out, `CompletableFuture.supplyAsync(() -> msg)`,
 * and a stream's element after `flatMap(m -> ..stream())`, `flatMap(List::stream)` and
 * `map(TextBlock.class::cast)`. javac decides: Broken.java's lines tagged `// error` are the ones
 * it rejects, and check reports them; Clean.java (the same shapes, and the ones javac types
 * otherwise: `comparing(..).reversed()`, a target that makes T a supertype) compiles and checks clean.
 */
const HEAD = `package demo;

import io.agentscope.core.message.ContentBlock;
import io.agentscope.core.message.Msg;
import io.agentscope.core.message.MsgRole;
import io.agentscope.core.message.TextBlock;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import java.util.stream.Collectors;
import static java.util.stream.Collectors.groupingBy;
import static java.util.Comparator.comparing;
`;
const BROKEN = `${HEAD}
public class Broken {
    Object f(List<Msg> msgs, Map<String, Msg> byId, Map<String, List<Msg>> lists, List<List<Msg>> nested, List<ContentBlock> blocks) {
        msgs.stream().collect(Collectors.groupingBy(m -> m.getRoles())); // error
        msgs.stream().collect(groupingBy(m -> m.getRolee())); // error
        msgs.stream().collect(Collectors.toMap(m -> m.getIdd(), m -> m)); // error
        msgs.stream().collect(Collectors.groupingBy(Msg::getRole, Collectors.mapping(m -> m.getNamee(), Collectors.toList()))); // error
        msgs.stream().collect(Collectors.partitioningBy(m -> m.isUserr())); // error
        msgs.stream().collect(Collectors.groupingBy(Msg::getName, Collectors.summingInt(m -> m.getContnt().size()))); // error
        msgs.stream().sorted(Comparator.comparing(m -> m.getNamee())).toList(); // error
        msgs.stream().sorted(comparing(m -> m.getNamee())).toList(); // error
        msgs.stream().max(Comparator.comparingLong(m -> m.getTimestampp())); // error
        msgs.stream().sorted((a, b) -> a.getNamee().compareTo(b.getName())).toList(); // error
        msgs.sort(Comparator.comparing(m -> m.getNamee())); // error
        lists.computeIfAbsent("k", k -> new ArrayList<>()).get(0).getNamee(); // error
        byId.compute("k", (k, v) -> v == null ? null : v.copyy()); // error
        for (Map.Entry<String, Msg> en : byId.entrySet()) en.getValue().getNamee(); // error
        byId.entrySet().stream().map(en -> en.getValue().getNamee()).toList(); // error
        CompletableFuture.supplyAsync(() -> msgs.get(0)).thenApply(x -> x.getTextContentt()); // error
        msgs.stream().flatMap(m -> m.getContent().stream()).map(b -> b.getTypee()).toList(); // error
        nested.stream().flatMap(List::stream).map(m -> m.getNamee()).toList(); // error
        blocks.stream().filter(TextBlock.class::isInstance).map(TextBlock.class::cast).map(t -> t.getTextt()).toList(); // error
        return msgs.stream().map(Msg::getContent).map(cs -> cs.get(0).getTypee()).toList(); // error
    }
}
`;
const CLEAN = `${HEAD}
public class Clean {
    Object f(List<Msg> msgs, Map<String, Msg> byId, Map<String, List<Msg>> lists, List<List<Msg>> nested, List<ContentBlock> blocks) {
        Map<MsgRole, List<Msg>> byRole = msgs.stream().collect(Collectors.groupingBy(m -> m.getRole()));
        Map<MsgRole, List<Msg>> byRole2 = msgs.stream().collect(groupingBy(m -> m.getRole()));
        Map<String, Msg> ids = msgs.stream().collect(Collectors.toMap(m -> m.getId(), m -> m, (x, y) -> x, LinkedHashMap::new));
        Map<String, Msg> ids2 = msgs.stream().collect(Collectors.toMap(Msg::getId, Function.identity()));
        Map<MsgRole, List<String>> names = msgs.stream().collect(Collectors.groupingBy(Msg::getRole, Collectors.mapping(m -> m.getName(), Collectors.toList())));
        Map<Boolean, Long> users = msgs.stream().collect(Collectors.partitioningBy(m -> m.getRole() == MsgRole.USER, Collectors.counting()));
        Map<String, Double> sizes = msgs.stream().collect(Collectors.groupingBy(Msg::getName, Collectors.averagingInt(m -> m.getContent().size())));
        Optional<Msg> longest = msgs.stream().collect(Collectors.maxBy((a, b) -> Integer.compare(a.getContent().size(), b.getContent().size())));
        Map<String, List<Object>> asObjects = msgs.stream().collect(Collectors.groupingBy(o -> o.toString(), Collectors.mapping(o -> (Object) o, Collectors.toList())));
        List<Msg> sorted = msgs.stream().sorted(Comparator.comparing(m -> m.getName())).toList();
        List<Msg> sorted2 = msgs.stream().sorted(comparing(m -> m.getName())).toList();
        List<Msg> reversed = msgs.stream().sorted(Comparator.comparing((Msg m) -> m.getName()).reversed()).toList();
        Optional<Msg> last = msgs.stream().max(Comparator.comparingLong(m -> m.getTextContent().length()));
        List<Msg> byName = msgs.stream().sorted((a, b) -> a.getName().compareTo(b.getName())).toList();
        List<Msg> copy = new ArrayList<>(msgs);
        copy.sort(Comparator.comparing(m -> m.getName()));
        copy.sort(Comparator.comparing(Msg::getName, Comparator.nullsLast(Comparator.naturalOrder())));
        copy.replaceAll(m -> m);
        lists.computeIfAbsent("k", k -> new ArrayList<>()).add(msgs.get(0));
        lists.merge("k", new ArrayList<>(), (p, q) -> { p.addAll(q); return p; });
        byId.compute("k", (k, v) -> v == null ? null : v);
        Map<String, Integer> counts = new HashMap<>();
        msgs.forEach(m -> counts.merge(m.getName(), 1, Integer::sum));
        for (Map.Entry<String, Msg> en : byId.entrySet()) en.getValue().getName();
        List<String> texts = byId.entrySet().stream().map(en -> en.getKey() + en.getValue().getTextContent()).toList();
        CompletableFuture<String> text = CompletableFuture.supplyAsync(() -> msgs.get(0)).thenApply(x -> x.getTextContent());
        List<Boolean> texts2 = msgs.stream().flatMap(m -> m.getContent().stream()).map(b -> b instanceof TextBlock).toList();
        List<String> flat = nested.stream().flatMap(List::stream).map(m -> m.getName()).toList();
        List<String> blockTexts = blocks.stream().filter(TextBlock.class::isInstance).map(TextBlock.class::cast).map(t -> t.getText()).toList();
        Optional<Msg> any = msgs.stream().reduce((x, y) -> y);
        int total = msgs.stream().mapToInt(m -> m.getContent().size()).sum();
        Object classes = new ArrayList<Object>(msgs).stream().collect(Collectors.groupingBy(o -> o.getClass()));
        return msgs.stream().map(Msg::getContent).map(cs -> cs.get(0) instanceof TextBlock).toList();
    }
}
`;

test('lambdas typed through JDK collectors, comparators, maps and streams: javac and check agree line by line', async () => {
  const v = await javacDecides({ 'Broken.java': BROKEN, 'Clean.java': CLEAN });
  expect(v.javac).toEqual(v.tagged);
  expect(v.check).toEqual(v.tagged);
  expect(v.findings.every((f) => f.rule === 'AS002')).toBe(true);
}, 240_000);

/** Reactor's flattening operators: R is the element of the publisher (or iterable) the function returns. */
const RHEAD = `package demo;

import io.agentscope.core.ReActAgent;
import io.agentscope.core.message.Msg;
import java.util.List;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
`;
const RBROKEN = `${RHEAD}
public class RBroken {
    void f(ReActAgent agent, Msg m, List<Msg> msgs) {
        agent.call(m).flatMap(r -> agent.call(r)).map(x -> x.getTextContnt()); // error
        Mono.just(m).flatMap(x -> agent.call(x)).map(x -> x.getNamee()); // error
        Flux.fromIterable(msgs).flatMap(x -> agent.call(x)).map(x -> x.getNamee()); // error
        Flux.fromIterable(msgs).concatMap(x -> agent.call(x)).filter(x -> x.isUserr()); // error
        agent.call(m).flatMapMany(r -> agent.call(r)).map(x -> x.getNamee()); // error
        agent.call(m).flatMapIterable(r -> r.getContent()).map(b -> b.getTypee()); // error
    }
}
`;
const RCLEAN = `${RHEAD}
public class RClean {
    void f(ReActAgent agent, Msg m, List<Msg> msgs) {
        Mono<String> a = agent.call(m).flatMap(r -> agent.call(r)).map(x -> x.getTextContent());
        Mono<String> b = Mono.just(m).flatMap(x -> agent.call(x)).map(x -> x.getName());
        Flux<String> c = Flux.fromIterable(msgs).flatMap(x -> agent.call(x)).map(x -> x.getName());
        Flux<Msg> d = Flux.fromIterable(msgs).concatMap(x -> agent.call(x)).filter(x -> x.getName() != null);
        Flux<String> e = agent.call(m).flatMapMany(r -> Flux.fromIterable(r.getContent())).map(x -> x.toString());
        Flux<Boolean> g = agent.call(m).flatMapIterable(r -> r.getContent()).map(x -> x != null);
        Mono<Object> h = agent.call(m).flatMap(r -> Mono.empty()).map(x -> x.toString());
    }
}
`;

test('Reactor flatMap, concatMap, flatMapMany and flatMapIterable type the next lambda: javac and check agree line by line', async () => {
  const v = await javacDecides({ 'RBroken.java': RBROKEN, 'RClean.java': RCLEAN });
  expect(v.javac).toEqual(v.tagged);
  expect(v.check).toEqual(v.tagged);
  expect(v.findings.every((f) => f.rule === 'AS002')).toBe(true);
}, 240_000);

/** mapToInt, mapToLong and mapToDouble: the function's result is a primitive (ToIntFunction and its kin), which an AgentScope value is not. */
const PHEAD = `package demo;

import io.agentscope.core.message.Msg;
import io.agentscope.core.model.ChatUsage;
import java.util.List;
`;
const PBROKEN = `${PHEAD}
public class PBroken {
    void f(List<Msg> msgs, List<ChatUsage> us) {
        int a = msgs.stream().mapToInt(m -> m.getTextContent()).sum(); // error
        int b = msgs.stream().mapToInt(Msg::getTextContent).sum(); // error
        int c = msgs.stream().mapToInt(m -> m.getRole()).sum(); // error
        int d = us.stream().mapToInt(ChatUsage::getTime).sum(); // error
        long e = us.stream().mapToLong(u -> u.getTime()).sum(); // error
        double g = msgs.stream().mapToDouble(m -> m.getContent()).sum(); // error
    }
}
`;
const PCLEAN = `${PHEAD}
public class PClean {
    void f(List<Msg> msgs, List<ChatUsage> us, Integer boxed) {
        int a = msgs.stream().mapToInt(m -> m.getContent().size()).sum();
        int b = msgs.stream().mapToInt(m -> m.getTextContent().length()).sum();
        long c = us.stream().mapToLong(ChatUsage::getInputTokens).sum();
        double d = us.stream().mapToDouble(ChatUsage::getInputTokens).sum();
        double e = us.stream().mapToDouble(ChatUsage::getTime).sum();
        long g = us.stream().mapToLong(u -> u.getInputTokens()).sum();
        int h = us.stream().mapToInt(u -> (int) u.getTime()).sum();
        int i = msgs.stream().mapToInt(m -> m.getChatUsage() == null ? 0 : m.getChatUsage().getTotalTokens()).sum();
        int j = us.stream().mapToInt(u -> boxed).sum();
        int k = msgs.stream().mapToInt(m -> 'c').sum();
        int l = msgs.stream().mapToInt(m -> { return m.getContent().size(); }).sum();
    }
}
`;

test('mapToInt, mapToLong and mapToDouble want a primitive result: javac and check agree line by line', async () => {
  const v = await javacDecides({ 'PBroken.java': PBROKEN, 'PClean.java': PCLEAN });
  expect(v.javac).toEqual(v.tagged);
  expect(v.check).toEqual(v.tagged);
  expect(v.findings.every((f) => f.rule === 'AS013')).toBe(true);
}, 240_000);
