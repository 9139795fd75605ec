import { afterAll, expect, test } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execa } from 'execa';
import { checkSources } from '../../src/checker/index.js';
import { loadInventory } from '../../src/inventory/store.js';
import { mavenClasspath } from '../support/maven-classpath.js';

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
const POM = `<project xmlns="http://maven.apache.org/POM/4.0.0"><modelVersion>4.0.0</modelVersion><groupId>demo</groupId><artifactId>ss</artifactId><version>1</version>
<dependencies><dependency><groupId>io.agentscope</groupId><artifactId>agentscope-core</artifactId><version>2.0.2</version></dependency></dependencies></project>`;

const made: string[] = [];
afterAll(() => {
  for (const d of made) rmSync(d, { recursive: true, force: true });
});

test('project classes where AgentScope types are wanted: javac and check agree line by line', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'as-ss-'));
  made.push(dir);
  writeFileSync(join(dir, 'pom.xml'), POM);
  const cp = await mavenClasspath(dir);
  const src = join(dir, 'src', 'demo');
  mkdirSync(src, { recursive: true });
  const files = [
    { path: join(src, 'Broken.java'), content: BROKEN },
    { path: join(src, 'Clean.java'), content: CLEAN },
  ];
  for (const f of files) writeFileSync(f.path, f.content);
  const javac = await execa('javac', ['-proc:none', '-Xmaxerrs', '1000', '-d', join(dir, 'out'), '-cp', cp, ...files.map((f) => f.path)], { reject: false, all: true });
  const javacLines = [...(javac.all ?? '').matchAll(/^(.+\.java):(\d+): error/gm)].map((m) => `${m[1].slice(src.length + 1)}:${m[2]}`);
  const tagged = BROKEN.split('\n').flatMap((l, i) => (l.endsWith('// error') ? [`Broken.java:${i + 1}`] : []));
  expect(new Set(javacLines)).toEqual(new Set(tagged));
  const findings = (await checkSources(files, loadInventory('2.0.2'))).filter((f) => f.severity === 'error');
  expect(findings.every((f) => f.rule === 'AS007' || f.rule === 'AS013')).toBe(true);
  expect([...new Set(findings.map((f) => `${f.file.slice(src.length + 1)}:${f.line}`))].sort()).toEqual([...tagged].sort());
}, 240_000);
