import { expect, test } from 'vitest';
import { javacDecides } from '../support/javac-decides.js';

/**
 * Collectors over a stream of AgentScope values, assigned to a declared Map:
 * - `groupingBy(Msg::getRole)` makes MsgRole the keys, whatever the declared key type wants (javac
 *   infers K from both: "inference variable K has incompatible bounds"); with `counting()` the values
 *   are Long exactly;
 * - `toMap(Msg::getId, m -> m)` makes the key and value functions' results the keys and values
 *   (a supertype of them may be declared);
 * - `joining(..)` takes CharSequences: a stream of Msg is none ("no suitable method found for collect").
 * javac decides: Broken.java's lines tagged `// error` are the ones it rejects and check reports
 * them; Clean.java compiles and checks clean.
 */
const HEAD = `package demo;

import io.agentscope.core.message.Msg;
import io.agentscope.core.message.MsgRole;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
`;
const BROKEN = `${HEAD}
public class Broken {
    void f(List<Msg> msgs) {
        Map<String, List<Msg>> byRole = msgs.stream().collect(Collectors.groupingBy(Msg::getRole)); // error
        Map<String, List<Msg>> byRole2 = msgs.stream().collect(Collectors.groupingBy(m -> m.getRole())); // error
        Map<String, Long> counts = msgs.stream().collect(Collectors.groupingBy(Msg::getRole, Collectors.counting())); // error
        Map<MsgRole, Integer> sized = msgs.stream().collect(Collectors.groupingBy(Msg::getRole, Collectors.counting())); // error
        Map<String, String> texts = msgs.stream().collect(Collectors.toMap(Msg::getId, m -> m)); // error
        Map<MsgRole, Msg> byId = msgs.stream().collect(Collectors.toMap(Msg::getId, Function.identity())); // error
        String joined = msgs.stream().collect(Collectors.joining(", ")); // error
        System.out.println(byRole + " " + byRole2 + counts + sized + texts + byId + joined);
    }
}
`;
const CLEAN = `${HEAD}
public class Clean {
    void f(List<Msg> msgs) {
        Map<MsgRole, List<Msg>> byRole = msgs.stream().collect(Collectors.groupingBy(Msg::getRole));
        Map<Object, List<Msg>> wide = msgs.stream().collect(Collectors.groupingBy(m -> m.getRole()));
        Map<MsgRole, Long> counts = msgs.stream().collect(Collectors.groupingBy(Msg::getRole, Collectors.counting()));
        Map<String, Msg> byId = msgs.stream().collect(Collectors.toMap(Msg::getId, Function.identity()));
        Map<String, Object> loose = msgs.stream().collect(Collectors.toMap(Msg::getId, m -> m, (a, b) -> a));
        Map<String, String> texts = msgs.stream().collect(Collectors.toMap(Msg::getId, Msg::getTextContent));
        String joined = msgs.stream().map(Msg::getTextContent).collect(Collectors.joining(", "));
        var grouped = msgs.stream().collect(Collectors.groupingBy(Msg::getRole));
        System.out.println(byRole + " " + wide + counts + byId + loose + texts + joined + grouped);
    }
}
`;

test('collectors over AgentScope values into a declared Map: javac and check agree line by line', async () => {
  const v = await javacDecides({ 'Broken.java': BROKEN, 'Clean.java': CLEAN });
  expect(v.javac).toEqual(v.tagged);
  expect(v.check).toEqual(v.tagged);
}, 240_000);

test('Flux.collect(collector) as a receiver: a Mono of exactly the collector\'s collection; javac and check agree line by line', async () => {
  const v = await javacDecides({
    'FluxCollect.java': `${HEAD}import java.util.Collection;
import java.util.Set;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

public class FluxCollect {
    List<Msg> f(Flux<Msg> replies) {
        List<Msg> all = replies.collect(Collectors.toSet()).block(); // error
        Set<Object> wide = replies.collect(Collectors.toSet()).block(); // error
        List<Msg> listed = replies.filter(m -> m != null).collect(Collectors.toUnmodifiableSet()).block(); // error
        Set<Msg> set = replies.collect(Collectors.toSet()).block();
        Collection<Msg> some = replies.collect(Collectors.toSet()).block();
        Mono<Set<Object>> later = replies.collect(Collectors.toSet());
        List<Msg> list = replies.collect(Collectors.toList()).block();
        System.out.println(wide + " " + listed + set + some + later + list);
        return all;
    }
}
`,
  });
  expect(v.javac).toEqual(v.tagged);
  expect(v.check).toEqual(v.tagged);
}, 240_000);
