import { afterAll, describe, expect, test } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { execa } from 'execa';
import { checkSources } from '../../src/checker/index.js';
import { loadInventory } from '../../src/inventory/store.js';

/**
 * Lombok's annotation processor adds members to the classes it annotates (getters, setters, a
 * builder method, a `log` field) and lets `val` declare a local of its initializer's type. A logger
 * or constructor annotation adds no method: the class's methods are judged as without Lombok. javac,
 * with Lombok on the processor path (as Maven builds such a project), decides: the files of
 * `demo.ok` compile and `check` (at the pom's 2.0.2) reports nothing there; each file of `demo.broken` fails, and `check`
 * reports an error on javac's line.
 */
const POM = `<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>demo</groupId><artifactId>lombok-user</artifactId><version>1</version>
  <properties><maven.compiler.release>17</maven.compiler.release><project.build.sourceEncoding>UTF-8</project.build.sourceEncoding></properties>
  <dependencies>
    <dependency><groupId>io.agentscope</groupId><artifactId>agentscope-core</artifactId><version>2.0.2</version></dependency>
    <dependency><groupId>org.slf4j</groupId><artifactId>slf4j-api</artifactId><version>2.0.9</version></dependency>
    <dependency><groupId>org.projectlombok</groupId><artifactId>lombok</artifactId><version>1.18.36</version><scope>provided</scope></dependency>
  </dependencies>
  <build><plugins><plugin>
    <groupId>org.apache.maven.plugins</groupId><artifactId>maven-compiler-plugin</artifactId><version>3.13.0</version>
    <configuration><annotationProcessorPaths><path><groupId>org.projectlombok</groupId><artifactId>lombok</artifactId><version>1.18.36</version></path></annotationProcessorPaths></configuration>
  </plugin></plugins></build>
</project>
`;

const TOOL = (pkg: string, annotations: string) => `package ${pkg};

import io.agentscope.core.tool.ToolBase;

${annotations}
public abstract class LabeledTool extends ToolBase {
    private String label;
    private int retries;

    protected LabeledTool() {
        super(ToolBase.builder().name("labeled").description("a tool"));
    }
}
`;

const OK: Record<string, string> = {
  // accessors Lombok generates on a subclass of an AgentScope type, called from another class
  'LabeledTool.java': TOOL('demo.ok', '@lombok.Getter\n@lombok.Setter'),
  'UseTool.java': `package demo.ok;

public class UseTool {
    static String describe(LabeledTool t) {
        t.setRetries(3);
        return t.getLabel() + t.getRetries() + t.getName();
    }
}
`,
  // a subclass of the Lombok class inherits the generated accessors
  'NamedTool.java': `package demo.ok;

public abstract class NamedTool extends LabeledTool {
    String shown() {
        return getLabel() + this.getRetries();
    }
}
`,
  // a field annotation, a logger field and a builder method Lombok adds
  'LoggedTool.java': `package demo.ok;

import io.agentscope.core.tool.ToolBase;
import lombok.Getter;
import lombok.extern.slf4j.Slf4j;

@Slf4j
public class LoggedTool extends ToolBase {
    @Getter private final String topic;

    @lombok.Builder(builderMethodName = "logged")
    LoggedTool(String topic) {
        super(ToolBase.builder().name("logged").description("a tool"));
        this.topic = topic;
    }

    void hello() {
        log.info("topic {}", topic);
    }

    static String make() {
        return LoggedTool.logged().topic("x").build().getTopic();
    }
}
`,
  // @SneakyThrows: a checked exception of an AgentScope method need not be caught or declared
  'Sneaky.java': `package demo.ok;

import io.agentscope.core.formatter.MediaUtils;
import lombok.SneakyThrows;

public class Sneaky {
    @SneakyThrows
    static String encoded(String path) {
        return MediaUtils.fileToBase64(path);
    }
}
`,
  // a logger field and a constructor only: both used, and the class's own methods called rightly
  'Logged.java': `package demo.ok;

import io.agentscope.core.agent.Agent;
import io.agentscope.core.agent.RuntimeContext;
import lombok.RequiredArgsConstructor;
import lombok.extern.slf4j.Slf4j;

@Slf4j
@RequiredArgsConstructor
public class Logged {
    private final String prefix;

    void run(RuntimeContext ctx, Agent agent) {
        log.info("{}", prefix);
        record(agent, ctx);
    }

    private void record(Agent agent, RuntimeContext ctx) {}

    static Logged make() {
        return new Logged("p");
    }
}
`,
  // Lombok's val: the local has the initializer's type
  'Val.java': `package demo.ok;

import io.agentscope.core.message.Msg;
import lombok.val;

public class Val {
    static String text(Msg m) {
        val t = m.getTextContent();
        return t.trim();
    }
}
`,
};

const BROKEN: Record<string, string> = {
  // the same class without Lombok: the accessors do not exist
  'LabeledTool.java': TOOL('demo.broken', ''),
  'UseTool.java': `package demo.broken;

public class UseTool {
    static String describe(LabeledTool t) {
        return t.getLabel();
    }
}
`,
  // a logger adds no method: an abstract method left unimplemented is still one, and so is a wrong argument of the class's own method
  'LoggedTool.java': `package demo.broken;

import io.agentscope.core.message.ToolResultBlock;
import io.agentscope.core.tool.AgentTool;
import java.util.Map;
import lombok.extern.slf4j.Slf4j;
import reactor.core.publisher.Mono;

@Slf4j
public class LoggedTool implements AgentTool {
    @Override public String getName() { return "t"; }
    @Override public String getDescription() { return "d"; }
    @Override public Map<String, Object> getParameters() { return Map.of(); }
    @Override
    public Mono<ToolResultBlock> callAsync(String param) {
        log.info("{}", param);
        return Mono.empty();
    }
}
`,
  'LoggedCalls.java': `package demo.broken;

import io.agentscope.core.agent.Agent;
import io.agentscope.core.agent.RuntimeContext;
import lombok.extern.slf4j.Slf4j;

@Slf4j
public class LoggedCalls {
    void run(RuntimeContext ctx, Agent agent) {
        record(ctx, agent);
    }

    private void record(Agent agent, RuntimeContext ctx) {}
}
`,
  // a logger is Lombok's only field: any other name no declaration makes is still "cannot find symbol"
  'LoggedCaller.java': `package demo.broken;

import io.agentscope.core.ReActAgent;
import io.agentscope.core.message.Msg;
import lombok.extern.slf4j.Slf4j;
import reactor.core.publisher.Mono;

@Slf4j
public class LoggedCaller {
    private ReActAgent agent;

    public Mono<Msg> call() {
        log.info("calling");
        return agent.call(message);
    }
}
`,
  // inside a Lombok class, a misspelled AgentScope call is still an error
  'LombokCaller.java': `package demo.broken;

import io.agentscope.core.message.Msg;
import lombok.Getter;

@Getter
public class LombokCaller {
    private String name;

    static String text(Msg m) {
        return m.getTextContnt();
    }
}
`,
};

const made: string[] = [];
afterAll(() => {
  for (const d of made) rmSync(d, { recursive: true, force: true });
});

describe('Lombok users, javac deciding', () => {
  test('members Lombok generates are never reported; real errors in and beside Lombok classes still are', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'as-lombok-'));
    made.push(dir);
    writeFileSync(join(dir, 'pom.xml'), POM);
    const files: { path: string; content: string }[] = [];
    for (const [pkg, sources] of [['ok', OK], ['broken', BROKEN]] as const) {
      for (const [name, content] of Object.entries(sources)) {
        const path = join(dir, 'src', 'main', 'java', 'demo', pkg, name);
        mkdirSync(dirname(path), { recursive: true });
        writeFileSync(path, content);
        files.push({ path, content });
      }
    }
    // offline first; online once if the local repository lacks Lombok or a plugin
    const args = ['-B', 'compile'];
    let mvn = await execa('mvn', ['-o', ...args], { cwd: dir, reject: false, all: true });
    if (/resolve|offline/i.test(mvn.all ?? '') && !/\.java:\[\d+/.test(mvn.all ?? '')) mvn = await execa('mvn', args, { cwd: dir, reject: false, all: true });
    const errors = [...(mvn.all ?? '').matchAll(/^\[ERROR\] (\/.+\.java):\[(\d+),\d+\] (.*)$/gm)].map((m) => ({ file: m[1], line: Number(m[2]), msg: m[3] }));
    const findings = (await checkSources(files, loadInventory('2.0.2'))).filter((f) => f.severity === 'error');

    const okFiles = files.filter((f) => f.path.includes(`${join('demo', 'ok')}`));
    const brokenFiles = files.filter((f) => f.path.includes(`${join('demo', 'broken')}`) && !f.path.endsWith('LabeledTool.java'));
    // javac with Lombok accepts every ok file, and check agrees
    expect(errors.filter((e) => okFiles.some((f) => f.path === e.file))).toEqual([]);
    expect(findings.filter((f) => okFiles.some((o) => o.path === f.file)).map((f) => `${f.file}:${f.line} ${f.message}`)).toEqual([]);
    // each broken file fails javac, and check reports on javac's line
    for (const f of brokenFiles) {
      const lines = errors.filter((e) => e.file === f.path).map((e) => e.line);
      expect(lines.length, `javac accepts ${f.path}`).toBeGreaterThan(0);
      expect(findings.filter((x) => x.file === f.path && lines.includes(x.line)).length, `check misses ${f.path}:${lines}`).toBeGreaterThan(0);
    }
    // and nothing javac does not report
    const extra = findings.filter((f) => !errors.some((e) => e.file === f.file && e.line === f.line));
    expect(extra.map((f) => `${f.file}:${f.line} ${f.rule} ${f.message}`)).toEqual([]);
  }, 240_000);
});
