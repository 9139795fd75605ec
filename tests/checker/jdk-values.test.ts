import { expect, test } from 'vitest';
import { javacDecides } from '../support/javac-decides.js';

/**
 * Values of JDK types where AgentScope types are declared: a variable declared Object passed to an
 * AgentScope method or constructor, to a project method, or returned from an override (only a cast
 * narrows Object); a project method declared to return Object assigned to a Msg; the results of the
 * common JDK types' methods (`workspace.resolve(..)`, `Paths.get(..)`, `Duration.ofSeconds(..)`,
 * `path.toString()`, a stream's `toList()`) and variables of JDK types assigned to AgentScope types
 * (no JDK type is a subtype of one); a common JDK type's method called with an argument count it
 * does not take (`pending.set(event)` on a List), or with an AgentScope value none of its overloads
 * takes (`Files.writeString(path, reply)`, `Mono.zip(reply, name)` with a String); `List.of(..)` and
 * `Map.of(..)` whose elements, keys or values cannot be the declared ones (`metadata(Map.of(list, "k"))`,
 * `List<Msg> l = List.of("hi")`). javac decides: Broken.java's lines tagged `// error` are the ones it rejects and
 * check reports them; Clean.java (casts, instanceof, Object parameters, JDK results where JDK types
 * are declared) compiles and checks clean.
 */
const HEAD = `package demo;

import io.agentscope.core.ReActAgent;
import io.agentscope.core.message.Msg;
import io.agentscope.core.message.TextBlock;
import io.agentscope.core.state.JsonFileAgentStateStore;
import io.agentscope.core.permission.PermissionRule;
import io.agentscope.core.tool.ToolBase;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
`;
const BROKEN = `${HEAD}
public class Broken {
    static Object approve(Msg m) { return m; }
    static void print(Msg m) { System.out.println(m); }
    static List<String> lines(Msg m) { return List.of(m.getTextContent()); }
    static Msg answer(TextBlock b) { return Msg.builder().content(b).build(); }
    void f(ReActAgent agent, Path workspace, String dir, Msg in) {
        Object sessions = Paths.get(dir);
        JsonFileAgentStateStore store = new JsonFileAgentStateStore(sessions); // error
        Object user = in;
        agent.call(user); // error
        print(user); // error
        Msg next = in == null ? null : approve(in); // error
        Msg a = workspace.resolve("AGENTS.md"); // error
        Msg b = Paths.get(dir); // error
        TextBlock c = Duration.ofSeconds(3); // error
        Msg d = workspace; // error
        Msg e = workspace.getFileName().toString(); // error
        List<String> pending = new ArrayList<>();
        pending.set(in); // error
        List<Msg> history = new ArrayList<>();
        Msg g = history.stream().map(x -> TextBlock.builder().text(x.getTextContent()).build()).toList(); // error
        Msg h = history.stream().map(x -> new StringBuilder(x.getTextContent())).toList(); // error
        Path p = Paths.get(); // error
        Files.writeString(workspace, in); // error
        boolean there = Files.exists(a); // error
        Duration wait = Duration.ofSeconds(in); // error
        StringBuilder sb = new StringBuilder();
        int n = sb.indexOf(in); // error
        Msg reply = lines(in); // error
        agent.call(lines(in)); // error
        Msg again = in == null ? null : answer(in); // error
        Mono<Msg> first = agent.call(in);
        String second = "Bob";
        Object both = Mono.zip(first, second).block(); // error
        Flux<Msg> all = Flux.fromIterable(in); // error
        Flux<Msg> stream = Flux.just(in);
        Msg last = stream.map(Msg::getTextContent); // error
        Msg firstReply = first.map(m -> m); // error
        var pair = Mono.zip(first, agent.call(in));
        Msg alice = pair.getT1(); // error
        List<TextBlock> found = new ArrayList<>();
        Msg withMeta = Msg.builder().metadata(Map.of(found, "results")).build(); // error
        Msg counted = Msg.builder().metadata(Map.of("k", "v", 3, "w")).build(); // error
        Msg confirmed = Msg.builder().metadata(Map.of(found, Msg.METADATA_CONFIRM_RESULTS)).build(); // error
        List<Msg> said = List.of("hello"); // error
        List<TextBlock> blocks = List.of(in); // error
    }

    abstract static class Weather extends ToolBase {
        Weather() { super(null); }

        @Override // error
        public Object generateSuggestions(Map<String, Object> input) { // error
            return new ArrayList<PermissionRule>();
        }
    }
}
`;
const CLEAN = `${HEAD}
public class Clean {
    static Object make(Msg m) { return m; }
    static void take(Object o) { System.out.println(o); }
    void f(ReActAgent agent, Path workspace, String dir, Msg in) throws Exception {
        Object sessions = Paths.get(dir);
        JsonFileAgentStateStore store = new JsonFileAgentStateStore((Path) sessions);
        Object user = in;
        if (user instanceof Msg m) agent.call(m);
        take(user);
        take(make(in));
        Object back = make(in);
        Msg next = back instanceof Msg m ? m : null;
        Path a = workspace.resolve("AGENTS.md").toAbsolutePath().normalize();
        JsonFileAgentStateStore other = new JsonFileAgentStateStore(Paths.get(dir, "sessions"));
        Duration c = Duration.ofSeconds(3);
        long ms = c.toMillis();
        String d = workspace.getFileName().toString();
        List<String> lines = Files.readAllLines(a);
        Msg e = Msg.builder().textContent(Files.readString(a).trim()).build();
        List<String> pending = new ArrayList<>();
        pending.set(0, d);
        List<StringBuilder> g = List.of(in).stream().map(x -> new StringBuilder(x.getTextContent())).toList();
        Path p = Paths.get(dir);
        Files.writeString(workspace, in.getTextContent());
        StringBuilder sb = new StringBuilder().append(in).append(String.valueOf(in));
        List<Object> all = List.of(in, agent);
        Map<String, Object> meta = Map.of("msg", in);
        Msg same = java.util.Objects.requireNonNull(in);
        Mono<Msg> first = agent.call(in);
        Object both = Mono.zip(first, Mono.just("Bob")).block();
        Flux<Msg> msgs = Flux.fromIterable(List.of(in)).mergeWith(Mono.just(in)).timeout(Duration.ofSeconds(5));
        Msg last = msgs.map(m -> m).blockLast();
        var pair = Mono.zip(first, agent.call(in)).block();
        Msg alice = pair.getT1();
        int count = pair.getT2().getContent().size();
        Msg withMeta = Msg.builder().metadata(Map.of("results", List.of(in), "count", 3)).build();
        Msg confirmed = Msg.builder().metadata(Map.of(Msg.METADATA_CONFIRM_RESULTS, List.of(in))).build();
        List<Msg> said = List.of(in, Msg.builder().textContent("hi").build());
        List<Object> mixed = List.of(in, "hello", 3);
        Map<String, List<Msg>> byName = Map.of("alice", List.of(in));
        System.out.println(withMeta + " " + confirmed + said + mixed + byName);
        System.out.println(sb + " " + all + meta + same + both + msgs + last + alice + count);
        System.out.println(store + " " + other + next + ms + d + lines + e + g + p);
    }
}
`;

test('JDK values where AgentScope types are declared: javac and check agree line by line', async () => {
  const v = await javacDecides({ 'Broken.java': BROKEN, 'Clean.java': CLEAN });
  expect(v.javac).toEqual(v.tagged);
  expect(v.check).toEqual(v.tagged);
}, 240_000);
