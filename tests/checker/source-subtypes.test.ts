import { expect, test } from 'vitest';
import { javacDecides } from '../support/javac-decides.js';

/**
 * A project class where an AgentScope type is wanted: it is one only through its declared
 * supertypes (project classes, AgentScope types, JDK types, none of which has an AgentScope
 * supertype), so a `@Tool` POJO given to `registerAgentTool`, a `Hook` given to `middleware` or a
 * `Thread` subclass assigned to an `AgentTool` is javac's "incompatible types"; and a project class
 * where another is wanted (`Worker w = reply.getStructuredData(WeatherTools.class)`). javac decides:
 * Broken.java's lines tagged `// error` are the ones it rejects (check: AS007 for an argument,
 * AS013 for an assignment); Clean.java, reaching the types through project classes and
 * interfaces, compiles and checks clean.
 */
const HEAD = `package demo;

import io.agentscope.core.ReActAgent;
import io.agentscope.core.agent.Agent;
import io.agentscope.core.agent.RuntimeContext;
import io.agentscope.core.event.AgentEvent;
import io.agentscope.core.hook.Hook;
import io.agentscope.core.hook.HookEvent;
import io.agentscope.core.message.ToolResultBlock;
import io.agentscope.core.middleware.MiddlewareBase;
import io.agentscope.core.middleware.ModelCallInput;
import io.agentscope.core.tool.AgentTool;
import io.agentscope.core.tool.ToolCallParam;
import io.agentscope.core.tool.Toolkit;
import java.util.Map;
import java.util.function.Function;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
`;
const TYPES = `
class WeatherTools {
    public String weather(String city) { return city; }
}

class AuditHook implements Hook {
    public <T extends HookEvent> Mono<T> onEvent(T e) { return Mono.just(e); }
}

class Worker extends Thread {}

abstract class BaseTool implements AgentTool {
    public String getDescription() { return "d"; }
    public Map<String, Object> getParameters() { return Map.of(); }
}

class Echo extends BaseTool {
    public String getName() { return "echo"; }
    public Mono<ToolResultBlock> callAsync(ToolCallParam p) { return Mono.just(ToolResultBlock.text("x")); }
}

interface Audited extends MiddlewareBase {}

class Audit implements Audited {
    @Override
    public Flux<AgentEvent> onModelCall(Agent agent, RuntimeContext ctx, ModelCallInput input, Function<ModelCallInput, Flux<AgentEvent>> next) {
        return next.apply(input);
    }
}
`;
const BROKEN = `${HEAD}
public class Broken {
    void f(Toolkit tk) {
        tk.registerAgentTool(new WeatherTools()); // error
        ReActAgent.builder().middleware(new AuditHook()); // error
        AgentTool t = new Worker(); // error
        MiddlewareBase m = new Echo(); // error
    }

    void g(io.agentscope.core.message.Msg reply) {
        Worker w = reply.getStructuredData(WeatherTools.class); // error
    }
}
${TYPES}`;
const CLEAN = `${HEAD}
public class Clean {
    void f(Toolkit tk) {
        tk.registerAgentTool(new Echo());
        tk.registerTool(new WeatherTools());
        ReActAgent.builder().middleware(new Audit());
        AgentTool t = new Echo();
        MiddlewareBase m = new Audit();
        Object o = new Worker();
    }

    void g(io.agentscope.core.message.Msg reply) {
        WeatherTools w = reply.getStructuredData(WeatherTools.class);
        Thread t = reply.getStructuredData(Worker.class);
        BaseTool b = reply.getStructuredData(Echo.class);
    }
}
`;

test('project classes where AgentScope types are wanted: javac and check agree line by line', async () => {
  const v = await javacDecides({ 'Broken.java': BROKEN, 'Clean.java': CLEAN });
  expect(v.javac).toEqual(v.tagged);
  expect(v.check).toEqual(v.tagged);
  expect(v.findings.every((f) => f.rule === 'AS007' || f.rule === 'AS013')).toBe(true);
}, 240_000);
