import { describe, expect, test } from 'vitest';
import { checkSources, type Finding } from '../../src/checker/index.js';
import { loadInventory } from '../../src/inventory/store.js';
import { linesTagged } from './helpers.js';

/**
 * AS112 (an MCP client that leaks) and AS113 (per-call state in a field of a shared middleware or
 * tool): each fires on the lines of a small file tagged `// AS11x` and on nothing else, the correct
 * forms beside them included.
 */
async function findings(src: string, rule: string, version = '2.0.2'): Promise<Finding[]> {
  const fs = await checkSources([{ path: 'src/main/java/demo/Demo.java', content: src }], loadInventory(version));
  expect(fs.filter((f) => f.severity === 'error').map((e) => `${e.line}: ${e.rule} ${e.message}`)).toEqual([]);
  return fs.filter((f) => f.rule === rule);
}

const MCP = `package demo;

import io.agentscope.core.tool.Toolkit;
import io.agentscope.core.tool.mcp.McpClientBuilder;
import io.agentscope.core.tool.mcp.McpClientWrapper;
import java.util.ArrayList;
import java.util.List;

public class Demo {
    private McpClientWrapper kept;
    private final List<McpClientWrapper> all = new ArrayList<>();

    int countTools() {
        McpClientWrapper client = // AS112
                McpClientBuilder.create("git").stdioTransport("uvx", "mcp-server-git").buildAsync().block();
        client.initialize().block();
        return client.listTools().block().size();
    }

    void syncLeak() {
        McpClientWrapper c = McpClientBuilder.create("fs").stdioTransport("npx", "server").buildSync(); // AS112
        c.initialize().block();
    }

    void dropped() {
        McpClientBuilder.create("fs").stdioTransport("npx", "server").buildSync(); // AS112
    }

    int closedInFinally() {
        McpClientWrapper client = McpClientBuilder.create("git").stdioTransport("uvx", "mcp-server-git").buildSync();
        try {
            return client.listTools().block().size();
        } finally {
            client.close();
        }
    }

    int tryWithResources() {
        try (McpClientWrapper client = McpClientBuilder.create("git").stdioTransport("uvx", "git").buildSync()) {
            return client.listTools().block().size();
        }
    }

    Toolkit registered() {
        Toolkit toolkit = new Toolkit();
        McpClientWrapper client = McpClientBuilder.create("git").stdioTransport("uvx", "git").buildAsync().block();
        toolkit.registerMcpClient(client).block();
        return toolkit;
    }

    McpClientWrapper returned() {
        McpClientWrapper client = McpClientBuilder.create("git").stdioTransport("uvx", "git").buildSync();
        client.initialize().block();
        return client;
    }

    void stored() {
        McpClientWrapper client = McpClientBuilder.create("git").stdioTransport("uvx", "git").buildSync();
        this.kept = client;
        McpClientWrapper other = McpClientBuilder.create("fs").stdioTransport("npx", "fs").buildSync();
        all.add(other);
    }

    void reactive(Toolkit toolkit) {
        McpClientBuilder.create("git").stdioTransport("uvx", "git").buildAsync().flatMap(toolkit::registerMcpClient).block();
        toolkit.registerMcpClient(McpClientBuilder.create("fs").stdioTransport("npx", "fs").buildSync()).block();
        kept = McpClientBuilder.create("x").stdioTransport("npx", "x").buildSync();
    }
}
`;

describe('AS112 mcp-client-not-closed', () => {
  test('fires on the clients that nothing closes, owns or receives, and on none of the others', async () => {
    const fs = await findings(MCP, 'AS112');
    expect(fs.map((f) => f.line)).toEqual(linesTagged(MCP, 'AS112'));
    expect(fs[0].message).toContain('the MCP client client (McpClientBuilder.buildAsync().block()) is never closed');
    expect(fs[0].message).toContain('AgentScope 2.0.2: agentscope-core io/agentscope/core/tool/mcp/McpClientWrapper.java:130');
    expect(fs[0].suggestion).toContain('toolkit.registerMcpClient(client).block()');
    expect(fs[2].message).toContain('McpClientBuilder.buildSync() builds an MCP client that is dropped at once');
    expect(fs.every((f) => f.severity === 'warning')).toBe(true);
  });

  test('2.0.0 has the same premise (McpClientWrapper.close()): the same findings', async () => {
    expect((await findings(MCP, 'AS112', '2.0.0')).map((f) => f.line)).toEqual(linesTagged(MCP, 'AS112'));
  });
});

const STATE = `package demo;

import io.agentscope.core.agent.Agent;
import io.agentscope.core.agent.RuntimeContext;
import io.agentscope.core.event.AgentEvent;
import io.agentscope.core.middleware.MiddlewareBase;
import io.agentscope.core.middleware.ReasoningInput;
import io.agentscope.core.message.ToolResultBlock;
import io.agentscope.core.message.ToolResultState;
import io.agentscope.core.tool.Tool;
import io.agentscope.core.tool.ToolParam;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import reactor.core.publisher.Flux;

class Audit implements MiddlewareBase {
    private static final int LIMIT = 10;
    private RuntimeContext lastContext;
    private ReasoningInput current;
    private Object lastEvent;
    private Object firstAgent;
    private String trail = "";
    private int calls;
    private String label = "audit";
    private final Map<Object, Object> bySession = new ConcurrentHashMap<>();

    Audit(String label) {
        this.label = label;
    }

    @Override
    public Flux<AgentEvent> onReasoning(Agent agent, RuntimeContext ctx, ReasoningInput input, Function<ReasoningInput, Flux<AgentEvent>> next) {
        this.lastContext = ctx; // AS113
        current = input; // AS113
        Object seen = ctx;
        label = "seen " + seen; // AS113
        calls += 1;
        calls = calls + 1;
        bySession.put(ctx, input);
        if (firstAgent == null) {
            firstAgent = agent;
        }
        trail = trail + input;
        this.trail = this.trail + "," + ctx;
        int local = LIMIT;
        local = calls;
        return next.apply(input).doOnNext(ev -> lastEvent = ev); // AS113
    }

    void reset(RuntimeContext ctx) {
        this.lastContext = ctx;
    }
}

class Tagger implements MiddlewareBase {
    private String prompt;

    public reactor.core.publisher.Mono<String> onSystemPrompt(Agent agent, RuntimeContext ctx, String current) {
        prompt = current; // AS113
        return reactor.core.publisher.Mono.just(current + " (tagged)");
    }
}

class Weather {
    private String lastCity;
    private String unit = "C";

    void setUnit(String unit) {
        this.unit = unit;
    }

    @Tool(name = "weather", description = "the weather of a city")
    public ToolResultBlock weather(@ToolParam(name = "city", description = "the city") String city) {
        lastCity = city; // AS113
        String answer = city + " is sunny, 20" + unit;
        return ToolResultBlock.text(answer).withState(ToolResultState.SUCCESS);
    }
}
`;

describe('AS113 per-call-state-in-field', () => {
  test('fires on the fields a hook or a tool method writes from its call, not on counters, collections, locals or setters', async () => {
    const fs = await findings(STATE, 'AS113');
    expect(fs.map((f) => f.line)).toEqual(linesTagged(STATE, 'AS113'));
    expect(fs[0].message).toContain('onReasoning(..) writes per-call state (from ctx) into the field lastContext of middleware Audit');
    expect(fs[0].message).toContain('AgentScope 2.0.2: agentscope-core io/agentscope/core/middleware/MiddlewareBase.java:101 MiddlewareBase');
    expect(fs[5].message).toContain('weather(..) writes per-call state (from city) into the field lastCity of tool Weather');
    expect(fs.every((f) => f.severity === 'warning')).toBe(true);
  });
});

const TOOL_BASE = `package demo;

import io.agentscope.core.message.ToolResultBlock;
import io.agentscope.core.message.ToolResultState;
import io.agentscope.core.tool.ToolBase;
import io.agentscope.core.tool.ToolCallParam;
import reactor.core.publisher.Mono;

class Base extends ToolBase {
    protected ToolCallParam last;

    Base(ToolBase.Builder b) {
        super(b);
    }
}

class Echo extends Base {
    private String lastInput;

    Echo(ToolBase.Builder b) {
        super(b);
    }

    @Override
    public Mono<ToolResultBlock> callAsync(ToolCallParam param) {
        var input = param.getInput();
        this.lastInput = String.valueOf(input); // AS113
        this.last = param;
        return Mono.just(ToolResultBlock.text(String.valueOf(input)).withState(ToolResultState.SUCCESS));
    }
}
`;

test('AS113 on a ToolBase subclass (through a superclass of the sources); an inherited field is not judged', async () => {
  const fs = await findings(TOOL_BASE, 'AS113');
  expect(fs.map((f) => f.line)).toEqual(linesTagged(TOOL_BASE, 'AS113'));
  expect(fs[0].message).toContain('callAsync(..) writes per-call state (from input) into the field lastInput of tool Echo');
});

test('AS113 at 2.0.0: the same hooks are declared there, so the same findings, naming 2.0.0 lines', async () => {
  const fs = await findings(STATE, 'AS113', '2.0.0');
  expect(fs.map((f) => f.line)).toEqual(linesTagged(STATE, 'AS113'));
  expect(fs[0].message).toContain('AgentScope 2.0.0: agentscope-core io/agentscope/core/middleware/MiddlewareBase.java:87');
});
