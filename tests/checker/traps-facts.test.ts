import { describe, expect, test } from 'vitest';
import { checkSources, type Finding } from '../../src/checker/index.js';
import { loadFacts, loadInventory } from '../../src/inventory/store.js';
import { linesTagged } from './helpers.js';

/**
 * The semantic-trap rules whose premises are behaviour facts of each version (inventory/<v>/facts.json,
 * read from that version's sources jars): each rule fires on a small file and stays silent on the
 * correct form beside it, and the same file checked at 2.0.0 and 2.0.2 gets exactly what each
 * version's facts imply.
 */
const TRAPS = new Set(['AS101', 'AS105', 'AS106', 'AS107', 'AS108', 'AS109', 'AS110', 'AS111'] as const);

async function traps(version: string, src: string): Promise<Finding[]> {
  const fs = await checkSources([{ path: 'src/main/java/demo/Demo.java', content: src }], loadInventory(version));
  const errors = fs.filter((f) => f.severity === 'error');
  expect(errors.map((e) => `${e.line}: ${e.rule} ${e.message}`)).toEqual([]);
  return fs.filter((f) => (TRAPS as Set<string>).has(f.rule));
}

/** `RULE line` of each finding, in order. */
const at = (fs: Finding[]) => fs.map((f) => `${f.rule} ${f.line}`);

const TOOLS = `package demo;

import io.agentscope.core.message.ToolResultBlock;
import io.agentscope.core.message.ToolResultState;
import io.agentscope.core.tool.Tool;

public class Demo {
    @Tool(name = "lookup", description = "look a key up")
    public ToolResultBlock lookup(String key) {
        if (key.isEmpty()) {
            return ToolResultBlock.error("empty key"); // error
        }
        return ToolResultBlock.text("value of " + key); // text
    }

    @Tool(name = "checked", description = "states said")
    public ToolResultBlock checked(String key) {
        if (key.isEmpty()) {
            return ToolResultBlock.error("empty key").withState(ToolResultState.ERROR);
        }
        return ToolResultBlock.text("ok").withState(ToolResultState.SUCCESS);
    }

    ToolResultBlock helper() {
        return ToolResultBlock.text("not a tool");
    }
}
`;

describe('AS101 per version, from the recorded ToolResultBlock facts', () => {
  test('the facts: text(..) leaves RUNNING in both; error(..) RUNNING in 2.0.0, ERROR passed in 2.0.2 (file:line of each)', () => {
    const state = (v: string, factory: string) => loadFacts(loadInventory(v))!.toolResultStates.find((f) => f.factory === factory && f.params.join() === 'String')!;
    expect(state('2.0.0', 'error')).toMatchObject({ state: 'RUNNING', explicit: false, at: { path: 'io/agentscope/core/message/ToolResultBlock.java', line: 57 } });
    expect(state('2.0.2', 'error')).toMatchObject({ state: 'ERROR', explicit: true, at: { path: 'io/agentscope/core/message/ToolResultBlock.java', line: 211 } });
    for (const v of ['2.0.0', '2.0.2']) expect(state(v, 'text')).toMatchObject({ state: 'RUNNING', explicit: false, at: { line: 57 } });
  });

  test('the settling facts: ReActAgent settles a RUNNING result as SUCCESS, as ERROR when its text starts with "[ERROR]"; error(..) writes "Error: "', () => {
    for (const [v, line] of [['2.0.0', 2783], ['2.0.2', 2945]] as const) {
      const facts = loadFacts(loadInventory(v))!.resultFacts!;
      expect(facts.find((f) => f.fact.startsWith('a tool result left RUNNING'))).toMatchObject({ type: 'io.agentscope.core.ReActAgent.CallExecution', value: 'SUCCESS', at: { path: 'io/agentscope/core/ReActAgent.java', line } });
      expect(facts.find((f) => f.fact.includes('as ERROR when its text starts with'))?.value).toBe('[ERROR]');
      expect(facts.find((f) => f.member === 'error')?.value).toBe('Error: ');
    }
    // 1.0.9 has no settling step: nothing recorded, so AS101 keeps its plain RUNNING reading there
    expect(loadFacts(loadInventory('1.0.9'))!.resultFacts!.some((f) => f.fact.startsWith('a tool result left RUNNING'))).toBe(false);
  });

  test('2.0.0: only error(..): left RUNNING with "Error: ..." text, the agent settles it as SUCCESS (text(..) ends SUCCESS as meant)', async () => {
    const fs = await traps('2.0.0', TOOLS);
    expect(at(fs)).toEqual([`AS101 ${linesTagged(TOOLS, 'error')[0]}`]);
    expect(fs[0].message).toContain('AgentScope 2.0.0: the constructor default, agentscope-core io/agentscope/core/message/ToolResultBlock.java:57');
    expect(fs[0].message).toContain('as SUCCESS (agentscope-core io/agentscope/core/ReActAgent.java:2783)');
    expect(fs[0].message).toContain('the failure reaches the model as a success');
    expect(fs[0].suggestion).toBe('ToolResultBlock.error(..).withState(ToolResultState.ERROR)');
  });

  test('2.0.2: nothing: error(..) passes ERROR itself and a RUNNING text(..) is settled as SUCCESS', async () => {
    const fs = await traps('2.0.2', TOOLS);
    expect(at(fs)).toEqual([]);
  });

  test('without facts (an inventory pulled before they were recorded) the rule is off', async () => {
    const fs = await checkSources([{ path: 'Demo.java', content: TOOLS }], loadInventory('2.0.0'), { facts: undefined });
    expect(fs.filter((f) => f.rule === 'AS101')).toEqual([]);
  });
});

const DROPPED = `package demo;

import io.agentscope.core.ReActAgent;
import io.agentscope.core.agent.Agent;
import io.agentscope.core.message.Msg;
import io.agentscope.core.tool.Toolkit;
import io.agentscope.core.tool.mcp.McpClientWrapper;
import reactor.core.publisher.Mono;

import static org.mockito.Mockito.*;

public class Demo {
    void wire(Toolkit toolkit, McpClientWrapper client, ReActAgent agent, Agent any, Msg msg) {
        toolkit.registerMcpClient(client); // drop
        agent.call(msg); // drop
        any.call(msg); // drop
        toolkit.registerMcpClient(client).block();
        Msg reply = agent.call(msg).block();
        agent.call(msg).subscribe();
    }

    Mono<Msg> composed(ReActAgent agent, Msg msg) {
        return agent.call(msg);
    }

    // a verification or stubbing runs nothing: the call on it is no dropped publisher
    void verified(Toolkit toolkit, McpClientWrapper client, ReActAgent agent, Msg msg) {
        verify(toolkit).registerMcpClient(client);
        verify(agent, times(2)).call(msg);
        doReturn(Mono.empty()).when(agent).call(msg);
    }
}
`;

test('AS105: a publisher of a lazy AgentScope method dropped as a statement; used ones, and calls on a Mockito verification or stubbing, are fine', async () => {
  for (const v of ['2.0.0', '2.0.2']) {
    const fs = await traps(v, DROPPED);
    expect(at(fs)).toEqual(linesTagged(DROPPED, 'drop').map((l) => `AS105 ${l}`));
    expect(fs[0].message).toMatch(new RegExp(`^Toolkit\\.registerMcpClient\\(\\.\\.\\) returns a Mono whose work waits for a subscriber \\(AgentScope ${v.replace(/\./g, '\\.')}: agentscope-core io/agentscope/core/tool/Toolkit\\.java:\\d+\\)`));
  }
});

const BLOCKING = `package demo;

import io.agentscope.core.agent.Agent;
import io.agentscope.core.agent.RuntimeContext;
import io.agentscope.core.event.AgentEvent;
import io.agentscope.core.message.Msg;
import io.agentscope.core.message.ToolResultBlock;
import io.agentscope.core.middleware.MiddlewareBase;
import io.agentscope.core.middleware.ReasoningInput;
import io.agentscope.core.tool.ToolBase;
import io.agentscope.core.tool.ToolCallParam;
import java.util.function.Function;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

public class Demo {
    static Mono<String> lookup() {
        return Mono.just("x");
    }

    static class Audit implements MiddlewareBase {
        @Override
        public Flux<AgentEvent> onReasoning(Agent agent, RuntimeContext ctx, ReasoningInput input, Function<ReasoningInput, Flux<AgentEvent>> next) {
            String user = lookup().block(); // block
            return next.apply(input).doOnNext(e -> lookup().toFuture().join());
        }

        @Override
        public Mono<String> onSystemPrompt(Agent agent, RuntimeContext ctx, String prompt) {
            return lookup().map(s -> prompt + lookup().block()); // block
        }
    }

    static class Offloaded implements MiddlewareBase {
        @Override
        public Mono<String> onSystemPrompt(Agent agent, RuntimeContext ctx, String prompt) {
            return Mono.fromCallable(() -> prompt + lookup().block()).subscribeOn(Schedulers.boundedElastic());
        }
    }

    static class Echo extends ToolBase {
        Echo() {
            super(ToolBase.builder().name("echo").description("echo"));
        }

        @Override
        public Mono<ToolResultBlock> callAsync(ToolCallParam param) {
            Runnable later = () -> lookup().block();
            String v;
            try {
                v = lookup().toFuture().get(); // future
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
            return Mono.just(ToolResultBlock.text(v));
        }
    }

    public static void main(String[] args) {
        System.out.println(lookup().block());
    }
}
`;

test('AS106: blocking inside hooks and callAsync (and Reactor operator lambdas there); not offloaded work, other lambdas or main', async () => {
  const fs = (await traps('2.0.2', BLOCKING)).filter((f) => f.rule === 'AS106');
  expect(at(fs)).toEqual([...linesTagged(BLOCKING, 'block'), ...linesTagged(BLOCKING, 'future')].sort((x, y) => x - y).map((l) => `AS106 ${l}`));
  expect(fs[0].message).toMatch(/^block\(\) inside onReasoning\(\.\.\)/);
  expect(fs.at(-1)!.message).toMatch(/^toFuture\(\)\.get\(\) inside callAsync\(\.\.\)/);
});

const INJECTED = `package demo;

import io.agentscope.core.agent.RuntimeContext;
import io.agentscope.core.tool.Tool;
import io.agentscope.core.tool.ToolEmitter;
import io.agentscope.core.tool.ToolParam;

public class Demo {
    @Tool(name = "search", description = "search")
    public String search(
            @ToolParam(name = "query", description = "what to look for") String query,
            @ToolParam(name = "ctx", description = "the context") RuntimeContext ctx, // injected
            ToolEmitter emitter) {
        return query;
    }

    @Tool(name = "plain", description = "no injected parameter is annotated")
    public String plain(@ToolParam(name = "q", description = "q") String q, RuntimeContext ctx) {
        return q;
    }
}
`;

test('AS107: an injected parameter type annotated @ToolParam, from the types the 2.0.x invoker injects', async () => {
  for (const v of ['2.0.0', '2.0.2']) {
    const injected = loadFacts(loadInventory(v))!.injectedToolParams.map((i) => i.type);
    expect(injected).toEqual(expect.arrayContaining(['io.agentscope.core.agent.RuntimeContext', 'io.agentscope.core.tool.ToolEmitter', 'io.agentscope.core.agent.Agent', 'io.agentscope.core.state.AgentState']));
    const fs = await traps(v, INJECTED);
    expect(at(fs)).toEqual(linesTagged(INJECTED, 'injected').map((l) => `AS107 ${l}`));
    expect(fs[0].message).toContain(`RuntimeContext is injected by the tool invoker (AgentScope ${v}: agentscope-core io/agentscope/core/tool/ToolMethodInvoker.java:`);
  }
});

const MODELS = `package demo;

import io.agentscope.core.ReActAgent;
import io.agentscope.core.model.ModelRegistry;

public class Demo {
    void build() {
        ReActAgent.builder().name("a").model("qwen:qwen-max"); // family
        ModelRegistry.resolve("opneai:gpt-4o"); // typo
        ReActAgent.builder().name("b").model("deepseek:deepseek-chat"); // deepseek
        ReActAgent.builder().name("c").model("openai:gpt-4o");
        ReActAgent.builder().name("d").model("my-named-model");
    }
}
`;

describe('AS108: model ids whose prefix no provider of the version registers', () => {
  test('2.0.2 registers deepseek: only the unknown prefixes, with did-you-mean from the provider table', async () => {
    const fs = await traps('2.0.2', MODELS);
    expect(at(fs)).toEqual([...linesTagged(MODELS, 'family'), ...linesTagged(MODELS, 'typo')].map((l) => `AS108 ${l}`));
    expect(fs[0].suggestion).toMatch(/^did you mean "dashscope:qwen-max"\?/);
    expect(fs[1].suggestion).toMatch(/^did you mean "openai:gpt-4o"\?/);
    expect(fs[0].message).toContain('agentscope-core io/agentscope/core/ReActAgent.java:');
  });

  test('2.0.0 has no deepseek provider: that id is reported there too', async () => {
    const fs = await traps('2.0.0', MODELS);
    expect(at(fs)).toEqual([...linesTagged(MODELS, 'family'), ...linesTagged(MODELS, 'typo'), ...linesTagged(MODELS, 'deepseek')].map((l) => `AS108 ${l}`));
  });

  test('a project that registers its own models or factories is not judged', async () => {
    const own = MODELS.replace('void build() {', 'void build() {\n        ModelRegistry.register("qwen:qwen-max", ReActAgent.builder().build().getModel());');
    expect(await traps('2.0.2', own)).toEqual([]);
  });
});

const LITERALS = `package demo;

import static org.junit.jupiter.api.Assertions.assertThrows;

import io.agentscope.core.ReActAgent;
import io.agentscope.core.agent.config.ModelConfig;

public class Demo {
    void build() {
        ReActAgent.builder().name("a").maxRetries(0); // reject
        ModelConfig cfg = new ModelConfig(-1, null); // reject
        ReActAgent.builder().name("b").maxRetries(3);
        ModelConfig ok = new ModelConfig(2, null);
        assertThrows(IllegalArgumentException.class, () -> ReActAgent.builder().maxRetries(0));
        try {
            ReActAgent.builder().maxRetries(0);
        } catch (IllegalArgumentException expected) {
        }
    }
}
`;

test("AS109: literal arguments the method's own precondition rejects (methods and record constructors), not where the exception is expected", async () => {
  for (const v of ['2.0.0', '2.0.2']) {
    const fs = await traps(v, LITERALS);
    expect(at(fs)).toEqual(linesTagged(LITERALS, 'reject').map((l) => `AS109 ${l}`));
    expect(fs[0].message).toBe(`ReActAgent.Builder.maxRetries(..) throws IllegalArgumentException for 0: it rejects maxRetries <= 0 (AgentScope ${v}: agentscope-core io/agentscope/core/ReActAgent.java:${loadFacts(loadInventory(v))!.preconditions.find((p) => p.member === 'maxRetries')!.at.line})`);
    expect(fs[1].message).toMatch(/^new ModelConfig\(\.\.\) throws IllegalArgumentException for -1: it rejects maxRetries <= 0/);
  }
});

const STRUCTURED = `package demo;

import io.agentscope.core.ReActAgent;
import io.agentscope.core.message.Msg;

public class Demo {
    record Plan(String title) {}

    Plan unchecked(ReActAgent agent, Msg msg) {
        Msg reply = agent.call(msg, Plan.class).block();
        return reply.getStructuredData(Plan.class); // unchecked
    }

    Plan checked(ReActAgent agent, Msg msg) {
        Msg reply = agent.call(msg, Plan.class).block();
        if (!reply.hasStructuredData()) {
            return null;
        }
        return reply.getStructuredData(Plan.class);
    }
}
`;

test('AS110: getStructuredData(..) without hasStructuredData() in the method', async () => {
  for (const v of ['2.0.0', '2.0.2']) {
    const fs = await traps(v, STRUCTURED);
    expect(at(fs)).toEqual(linesTagged(STRUCTURED, 'unchecked').map((l) => `AS110 ${l}`));
    expect(fs[0].message).toContain(`(AgentScope ${v}: agentscope-core io/agentscope/core/message/Msg.java:`);
  }
  // test code: the exception fails the test, as it should
  const fs = await checkSources([{ path: 'src/test/java/demo/Demo.java', content: STRUCTURED }], loadInventory('2.0.2'));
  expect(fs.filter((f) => f.rule === 'AS110')).toEqual([]);
});

const HOOKS = `package demo;

import io.agentscope.core.agent.Agent;
import io.agentscope.core.agent.RuntimeContext;
import io.agentscope.core.event.AgentEvent;
import io.agentscope.core.middleware.ActingInput;
import io.agentscope.core.middleware.MiddlewareBase;
import io.agentscope.core.middleware.ReasoningInput;
import java.util.function.Function;
import reactor.core.publisher.Flux;

public class Demo {
    static class Swallow implements MiddlewareBase {
        @Override
        public Flux<AgentEvent> onReasoning(Agent agent, RuntimeContext ctx, ReasoningInput input, Function<ReasoningInput, Flux<AgentEvent>> next) { // swallow
            System.out.println("reasoning");
            return Flux.empty();
        }

        @Override
        public Flux<AgentEvent> onActing(Agent agent, RuntimeContext ctx, ActingInput input, Function<ActingInput, Flux<AgentEvent>> chain) {
            return chain.apply(input).doOnNext(e -> System.out.println(e));
        }
    }

    static class Guard implements MiddlewareBase {
        @Override
        public Flux<AgentEvent> onActing(Agent agent, RuntimeContext ctx, ActingInput input, Function<ActingInput, Flux<AgentEvent>> next) {
            return Flux.error(new IllegalStateException("acting is disabled here"));
        }
    }
}
`;

test('AS111: a middleware hook that never calls next is reported; one that calls it (any name) or fails on purpose is not', async () => {
  for (const v of ['2.0.0', '2.0.2']) {
    const fs = await traps(v, HOOKS);
    expect(at(fs)).toEqual(linesTagged(HOOKS, 'swallow').map((l) => `AS111 ${l}`));
    expect(fs[0].message).toContain(`(AgentScope ${v}: agentscope-core io/agentscope/core/middleware/MiddlewareBase.java:`);
  }
});
