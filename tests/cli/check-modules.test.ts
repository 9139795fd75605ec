/**
 * `check` at the root of a multi-module build checks every module against the AgentScope version
 * that module builds with: a two-module build on 2.0.2 and 2.0.0 holds the same file, which uses
 * an API 2.0.2 added (TextAccumulator#replace). It is an error in the 2.0.0 module only, reported
 * per file as ever; `--agentscope-version V` still checks every module against V.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanup, cli, tempDir } from './helpers.js';

afterAll(cleanup);

const USES_202 = 'package org.acme;\n\nimport io.agentscope.core.agent.accumulator.TextAccumulator;\n\npublic class Acc {\n    void reset(TextAccumulator text) {\n        text.replace("x");\n    }\n}\n';

function pom(body: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<project xmlns="http://maven.apache.org/POM/4.0.0">\n  <modelVersion>4.0.0</modelVersion>\n${body}\n</project>\n`;
}

function twoModules(): string {
  const root = tempDir('as-check-modules-');
  writeFileSync(join(root, 'pom.xml'), pom('  <groupId>org.acme</groupId>\n  <artifactId>parent</artifactId>\n  <version>1.0</version>\n  <packaging>pom</packaging>\n  <modules>\n    <module>current</module>\n    <module>legacy</module>\n  </modules>'));
  for (const [name, version] of [['current', '2.0.2'], ['legacy', '2.0.0']]) {
    mkdirSync(join(root, name, 'src/main/java/org/acme'), { recursive: true });
    writeFileSync(
      join(root, name, 'pom.xml'),
      pom(`  <parent>\n    <groupId>org.acme</groupId>\n    <artifactId>parent</artifactId>\n    <version>1.0</version>\n  </parent>\n  <artifactId>${name}</artifactId>\n  <dependencies>\n    <dependency>\n      <groupId>io.agentscope</groupId>\n      <artifactId>agentscope-core</artifactId>\n      <version>${version}</version>\n    </dependency>\n  </dependencies>`),
    );
    writeFileSync(join(root, name, 'src/main/java/org/acme/Acc.java'), USES_202);
  }
  return root;
}

describe('check at an aggregator root', () => {
  it('checks each module with its own AgentScope version, reporting per file', async () => {
    const root = twoModules();
    const r = await cli(root, ['check']);
    expect(r.code, r.out + r.err).toBe(1);
    expect(r.out).toMatch(/^legacy\/src\/main\/java\/org\/acme\/Acc\.java:7:\d+: error AS002 unknown-member: TextAccumulator has no method replace\(\) in AgentScope 2\.0\.0/m);
    expect(r.out).not.toMatch(/^current\//m);
    expect(r.out).toContain('2 file(s) checked against AgentScope Java 2.0.2 (current); 2.0.0 (legacy)');
    const json = JSON.parse((await cli(root, ['check', '--json'])).out);
    expect(new Set(json.findings.map((f: { file: string }) => f.file.split('/')[0]))).toEqual(new Set(['legacy']));
  });

  it('--agentscope-version V checks every module against V', async () => {
    const root = twoModules();
    const r = await cli(root, ['check', '--agentscope-version', '2.0.2']);
    expect(r.code, r.out + r.err).toBe(0);
    expect(r.out).toContain('2 file(s) checked against AgentScope Java 2.0.2');
    const old = await cli(root, ['check', '--agentscope-version', '2.0.0']);
    expect(old.code).toBe(1);
    expect(old.out).toMatch(/^current\/src\/main\/java\/org\/acme\/Acc\.java:7/m);
    expect(old.out).toMatch(/^legacy\/src\/main\/java\/org\/acme\/Acc\.java:7/m);
  });
});

describe('a module that names no AgentScope version', () => {
  it('builds with the version a sibling module it depends on brings, and is judged at it', async () => {
    const root = tempDir('as-check-reactor-');
    const parent = '  <parent>\n    <groupId>org.acme</groupId>\n    <artifactId>parent</artifactId>\n    <version>1.0</version>\n  </parent>';
    writeFileSync(join(root, 'pom.xml'), pom('  <groupId>org.acme</groupId>\n  <artifactId>parent</artifactId>\n  <version>1.0</version>\n  <packaging>pom</packaging>\n  <modules>\n    <module>lib</module>\n    <module>app</module>\n  </modules>'));
    mkdirSync(join(root, 'lib'), { recursive: true });
    writeFileSync(join(root, 'lib/pom.xml'), pom(`${parent}\n  <artifactId>lib</artifactId>\n  <dependencies>\n    <dependency>\n      <groupId>io.agentscope</groupId>\n      <artifactId>agentscope-core</artifactId>\n      <version>2.0.0</version>\n    </dependency>\n  </dependencies>`));
    mkdirSync(join(root, 'app/src/main/java/org/acme'), { recursive: true });
    // the sibling by \${project.groupId}, as multi-module builds often name it
    writeFileSync(join(root, 'app/pom.xml'), pom(`${parent}\n  <artifactId>app</artifactId>\n  <dependencies>\n    <dependency>\n      <groupId>\${project.groupId}</groupId>\n      <artifactId>lib</artifactId>\n      <version>1.0</version>\n    </dependency>\n  </dependencies>`));
    writeFileSync(join(root, 'app/src/main/java/org/acme/Acc.java'), USES_202);
    const r = await cli(root, ['check']);
    expect(r.code, r.out + r.err).toBe(1);
    expect(r.out).toMatch(/^app\/src\/main\/java\/org\/acme\/Acc\.java:7:\d+: error AS002 unknown-member: TextAccumulator has no method replace\(\) in AgentScope 2\.0\.0/m);
    expect(r.out).toContain('1 file(s) checked against AgentScope Java 2.0.0');
    // the sibling moved to 2.0.2: so is the module that depends on it
    writeFileSync(join(root, 'lib/pom.xml'), readFileSync(join(root, 'lib/pom.xml'), 'utf8').replace('2.0.0', '2.0.2'));
    const moved = await cli(root, ['check']);
    expect(moved.code, moved.out + moved.err).toBe(0);
    expect(moved.out).toContain('ok: 1 file(s) checked against AgentScope Java 2.0.2');
  });
});

/** One module on `version` (as its core dependency says) holding Acc.java. */
function oneModule(version: string): string {
  const root = tempDir('as-check-module-');
  mkdirSync(join(root, 'src/main/java/org/acme'), { recursive: true });
  writeFileSync(join(root, 'pom.xml'), pom(`  <groupId>org.acme</groupId>\n  <artifactId>app</artifactId>\n  <version>1.0</version>\n  <dependencies>\n    <dependency>\n      <groupId>io.agentscope</groupId>\n      <artifactId>agentscope-core</artifactId>\n      <version>${version}</version>\n    </dependency>\n  </dependencies>`));
  writeFileSync(join(root, 'src/main/java/org/acme/Acc.java'), USES_202);
  return root;
}

describe('check in one module', () => {
  it('judges against the version the pom builds with, without --agentscope-version', async () => {
    const r = await cli(oneModule('2.0.0'), ['check']);
    expect(r.code, r.out + r.err).toBe(1);
    expect(r.out).toMatch(/Acc\.java:7:\d+: error AS002 unknown-member: TextAccumulator has no method replace\(\) in AgentScope 2\.0\.0/);
    expect(r.out).toContain('1 file(s) checked against AgentScope Java 2.0.0');
    expect(r.err).toBe('');
    // a file named alone is judged against its module's version too
    const named = await cli(oneModule('2.0.0'), ['check', 'src/main/java/org/acme/Acc.java']);
    expect(named.out).toContain('checked against AgentScope Java 2.0.0');
  });

  it('a version without an inventory here is judged by the nearest of its major version, and says so', async () => {
    const r = await cli(oneModule('2.0.3'), ['check', '--lang', 'en']);
    expect(r.code, r.out + r.err).toBe(0);
    expect(r.out).toContain('1 file(s) checked against AgentScope Java 2.0.2');
    expect(r.err).toContain('pom.xml builds with AgentScope 2.0.3, which has no inventory here (`agentscope inventory pull 2.0.3` adds it): checked against 2.0.2, the nearest');
    const older = await cli(oneModule('1.0.11'), ['check', '--json']);
    expect(JSON.parse(older.out).agentscopeVersion).toBe('1.0.9');
  });

  it('a version between two inventories is judged by both: a finding stands only where both agree', async () => {
    // 2.0.1 lies between 2.0.0 and 2.0.2: what 2.0.0 lacks and 2.0.2 has may have come in 2.0.1
    const root = oneModule('2.0.1');
    const r = await cli(root, ['check', '--lang', 'en']);
    expect(r.code, r.out + r.err).toBe(0);
    expect(r.out).toContain('ok: 1 file(s) checked against AgentScope Java 2.0.0+2.0.2');
    expect(r.err).toContain('pom.xml builds with AgentScope 2.0.1, which has no inventory here (`agentscope inventory pull 2.0.1` adds it): checked against 2.0.0 and 2.0.2, the nearest below and above; a finding is reported only where both agree');
    const zh = await cli(root, ['check', '--lang', 'zh']);
    expect(zh.err).toContain('改用其前后最接近的 2.0.0 和 2.0.2 检查，只报告两者一致的问题');
    // what neither version has is still an error, in the words of the one below
    writeFileSync(join(root, 'src/main/java/org/acme/Acc.java'), USES_202.replace('text.replace(', 'text.replac('));
    const bad = await cli(root, ['check', '--json']);
    expect(bad.code, bad.out + bad.err).toBe(1);
    const json = JSON.parse(bad.out);
    expect(json.agentscopeVersion).toBe('2.0.0+2.0.2');
    expect(json.findings.map((f: { line: number; rule: string; message: string }) => [f.line, f.rule, f.message.includes('in AgentScope 2.0.0')])).toEqual([[7, 'AS002', true]]);
    // in workers too (the two runs are split across them like any others)
    const split = await cli(root, ['check', '--json'], { AGENTSCOPE_CHECK_WORKERS: '2' });
    expect(JSON.parse(split.out).findings).toEqual(json.findings);
  });

  it('a file named alone sees the classes of its package beside it (javac -sourcepath does)', async () => {
    const root = oneModule('2.0.2');
    const dir = join(root, 'src/main/java/org/acme');
    // AgentConfig is also a type of an AgentScope artifact: unimported, it must resolve to the sibling
    writeFileSync(join(dir, 'AgentConfig.java'), 'package org.acme;\n\npublic class AgentConfig {\n    String name = "a";\n}\n');
    writeFileSync(join(dir, 'Factory.java'), 'package org.acme;\n\nimport io.agentscope.core.ReActAgent;\n\npublic class Factory {\n    ReActAgent make(AgentConfig config) {\n        return ReActAgent.builder().name(config.name).build();\n    }\n}\n');
    const r = await cli(root, ['check', 'src/main/java/org/acme/Factory.java']);
    expect(r.code, r.out + r.err).toBe(0);
    expect(r.out).toContain('ok: 1 file(s) checked');
    // the sibling lends its declaration; a misspelling is still reported
    writeFileSync(join(dir, 'Factory.java'), 'package org.acme;\n\nimport io.agentscope.core.ReActAgent;\n\npublic class Factory {\n    ReActAgent make(AgentConfig config) {\n        return ReActAgent.builder().nam(config.name).build();\n    }\n}\n');
    const bad = await cli(root, ['check', 'src/main/java/org/acme/Factory.java']);
    expect(bad.code).toBe(1);
    expect(bad.out).toMatch(/Factory\.java:7:\d+: error AS002/);
  });

  it('a file named alone sees what it imports from other packages of its source root', async () => {
    const root = oneModule('2.0.2');
    const main = join(root, 'src/main/java');
    // a project under io.agentscope (as the official examples are): its own packages are no AgentScope artifact's
    mkdirSync(join(main, 'io/agentscope/demo/gateway'), { recursive: true });
    mkdirSync(join(main, 'io/agentscope/demo/util'), { recursive: true });
    mkdirSync(join(main, 'io/agentscope/demo/web'), { recursive: true });
    writeFileSync(join(main, 'io/agentscope/demo/gateway/Gateway.java'), 'package io.agentscope.demo.gateway;\n\npublic class Gateway {\n    public String open() {\n        return "ok";\n    }\n}\n');
    writeFileSync(join(main, 'io/agentscope/demo/util/Texts.java'), 'package io.agentscope.demo.util;\n\npublic class Texts {\n    public static String trim(String s) {\n        return s.trim();\n    }\n}\n');
    const web = (call: string) =>
      `package io.agentscope.demo.web;\n\nimport io.agentscope.demo.gateway.Gateway;\nimport io.agentscope.demo.util.*;\n\npublic class Controller {\n    String serve(Gateway g) {\n        return Texts.trim(g.${call}());\n    }\n}\n`;
    writeFileSync(join(main, 'io/agentscope/demo/web/Controller.java'), web('open'));
    const r = await cli(root, ['check', 'src/main/java/io/agentscope/demo/web/Controller.java']);
    expect(r.code, r.out + r.err).toBe(0);
    expect(r.out).toContain('ok: 1 file(s) checked');
    // the imported class lends its declaration: a method it lacks is still reported
    writeFileSync(join(main, 'io/agentscope/demo/web/Controller.java'), web('opn'));
    const bad = await cli(root, ['check', 'src/main/java/io/agentscope/demo/web/Controller.java']);
    expect(bad.code, bad.out).toBe(1);
    expect(bad.out).toMatch(/Controller\.java:8:\d+: error AS002/);
  });
});
