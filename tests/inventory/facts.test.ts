import { strToU8, zipSync } from 'fflate';
import { describe, expect, test } from 'vitest';
import { extractInventory } from '../../src/inventory/extract/index.js';
import type { FlowFact } from '../../src/inventory/schema.js';

/** The behaviour facts the extractor reads from method bodies (extract/facts.ts), on a small sources jar. */
const SOURCES: Record<string, string> = {
  'io/agentscope/core/demo/Limits.java': `package io.agentscope.core.demo;

import java.util.Objects;

public class Limits {
    public static class Builder {
        public Builder retries(int retries) {
            if (retries <= 0) {
                throw new IllegalArgumentException("retries must be > 0");
            }
            return this;
        }

        public Builder ratio(double ratio) {
            if (ratio < 0 || ratio > 1) throw new IllegalArgumentException("ratio in [0, 1]");
            return this;
        }

        public Builder name(String name) {
            Objects.requireNonNull(name, "name");
            if (name.isBlank()) throw new IllegalArgumentException("blank name");
            return this;
        }

        public Builder later(int n) {
            int m = n * 2;
            if (m <= 0) throw new IllegalArgumentException("not a leading check on a parameter");
            return this;
        }

        private Builder hidden(int n) {
            if (n < 0) throw new IllegalArgumentException("private: not recorded");
            return this;
        }

        public Limits build() {
            if (missing == null) throw new IllegalStateException("nothing set");
            return new Limits();
        }

        private String missing;
    }

    public record Window(int size) {
        public Window {
            if (size < 1) throw new IllegalArgumentException("size >= 1");
        }
    }
}
`,
};

describe('behaviour facts from method bodies', async () => {
  const files = Object.fromEntries(Object.entries(SOURCES).map(([p, s]) => [p, strToU8(s)]));
  const { facts, inventory } = await extractInventory([{ artifactId: 'agentscope-demo', bytes: zipSync(files) }], { groupId: 'io.agentscope', version: '9.9.9' });
  const pre = facts.preconditions.map((p) => `${p.type.split('.').slice(-2).join('.')}#${p.member}(${p.params}) ${p.param} ${JSON.stringify(p.rejects)} ${p.exception} :${p.at.line}`);

  test('leading parameter checks: comparisons (either side), null, blank; record compact constructors', () => {
    expect(pre).toEqual([
      'Limits.Builder#retries(int) retries [{"kind":"compare","op":"<=","value":0}] IllegalArgumentException :8',
      'Limits.Builder#ratio(double) ratio [{"kind":"compare","op":"<","value":0},{"kind":"compare","op":">","value":1}] IllegalArgumentException :15',
      'Limits.Builder#name(String) name [{"kind":"null"}] NullPointerException :20',
      'Limits.Builder#name(String) name [{"kind":"blank"}] IllegalArgumentException :21',
      'Limits.Window#<init>(int) size [{"kind":"compare","op":"<","value":1}] IllegalArgumentException :46',
    ]);
  });

  test('a check on the object state is a state check; checks after other statements and private methods are not recorded', () => {
    expect(facts.stateChecks.map((s) => `${s.member} [${s.condition}] ${s.exception}`)).toEqual(['build [missing == null] IllegalStateException']);
    expect(pre.join('\n')).not.toMatch(/later|hidden/);
  });

  test('the facts belong to the jars of the inventory', () => {
    expect(facts.version).toBe('9.9.9');
    expect(facts.artifacts).toEqual(inventory.artifacts.map((a) => a.sha1));
  });
});

/**
 * The flow facts of AS102-AS104 (extract/flow-facts.ts) on small sources shaped like the
 * framework's: what each form of the code records, and that other forms record other values (a
 * registry that keeps the first tool or throws, MCP tools registered under a prefix).
 */
const FLOW_SOURCES: Record<string, string> = {
  'io/agentscope/core/Agentish.java': `package io.agentscope.core;

import io.agentscope.core.message.Msg;
import java.util.List;

public class Agentish {
    private boolean recover;

    class Call {
        Object run(List<Msg> msgs) {
            if (recover) {
                patch(msgs);
            }
            if (!asking().isEmpty()) {
                List<Object> rs = read(msgs);
                if (rs.isEmpty()) {
                    throw new IllegalStateException("no confirmation");
                }
            }
            return null;
        }

        private List<Object> read(List<Msg> msgs) {
            return List.of(msgs.get(0).getMetadata().get(Msg.METADATA_CONFIRM_RESULTS));
        }

        private List<Object> asking() { return List.of(); }

        private void patch(List<Msg> msgs) {}
    }
}
`,
  'io/agentscope/core/permission/Engine.java': `package io.agentscope.core.permission;

public final class Engine {
    private PermissionMode mode;

    public Decision check(String tool) {
        Decision deny = denyRules(tool);
        if (deny != null) return deny;
        Decision ask = askRules(tool);
        if (ask != null) return ask;
        return fallback(tool);
    }

    private Decision denyRules(String tool) { return new Decision(PermissionBehavior.DENY); }

    private Decision askRules(String tool) { return new Decision(PermissionBehavior.ASK); }

    private Decision fallback(String tool) {
        if (mode == PermissionMode.DONT_ASK) {
            return new Decision(PermissionBehavior.DENY);
        }
        return new Decision(PermissionBehavior.ASK);
    }
}
`,
  'io/agentscope/core/tool/ToolRegistry.java': `package io.agentscope.core.tool;

import java.util.Map;

class ToolRegistry {
    private Map<String, Object> tools;

    void registerTool(String name, Object tool) {
        if (tools.containsKey(name)) {
            throw new IllegalArgumentException("duplicate " + name);
        }
        tools.put(name, tool);
    }
}
`,
  'io/agentscope/core/tool/McpClientManager.java': `package io.agentscope.core.tool;

class McpClientManager {
    void register(String server, Object t) {
        Object tool = new McpTool(server + "__" + t.name(), "");
    }
}
`,
};

describe('flow facts of AS102-AS104', async () => {
  const files = Object.fromEntries(Object.entries(FLOW_SOURCES).map(([p, s]) => [p, strToU8(s)]));
  const { facts } = await extractInventory([{ artifactId: 'agentscope-flow', bytes: zipSync(files) }], { groupId: 'io.agentscope', version: '9.9.9' });
  const show = (list: FlowFact[] | undefined) => (list ?? []).map((f) => `${f.type.split('.').slice(-2).join('.')}#${f.member} ${f.fact}: ${f.value} :${f.at.line}`);

  test('resume: the ConfirmResults reader, the throw of its caller, the flag-guarded call on the input before it', () => {
    expect(show(facts.resumeFacts)).toEqual([
      'Agentish.Call#run when recover is set, patch(..) runs before the ConfirmResults are read: yes :11',
      'Agentish.Call#run a resume that carries no ConfirmResult: throws IllegalStateException :17',
      "Agentish.Call#read a paused agent's ConfirmResults are read from: Msg.METADATA_CONFIRM_RESULTS :24",
    ]);
  });

  test('permission: the ASK of a method called before the DONT_ASK demotion, in source order; nothing from the DENY-only method', () => {
    expect(show(facts.permissionFacts)).toEqual([
      'permission.Engine#check the ASK built by askRules(..) is returned before DONT_ASK applies: yes :9',
      'permission.Engine#fallback under PermissionMode.DONT_ASK the default ASK becomes: DENY :19',
    ]);
  });

  test('tool names: a registry that throws on a known name, MCP tools under a prefix (which turns AS104 off)', () => {
    expect(show(facts.toolNameFacts)).toEqual([
      'tool.McpClientManager#register an MCP tool is registered under: server + "__" + t.name() :5',
      'tool.ToolRegistry#registerTool a tool registered under a name the Toolkit already has: throws IllegalArgumentException :10',
    ]);
  });
});
