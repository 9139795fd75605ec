import { expect, test } from 'vitest';
import { javacDecides } from '../support/javac-decides.js';

/**
 * Lambdas and method references whose functional interface decides them: the MCP SDK's request
 * customizer McpClientBuilder takes (five parameters), a bound reference to an AgentScope method
 * none of whose overloads takes what the interface hands, a reference to a method a JDK or Reactor
 * container has not, and a lambda returning null where the interface's method returns a primitive.
 * javac decides: the lines tagged `// error` are the ones it rejects, and check reports them; the
 * same shapes that fit compile and check clean.
 */
const MCP = `package demo;

import io.agentscope.core.tool.mcp.McpClientBuilder;
import io.modelcontextprotocol.client.transport.customizer.McpSyncHttpClientRequestCustomizer;
import io.modelcontextprotocol.common.McpTransportContext;
import java.net.URI;
import java.net.http.HttpRequest;

public class Mcp {
    static void customize(HttpRequest.Builder builder, String method, URI uri, String body, McpTransportContext ctx) {
        builder.header("X-Method", method);
    }

    void build() {
        McpClientBuilder.create("x").sseTransport("https://mcp.example.com/sse").httpRequestCustomizer((b, method, uri, body, ctx, extra) -> {}); // error
        McpClientBuilder.create("x").sseTransport("https://mcp.example.com/sse").httpRequestCustomizer((b, method, uri, body) -> {}); // error
        McpClientBuilder.create("x").httpRequestCustomizer((Object b, String method, URI uri, String body, McpTransportContext ctx) -> {}); // error
        McpSyncHttpClientRequestCustomizer two = (b, method) -> {}; // error
        McpClientBuilder.create("x")
                .streamableHttpTransport("https://mcp.example.com/http")
                .httpRequestCustomizer((builder, method, uri, body, ctx) -> {
                    builder.header("Authorization", "Bearer " + uri.getHost());
                });
        McpClientBuilder.create("x").httpRequestCustomizer((HttpRequest.Builder b, String method, URI uri, String body, McpTransportContext ctx) -> b.header("X", body));
        McpClientBuilder.create("x").httpRequestCustomizer(Mcp::customize);
        McpSyncHttpClientRequestCustomizer five = (b, method, uri, body, ctx) -> {};
        McpClientBuilder.create("x").httpRequestCustomizer(five);
        McpClientBuilder.create("x").httpRequestCustomizer(null);
    }
}
`;

test('a lambda for McpClientBuilder.httpRequestCustomizer: the MCP customizer takes five parameters, as javac judges it', async () => {
  const v = await javacDecides({ 'Mcp.java': MCP });
  expect(v.javac).toEqual(v.tagged);
  expect(v.check).toEqual(v.tagged);
}, 120_000);

const REFS = `package demo;

import io.agentscope.core.ReActAgent;
import io.agentscope.core.agent.AgentBase;
import io.agentscope.core.agent.RuntimeContext;
import io.agentscope.core.memory.Memory;
import io.agentscope.core.message.Msg;
import java.util.List;
import java.util.function.BiConsumer;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;

public class Refs {
    Consumer<String> field;
    Consumer<Msg> okField;

    @SuppressWarnings({"rawtypes", "unchecked"})
    void refs(Memory memory, ReActAgent.Builder builder, AgentBase agent, RuntimeContext ctx, List<String> names, List<Msg> msgs, Msg msg) {
        Consumer<String> add = memory::addMessage; // error
        Consumer<Object> anything = memory::addMessage; // error
        names.forEach(memory::addMessage); // error
        Consumer<Integer> model = builder::model; // error
        Consumer<String> observe = agent::observe; // error
        Function<Integer, Object> get = ctx::get; // error
        BiConsumer<Msg, Msg> two = memory::addMessage; // error
        Consumer<Msg> ok = memory::addMessage;
        msgs.forEach(memory::addMessage);
        Consumer<? super Msg> wild = memory::addMessage;
        Consumer<String> byName = builder::model;
        Consumer<List<Msg>> observeAll = agent::observe;
        Function<Class<Msg>, Msg> typed = ctx::get;
        Function<String, Object> named = ctx::get;
        BiFunction<String, Class<Msg>, Msg> both = ctx::get;
        Supplier<String> text = msg::toString;
        Function<Object, Boolean> same = msg::equals;
        Runnable clear = memory::clear;
        var inferred = (Consumer<Msg>) memory::addMessage;
        field = s -> {};
        okField = memory::addMessage;
    }
}
`;

test('a bound reference to an AgentScope method none of whose overloads takes what the functional interface hands, as javac judges it', async () => {
  const v = await javacDecides({ 'Refs.java': REFS });
  expect(v.javac).toEqual(v.tagged);
  expect(v.check).toEqual(v.tagged);
}, 120_000);

const JDK = `package demo;

import io.agentscope.core.message.Msg;
import io.agentscope.core.message.ToolResultBlock;
import io.agentscope.core.tool.ToolEmitter;
import io.agentscope.harness.agent.skill.curator.SkillAuditLog;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.BiConsumer;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.Supplier;
import java.util.function.ToIntFunction;
import reactor.core.publisher.Mono;

public class Jdk {
    void run(SkillAuditLog audit, Mono<Msg> mono, Optional<Msg> maybe, boolean flag) {
        List<ToolResultBlock> chunks = new ArrayList<>();
        ToolEmitter emitter = chunks::adds; // error
        Supplier<Msg> blocked = mono::blockk; // error
        BiConsumer<List<Msg>, Msg> put = List::adds; // error
        List<SkillAuditLog.Entry> hits = audit.query(null, e -> null); // error
        audit.query(null, e -> { return null; }); // error
        Predicate<Msg> none = m -> null; // error
        ToIntFunction<Msg> size = m -> null; // error
        ToolEmitter ok = chunks::add;
        Supplier<Msg> got = maybe::orElseThrow;
        Supplier<Msg> block = mono::block;
        BiConsumer<List<Msg>, Msg> append = List::add;
        audit.query(null, e -> true);
        audit.query("skill", e -> e != null);
        audit.query(null, e -> flag ? true : null);
        Function<Msg, Boolean> boxed = m -> null;
        Supplier<Msg> nothing = () -> null;
        Runnable noop = () -> {};
    }
}
`;

test('a reference to a method a JDK or Reactor container has not, and a lambda returning null for a primitive result, as javac judges them', async () => {
  const v = await javacDecides({ 'Jdk.java': JDK }, { artifacts: ['agentscope-harness'] });
  expect(v.javac).toEqual(v.tagged);
  expect(v.check).toEqual(v.tagged);
}, 120_000);

/**
 * `Type::m` where no method m fits the functional interface's arity: `map(Msg::hasContentBlocks)`
 * (an instance method that takes a Class, where a Function hands only the Msg: "unexpected instance
 * method found in unbound lookup"), `map(Msg::builder)` (a static method of no parameters: "invalid
 * method reference"); the same methods where the arity fits compile.
 */
test('an unbound method reference of another arity than the functional interface: javac and check agree line by line', async () => {
  const v = await javacDecides({ 'Refs.java': `package demo;

import io.agentscope.core.message.Msg;
import io.agentscope.core.message.TextBlock;
import io.agentscope.core.message.ToolResultBlock;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.Supplier;
import java.util.stream.Collectors;

public class Refs {
    void texts(List<Msg> msgs) {
        msgs.stream().map(Msg::hasContentBlocks).collect(Collectors.toList()); // error
        msgs.stream().map(Msg::builder).count(); // error
        msgs.stream().map(Msg::getTextContent).collect(Collectors.toList());
        Supplier<Msg.Builder> b = Msg::builder;
        List<ToolResultBlock> r = List.of("a").stream().map(ToolResultBlock::text).toList();
        BiFunction<Msg, Class<TextBlock>, Boolean> f = Msg::hasContentBlocks;
        msgs.forEach(Msg::getId);
    }
}
` });
  expect(v.javac).toEqual(v.tagged);
  expect(v.check).toEqual(v.tagged);
}, 240_000);
