import { describe, expect, test } from 'vitest';
import { checkSources, type Finding } from '../../src/checker/index.js';
import { loadFacts, loadInventory } from '../../src/inventory/store.js';
import { linesTagged } from './helpers.js';

/**
 * AS102-AS104 on the flow facts of each version (facts.json resumeFacts / permissionFacts /
 * toolNameFacts, read from the version's own ReActAgent, PermissionEngine, ToolRegistry and
 * McpClientManager): each trap form fires (fields and locals, lambdas, loops, switch cases, static
 * imports, inner classes), the correct form beside it stays silent, and the same file checked at
 * 2.0.0, 2.0.2 and 1.0.9 gets exactly what each version's facts imply, citing that version's lines.
 */
const FLOW = new Set(['AS102', 'AS103', 'AS104']);

async function flow(version: string, name: string, src: string): Promise<Finding[]> {
  const fs = await checkSources([{ path: `src/main/java/demo/${name}.java`, content: src }], loadInventory(version));
  return fs.filter((f) => FLOW.has(f.rule));
}

const at = (fs: Finding[]) => fs.map((f) => `${f.rule} ${f.line}`);

const RESUME_WHILE = `package demo;

import static io.agentscope.core.message.GenerateReason.PERMISSION_ASKING;

import io.agentscope.core.ReActAgent;
import io.agentscope.core.message.Msg;

public class Resume1 {
    private final ReActAgent agent;

    public Resume1(ReActAgent agent) {
        this.agent = agent;
    }

    public Msg run(String task) {
        var reply = agent.call(task).block();
        while (reply.getGenerateReason() == PERMISSION_ASKING) {
            Msg approval = Msg.builder().textContent("yes, go ahead").build();
            reply = agent.call(approval).block(); // trap
        }
        return reply;
    }
}
`;

const RESUME_LAMBDA = `package demo;

import io.agentscope.core.agent.Agent;
import io.agentscope.core.message.GenerateReason;
import io.agentscope.core.message.Msg;
import io.agentscope.core.message.UserMessage;
import reactor.core.publisher.Mono;

public class Resume2 {
    Mono<Msg> ask(Agent agent, String question) {
        return agent.call(question)
                .flatMap(reply -> {
                    if (GenerateReason.PERMISSION_ASKING.equals(reply.getGenerateReason())) {
                        return agent.call(new UserMessage("approve")); // trap
                    }
                    return Mono.just(reply);
                });
    }
}
`;

const RESUME_SWITCH = `package demo;

import io.agentscope.core.ReActAgent;
import io.agentscope.core.message.GenerateReason;
import io.agentscope.core.message.Msg;

public class Resume3 {
    static Msg drive(ReActAgent agent, Msg first) {
        Msg reply = agent.call(first).block();
        switch (reply.getGenerateReason()) {
            case PERMISSION_ASKING:
                return agent.call("yes").block(); // trap
            default:
                return reply;
        }
    }
}
`;

const RESUME_OK = `package demo;

import static io.agentscope.core.message.GenerateReason.PERMISSION_ASKING;

import io.agentscope.core.ReActAgent;
import io.agentscope.core.event.ConfirmResult;
import io.agentscope.core.message.Msg;
import io.agentscope.core.message.ToolUseBlock;
import java.util.List;
import java.util.Map;

public class Resume1 {
    private final ReActAgent agent;

    public Resume1(ReActAgent agent) {
        this.agent = agent;
    }

    public Msg run(String task) {
        var reply = agent.call(task).block();
        while (reply.getGenerateReason() == PERMISSION_ASKING) {
            List<ConfirmResult> decisions = reply.getContentBlocks(ToolUseBlock.class).stream().map(t -> new ConfirmResult(true, t)).toList();
            Msg approval = Msg.builder().textContent("approved").metadata(Map.of(Msg.METADATA_CONFIRM_RESULTS, decisions)).build();
            reply = agent.call(approval).block();
        }
        return reply;
    }
}
`;

const RESUME_OTHER_REASON = `package demo;

import io.agentscope.core.agent.Agent;
import io.agentscope.core.message.GenerateReason;
import io.agentscope.core.message.Msg;
import reactor.core.publisher.Mono;

public class Resume2 {
    Mono<Msg> ask(Agent agent, String question) {
        return agent.call(question)
                .flatMap(reply -> {
                    if (reply.getGenerateReason() == GenerateReason.MODEL_STOP) {
                        return agent.call("thanks, now summarise");
                    }
                    return Mono.just(reply);
                });
    }
}
`;

const DONT_ASK_FIELD = `package demo;

import static io.agentscope.core.permission.PermissionMode.DONT_ASK;

import io.agentscope.core.ReActAgent;
import io.agentscope.core.permission.PermissionContextState;
import io.agentscope.core.permission.PermissionRule;

public class DontAsk1 {
    private final PermissionContextState unattended = PermissionContextState.builder()
            .mode(DONT_ASK) // trap
            .build();

    ReActAgent.Builder configure(ReActAgent.Builder b) {
        return b.permissionContext(unattended);
    }
}
`;

const DONT_ASK_INNER = `package demo;

import io.agentscope.core.permission.PermissionContextState;
import io.agentscope.core.permission.PermissionMode;

public class DontAsk2 {
    static class Batch {
        PermissionContextState state() {
            var builder = PermissionContextState.builder();
            builder.mode(PermissionMode.DONT_ASK); // trap
            return builder.build();
        }
    }
}
`;

const DONT_ASK_HANDLED = `package demo;

import io.agentscope.core.ReActAgent;
import io.agentscope.core.message.GenerateReason;
import io.agentscope.core.message.Msg;
import io.agentscope.core.permission.PermissionContextState;
import io.agentscope.core.permission.PermissionMode;

public class DontAsk1 {
    Msg run(ReActAgent.Builder b, String task) {
        ReActAgent agent = b.permissionContext(PermissionContextState.builder().mode(PermissionMode.DONT_ASK).build()).build();
        Msg reply = agent.call(task).block();
        if (reply.getGenerateReason() == GenerateReason.PERMISSION_ASKING) {
            throw new IllegalStateException("a tool still asks for confirmation: " + reply.getTextContent());
        }
        return reply;
    }
}
`;

const EXPLORE = `package demo;

import io.agentscope.core.permission.PermissionContextState;
import io.agentscope.core.permission.PermissionMode;

public class DontAsk2 {
    PermissionContextState state() {
        return PermissionContextState.builder().mode(PermissionMode.EXPLORE).build();
    }
}
`;

const MCP_FIELD = `package demo;

import io.agentscope.core.tool.Toolkit;
import io.agentscope.core.tool.mcp.McpClientBuilder;
import io.agentscope.core.tool.mcp.McpClientWrapper;

public class Mcp1 {
    private final Toolkit toolkit = new Toolkit();

    void setUp() {
        McpClientWrapper files = McpClientBuilder.create("files").stdioTransport("npx", "-y", "@modelcontextprotocol/server-filesystem", "/tmp").buildSync();
        McpClientWrapper git = McpClientBuilder.create("git").stdioTransport("uvx", "mcp-server-git").buildSync();
        toolkit.registerMcpClient(files).block();
        this.toolkit.registerMcpClient(git).block(); // trap
    }
}
`;

const MCP_GROUPS = `package demo;

import io.agentscope.core.tool.Toolkit;
import io.agentscope.core.tool.mcp.McpClientWrapper;

public class Mcp2 {
    static Toolkit tools(McpClientWrapper search, McpClientWrapper browser) {
        Toolkit tk = new Toolkit();
        tk.registration().mcpClient(search).group("web").apply();
        tk.registration().mcpClient(browser).group("web").apply(); // trap
        return tk;
    }
}
`;

const MCP_DISJOINT = `package demo;

import io.agentscope.core.tool.Toolkit;
import io.agentscope.core.tool.mcp.McpClientWrapper;
import java.util.List;

public class Mcp1 {
    private final Toolkit toolkit = new Toolkit();

    void setUp(McpClientWrapper files, McpClientWrapper git) {
        toolkit.registration().mcpClient(files).enableTools(List.of("read_file", "list_directory")).apply();
        toolkit.registration().mcpClient(git).enableTools(List.of("git_status", "git_log")).apply();
    }
}
`;

const MCP_TWO_TOOLKITS = `package demo;

import io.agentscope.core.tool.Toolkit;
import io.agentscope.core.tool.mcp.McpClientWrapper;

public class Mcp2 {
    static Toolkit[] tools(McpClientWrapper search, McpClientWrapper browser) {
        Toolkit a = new Toolkit();
        Toolkit b = new Toolkit();
        a.registerMcpClient(search).block();
        b.registerMcpClient(browser).block();
        return new Toolkit[] {a, b};
    }
}
`;


const RESUME_HELPERS = `package demo;

import io.agentscope.core.ReActAgent;
import io.agentscope.core.message.GenerateReason;
import io.agentscope.core.message.Msg;
import io.agentscope.core.message.MsgRole;
import io.agentscope.core.message.TextBlock;
import java.util.Scanner;

public class Resume4 {
    private final ReActAgent agent;
    private final Scanner in = new Scanner(System.in);

    Resume4(ReActAgent agent) {
        this.agent = agent;
    }

    private Msg approve() {
        return Msg.builder().role(MsgRole.USER).content(TextBlock.builder().text("approve").build()).build();
    }

    Msg loop(Msg reply) {
        if (reply.getGenerateReason() == GenerateReason.PERMISSION_ASKING) {
            String answer = in.nextLine();
            reply = agent.call(answer).block(); // trap
        }
        if (reply.getGenerateReason() == GenerateReason.PERMISSION_ASKING) {
            reply = agent.call(approve()).block(); // trap
        }
        return reply;
    }
}
`;

const RESUME_NEGATED = `package demo;

import io.agentscope.core.ReActAgent;
import io.agentscope.core.message.GenerateReason;
import io.agentscope.core.message.Msg;

public class Resume4 {
    private final ReActAgent agent;

    Resume4(ReActAgent agent) {
        this.agent = agent;
    }

    Msg loop(Msg reply, String next) {
        if (reply.getGenerateReason() != GenerateReason.PERMISSION_ASKING) {
            reply = agent.call(next).block();
        }
        return reply;
    }
}
`;

const MCP_LOOPS = `package demo;

import io.agentscope.core.tool.Toolkit;
import io.agentscope.core.tool.mcp.McpClientWrapper;
import java.util.List;

public class Mcp3 {
    private final Toolkit toolkit = new Toolkit();

    void loop(McpClientWrapper github, McpClientWrapper gitlab) {
        for (McpClientWrapper c : List.of(github, gitlab)) {
            toolkit.registerMcpClient(c).block(); // trap
        }
    }

    void each(McpClientWrapper a, McpClientWrapper b) {
        var servers = List.of(a, b);
        servers.forEach(c -> toolkit.registerMcpClient(c).block()); // trap
    }
}
`;

const MCP_TOOLKIT_PER_SERVER = `package demo;

import io.agentscope.core.tool.Toolkit;
import io.agentscope.core.tool.mcp.McpClientWrapper;
import java.util.ArrayList;
import java.util.List;

public class Mcp3 {
    List<Toolkit> loop(McpClientWrapper github, McpClientWrapper gitlab) {
        List<Toolkit> out = new ArrayList<>();
        for (McpClientWrapper c : List.of(github, gitlab)) {
            Toolkit toolkit = new Toolkit();
            toolkit.registerMcpClient(c).block();
            out.add(toolkit);
        }
        return out;
    }

    void one(Toolkit toolkit, List<McpClientWrapper> clients) {
        for (McpClientWrapper c : clients) {
            toolkit.registerMcpClient(c).block();
        }
    }
}
`;

const TRAPS: [string, string, string][] = [
  ['AS102', 'Resume1', RESUME_WHILE],
  ['AS102', 'Resume2', RESUME_LAMBDA],
  ['AS102', 'Resume3', RESUME_SWITCH],
  ['AS102', 'Resume4', RESUME_HELPERS],
  ['AS103', 'DontAsk1', DONT_ASK_FIELD],
  ['AS103', 'DontAsk2', DONT_ASK_INNER],
  ['AS104', 'Mcp1', MCP_FIELD],
  ['AS104', 'Mcp2', MCP_GROUPS],
  ['AS104', 'Mcp3', MCP_LOOPS],
];
const CORRECT: [string, string][] = [
  ['Resume1', RESUME_OK],
  ['Resume2', RESUME_OTHER_REASON],
  ['Resume4', RESUME_NEGATED],
  ['DontAsk1', DONT_ASK_HANDLED],
  ['DontAsk2', EXPLORE],
  ['Mcp1', MCP_DISJOINT],
  ['Mcp2', MCP_TWO_TOOLKITS],
  ['Mcp3', MCP_TOOLKIT_PER_SERVER],
];

describe('the flow facts of each version', () => {
  const facts = (v: string) => loadFacts(loadInventory(v))!;
  const lines = (list: { fact: string; value: string; at: { path: string; line: number } }[] | undefined) => (list ?? []).map((f) => `${f.at.path.split('/').pop()}:${f.at.line} ${f.fact}: ${f.value}`);

  test('AS102: 2.0.2 reads ConfirmResults from the metadata key and throws without one; 2.0.0 too, after the pending-call recovery', () => {
    expect(lines(facts('2.0.2').resumeFacts)).toEqual([
      "ReActAgent.java:1596 a paused agent's ConfirmResults are read from: Msg.METADATA_CONFIRM_RESULTS",
      'ReActAgent.java:1624 a resume that carries no ConfirmResult: throws IllegalStateException',
    ]);
    expect(lines(facts('2.0.0').resumeFacts)).toEqual([
      'ReActAgent.java:1506 when enablePendingToolRecovery is set, maybePatchPendingToolCalls(..) runs before the ConfirmResults are read: yes',
      'ReActAgent.java:1528 a resume that carries no ConfirmResult: throws IllegalStateException',
      "ReActAgent.java:1594 a paused agent's ConfirmResults are read from: Msg.METADATA_CONFIRM_RESULTS",
    ]);
    expect(facts('1.0.9').resumeFacts).toEqual([]);
  });

  test('AS103: ask rules and a tool\'s safety ASK come before the DONT_ASK demotion (2.0.0 and 2.0.2 alike)', () => {
    for (const v of ['2.0.0', '2.0.2']) {
      expect(lines(facts(v).permissionFacts)).toEqual([
        'PermissionEngine.java:150 the ASK built by checkAskRules(..) is returned before DONT_ASK applies: yes',
        'PermissionEngine.java:165 a tool\'s own ASK is returned before DONT_ASK applies when: toolDecision.getBehavior() == PermissionBehavior.ASK && toolDecision.getDecisionReason() != null && toolDecision.getDecisionReason().toLowerCase(Locale.ROOT).contains("safety")',
        'PermissionEngine.java:319 under PermissionMode.DONT_ASK the default ASK becomes: DENY',
      ]);
    }
  });

  test('AS104: MCP tools keep the server\'s names and a name registered twice replaces the earlier tool, in all three versions', () => {
    expect(lines(facts('2.0.2').toolNameFacts)).toEqual([
      "McpClientManager.java:176 an MCP tool is registered under: the server's own tool name",
      'ToolRegistry.java:56 a tool registered under a name the Toolkit already has: replaces the earlier tool',
    ]);
    expect(lines(facts('1.0.9').toolNameFacts)).toEqual([
      "McpClientManager.java:171 an MCP tool is registered under: the server's own tool name",
      'ToolRegistry.java:53 a tool registered under a name the Toolkit already has: replaces the earlier tool',
    ]);
  });
});

describe('AS102-AS104 fire on the trap forms and not on the correct ones', () => {
  test.each(TRAPS)('%s on %s (2.0.2)', async (rule, name, src) => {
    const fs = await flow('2.0.2', name, src);
    expect(at(fs)).toEqual(linesTagged(src, 'trap').map((l) => `${rule} ${l}`));
  });

  test.each(CORRECT)('nothing on the correct %s (2.0.2 and 2.0.0)', async (name, src) => {
    expect(at(await flow('2.0.2', name, src))).toEqual([]);
    expect(at(await flow('2.0.0', name, src))).toEqual([]);
  });
});

describe('the same file at 2.0.0, 2.0.2 and 1.0.9: what each version\'s facts imply', () => {
  test('AS102 cites each version\'s ReActAgent lines; 2.0.0 adds the recovery that runs first; 1.0.9 has no PERMISSION_ASKING', async () => {
    const [a, b] = [await flow('2.0.0', 'Resume3', RESUME_SWITCH), await flow('2.0.2', 'Resume3', RESUME_SWITCH)];
    expect(at(a)).toEqual(at(b));
    expect(b[0].message).toContain('Msg.METADATA_CONFIRM_RESULTS (AgentScope 2.0.2: agentscope-core io/agentscope/core/ReActAgent.java:1596) and a resume that carries none throws IllegalStateException (ReActAgent.java:1624)');
    expect(b[0].message).not.toContain('enablePendingToolRecovery');
    expect(a[0].message).toContain('(AgentScope 2.0.0: agentscope-core io/agentscope/core/ReActAgent.java:1594) and a resume that carries none throws IllegalStateException (ReActAgent.java:1528); when enablePendingToolRecovery is set, maybePatchPendingToolCalls(..) runs before the ConfirmResults are read (ReActAgent.java:1506)');
    expect(await flow('1.0.9', 'Resume3', RESUME_SWITCH)).toEqual([]);
  });

  test('AS103 names the engine lines of the version', async () => {
    for (const v of ['2.0.0', '2.0.2']) {
      const fs = await flow(v, 'DontAsk1', DONT_ASK_FIELD);
      expect(at(fs)).toEqual([`AS103 ${linesTagged(DONT_ASK_FIELD, 'trap')[0]}`]);
      expect(fs[0].message).toContain(`(AgentScope ${v}: agentscope-core io/agentscope/core/permission/PermissionEngine.java:319); earlier in its order of evaluation come the ASK built by checkAskRules(..) (PermissionEngine.java:150) and a tool's own ASK when`);
    }
  });

  test('AS104 in all three versions, each citing its own registry lines', async () => {
    const want = (v: string, mcp: number, reg: number) => `(AgentScope ${v}: agentscope-core io/agentscope/core/tool/McpClientManager.java:${mcp}), AgentScope ${v} has no MCP tool-name prefix, and a tool registered under a name the Toolkit already has replaces the earlier tool (ToolRegistry.java:${reg})`;
    for (const [v, mcp, reg] of [['2.0.0', 176, 56], ['2.0.2', 176, 56], ['1.0.9', 171, 53]] as const) {
      const fs = await flow(v, 'Mcp1', MCP_FIELD);
      expect(at(fs)).toEqual([`AS104 ${linesTagged(MCP_FIELD, 'trap')[0]}`]);
      expect(fs[0].message).toContain(want(v, mcp, reg));
    }
  });

  test('without the flow facts (facts pulled before they were recorded) the three rules are off', async () => {
    const inv = loadInventory('2.0.2');
    const { resumeFacts, permissionFacts, toolNameFacts, ...older } = loadFacts(inv)!;
    expect([resumeFacts, permissionFacts, toolNameFacts].every((l) => l?.length)).toBe(true);
    for (const [, name, src] of TRAPS) {
      const fs = await checkSources([{ path: `src/main/java/demo/${name}.java`, content: src }], inv, { facts: older });
      expect(fs.filter((f) => FLOW.has(f.rule))).toEqual([]);
    }
  });
});
