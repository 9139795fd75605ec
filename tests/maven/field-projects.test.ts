/**
 * `create` and `gen` in the projects users bring, through the CLI exactly as typed: a created
 * project after `gen tool MyTool` and names that look like io.agentscope types, then every
 * other kind (and permission/mcp/permission idempotent); a Spring Boot application after every
 * kind it takes (wired into AgentConfig, no JUnit version of its own); a HarnessAgent project
 * after every kind it takes; a two-module build (gen --module into one module, the root refused
 * without it, the parent pom untouched); a hand-made pom without surefire (gen pins one, and the
 * tests it wrote are run). Every refused run is asserted to write nothing. One `mvn -q test` over
 * one reactor builds and tests them all.
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, snapshot } from '../cli/helpers.js';
import { mvn, tempDir, writeAggregator } from './support.js';
import { readPin } from '../../src/inventory/pin.js';
import { TOOLING_VERSIONS } from '../../generators/project/tooling.js';

const root = tempDir('agentscope-field-');
const pin = readPin().version;
let build: { code: number; output: string } | undefined;

async function gen(dir: string, args: string[]) {
  return cli(dir, ['gen', ...args, '--yes']);
}

/** A refused gen: the exit code, and not one byte of the project changed. */
async function refused(dir: string, args: string[], code: number, says: string) {
  const before = snapshot(dir);
  const r = await gen(dir, args);
  expect(r.code, `${args.join(' ')}: ${r.out}\n${r.err}`).toBe(code);
  expect(`${r.out}\n${r.err}`).toContain(says);
  expect(snapshot(dir)).toEqual(before);
}

async function ok(dir: string, args: string[]) {
  const r = await gen(dir, args);
  expect(r.code, `gen ${args.join(' ')}:\n${r.out}\n${r.err}`).toBe(0);
  return r;
}

const src = (dir: string, pkg: string, cls: string) => readFileSync(join(dir, 'src/main/java', pkg, `${cls}.java`), 'utf8');

async function providerJoinsModelProviders(dir: string, pkg: string) {
  const r = await ok(dir, ['provider', 'openai']);
  expect(r.out).toContain('added to ModelProviders: OPENAI_MODEL and ModelProviders.openai()');
  const providers = src(dir, pkg, 'ModelProviders');
  expect(providers).toMatch(/public static final String OPENAI_MODEL = "openai:[^"]+";/);
  expect(providers).toContain('return resolve(OPENAI_MODEL, OPENAI_API_KEY_ENV, OPENAI_BASE_URL_ENV);');
  expect(existsSync(join(dir, 'src/main/java', pkg, 'OpenAIModelConfig.java'))).toBe(false);
  expect(readFileSync(join(dir, 'src/test/java', pkg, 'OpenAIModelConfigTest.java'), 'utf8')).toContain('ModelProviders.OPENAI_MODEL');
  expect(readFileSync(join(dir, 'pom.xml'), 'utf8')).toContain('<artifactId>agentscope-extensions-model-openai</artifactId>');
  const before = snapshot(dir);
  await ok(dir, ['provider', 'openai']);
  expect(snapshot(dir)).toEqual(before);
}

const HAND_POM = `<?xml version="1.0" encoding="UTF-8"?>
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>org.acme</groupId>
  <artifactId>hand-made</artifactId>
  <version>1.0</version>
  <properties>
    <maven.compiler.source>17</maven.compiler.source>
    <maven.compiler.target>17</maven.compiler.target>
    <project.build.sourceEncoding>UTF-8</project.build.sourceEncoding>
  </properties>
  <dependencies>
    <dependency>
      <groupId>io.agentscope</groupId>
      <artifactId>agentscope-core</artifactId>
      <version>${pin}</version>
    </dependency>
  </dependencies>
</project>
`;

function writeMultiModule(dir: string): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'pom.xml'),
    `<?xml version="1.0" encoding="UTF-8"?>
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>org.acme.multi</groupId>
  <artifactId>multi-parent</artifactId>
  <version>1.0</version>
  <packaging>pom</packaging>
  <modules>
    <module>shared</module>
    <module>app</module>
  </modules>
  <properties>
    <agentscope.version>${pin}</agentscope.version>
    <maven.compiler.source>17</maven.compiler.source>
    <maven.compiler.target>17</maven.compiler.target>
    <project.build.sourceEncoding>UTF-8</project.build.sourceEncoding>
  </properties>
  <build>
    <pluginManagement>
      <plugins>
        <plugin>
          <groupId>org.apache.maven.plugins</groupId>
          <artifactId>maven-surefire-plugin</artifactId>
          <version>${TOOLING_VERSIONS.surefirePlugin}</version>
        </plugin>
      </plugins>
    </pluginManagement>
  </build>
</project>
`,
  );
  const module = (name: string, deps: string) => {
    mkdirSync(join(dir, name), { recursive: true });
    writeFileSync(
      join(dir, name, 'pom.xml'),
      `<?xml version="1.0" encoding="UTF-8"?>
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <parent>
    <groupId>org.acme.multi</groupId>
    <artifactId>multi-parent</artifactId>
    <version>1.0</version>
  </parent>
  <artifactId>${name}</artifactId>
  <dependencies>
${deps}
  </dependencies>
</project>
`,
    );
  };
  module('shared', '');
  module('app', `    <dependency>\n      <groupId>org.acme.multi</groupId>\n      <artifactId>shared</artifactId>\n      <version>1.0</version>\n    </dependency>\n    <dependency>\n      <groupId>io.agentscope</groupId>\n      <artifactId>agentscope-core</artifactId>\n      <version>\${agentscope.version}</version>\n    </dependency>`);
  mkdirSync(join(dir, 'shared/src/main/java/org/acme/shared'), { recursive: true });
  writeFileSync(join(dir, 'shared/src/main/java/org/acme/shared/Greeting.java'), 'package org.acme.shared;\n\npublic final class Greeting {\n    private Greeting() {}\n\n    public static String of(String name) {\n        return "Hello, " + name;\n    }\n}\n');
  mkdirSync(join(dir, 'app/src/main/java/org/acme/app'), { recursive: true });
  writeFileSync(join(dir, 'app/src/main/java/org/acme/app/App.java'), 'package org.acme.app;\n\nimport org.acme.shared.Greeting;\n\npublic class App {\n    public static void main(String[] args) {\n        System.out.println(Greeting.of("app"));\n    }\n}\n');
}

const PLAIN = 'plain';
const BOOT = 'boot';
const HARNESS = 'harness';
const MULTI = 'multi';
const HAND = 'handmade';
const BOOT_PROMPT = 'Reply with ${HOME}';

beforeAll(async () => {
  for (const [name, flags] of [
    [PLAIN, []],
    // `${HOME}` must reach the agent literally: the project's own ChatControllerTest asserts the prompt (mvn test below).
    [BOOT, ['--flavor', 'spring-boot', '--system-prompt', BOOT_PROMPT]],
    [HARNESS, ['--agent', 'harness']],
  ] as const) {
    const r = await cli(root, ['create', name, '--yes', '--no-git', ...flags]);
    if (r.code !== 0) throw new Error(`create ${name}: ${r.out}\n${r.err}`);
  }
  writeMultiModule(join(root, MULTI));
  mkdirSync(join(root, HAND, 'src/main/java/org/acme'), { recursive: true });
  writeFileSync(join(root, HAND, 'pom.xml'), HAND_POM);
  writeFileSync(join(root, HAND, 'src/main/java/org/acme/App.java'), 'package org.acme;\n\npublic class App {\n    public static void main(String[] args) {\n        System.out.println("hi");\n    }\n}\n');
  writeAggregator(root, [PLAIN, BOOT, HARNESS, MULTI, HAND]);
}, 300_000);

afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

describe('a created project: gen tool MyTool, tools named like io.agentscope types, then every other kind', () => {
  const dir = join(root, PLAIN);
  const pkg = 'com/example/plain';

  it('each gen works after the last; permission, mcp, permission: the third changes nothing and keeps mcp\'s ALLOW rules', { timeout: 300_000 }, async () => {
    for (const name of ['MyTool', 'Tools', 'Tool2', 'McpTool', 'AgentTool', 'SubAgentTool']) await ok(dir, ['tool', name]);
    const factory = src(dir, pkg, 'AgentFactory');
    for (const name of ['MyTool', 'Tools', 'Tool2', 'McpTool', 'AgentTool', 'SubAgentTool']) expect(factory).toContain(`toolkit.registerTool(new ${name}());`);
    for (const kind of ['toolbase', 'middleware', 'toolgroups', 'hitl', 'structured']) await ok(dir, [kind]);
    // structured is wired into Main as create --features structured writes it (mvn test compiles it)
    expect(src(dir, pkg, 'Main')).toContain('out.line(String.valueOf(TaskSummary.ask(agent, question, ctx)));');
    expect(src(dir, pkg, 'Main')).toContain('chat.structured = Arrays.asList(args).contains("--structured");');
    // a provider joins ModelProviders (the one place models are configured), and a second run changes nothing
    await providerJoinsModelProviders(dir, pkg);
    await ok(dir, ['permission']);
    await ok(dir, ['mcp']);
    const afterMcp = src(dir, pkg, 'PermissionPolicy');
    expect(afterMcp).toMatch(/ALLOW = List\.of\([^)]*"echo"/);
    const before = snapshot(dir);
    const third = await ok(dir, ['permission']);
    expect(third.out).not.toMatch(/^(CREATE|UPDATE|OVERWRITE)/m);
    expect(snapshot(dir)).toEqual(before);
    // --force re-renders the policy and still keeps every rule
    await ok(dir, ['permission', '--force']);
    expect(src(dir, pkg, 'PermissionPolicy')).toMatch(/ALLOW = List\.of\([^)]*"echo"/);
  });

  it('refuses what would replace a generated class, bad names and tool names, writing nothing', { timeout: 120_000 }, async () => {
    await refused(dir, ['tool', 'Main', '--force'], 2, 'Main.java is part of the project `create` wrote');
    await refused(dir, ['tool', 'AgentFactory', '--force'], 2, 'not even with --force');
    await refused(dir, ['toolbase', 'MyTool', '--force'], 2, 'written by `gen tool`');
    await refused(dir, ['tool', '123'], 2, 'did you mean "My123"?');
    await refused(dir, ['tool', 'Ünïcode'], 2, 'did you mean "Unicode"?');
    await refused(dir, ['tool', 'Weather', '--module', 'x'], 2, '--module is for the root of a multi-module build');
  });
});

describe('a Spring Boot application', () => {
  const dir = join(root, BOOT);
  const pkg = 'com/example/boot';

  it('gen tool is wired into AgentConfig with no JUnit version of gen\'s own; every kind it takes', { timeout: 300_000 }, async () => {
    await ok(dir, ['tool', 'WeatherTool']);
    expect(src(dir, pkg, 'AgentConfig')).toContain('toolkit.registerTool(new WeatherTool());');
    const pom = readFileSync(join(dir, 'pom.xml'), 'utf8');
    expect(pom).not.toContain('<artifactId>junit-jupiter</artifactId>');
    expect(pom).not.toContain(TOOLING_VERSIONS.junit);
    for (const kind of ['toolbase', 'middleware', 'permission', 'toolgroups']) await ok(dir, [kind]);
    const config = src(dir, pkg, 'AgentConfig');
    expect(config).toContain('.permissionContext(PermissionPolicy.unattended())');
    expect(config).toContain('.middleware(new ModelCallLogging())');
  });

  it('refuses hitl, mcp, structured and provider with create\'s reasons, writing nothing', { timeout: 120_000 }, async () => {
    await refused(dir, ['hitl'], 2, 'a spring-boot project does not take `gen hitl`');
    await refused(dir, ['mcp'], 2, 'connection lifecycle');
    await refused(dir, ['structured'], 2, 'not a structured record');
    await refused(dir, ['provider', 'openai'], 2, 'application.yml');
  });

  it('names the API key in one line instead of a stack trace (the check runs before the banner)', () => {
    expect(src(dir, pkg, 'Application')).toContain('DASHSCOPE_API_KEY is not set');
  });

  it('keeps a ${...} system prompt literal: escaped in application.yml, asserted by the project\'s own tests', () => {
    const yml = readFileSync(join(dir, 'src/main/resources/application.yml'), 'utf8');
    expect(yml).toContain('sys-prompt: "Reply with \\\\${HOME}"');
    expect(readFileSync(join(dir, 'src/test/java', pkg, 'ChatControllerTest.java'), 'utf8')).toContain('assertEquals("Reply with ${HOME}", properties.getAgent().getSysPrompt());');
  });
});

describe('a HarnessAgent project', () => {
  const dir = join(root, HARNESS);

  it('takes every kind but hitl and structured', { timeout: 300_000 }, async () => {
    for (const kind of ['tool', 'toolbase', 'middleware', 'permission', 'toolgroups', 'mcp']) await ok(dir, [kind, ...(kind === 'tool' ? ['WeatherTool'] : [])]);
    await providerJoinsModelProviders(dir, 'com/example/harness');
    await refused(dir, ['hitl'], 2, 'a harness project does not take `gen hitl`');
    await refused(dir, ['structured'], 2, 'a harness project does not take `gen structured`');
  });
});

describe('a two-module build', () => {
  const dir = join(root, MULTI);

  it('the root refuses gen and lists the modules; --module app writes into app, the parent pom stays as it was', { timeout: 120_000 }, async () => {
    await refused(dir, ['tool', 'WeatherTool'], 2, 'modules: shared, app');
    const parent = readFileSync(join(dir, 'pom.xml'), 'utf8');
    await ok(dir, ['tool', 'WeatherTool', '--module', 'app']);
    expect(existsSync(join(dir, 'app/src/main/java/org/acme/app/WeatherTool.java'))).toBe(true);
    expect(existsSync(join(dir, 'src'))).toBe(false);
    expect(readFileSync(join(dir, 'pom.xml'), 'utf8')).toBe(parent);
    expect(readFileSync(join(dir, 'app/pom.xml'), 'utf8')).toContain('<artifactId>junit-jupiter</artifactId>');
    // check at the root checks every module's sources
    const check = await cli(dir, ['check']);
    expect(check.code, check.out).toBe(0);
    expect(check.out).toMatch(/\b[3-9] file\(s\) checked|\b\d{2,} file\(s\) checked/);
  });
});

describe('a hand-made pom without surefire', () => {
  const dir = join(root, HAND);

  it('gen pins maven-surefire-plugin and says so', { timeout: 120_000 }, async () => {
    const r = await ok(dir, ['tool', 'WeatherTool']);
    expect(r.out).toContain(`added maven-surefire-plugin ${TOOLING_VERSIONS.surefirePlugin} to pom.xml`);
    expect(readFileSync(join(dir, 'pom.xml'), 'utf8')).toContain(`<version>${TOOLING_VERSIONS.surefirePlugin}</version>`);
    const again = await ok(dir, ['tool', 'WeatherTool']);
    expect(again.out).not.toContain('added maven-surefire-plugin');
  });
});

describe('mvn -q test over every project above', () => {
  it('builds and passes, and the hand-made project\'s tests are counted by surefire', { timeout: 900_000 }, () => {
    build = mvn(root, ['-q', 'test']);
    expect(build.code, build.output.slice(-6000)).toBe(0);
    const reports = join(root, HAND, 'target/surefire-reports');
    const xml = readdirSync(reports).filter((f) => f.startsWith('TEST-') && f.endsWith('.xml'));
    expect(xml.some((f) => f.includes('WeatherToolTest'))).toBe(true);
    const counted = readFileSync(join(reports, xml.find((f) => f.includes('WeatherToolTest'))!), 'utf8');
    expect(Number(/tests="(\d+)"/.exec(counted)?.[1])).toBeGreaterThan(0);
    for (const m of [PLAIN, BOOT, HARNESS]) expect(readdirSync(join(root, m, 'target/surefire-reports')).length).toBeGreaterThan(0);
    // the Spring Boot project's tests ran, so its system prompt reached the agent as typed
    const boot = readdirSync(join(root, BOOT, 'target/surefire-reports')).find((f) => f.startsWith('TEST-') && f.includes('ChatControllerTest'));
    expect(boot).toBeDefined();
  });

  it('mvn -q spring-boot:run without an API key: at most 5 lines, naming DASHSCOPE_API_KEY, no stack trace', { timeout: 300_000 }, () => {
    expect(build?.code).toBe(0);
    const run = mvn(join(root, BOOT), ['-q', 'spring-boot:run'], undefined, { DASHSCOPE_API_KEY: undefined });
    const lines = run.output.split('\n').filter((l) => l.trim());
    expect(lines.length, run.output).toBeLessThanOrEqual(5);
    expect(run.output).toContain('DASHSCOPE_API_KEY is not set');
    expect(run.output).not.toMatch(/\bat [\w.$]+\(|Caused by|\[ERROR\]/);
    expect(run.code, run.output).toBe(0);
  });
});
