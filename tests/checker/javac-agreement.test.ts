import { afterAll, describe, expect, test } from 'vitest';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execa } from 'execa';
import { checkSources } from '../../src/checker/index.js';
import { FIXTURES, realInventory } from './helpers.js';
import { mavenClasspath } from '../support/maven-classpath.js';

/**
 * Agreement with javac: a small Maven project on the 2.0.0 API (tests/fixtures/checker/javac-project)
 * plus deliberately broken AgentScope calls, one per file. Every javac error (all of them are on an
 * io.agentscope reference) must also be an error finding of `check` on the same file and line.
 */
const IMPORTS = `import io.agentscope.core.ReActAgent;
import io.agentscope.core.agent.Agent;
import io.agentscope.core.agent.RuntimeContext;
import io.agentscope.core.event.AgentEvent;
import io.agentscope.core.event.ConfirmResult;
import io.agentscope.core.message.*;
import io.agentscope.core.middleware.MiddlewareBase;
import io.agentscope.core.middleware.ModelCallInput;
import io.agentscope.core.permission.*;
import io.agentscope.core.tool.*;
import io.agentscope.core.tool.mcp.McpClientBuilder;
import io.agentscope.core.tool.mcp.McpClientWrapper;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
`;

const STATEMENTS = [
  'ToolResultBlock r = ToolResultBlock.success("done");',
  'McpClientWrapper c = McpClientBuilder.streamableHttp().build();',
  'Object rules = tc.getSuggestedRules();',
  'ConfirmResult r = new ConfirmResult(false, tc, null, "not reviewed");',
  'ToolResultState s = ToolResultState.DONE;',
  'RuntimeContext ctx = RuntimeContext.builder().userid("alice").build();',
  'toolkit.registration().mcpClient(w).mcpToolNamePrefix("mcp__a__").apply();',
  'McpClientBuilder b = McpClientBuilder.create("a", "b");',
  'Msg m = Msg.builder().textContnt("x").build();',
  'ToolResultBlock r = ToolResultBlock.text("a").withStat(ToolResultState.SUCCESS);',
  'PermissionMode mode = PermissionMode.DONTASK;',
  'io.agentscope.core.message.Msgg m = null;',
  'events.map(e -> e.getTypo()).subscribe();',
  'var builder = ReActAgent.builder().nam("assistant");',
  'Toolkit t = new Toolkit(1, 2, 3);',
  'String id = tc.getIdentifier();',
  'ToolResultBlock r = ToolResultBlock.text("a", "b");',
  'Mono<Msg> reply = agent.call(List.of(), RuntimeContext.builder().build()).map(x -> x.getTextContnt());',
  'PermissionContextState p = PermissionContextState.builder().addAllowRul("t", null).build();',
  'Msg.Buildr b = null;',
];

const CLASSES = [
  `${IMPORTS}\nimport io.agentscope.core.message.ToolResult;\npublic class C0 {}\n`,
  `${IMPORTS}\npublic class C1 implements MiddlewareBase {\n  @Override\n  public Flux<AgentEvent> onModelCall(Agent agent, ModelCallInput input, Function<ModelCallInput, Flux<AgentEvent>> next) {\n    return next.apply(input);\n  }\n}\n`,
  `${IMPORTS}\npublic abstract class C2 extends ToolBase {\n  C2() { super(ToolBase.builder().name("x")); }\n  @Override\n  public Mono<PermissionDecision> checkPermissions(Map<String, Object> in, ToolExecutionContext ctx) {\n    return Mono.empty();\n  }\n}\n`,
  `${IMPORTS}\npublic class C3 implements AgentTool {\n}\n`,
  `${IMPORTS}\nimport io.agentscope.core.mcp.*;\npublic class C4 {}\n`,
  // AS014: annotations on a kind of declaration their @Target does not allow, beside allowed ones (record component, parameter)
  `${IMPORTS}\npublic class C5 {\n  @Tool(name = "f", description = "d")\n  String field;\n  @Tool(name = "ok", description = "d")\n  public String ok(@ToolParam(name = "x", description = "d") String x) { return x; }\n}\n`,
  `${IMPORTS}\n@Tool(name = "t", description = "d")\npublic class C6 {}\n`,
  `${IMPORTS}\npublic class C7 {\n  @ToolParam(name = "x", description = "d")\n  public void m() {\n    @ToolParam(name = "y", description = "d") String local = "";\n  }\n  record R(@ToolParam(name = "x", description = "d") String x) {}\n}\n`,
  // AS015 (with AS004/AS005 where javac reports them too): overrides whose return type's type argument is wrong
  `${IMPORTS}\npublic class C8 implements MiddlewareBase {\n  @Override\n  public Flux<String> onModelCall(Agent agent, ModelCallInput input, Function<ModelCallInput, Flux<AgentEvent>> next) {\n    return Flux.empty();\n  }\n}\n`,
  `${IMPORTS}\npublic class C9 {\n  AgentTool tool = new AgentTool() {\n    public String getName() { return "t"; }\n    public String getDescription() { return "d"; }\n    public Map<String, Object> getParameters() { return Map.of(); }\n    public Mono<String> callAsync(ToolCallParam p) { return Mono.empty(); }\n  };\n}\n`,
  // a failed import: javac reports the import and every use of the name
  `${IMPORTS}\nimport io.agentscope.core.message.TextBlok;\npublic class C10 {\n  TextBlok first;\n  List<TextBlok> all(TextBlok b) { return List.of(b, new TextBlok()); }\n}\n`,
  // misspelled AgentScope types as expression qualifiers
  `${IMPORTS}\npublic class C11 {\n  Object a = TexBlock.builder();\n  Object b = io.agentscope.core.mesage.TextBlock.builder();\n}\n`,
  // a call whose argument is a value whose type mentions a missing type (or one computed from it) has an
  // erroneous type for javac: nothing later on the chain is reported (the misspelled `nam`/`sysPromt` calls
  // below; a JDK type written fully qualified too), while a chain through a variable of a known type, or
  // after `l.size()`, still is
  `${IMPORTS}\nimport io.agentscope.core.model.DashScopeChatModl;\nimport java.util.function.Supplier;\npublic class C12 {\n  Object a(DashScopeChatModl m) {\n    return ReActAgent.builder().model(m)\n        .nam("x")\n        .build();\n  }\n  Object b(DashScopeChatModl m) {\n    return ReActAgent.builder().sysPrompt(m.toString())\n        .nam("x");\n  }\n  Object c(DashScopeChatModl m) {\n    return ReActAgent.builder().maxIters(m.hashCode() + 1)\n        .sysPromt("x");\n  }\n  void d(DashScopeChatModl m) {\n    ReActAgent.Builder b = ReActAgent.builder();\n    b.nam("x");\n  }\n  Object e(Supplier<DashScopeChatModl> s, List<DashScopeChatModl> l) {\n    ReActAgent.builder().model(s.get())\n        .nam("x");\n    ReActAgent.builder().sysPrompt(String.valueOf(l))\n        .nam("x");\n    return ReActAgent.builder().maxIters(l.size())\n        .nam("x");\n  }\n  void f(java.util.function.Supplier<DashScopeChatModl> s) {\n    ReActAgent.builder().model(s.get())\n        .nam("x");\n  }\n}\n`,
  // a class whose superclass's import fails: javac gives the superclass no members (not even Object's),
  // so every unqualified call or variable it inherited is "cannot find symbol" (in a nested class too);
  // its own members, a pattern variable, System and fields declared later still resolve
  `${IMPORTS}\nimport io.agentscope.core.formatter.openai.OpenAIChatFormatter;\npublic class C13 extends OpenAIChatFormatter {\n  void own() {}\n  String f(Msg msg) {\n    boolean media = hasMediaContent(msg);\n    Object o = messageConverter.convertToMessage(msg, media);\n    own();\n    String s = toString();\n    if (o instanceof Msg m2) { System.out.println(m2); }\n    return s + later;\n  }\n  private String later = "";\n  static class Inner {\n    void g() { helper(); }\n  }\n}\n`,
  // ... and through `this` (the class's own members only, no Object method) or `super` (no member at all)
  `${IMPORTS}\nimport io.agentscope.core.formatter.openai.OpenAIChatFormatter;\npublic class C14 extends OpenAIChatFormatter {\n  int own;\n  void mine() {}\n  void f(Msg msg) {\n    this.mine();\n    int c = this.own;\n    this.helper(msg);\n    super.helper();\n    String b = this.toString();\n    Object d = this.converter;\n  }\n}\n`,
  // an interface whose import fails contributes nothing either; Object's methods are still found
  `${IMPORTS}\nimport io.agentscope.core.formatter.openai.OpenAIChatFormatter;\npublic class C15 implements OpenAIChatFormatter {\n  void f(Msg msg) {\n    boolean b = hasMediaContent(msg);\n    Object o = messageConverter;\n    String s = toString();\n    int h = this.hashCode();\n    this.helper();\n  }\n}\n`,
];

// files of a user package under io.agentscope (as a copy of an official example keeps): an import of an
// API type by a package it is no longer in fails for javac ("package ... does not exist"), and so does
// every use of the name
const PACKAGED = [
  {
    pkg: 'io.agentscope.demo.app',
    src: `${IMPORTS}\nimport io.agentscope.core.formatter.dashscope.DashScopeChatFormatter;\npublic class P0 {\n  Object formatter() {\n    return new DashScopeChatFormatter();\n  }\n}\n`,
  },
];

const made: string[] = [];
afterAll(() => made.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('agreement with javac on a 2.0.0 project', () => {
  test('every javac error on an io.agentscope reference is reported by check', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'as-javac-'));
    made.push(dir);
    cpSync(join(FIXTURES, 'javac-project'), dir, { recursive: true });
    const cp = await mavenClasspath(dir);

    const broken = join(dir, 'src', 'main', 'java', 'demo', 'broken');
    mkdirSync(broken, { recursive: true });
    const files: { path: string; content: string }[] = [];
    const app = join(dir, 'src', 'main', 'java', 'demo', 'App.java');
    files.push({ path: app, content: readFileSync(app, 'utf8') });
    STATEMENTS.forEach((s, i) => {
      const content = `package demo.broken;\n${IMPORTS}\npublic class B${i} {\n  void f(ReActAgent agent, Toolkit toolkit, ToolUseBlock tc, McpClientWrapper w, Flux<AgentEvent> events) {\n    ${s}\n  }\n}\n`;
      files.push({ path: join(broken, `B${i}.java`), content });
    });
    CLASSES.forEach((c, i) => files.push({ path: join(broken, `C${i}.java`), content: `package demo.broken;\n${c}` }));
    PACKAGED.forEach((c, i) => {
      const pdir = join(dir, 'src', 'main', 'java', ...c.pkg.split('.'));
      mkdirSync(pdir, { recursive: true });
      files.push({ path: join(pdir, `P${i}.java`), content: `package ${c.pkg};\n${c.src}` });
    });
    for (const f of files) writeFileSync(f.path, f.content);

    const javac = await execa('javac', ['-d', join(dir, 'out'), '-cp', cp, '-Xmaxerrs', '10000', '-proc:none', ...files.map((f) => f.path)], { reject: false, all: true });
    const errors = [...(javac.all ?? '').matchAll(/^(.+\.java):(\d+): error: (.*)$/gm)].map((m) => ({ file: m[1], line: Number(m[2]), msg: m[3] }));

    const findings = (await checkSources(files, realInventory())).filter((f) => f.severity === 'error');
    const matched = errors.filter((e) => findings.some((f) => f.file === e.file && f.line === e.line));
    const missed = errors.filter((e) => !matched.includes(e));
    const rate = errors.length ? matched.length / errors.length : 1;
    console.log(`javac agreement: ${matched.length}/${errors.length} javac errors on io.agentscope references also reported by check (${(rate * 100).toFixed(1)}%); check errors ${findings.length}`);
    for (const m of missed) console.log(`  missed: ${m.file.slice(dir.length + 1)}:${m.line} ${m.msg}`);

    // the clean application compiles and checks clean
    expect(errors.filter((e) => e.file === app)).toEqual([]);
    expect(findings.filter((f) => f.file === app)).toEqual([]);
    // every injected file really breaks javac, and check agrees on each one
    for (const f of files.slice(1)) expect(errors.some((e) => e.file === f.path), `javac accepts ${f.path}`).toBe(true);
    expect(missed.map((m) => `${m.file}:${m.line} ${m.msg}`)).toEqual([]);
    // and check reports nothing javac does not (no false alarms)
    const extra = findings.filter((f) => !errors.some((e) => e.file === f.file && e.line === f.line));
    expect(extra.map((f) => `${f.file}:${f.line} ${f.rule} ${f.message}`)).toEqual([]);
  }, 300_000);
});
