import { afterAll, beforeAll, expect, test } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { execa } from 'execa';
import { checkSources } from '../../src/checker/index.js';
import { loadInventory } from '../../src/inventory/store.js';
import { mavenClasspath } from '../support/maven-classpath.js';
import { javacDecides } from '../support/javac-decides.js';

/**
 * Project classes between the code and AgentScope's types: an enum or a record implementing an
 * AgentScope interface (java.lang.Enum's members and the implicit values()/valueOf(String) are its
 * own, not the interface's), a `var` holding an anonymous class that declares members of its own.
 * javac decides: the lines of a file tagged `// error` are exactly the ones javac rejects, and the
 * ones check reports errors on; a file without tags compiles and checks clean.
 */
const HEAD = `package demo;

import io.agentscope.core.message.ToolResultBlock;
import io.agentscope.core.middleware.MiddlewareBase;
import io.agentscope.core.tool.AgentTool;
import io.agentscope.core.tool.ToolCallParam;
import java.util.Arrays;
import java.util.Map;
import java.util.function.Function;
import reactor.core.publisher.Mono;
`;

const POM = `<project xmlns="http://maven.apache.org/POM/4.0.0"><modelVersion>4.0.0</modelVersion><groupId>demo</groupId><artifactId>srcsup</artifactId><version>1</version>
<dependencies><dependency><groupId>io.agentscope</groupId><artifactId>agentscope-core</artifactId><version>2.0.2</version></dependency></dependencies></project>`;

let dir = '';
let cp = '';
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'as-srcsup-'));
  writeFileSync(join(dir, 'pom.xml'), POM);
  cp = await mavenClasspath(dir);
}, 240_000);
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** javac's error lines, the tagged lines and check's error lines (as `File.java:N`), and check's rules. */
async function judge(name: string, sources: Record<string, string>) {
  const src = join(dir, name, 'demo');
  mkdirSync(src, { recursive: true });
  const files = Object.entries(sources).map(([f, content]) => ({ path: join(src, f), content }));
  for (const f of files) {
    mkdirSync(dirname(f.path), { recursive: true });
    writeFileSync(f.path, f.content);
  }
  const javac = await execa('javac', ['-proc:none', '-Xmaxerrs', '1000', '-d', join(dir, name, 'out'), '-cp', cp, ...files.map((f) => f.path)], { reject: false, all: true });
  const lines = (xs: string[]) => [...new Set(xs)].sort();
  const javacLines = lines([...(javac.all ?? '').matchAll(/^(.+\.java):(\d+): error/gm)].map((m) => `${m[1].slice(src.length + 1)}:${m[2]}`));
  const tagged = lines(Object.entries(sources).flatMap(([f, content]) => content.split('\n').flatMap((l, i) => (l.trimEnd().endsWith('// error') ? [`${f}:${i + 1}`] : []))));
  const findings = (await checkSources(files, loadInventory('2.0.2'))).filter((f) => f.severity === 'error');
  const checkLines = lines(findings.map((f) => `${f.file.slice(src.length + 1)}:${f.line}`));
  return { javacLines, tagged, checkLines, rules: lines(findings.map((f) => f.rule)), javac: javac.all ?? '' };
}

const ENUMS = `${HEAD}
public class Enums {
    enum Clock implements AgentTool {
        UTC, LOCAL { @Override public String getName() { return "local"; } };
        public String getName() { return name().toLowerCase() + ordinal() + this.name() + values().length + valueOf("UTC"); }
        public String getDescription() { return "time" + getDeclaringClass() + compareTo(UTC); }
        public Map<String, Object> getParameters() { return Map.of(); }
        public Mono<ToolResultBlock> callAsync(ToolCallParam p) { return Mono.just(ToolResultBlock.text("now")); }
    }

    record Fixed(String name, int ordinal) implements AgentTool {
        public String getName() { return name() + ordinal(); }
        public String getDescription() { return toString() + hashCode() + equals(this); }
        public Map<String, Object> getParameters() { return Map.of(); }
        public Mono<ToolResultBlock> callAsync(ToolCallParam p) { return Mono.just(ToolResultBlock.text("now")); }
    }

    void f() {
        Clock c = Clock.valueOf("UTC");
        System.out.println(c.name() + c.ordinal() + c.compareTo(Clock.UTC) + c.getDeclaringClass() + Clock.values().length);
        System.out.println(Clock.UTC.name() + Clock.values()[0].getName() + Clock.valueOf(Clock.class, "UTC").ordinal());
        System.out.println(Clock.valueOf("LOCAL").getDescription() + c.describeConstable() + c.hashCode() + c.equals(c) + c.getClass());
        Function<Clock, String> fn = Clock::name;
        Function<String, Clock> fv = Clock::valueOf;
        Arrays.stream(Clock.values()).map(Clock::ordinal).forEach(System.out::println);
        var v = Clock.LOCAL;
        v.name();
        Fixed r = new Fixed("x", 1);
        System.out.println(r.name() + r.ordinal() + r.equals(r) + r.hashCode() + r.toString() + r.getName());
        var mw = new MiddlewareBase() { String tag() { return "t"; } };
        mw.tag();
        System.out.println(new MiddlewareBase() { int n = 1; }.n);
        var tool = new AgentTool() {
            public String getName() { return "n"; }
            public String getDescription() { return "d"; }
            public Map<String, Object> getParameters() { return Map.of(); }
            public Mono<ToolResultBlock> callAsync(ToolCallParam p) { return Mono.empty(); }
            int extra() { return 1; }
        };
        System.out.println(tool.extra() + tool.getName() + new AgentTool() {
            public String getName() { return "n"; }
            public String getDescription() { return "d"; }
            public Map<String, Object> getParameters() { return Map.of(); }
            public Mono<ToolResultBlock> callAsync(ToolCallParam p) { return Mono.empty(); }
            String more() { return "m"; }
        }.more());
    }
}
`;

const ENUMS_BROKEN = `${HEAD}
public class EnumsBroken {
    enum Clock implements AgentTool {
        UTC;
        public String getName() { return "clock"; }
        public String getDescription() { return "time"; }
        public Map<String, Object> getParameters() { return Map.of(); }
        public Mono<ToolResultBlock> callAsync(ToolCallParam p) { return Mono.just(ToolResultBlock.text("now")); }
    }

    void f(Clock c) {
        c.getNames(); // error
        Clock.valueOf("UTC").getNames(); // error
        var plain = new MiddlewareBase() {};
        plain.tag(); // error
    }
}
`;

test('an enum or record implementing an AgentScope interface, a var of an anonymous class: javac and check agree', async () => {
  const r = await judge('enums', { 'Enums.java': ENUMS, 'EnumsBroken.java': ENUMS_BROKEN });
  expect(r.javacLines, r.javac).toEqual(r.tagged);
  expect(r.checkLines).toEqual(r.tagged);
  expect(r.rules).toEqual(['AS002']);
}, 240_000);

const CHAIN_HEAD = `package demo;

import io.agentscope.core.agent.Agent;
import io.agentscope.core.agent.AgentBase;
import io.agentscope.core.agent.RuntimeContext;
import io.agentscope.core.event.AgentEvent;
import io.agentscope.core.interruption.InterruptContext;
import io.agentscope.core.message.Msg;
import io.agentscope.core.message.ToolResultBlock;
import io.agentscope.core.middleware.MiddlewareBase;
import io.agentscope.core.middleware.MiddlewareChain;
import io.agentscope.core.tool.AgentTool;
import io.agentscope.core.tool.ToolCallParam;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
`;

/** An abstract project class in another package, implementing some of AgentTool's methods. */
const BASE_TOOL = `package demo.base;

import io.agentscope.core.tool.AgentTool;
import java.util.Map;

public abstract class BaseTool implements AgentTool {
    public String getName() { return "n"; }
    public Map<String, Object> getParameters() { return Map.of(); }
    public abstract String extra();
}
`;

const CHAIN_BROKEN = `${CHAIN_HEAD}
public class ChainBroken {
    abstract static class T0 implements AgentTool {}
    static class T1 extends T0 { // error
        public String getName() { return "n"; }
    }
    interface MyTool extends AgentTool { default String getDescription() { return "d"; } }
    static class T2 implements MyTool { // error
        public String getName() { return "n"; }
        public Map<String, Object> getParameters() { return Map.of(); }
    }
    abstract static class BaseAgent extends AgentBase {
        BaseAgent(String n) { super(n); }
        @Override protected Mono<Msg> handleInterrupt(InterruptContext c, Msg... m) { return Mono.empty(); }
    }
    static class EchoAgent extends BaseAgent { // error
        EchoAgent() { super("echo"); }
    }
    static class Other extends demo.base.BaseTool { // error
        public String getDescription() { return "d"; }
        public String extra() { return "e"; }
    }
    abstract static class Half implements MiddlewareChain.MiddlewareMethod<String> {}
    static class WrongInput extends Half { // error
        public Flux<AgentEvent> apply(MiddlewareBase m, Agent a, RuntimeContext c, Integer i, Function<String, Flux<AgentEvent>> next) { return Flux.empty(); }
    }

    void f() {
        new T0() { // error
            public String getName() { return "n"; }
        };
    }
}
`;

const CHAIN_CLEAN = `${CHAIN_HEAD}
public class ChainClean {
    abstract static class T0 implements AgentTool {}
    abstract static class Half extends T0 {
        public String getName() { return "n"; }
        public String getDescription() { return "d"; }
    }
    static class Full extends Half {
        public Map<String, Object> getParameters() { return Map.of(); }
        public Mono<ToolResultBlock> callAsync(ToolCallParam p) { return Mono.empty(); }
    }
    interface MyTool extends AgentTool { default String getDescription() { return "d"; } }
    static class Both extends T0 implements MyTool {
        public String getName() { return "n"; }
        public Map<String, Object> getParameters() { return Map.of(); }
        public Mono<ToolResultBlock> callAsync(ToolCallParam p) { return Mono.empty(); }
    }
    abstract static class BaseAgent extends AgentBase {
        BaseAgent(String n) { super(n); }
        @Override protected Mono<Msg> handleInterrupt(InterruptContext c, Msg... m) { return Mono.empty(); }
    }
    static class OkAgent extends BaseAgent {
        OkAgent() { super("ok"); }
        @Override protected Mono<Msg> doCall(List<Msg> msgs) { return Mono.empty(); }
    }
    static class Other extends demo.base.BaseTool {
        public String getDescription() { return "d"; }
        public Mono<ToolResultBlock> callAsync(ToolCallParam p) { return Mono.empty(); }
        public String extra() { return "e"; }
    }
    abstract static class Method<X> implements MiddlewareChain.MiddlewareMethod<X> {}
    static class Typed extends Method<String> {
        public Flux<AgentEvent> apply(MiddlewareBase m, Agent a, RuntimeContext c, String i, Function<String, Flux<AgentEvent>> next) { return next.apply(i); }
    }
    static class Generic<Y> extends Method<Y> {
        public Flux<AgentEvent> apply(MiddlewareBase m, Agent a, RuntimeContext c, Y i, Function<Y, Flux<AgentEvent>> next) { return next.apply(i); }
    }
    interface Passing<T> extends MiddlewareChain.MiddlewareMethod<T> {
        default Flux<AgentEvent> apply(MiddlewareBase m, Agent a, RuntimeContext c, T i, Function<T, Flux<AgentEvent>> next) { return next.apply(i); }
    }
    static class ByDefault implements Passing<String> {}
    static class Failure extends RuntimeException implements Passing<Integer> {}
    static class Threaded extends Thread implements MyTool {
        public Map<String, Object> getParameters() { return Map.of(); }
        public Mono<ToolResultBlock> callAsync(ToolCallParam p) { return Mono.empty(); }
    }

    void f() {
        new Half() {
            public Map<String, Object> getParameters() { return Map.of(); }
            public Mono<ToolResultBlock> callAsync(ToolCallParam p) { return Mono.empty(); }
        };
    }
}
`;

test('a missing implementation through project classes and interfaces (AS005): javac and check agree', async () => {
  const r = await judge('chain', { 'ChainBroken.java': CHAIN_BROKEN, 'ChainClean.java': CHAIN_CLEAN, 'base/BaseTool.java': BASE_TOOL });
  expect(r.javacLines, r.javac).toEqual(r.tagged);
  expect(r.checkLines).toEqual(r.tagged);
  expect(r.rules).toEqual(['AS005']);
}, 240_000);

const MODIFIERS_BROKEN = `${CHAIN_HEAD}
public class ModifiersBroken {
    static class Named extends AgentBase {
        Named() { super("n"); }
        @Override public String getName() { return "n"; } // error
        @Override protected Mono<Msg> doCall(List<Msg> msgs) { return Mono.empty(); }
        @Override protected Mono<Msg> handleInterrupt(InterruptContext c, Msg... m) { return Mono.empty(); }
        private Mono<Void> observe(Msg m) { return Mono.empty(); } // error
    }
    static class Quiet extends AgentBase {
        Quiet() { super("q"); }
        @Override protected Mono<Msg> doCall(List<Msg> msgs) { return Mono.empty(); }
        Mono<Msg> handleInterrupt(InterruptContext c, Msg... m) { return Mono.empty(); } // error
    }
    abstract static class BaseAgent extends AgentBase {
        BaseAgent(String n) { super(n); }
    }
    static class Deeper extends BaseAgent {
        Deeper() { super("d"); }
        @Override protected Mono<Msg> doCall(List<Msg> msgs) { return Mono.empty(); }
        @Override protected Mono<Msg> handleInterrupt(InterruptContext c, Msg... m) { return Mono.empty(); }
        public final String getDescription() { return "d"; } // error
    }
    static class Tool implements AgentTool {
        String getName() { return "n"; } // error
        protected String getDescription() { return "d"; } // error
        public Map<String, Object> getParameters() { return Map.of(); }
        public Mono<ToolResultBlock> callAsync(ToolCallParam p) { return Mono.empty(); }
        boolean isReadOnly() { return true; } // error
    }
    static class Clashing extends AgentBase { // error
        Clashing() { super("c"); }
        @Override // error
        protected Mono<Msg> doCall(List<? extends Msg> msgs) { return Mono.empty(); } // error
        @Override protected Mono<Msg> handleInterrupt(InterruptContext c, Msg... m) { return Mono.empty(); }
    }
    abstract static class Overloads extends AgentBase {
        Overloads() { super("o"); }
        protected Mono<Msg> doCall(List<Object> msgs) { return Mono.empty(); } // error
        protected Mono<Msg> doCall(List<Msg> msgs, Class<String> type) { return Mono.empty(); } // error
    }
    abstract static class ClashingBase extends AgentBase {
        ClashingBase() { super("c"); }
        protected Mono<Msg> doCall(List<? extends Msg> msgs) { return Mono.empty(); } // error
        @Override protected Mono<Msg> handleInterrupt(InterruptContext c, Msg... m) { return Mono.empty(); }
    }
    static class BelowClash extends ClashingBase { // error
    }
    static class EchoAgent extends BaseAgent { // error
        EchoAgent() { super("e"); }
        @Override protected Mono<Msg> handleInterrupt(InterruptContext c, Msg... m) { return Mono.empty(); }
        protected Mono<Msg> doCall(List<? extends Msg> msgs) { return Mono.empty(); } // error
    }
    static class Loose implements AgentTool { // error
        public String getName() { return "n"; }
        public String getDescription() { return "d"; }
        public Map<String, ?> getParameters() { return Map.of(); } // error
        public Mono<ToolResultBlock> callAsync(ToolCallParam p) { return Mono.empty(); }
    }
    enum Kind implements AgentTool {
        ONE;
        String getName() { return "n"; } // error
        public String getDescription() { return "d"; }
        public Map<String, Object> getParameters() { return Map.of(); }
        public Mono<ToolResultBlock> callAsync(ToolCallParam p) { return Mono.empty(); }
    }

    void f() {
        new AgentTool() {
            public String getName() { return "n"; }
            String getDescription() { return "d"; } // error
            public Map<String, Object> getParameters() { return Map.of(); }
            public Mono<ToolResultBlock> callAsync(ToolCallParam p) { return Mono.empty(); }
        };
    }
}
`;

const MODIFIERS_CLEAN = `${CHAIN_HEAD}
public class ModifiersClean {
    static class Agent1 extends AgentBase {
        Agent1() { super("a"); }
        @SuppressWarnings({"rawtypes", "unchecked"})
        protected Mono<Msg> doCall(List msgs) { return Mono.empty(); }
        @Override public Mono<Msg> handleInterrupt(InterruptContext c, Msg... m) { return Mono.empty(); }
        public String getName(String suffix) { return suffix; }
        String getDescription(int n) { return ""; }
        static String getAgentId(String x) { return x; }
        @Override protected Mono<Msg> doCall(List<Msg> msgs, Class<? extends Object> type) { return Mono.empty(); }
    }
    abstract static class Between extends AgentBase {
        Between() { super("b"); }
        protected abstract Mono<Msg> doCall(List<Msg> msgs, Class<?> type);
    }
    abstract static class Below extends Between {
        @Override protected Mono<Msg> doCall(List<Msg> msgs, Class<?> type) { return Mono.empty(); }
    }
    static class Tool implements AgentTool {
        public String getName() { return "n"; }
        public String getDescription() { return "d"; }
        public Map<String, Object> getParameters() { return Map.of(); }
        public Mono<ToolResultBlock> callAsync(ToolCallParam p) { return Mono.empty(); }
        boolean isReadOnly(int level) { return level > 0; }
        <T> T getStrict(T t) { return t; }
    }
    interface Narrowed extends AgentTool {
        String getName();
        default String getDescription() { return "d"; }
    }
}
`;

test('overriding a final AgentScope method, narrowing its access, a name clash (AS018, with AS004/AS005 as javac has them), a wildcard in a return type (AS015): javac and check agree', async () => {
  const r = await judge('modifiers', { 'ModifiersBroken.java': MODIFIERS_BROKEN, 'ModifiersClean.java': MODIFIERS_CLEAN });
  expect(r.javacLines, r.javac).toEqual(r.tagged);
  expect(r.checkLines).toEqual(r.tagged);
  expect(r.rules).toEqual(['AS004', 'AS005', 'AS015', 'AS018']);
}, 240_000);

/**
 * An override through a project class in between (`class Audit extends Base`, `abstract class Base
 * implements MiddlewareBase`): a result the AgentScope method's cannot be is AS015, and the
 * `@Override` AS004, as javac reports both; a method of Base's own overridden, and a right one, are clean.
 */
const THROUGH_BASE = `package demo;

import io.agentscope.core.agent.Agent;
import io.agentscope.core.agent.RuntimeContext;
import io.agentscope.core.event.AgentEvent;
import io.agentscope.core.middleware.AgentInput;
import io.agentscope.core.middleware.MiddlewareBase;
import java.util.function.Function;
import reactor.core.publisher.Flux;

public class ThroughBase {
    abstract static class Base implements MiddlewareBase {
        protected String label() { return "base"; }
    }

    static class Wrong extends Base {
        @Override // error
        public Flux<String> onAgent(Agent agent, RuntimeContext rc, AgentInput input, // error
                Function<AgentInput, Flux<AgentEvent>> next) {
            return Flux.empty();
        }
    }

    static class Right extends Base {
        @Override
        protected String label() { return "right"; }

        @Override
        public Flux<AgentEvent> onAgent(Agent agent, RuntimeContext rc, AgentInput input, Function<AgentInput, Flux<AgentEvent>> next) {
            return next.apply(input);
        }
    }
}
`;

test('an override through a project class whose result the AgentScope method cannot have (AS015, AS004): javac and check agree', async () => {
  const v = await javacDecides({ 'ThroughBase.java': THROUGH_BASE });
  expect(v.javac).toEqual(v.tagged);
  expect(v.check).toEqual(v.tagged);
}, 180_000);
