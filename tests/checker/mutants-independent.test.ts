import { afterAll, describe, expect, test } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execa } from 'execa';
import { checkSources } from '../../src/checker/index.js';
import { loadInventory } from '../../src/inventory/store.js';
import { mavenClasspath } from '../support/maven-classpath.js';

/**
 * Single-edit mistakes of the kinds an independent mutation study of official 2.0.2 example and
 * test code (harness, extensions, examples, moved to a user package) found `check` missing, each
 * beside the control javac accepts. javac, against the real 2.0.2 jars resolved through mvn,
 * decides every file: where it rejects one, check must report an error on each line javac
 * reports; where it accepts one, check must report no error at all.
 */
const IMPORTS = `import io.agentscope.core.ReActAgent;
import io.agentscope.core.agent.Agent;
import io.agentscope.core.agent.RuntimeContext;
import io.agentscope.core.event.AgentEvent;
import io.agentscope.core.message.*;
import io.agentscope.core.middleware.MiddlewareBase;
import io.agentscope.core.permission.PermissionMode;
import io.agentscope.core.rag.model.Document;
import io.agentscope.core.tool.*;
import io.agentscope.harness.agent.HarnessAgent;
import java.util.ArrayList;
import java.util.List;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
`;

interface Case {
  name: string;
  /** the body of the file after the imports; the class is named after the case */
  body: string;
  /** does javac reject it (checked against javac) */
  bad: boolean;
}

const CASES: Case[] = [
  // `new` of a type the code cannot instantiate: no public constructor (a builder's product), only
  // protected ones, an enum, an interface, an abstract class
  { name: 'NoCtor', bad: true, body: 'class NoCtor {\n  Object a = new ReActAgent();\n  Object b = new RuntimeContext();\n  Object c = new HarnessAgent();\n}' },
  { name: 'ProtectedCtor', bad: true, body: 'class ProtectedCtor {\n  Object m = new Msg();\n}' },
  { name: 'NewEnum', bad: true, body: 'class NewEnum {\n  Object m = new PermissionMode();\n}' },
  { name: 'NewInterface', bad: true, body: 'class NewInterface {\n  Object a = new Agent();\n  Object t = new AgentTool();\n}' },
  { name: 'NewAbstract', bad: true, body: 'class NewAbstract {\n  Object e = new AgentEvent();\n}' },
  {
    name: 'NewOk',
    bad: false,
    body: 'class NewOk {\n  Object t = new Toolkit();\n  Object b = ReActAgent.builder();\n  Object m = new MiddlewareBase() { };\n  Object l = new ArrayList<Msg>();\n}',
  },
  // type arguments on a type that declares none
  { name: 'TypeArgs', bad: true, body: 'class TypeArgs {\n  Msg<String> m;\n  List<RuntimeContext<String>> cs;\n  Object f(Toolkit<Msg> t) { return t; }\n}' },
  { name: 'TypeArgsOk', bad: false, body: 'class TypeArgsOk {\n  List<Msg> m = new ArrayList<>();\n  Mono<Msg> r;\n}' },
  // extends an interface, implements a class, extends a final class
  { name: 'ExtendsInterface', bad: true, body: 'abstract class ExtendsInterface extends MiddlewareBase {\n}' },
  { name: 'ImplementsClass', bad: true, body: 'abstract class ImplementsClass implements ToolBase {\n}' },
  { name: 'ExtendsFinal', bad: true, body: 'class ExtendsFinal extends TextBlock {\n}' },
  { name: 'InterfaceExtendsClass', bad: true, body: 'interface InterfaceExtendsClass extends ToolBase {\n}' },
  { name: 'SupertypesOk', bad: false, body: 'abstract class SupertypesOk implements MiddlewareBase, AgentTool {\n}\nabstract class SupertypesOk2 extends ToolBase {\n  SupertypesOk2() { super(ToolBase.builder().name("x")); }\n}' },
  // a publisher (the result of an AgentScope call) assigned to an array or a primitive
  { name: 'PublisherToArray', bad: true, body: 'class PublisherToArray {\n  void f(ReActAgent agent, Msg msg) {\n    Msg[] all = agent.call(msg);\n    int n = agent.call(msg);\n  }\n}' },
  // a publisher (Reactor's classes, whose supertypes are known) is no List: the .block() forgotten
  { name: 'PublisherToList', bad: true, body: 'class PublisherToList {\n  void f(ReActAgent agent, Msg msg) {\n    List<Msg> all = agent.call(msg);\n  }\n}' },
  { name: 'PublisherOk', bad: false, body: 'class PublisherOk {\n  void f(ReActAgent agent, Msg msg, Document d) {\n    Mono<Msg> r = agent.call(msg);\n    double[] v = d.getEmbedding();\n    Object o = agent.call(msg);\n    org.reactivestreams.Publisher<Msg> p = agent.call(msg);\n    reactor.core.CorePublisher<Msg> c = agent.call(msg);\n  }\n}' },
  // generics are invariant: a variable whose written type has other type arguments than the parameter's
  { name: 'Invariance', bad: true, body: 'class Invariance {\n  List<String> field = new ArrayList<>();\n  void f(ReActAgent agent) {\n    List<String> names = new ArrayList<>();\n    agent.call(names);\n    agent.call(field);\n  }\n}' },
  {
    name: 'InvarianceOk',
    bad: false,
    body: 'class InvarianceOk {\n  @SuppressWarnings({"rawtypes", "unchecked"})\n  void f(ReActAgent agent, List raw, ArrayList<Msg> sub) {\n    List<Msg> ms = new ArrayList<>();\n    agent.call(ms);\n    agent.call(raw);\n    agent.call(sub);\n    var inferred = new ArrayList<Msg>();\n    agent.call(inferred);\n    agent.call(List.of());\n  }\n}',
  },
  // a checked exception an AgentScope method or constructor declares, neither caught nor declared
  {
    name: 'Unreported',
    bad: true,
    body: 'class Unreported {\n  Unreported() {\n    new io.agentscope.core.skill.repository.ClasspathSkillRepository("skills");\n  }\n  String f(String path) {\n    return io.agentscope.core.formatter.MediaUtils.fileToBase64(path);\n  }\n  void g(io.agentscope.harness.agent.sandbox.Sandbox s) {\n    s.start();\n  }\n  void h(io.agentscope.core.model.transport.HttpTransport t, io.agentscope.core.model.transport.HttpRequest r) {\n    t.execute(r);\n  }\n  void k(java.nio.file.Path p) {\n    new io.agentscope.core.skill.repository.ClasspathSkillRepository("skills", p.getFileName().toString());\n  }\n  Runnable r = new Runnable() {\n    public void run() {\n      io.agentscope.core.formatter.MediaUtils.fileToBase64("x");\n    }\n  };\n}',
  },
  // a third-party checked exception an AgentScope method declares (Nacos's, as its jar has it)
  {
    name: 'NacosUnreported',
    bad: true,
    body: 'class NacosUnreported {\n  Object f(java.util.Properties p) {\n    return io.agentscope.core.nacos.a2a.registry.NacosAgentRegistry.builder(p);\n  }\n  Object g(java.util.Properties p) throws Exception {\n    return io.agentscope.core.nacos.a2a.registry.NacosAgentRegistry.builder(p);\n  }\n}',
  },
  {
    name: 'ReportedOk',
    bad: false,
    body: 'class ReportedOk {\n  String f(String p) throws java.io.IOException {\n    return io.agentscope.core.formatter.MediaUtils.fileToBase64(p);\n  }\n  String g(String p) {\n    try {\n      return io.agentscope.core.formatter.MediaUtils.fileToBase64(p);\n    } catch (Exception e) {\n      return "";\n    }\n  }\n  java.util.concurrent.Callable<String> c = () -> io.agentscope.core.formatter.MediaUtils.fileToBase64("x");\n  void h(io.agentscope.harness.agent.sandbox.Sandbox s) throws Exception {\n    s.start();\n  }\n}',
  },
  // a variable of an AgentScope supertype initializing a local of a subtype: the cast removed
  { name: 'Downcast', bad: true, body: 'class Downcast {\n  void f(ContentBlock block, Msg msg) {\n    ToolUseBlock use = block;\n    TextBlock text = msg;\n  }\n}' },
  { name: 'DowncastOk', bad: false, body: 'class DowncastOk {\n  void f(ContentBlock block, ToolUseBlock use) {\n    ToolUseBlock u = (ToolUseBlock) block;\n    ContentBlock up = use;\n    Object o = block;\n  }\n}' },
  // a misspelled constant in a switch on an AgentScope enum
  {
    name: 'EnumCase',
    bad: true,
    body: 'class EnumCase {\n  String f(PermissionMode m) {\n    switch (m) {\n      case DONTASK:\n        return "a";\n      default:\n        return "b";\n    }\n  }\n  String g(PermissionMode m) {\n    return switch (m) {\n      case DEFAULTS -> "x";\n      default -> "y";\n    };\n  }\n}',
  },
  {
    name: 'EnumCaseOk',
    bad: false,
    body: 'class EnumCaseOk {\n  String f(PermissionMode m) {\n    switch (m) {\n      case DONT_ASK:\n        return "a";\n      default:\n        return "b";\n    }\n  }\n  String g(PermissionMode m) {\n    return switch (m) {\n      case DEFAULT -> "x";\n      default -> "y";\n    };\n  }\n}',
  },
  // a cast removed from a JDK container's element (the list's type is written, so its element type is exact)
  {
    name: 'ElementDowncast',
    bad: true,
    body: 'class ElementDowncast {\n  void f(Msg msg, List<ContentBlock> blocks, java.util.Map<String, ContentBlock> byId) {\n    ToolUseBlock a = blocks.get(0);\n    ToolUseBlock b = msg.getContent().get(0);\n    ToolUseBlock c = blocks.stream().filter(x -> x != null).findFirst().orElse(null);\n    ToolUseBlock d = byId.get("k");\n  }\n}',
  },
  {
    name: 'ElementDowncastOk',
    bad: false,
    body: 'class ElementDowncastOk {\n  void f(Msg msg, List<ContentBlock> blocks, List<? extends TextBlock> texts, List<Msg> msgs) {\n    ContentBlock a = blocks.get(0);\n    Object b = msg.getContent().get(0);\n    ToolUseBlock c = (ToolUseBlock) blocks.get(0);\n    TextBlock d = texts.get(0);\n    Msg e = msgs.stream().filter(m -> m != null).findFirst().orElse(null);\n    var all = blocks;\n    ContentBlock g = all.get(0);\n  }\n}',
  },
  // a cast that picked the overload removed from a null: no overload is more specific than the others
  {
    name: 'AmbiguousNull',
    bad: true,
    body: 'class AmbiguousNull {\n  void f(ReActAgent agent, Msg msg, io.agentscope.core.agent.StreamOptions options) {\n    agent.interrupt(null);\n    ReActAgent.builder().model(null);\n    agent.stream(List.of(msg), options, null).blockLast();\n  }\n}',
  },
  // a JDK type is no third-party type: `stream(List<Msg>, StreamOptions, JsonNode)` does not take a Map
  { name: 'JdkForThirdParty', bad: true, body: 'class JdkForThirdParty {\n  void f(ReActAgent agent, List<Msg> msgs, io.agentscope.core.agent.StreamOptions options, java.util.Map<String, Object> map) {\n    agent.stream(msgs, options, map).blockLast();\n  }\n}' },
  { name: 'AmbiguousNullOk', bad: false, body: 'class AmbiguousNullOk {\n  void f(ReActAgent agent, Msg msg) {\n    agent.interrupt((Msg) null);\n    agent.interrupt(msg);\n    ReActAgent.builder().model((String) null);\n    agent.interrupt();\n  }\n}' },
  // a static call whose type was left out: no enclosing class declares or inherits the method
  {
    name: 'Unqualified',
    bad: true,
    body: 'class Unqualified {\n  Object a() {\n    return builder();\n  }\n  Object b() {\n    return ToolResultBlock.text("x").withState(valueOf("SUCCESS"));\n  }\n  static class Inner {\n    Msg m() {\n      return builder().textContent("x").build();\n    }\n  }\n  MiddlewareBase mw = new MiddlewareBase() {\n    Object helper() {\n      return text("x");\n    }\n  };\n}\n// an interface\'s static method is not inherited\nabstract class UnqualifiedStatic implements io.agentscope.harness.agent.filesystem.AbstractFilesystem {\n  void f(String p) {\n    validatePath(p);\n  }\n}',
  },
  {
    name: 'UnqualifiedOk',
    bad: false,
    body: 'abstract class UnqualifiedOk extends ToolBase {\n  UnqualifiedOk() {\n    super(builder().name("x"));\n  }\n  String a() {\n    return getName() + own() + toString();\n  }\n  static String own() {\n    return "o";\n  }\n  class Inner {\n    String b() {\n      return own() + getDescription();\n    }\n  }\n  Thread t = new Thread() {\n    public void run() {\n      setName("t");\n    }\n  };\n}\nenum UnqualifiedEnum {\n  A;\n  Object all() {\n    return values();\n  }\n}\nrecord UnqualifiedRecord(int n) {\n  int twice() {\n    return n() * 2;\n  }\n}\ninterface UnqualifiedIface {\n  String name();\n  default String hello() {\n    return "hi " + name();\n  }\n}\nabstract class UnqualifiedStaticOk implements io.agentscope.harness.agent.filesystem.AbstractFilesystem {\n  void f(String p) {\n    io.agentscope.harness.agent.filesystem.AbstractFilesystem.validatePath(p);\n  }\n}',
  },
  // calls on what Mockito hands back: verify(mock), doReturn(..).when(mock), mock(X.class), a captor's value
  {
    name: 'MockitoTyped',
    bad: true,
    body: 'import static org.mockito.Mockito.*;\nimport static org.mockito.ArgumentMatchers.any;\nimport org.mockito.ArgumentCaptor;\nimport org.mockito.Mockito;\n\nclass MockitoTyped {\n  void f(ReActAgent agent, Toolkit toolkit, ArgumentCaptor<Msg> captor, Msg msg) {\n    verify(agent).cal(any(Msg.class));\n    verify(toolkit, times(2)).registerTool();\n    doReturn(null).when(agent).interupt();\n    mock(Toolkit.class).registerTol(msg);\n    String s = captor.getValue().getTextContnet();\n    inOrder(agent).verify(agent).interupt(msg);\n    Mockito.verify(toolkit).registerTools(msg);\n  }\n}',
  },
  {
    name: 'MockitoTypedOk',
    bad: false,
    body: 'import static org.mockito.Mockito.*;\nimport static org.mockito.ArgumentMatchers.*;\nimport org.mockito.ArgumentCaptor;\nimport org.mockito.Mockito;\n\nclass MockitoTypedOk {\n  void f(ReActAgent agent, Toolkit toolkit, ArgumentCaptor<Msg> captor, Msg msg) {\n    verify(agent).interrupt(any(Msg.class));\n    verify(agent, times(1)).interrupt(msg);\n    verify(toolkit, never()).registerTool(any());\n    doNothing().when(toolkit).registerTool(any());\n    doThrow(new IllegalStateException()).when(agent).interrupt();\n    Toolkit t = mock(Toolkit.class);\n    t.registerTool(new Object());\n    String s = captor.getValue().getTextContent();\n    List<Msg> all = captor.getAllValues();\n    lenient().doReturn(null).when(agent).interrupt();\n    inOrder(agent).verify(agent).interrupt();\n    Mockito.verify(toolkit).registerTool(msg);\n  }\n}',
  },
  // Mockito's any() (and isNull()) fit every reference type, as a null does: an overload choice they leave open is ambiguous
  {
    name: 'MatcherAmbiguous',
    bad: true,
    body: "import static org.mockito.Mockito.*;\nimport static org.mockito.ArgumentMatchers.*;\n\nclass MatcherAmbiguous {\n  void f(ReActAgent agent, Msg msg) {\n    when(agent.call(anyList(), any())).thenReturn(Mono.just(msg));\n    when(agent.call(anyString(),\n        any())).thenReturn(Mono.empty());\n    verify(agent, never()).interrupt(any());\n    verify(agent).call(List.of(msg), isNull());\n  }\n}",
  },
  {
    name: 'MatcherAmbiguousOk',
    bad: false,
    body: "import static org.mockito.Mockito.*;\nimport static org.mockito.ArgumentMatchers.*;\nimport org.mockito.ArgumentMatchers;\n\nclass MatcherAmbiguousOk {\n  void f(ReActAgent agent, Msg msg, Toolkit toolkit) {\n    when(agent.call(anyList(), any(RuntimeContext.class))).thenReturn(Mono.just(msg));\n    when(agent.call(anyString(), (RuntimeContext) any())).thenReturn(Mono.empty());\n    verify(agent, never()).interrupt(any(Msg.class));\n    verify(agent).interrupt(ArgumentMatchers.<Msg>any());\n    verify(agent).call(List.of(msg), isNull(RuntimeContext.class));\n    verify(toolkit).registerTool(any());\n    verify(toolkit).registerTool(notNull());\n    doReturn(Mono.just(msg)).when(agent).call(anyList(), any(RuntimeContext.class));\n  }\n}",
  },
  // a variable-arity overload (call(Msg...)) is tried only when no fixed-arity one applies: a null
  // both call(Msg, Class<?>) and call(Msg, JsonNode) accept is still ambiguous
  {
    name: 'NullBesideVarargs',
    bad: true,
    body: 'class NullBesideVarargs {\n  void f(ReActAgent agent, Msg m, List<Msg> msgs) {\n    Msg r = agent.call(Msg.builder().textContent("test").build(), null).block();\n    agent.call(m, null).subscribe();\n  }\n}',
  },
  {
    name: 'NullBesideVarargsOk',
    bad: false,
    body: 'class NullBesideVarargsOk {\n  void f(ReActAgent agent, Msg m, Object o) {\n    agent.call(m, m).subscribe();\n    agent.call(m, (Class<?>) null).subscribe();\n    agent.call(m).subscribe();\n    agent.call(m, m, null).subscribe();\n  }\n}',
  },
  // a stubbing's value: when(call).thenReturn(v) takes a value of the stubbed call's result type
  {
    name: 'StubbedValue',
    bad: true,
    body: "import static org.mockito.Mockito.*;\nimport static org.mockito.ArgumentMatchers.*;\nimport static org.mockito.BDDMockito.given;\n\nclass StubbedValue {\n  void f(ReActAgent agent, Msg msg, RuntimeContext ctx) {\n    when(agent.call(List.of(msg), ctx)).thenReturn(Mono.just(\"reply\"));\n    when(agent.call(\"hi\", ctx))\n        .thenReturn(\n            agent.stream(List.of(msg), null, ctx));\n    when(agent.getName()).thenReturn(42);\n    given(agent.getName()).willReturn(msg);\n    when(agent.stream(List.of(msg), null, ctx)).thenThrow(new IllegalStateException()).thenReturn(Flux.just(msg));\n  }\n}",
  },
  {
    name: 'StubbedValueOk',
    bad: false,
    body: "import static org.mockito.Mockito.*;\nimport static org.mockito.ArgumentMatchers.*;\nimport static org.mockito.BDDMockito.given;\n\nclass StubbedValueOk {\n  void f(ReActAgent agent, Msg msg, RuntimeContext ctx, Mono<Msg> reply) {\n    when(agent.call(List.of(msg), ctx)).thenReturn(Mono.just(msg));\n    when(agent.call(\"hi\", ctx)).thenReturn(Mono.empty()).thenReturn(reply);\n    when(agent.call(\"again\", ctx)).thenReturn(agent.call(\"hi\", ctx));\n    when(agent.call(\"none\", ctx)).thenReturn(null);\n    when(agent.getName()).thenReturn(\"name\");\n    given(agent.getName()).willReturn(\"name\");\n    when(agent.stream(List.of(msg), null, ctx)).thenReturn(Flux.empty());\n    doReturn(Mono.just(\"anything\")).when(agent).call(\"hi\", ctx);\n  }\n}",
  },
  // map(lambda) assigned: javac infers R from the target and the lambda's body together
  {
    name: 'MappedTarget',
    bad: true,
    body: "class MappedTarget {\n  void f(ReActAgent agent, List<Msg> msgs, RuntimeContext ctx, Flux<AgentEvent> events, Mono<Msg> reply) {\n    Mono<String> text = agent.call(msgs, ctx).map(m -> m);\n    Mono<ToolUseBlock> use = reply.map(m -> m.getContent());\n    Flux<Msg> same = events.map(e -> e);\n    java.util.Optional<Msg> first = msgs.stream().map(m -> m.getTextContent()).findFirst();\n    List<ToolUseBlock> uses = msgs.stream().map(m -> m).toList();\n    java.util.Optional<Object> o = msgs.stream().findFirst();\n  }\n}",
  },
  {
    name: 'MappedTargetOk',
    bad: false,
    body: "class MappedTargetOk {\n  void f(ReActAgent agent, List<Msg> msgs, RuntimeContext ctx, Flux<AgentEvent> events, Mono<Msg> reply) {\n    Mono<String> text = agent.call(msgs, ctx).map(m -> m.getTextContent());\n    Mono<Object> any = reply.map(m -> m);\n    Mono<List<ContentBlock>> content = reply.map(m -> m.getContent());\n    Flux<AgentEvent> same = events.map(e -> e);\n    Flux<String> names = events.map(e -> e.toString());\n    java.util.Optional<String> first = msgs.stream().map(m -> m.getTextContent()).findFirst();\n    List<Msg> all = msgs.stream().map(m -> m).toList();\n    Mono<String> t2 = reply.map(Msg::getTextContent);\n    java.util.Optional<Msg> one = msgs.stream().findFirst();\n    java.util.Optional<? extends Object> o = msgs.stream().findFirst();\n    java.util.Collection<Msg> c = msgs.stream().toList();\n  }\n}",
  },
  // a method's return is an assignment context: the same judgments as a local's initializer
  {
    name: 'ReturnedValue',
    bad: true,
    body: "abstract class ReturnedValue implements AgentTool {\n  ReActAgent agent;\n  RuntimeContext ctx;\n  @Override\n  public Mono<ToolResultBlock> callAsync(ToolCallParam p) {\n    return agent.call(\"hi\", ctx).map(m -> m.getContent());\n  }\n  Mono<String> reply(List<Msg> msgs) {\n    return agent.call(msgs, ctx);\n  }\n  java.util.Optional<Msg> first(List<Msg> msgs) {\n    return msgs.stream().map(m -> m.getTextContent()).findFirst();\n  }\n  Flux<Msg> events(List<Msg> msgs) {\n    return agent.stream(msgs, io.agentscope.core.agent.StreamOptions.defaults(), ctx);\n  }\n}",
  },
  {
    name: 'ReturnedValueOk',
    bad: false,
    body: "abstract class ReturnedValueOk implements AgentTool {\n  ReActAgent agent;\n  RuntimeContext ctx;\n  @Override\n  public Mono<ToolResultBlock> callAsync(ToolCallParam p) {\n    return agent.call(\"hi\", ctx).map(m -> ToolResultBlock.text(m.getTextContent()));\n  }\n  Mono<Msg> reply(List<Msg> msgs) {\n    return agent.call(msgs, ctx);\n  }\n  java.util.Optional<String> first(List<Msg> msgs) {\n    return msgs.stream().map(m -> m.getTextContent()).findFirst();\n  }\n  org.reactivestreams.Publisher<io.agentscope.core.agent.Event> events(List<Msg> msgs) {\n    return agent.stream(msgs, io.agentscope.core.agent.StreamOptions.defaults(), ctx);\n  }\n  Object any(List<Msg> msgs) {\n    return agent.call(msgs, ctx);\n  }\n  <T> Mono<T> generic(Mono<T> m) {\n    return m.map(x -> x);\n  }\n}",
  },
  // a String, a box or a primitive is never an AgentScope type: returned, assigned or cast;
  // and a void method returns no ToolResultBlock
  {
    name: 'JdkValue',
    bad: true,
    body: "class JdkValue {\n  Msg reply() {\n    return \"done\";\n  }\n  Msg sum(int a, int b) {\n    return \"sum \" + (a + b);\n  }\n  Msg echo(String text) {\n    return text;\n  }\n  void tool() {\n    return ToolResultBlock.text(\"x\");\n  }\n  void named(String city) {\n    return \"sunny in \" + city;\n  }\n  void f(String event, int n) {\n    Msg m = \"hi\";\n    String t = \"z\";\n    Msg copy = t;\n    ToolResultBlock r = n;\n    Object e = (io.agentscope.core.event.ToolResultStartEvent) event;\n  }\n}",
  },
  {
    name: 'JdkValueOk',
    bad: false,
    body: "class JdkValueOk {\n  Object reply() {\n    return \"done\";\n  }\n  String sum(int a, int b) {\n    return \"sum \" + (a + b);\n  }\n  <T> T same(T t) {\n    return t;\n  }\n  void tool(List<String> xs) {\n    java.util.concurrent.Callable<ToolResultBlock> c = () -> {\n      return ToolResultBlock.text(\"y\");\n    };\n    Object o = new Object() {\n      ToolResultBlock g() {\n        return ToolResultBlock.text(\"z\");\n      }\n    };\n    xs.forEach(x -> {\n      return;\n    });\n  }\n  void f(String event, Object o, int n) {\n    Msg m = Msg.builder().textContent(\"hi \" + n).build();\n    CharSequence c = \"z\";\n    Object x = (Object) event;\n    Msg back = (Msg) o;\n    long wide = n;\n    String s = 'a' + \"b\";\n  }\n}",
  },
  // lambda parameters and chains through Reactor's element-keeping operators and reactor-test's StepVerifier
  {
    name: 'ReactorTyped',
    bad: true,
    body: 'import reactor.test.StepVerifier;\nimport reactor.core.scheduler.Schedulers;\n\nclass ReactorTyped {\n  void f(ReActAgent agent, Msg msg, Flux<AgentEvent> events) {\n    StepVerifier.create(agent.call(msg)).assertNext(m -> m.getTextContnet()).verifyComplete();\n    StepVerifier.create(agent.call(msg).subscribeOn(Schedulers.boundedElastic())).expectNextMatches(m -> m.hasContnet()).verifyComplete();\n    events.subscribeOn(Schedulers.parallel()).take(3).filter(e -> e != null).map(e -> e.getDelta()).blockLast();\n    agent.call(msg).timeout(java.time.Duration.ofSeconds(1)).block().getTextContnet();\n    java.util.concurrent.atomic.AtomicReference<Msg> seen = new java.util.concurrent.atomic.AtomicReference<>(msg);\n    seen.get().getTextContnet();\n    agent.call(msg).toFuture().join().getTextContnet();\n  }\n}',
  },
  {
    name: 'ReactorTypedOk',
    bad: false,
    body: 'import reactor.test.StepVerifier;\nimport reactor.core.scheduler.Schedulers;\n\nclass ReactorTypedOk {\n  void f(ReActAgent agent, Msg msg, Flux<Msg> msgs) {\n    StepVerifier.create(agent.call(msg)).assertNext(m -> m.getTextContent()).verifyComplete();\n    StepVerifier.create(msgs.collectList()).assertNext(l -> l.get(0).getTextContent()).expectComplete().verify();\n    StepVerifier.create(msgs).expectNextMatches(m -> m.getTextContent() != null).expectNextCount(2).thenConsumeWhile(m -> true).verifyComplete();\n    msgs.subscribeOn(Schedulers.parallel()).take(3).doOnNext(m -> m.getTextContent()).next().map(Msg::getTextContent).block();\n    String s = agent.call(msg).timeout(java.time.Duration.ofSeconds(1)).block().getTextContent();\n    java.util.concurrent.atomic.AtomicReference<Msg> seen = new java.util.concurrent.atomic.AtomicReference<>(msg);\n    String t = seen.get().getTextContent() + seen.updateAndGet(m -> m).getTextContent();\n    String u = agent.call(msg).toFuture().join().getTextContent() + agent.call(msg).toFuture().thenApply(m -> m.getTextContent()).join();\n  }\n}',
  },
  // an AgentScope interface that extends a JDK functional interface (Prompter is a Function): its members are known
  {
    name: 'FunctionalSuper',
    bad: true,
    body: 'import io.agentscope.harness.agent.skill.curator.LocalApprovalGate;\nimport io.agentscope.harness.agent.skill.curator.SkillCandidate;\nimport io.agentscope.harness.agent.skill.curator.SkillPromotionGate;\nimport java.util.concurrent.CompletableFuture;\n\nclass FunctionalSuper {\n  Object p = new LocalApprovalGate.Prompter() {\n    @Override\n    public CompletableFuture<SkillPromotionGate.PromotionDecision> aply(SkillCandidate c) {\n      return null;\n    }\n  };\n}',
  },
  {
    name: 'FunctionalSuperOk',
    bad: false,
    body: 'import io.agentscope.harness.agent.skill.curator.LocalApprovalGate;\nimport io.agentscope.harness.agent.skill.curator.SkillCandidate;\nimport io.agentscope.harness.agent.skill.curator.SkillPromotionGate;\nimport java.util.concurrent.CompletableFuture;\n\nclass FunctionalSuperOk {\n  LocalApprovalGate.Prompter p = new LocalApprovalGate.Prompter() {\n    @Override\n    public CompletableFuture<SkillPromotionGate.PromotionDecision> apply(SkillCandidate c) {\n      return null;\n    }\n  };\n  Object q = p.andThen(f -> f).compose(c -> (SkillCandidate) c);\n  LocalApprovalGate.Prompter r = c -> null;\n}',
  },
  // map(lambda) written as a receiver: its result's element type is the lambda body's (javac infers it from the body alone)
  {
    name: 'MappedChain',
    bad: true,
    body: 'import io.agentscope.core.event.TextBlockDeltaEvent;\n\nclass MappedChain {\n  void f(List<ContentBlock> blocks, List<Msg> msgs, Flux<AgentEvent> events) {\n    ToolUseBlock u = blocks.stream().map(b -> b).findFirst().orElse(null);\n    msgs.stream().map(m -> m.getContent()).findFirst().get().get(0).getTxt();\n    events.map(e -> (TextBlockDeltaEvent) e).map(d -> d.getDelt()).blockLast();\n  }\n}',
  },
  {
    name: 'MappedChainOk',
    bad: false,
    body: 'import io.agentscope.core.event.TextBlockDeltaEvent;\n\nclass MappedChainOk {\n  void f(List<ContentBlock> blocks, List<Msg> msgs, Flux<AgentEvent> events) {\n    ContentBlock c = blocks.stream().map(b -> b).findFirst().orElse(null);\n    String t = msgs.stream().map(m -> m.getTextContent()).findFirst().orElse("");\n    java.util.stream.Stream<Object> so = msgs.stream().map(m -> m);\n    List<Object> all = msgs.stream().map(m -> (Object) m).filter(o -> o != null).toList();\n    String d = events.map(e -> (TextBlockDeltaEvent) e).map(x -> x.getDelta()).blockLast();\n    Object first = msgs.stream().map(m -> m.getContent()).findFirst().get().get(0);\n  }\n}',
  },
];

const made: string[] = [];
afterAll(() => made.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('mistakes an independent mutation study found, javac deciding each', () => {
  test('check reports an error on every line javac reports, and nothing where javac accepts', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'as-mut-indep-'));
    made.push(dir);
    const dep = (a: string) => `<dependency><groupId>io.agentscope</groupId><artifactId>${a}</artifactId><version>2.0.2</version></dependency>`;
    writeFileSync(join(dir, 'pom.xml'), `<project><modelVersion>4.0.0</modelVersion><groupId>m</groupId><artifactId>m</artifactId><version>1</version><dependencies>${dep('agentscope-core')}${dep('agentscope-harness')}${dep('agentscope-extensions-nacos-a2a')}<dependency><groupId>org.mockito</groupId><artifactId>mockito-core</artifactId><version>5.14.2</version></dependency><dependency><groupId>io.projectreactor</groupId><artifactId>reactor-test</artifactId><version>3.8.4</version></dependency></dependencies></project>`);
    const cp = await mavenClasspath(dir);

    const pkgDir = join(dir, 'src', 'com', 'example', 'mut');
    mkdirSync(pkgDir, { recursive: true });
    const files = CASES.map((c) => ({ path: join(pkgDir, `${c.name}.java`), content: `package com.example.mut;\n${IMPORTS}\n${c.body}\n`, c }));
    for (const f of files) writeFileSync(f.path, f.content);
    // javac's flow phase (unreported exceptions) runs only while no error has been reported (an
    // attribution error, or another class's flow error), and check reports AS017 only then too:
    // those cases are compiled and checked each on its own
    const flow = new Set(['Unreported', 'ReportedOk', 'NacosUnreported']);
    const byName = (n: string) => files.find((f) => f.c.name === n)!;
    const accepted = (n: string) => ({ ...byName(n), c: { ...byName(n).c, bad: false } });
    // and after another file's error neither javac nor check reports the unreported exception
    for (const batch of [files.filter((f) => !flow.has(f.c.name)), ...files.filter((f) => flow.has(f.c.name)).map((f) => [f]), [byName('NoCtor'), accepted('Unreported')]]) {
      const javac = await execa('javac', ['-d', join(dir, 'out'), '-cp', cp, '-Xmaxerrs', '10000', '-proc:none', ...batch.map((f) => f.path)], { reject: false, all: true });
      const errors = [...(javac.all ?? '').matchAll(/^(.+\.java):(\d+): error: (.*)$/gm)].map((m) => ({ file: m[1], line: Number(m[2]), msg: m[3] }));
      const findings = (await checkSources(batch, loadInventory('2.0.2'))).filter((f) => f.severity === 'error');
      for (const f of batch) {
        const je = errors.filter((e) => e.file === f.path);
        const ce = findings.filter((x) => x.file === f.path);
        expect(je.length > 0, `${f.c.name}: javac ${je.length ? 'rejects' : 'accepts'} it: ${je.map((e) => `${e.line}: ${e.msg}`).join('; ')}`).toBe(f.c.bad);
        const missed = je.filter((e) => !ce.some((x) => x.line === e.line));
        expect(missed.map((e) => `${f.c.name}:${e.line} ${e.msg}`), `check: ${ce.map((x) => `${x.line} ${x.rule} ${x.message}`).join('; ')}`).toEqual([]);
        const extra = ce.filter((x) => !je.some((e) => e.line === x.line));
        expect(extra.map((x) => `${f.c.name}:${x.line} ${x.rule} ${x.message}`)).toEqual([]);
      }
    }
    // two files with unreported exceptions: javac reports only the first one it reaches, which the
    // build's file order decides, so check reports neither
    const pair = [byName('Unreported'), byName('NacosUnreported')];
    for (const order of [pair, [...pair].reverse()]) {
      const javac = await execa('javac', ['-d', join(dir, 'out'), '-cp', cp, '-Xmaxerrs', '10000', '-proc:none', ...order.map((f) => f.path)], { reject: false, all: true });
      const erroneous = new Set([...(javac.all ?? '').matchAll(/^(.+\.java):\d+: error: /gm)].map((m) => m[1]));
      expect([...erroneous]).toEqual([order[0].path]);
    }
    expect((await checkSources(pair, loadInventory('2.0.2'))).filter((f) => f.severity === 'error')).toEqual([]);
  }, 300_000);
});
