import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPin } from '../../src/inventory/pin.js';
import { loadInventory } from '../../src/inventory/store.js';
import { Tree } from '../../generators/_core/tree.js';
import { checkPrintWrite } from '../../src/cli/apply.js';
import { memoryIo } from '../../src/core/io.js';
import { cleanup, cli, pinnedProviderList, snapshot, tempDir } from './helpers.js';

afterAll(cleanup);
const pin = readPin();

/** A project made by `create` once; each test copies nothing and works in its own project. */
async function project(extra: string[] = []): Promise<string> {
  const cwd = tempDir();
  const r = await cli(cwd, ['create', 'app', '--yes', '--features', 'none', ...extra]);
  expect(r.code, r.err).toBe(0);
  return join(cwd, 'app');
}

/** A hand-written pom: two-space indent, comments, no agentscope.version property. */
const HAND_POM = (version: string) => `<?xml version="1.0" encoding="UTF-8"?>
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <!-- maintained by hand; please keep this comment -->
  <modelVersion>4.0.0</modelVersion>
  <groupId>org.hand</groupId>
  <artifactId>made</artifactId>
  <version>1</version>
  <properties>
    <maven.compiler.release>17</maven.compiler.release>
  </properties>
  <dependencies>
    <dependency>
      <groupId>io.agentscope</groupId>
      <artifactId>agentscope-core</artifactId>
      <version>${version}</version> <!-- literal on purpose -->
    </dependency>
  </dependencies>
</project>
`;

describe('gen in a project made by create', () => {
  let root: string;
  beforeAll(async () => {
    root = await project(['--provider', 'anthropic']);
  });

  it('gen tool writes the class and its test, leaves the pom alone, reports CREATE/UNCHANGED', async () => {
    const r = await cli(join(root, 'src'), ['gen', 'tool', 'WeatherTool']);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(existsSync(join(root, 'src/main/java/com/example/app/WeatherTool.java'))).toBe(true);
    expect(existsSync(join(root, 'src/test/java/com/example/app/WeatherToolTest.java'))).toBe(true);
    expect(r.out).toMatch(/^CREATE {4}src\/main\/java\/com\/example\/app\/WeatherTool\.java/m);
    expect(r.out).toMatch(/^UNCHANGED pom\.xml$/m);
    expect(r.out).toContain(`package com.example.app, AgentScope Java ${pin.version}`);
  });

  it('a second identical run changes nothing and says so', async () => {
    const before = snapshot(root);
    const r = await cli(root, ['gen', 'tool', 'WeatherTool']);
    expect(r.code).toBe(0);
    expect(r.out).not.toMatch(/^(CREATE|UPDATE|OVERWRITE) /m);
    expect(r.out).toMatch(/^UNCHANGED src\/main\/java\/com\/example\/app\/WeatherTool\.java$/m);
    expect(r.out).toContain('Nothing to change');
    expect(snapshot(root)).toEqual(before);
  });

  it('gen provider openai --dry-run prints the pom diff and writes nothing', async () => {
    const before = snapshot(root);
    const r = await cli(root, ['gen', 'provider', 'openai', '--dry-run']);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^UPDATE {4}pom\.xml$/m);
    expect(r.out).toContain('--- a/pom.xml');
    expect(r.out).toContain('+++ b/pom.xml');
    expect(r.out).toMatch(/^\+ {12}<artifactId>agentscope-extensions-model-openai<\/artifactId>$/m);
    // the generated pom imports the BOM, so the added dependency carries no version of its own
    expect(r.out).not.toMatch(/^\+ +<version>/m);
    expect(r.out).toContain('Dry run: nothing was written.');
    expect(snapshot(root)).toEqual(before);
  });

  it('gen provider openai adds the dependency once; a rerun leaves the pom UNCHANGED', async () => {
    const r = await cli(root, ['gen', 'provider', 'openai', '--model', 'gpt-x']);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^UPDATE {4}pom\.xml$/m);
    const pom = readFileSync(join(root, 'pom.xml'), 'utf8');
    expect(pom.match(/agentscope-extensions-model-openai/g)).toHaveLength(1);
    const again = await cli(root, ['gen', 'provider', 'openai', '--model', 'gpt-x']);
    expect(again.out).toMatch(/^UNCHANGED pom\.xml$/m);
    expect(readFileSync(join(root, 'pom.xml'), 'utf8')).toBe(pom);
  });

  it('never overwrites a changed file without --force; --force overwrites it', async () => {
    const file = join(root, 'src/main/java/com/example/app/WeatherTool.java');
    writeFileSync(file, readFileSync(file, 'utf8') + '\n// my edit\n');
    const before = snapshot(root);
    const r = await cli(root, ['gen', 'tool', 'WeatherTool']);
    expect(r.code).toBe(1);
    expect(r.err).toContain('WeatherTool.java already exists and differs');
    expect(r.err).toContain('--force');
    expect(snapshot(root)).toEqual(before);
    const dry = await cli(root, ['gen', 'tool', 'WeatherTool', '--force', '--dry-run']);
    expect(dry.out).toMatch(/^OVERWRITE src\/main\/java\/com\/example\/app\/WeatherTool\.java/m);
    expect(dry.out).toContain('-// my edit');
    expect(snapshot(root)).toEqual(before);
    const f = await cli(root, ['gen', 'tool', 'WeatherTool', '--force']);
    expect(f.code).toBe(0);
    expect(readFileSync(file, 'utf8')).not.toContain('my edit');
  });

  it('every kind generates (default class names), each with a clean plan', async () => {
    for (const kind of ['toolbase', 'middleware', 'permission', 'hitl', 'structured', 'toolgroups', 'mcp']) {
      const r = await cli(root, ['gen', kind, ...(kind === 'mcp' ? ['--mcp', 'stdio,http'] : [])]);
      expect(r.err, kind).toBe('');
      expect(r.code, kind).toBe(0);
      expect(r.out, kind).toMatch(/^CREATE {4}src\/main\/java\/com\/example\/app\/\w+\.java/m);
    }
  });
});

describe('gen: bad input and foreign projects: clear message, non-zero exit, nothing written', () => {
  it('an unknown kind suggests the nearest and exits 2', async () => {
    const root = await project();
    const before = snapshot(root);
    const r = await cli(root, ['gen', 'tol', 'X']);
    expect(r.code).toBe(2);
    expect(r.err).toContain('unknown kind "tol"');
    expect(r.err).toContain('did you mean: tool?');
    const r2 = await cli(root, ['gen', 'middlewear']);
    expect(r2.err).toContain('did you mean: middleware?');
    expect(snapshot(root)).toEqual(before);
  });

  it('an invalid class name, with the suggestion', async () => {
    const root = await project();
    const before = snapshot(root);
    const r = await cli(root, ['gen', 'tool', 'weather-tool']);
    expect(r.code).toBe(2);
    expect(r.err).toContain('did you mean "WeatherTool"?');
    const k = await cli(root, ['gen', 'tool', 'class']);
    expect(k.code).toBe(2);
    expect(k.err).toContain('reserved word');
    expect(snapshot(root)).toEqual(before);
  });

  it('an unknown provider lists the available ones', async () => {
    const root = await project();
    const before = snapshot(root);
    const r = await cli(root, ['gen', 'provider', 'bedrock']);
    expect(r.code).toBe(2);
    expect(r.err).toContain('unknown provider "bedrock"');
    expect(r.err).toContain(`available in AgentScope Java ${pin.version}: ${await pinnedProviderList()}`);
    expect(snapshot(root)).toEqual(before);
  });

  it('a project on another AgentScope version: checked against that version; what does not hold is refused with template line and API diff, nothing written', async () => {
    const root = tempDir();
    writeFileSync(join(root, 'pom.xml'), HAND_POM('1.0.9'));
    const before = snapshot(root);
    const r = await cli(root, ['gen', 'tool', 'Clock']);
    expect(r.code).toBe(1);
    expect(r.out).toContain('AgentScope Java 1.0.9');
    expect(r.err).toContain('does not pass the checker against AgentScope Java 1.0.9; nothing was written');
    // the rendered file:line, the template line it comes from, the diff entry that explains it
    expect(r.err).toMatch(/src\/main\/java\/org\/hand\/made\/Clock\.java:\d+:\d+ AS001 type io\.agentscope\.core\.message\.ToolResultState does not exist in AgentScope 1\.0\.9/);
    const at = /template: (templates\/feature\/tool\/Tool\.java\.ejs):(\d+)/.exec(r.err);
    expect(at, r.err).not.toBeNull();
    expect(readFileSync(join(import.meta.dirname, '..', '..', at![1]), 'utf8').split('\n')[Number(at![2]) - 1]).toContain('import io.agentscope.core.message.ToolResultState;');
    expect(r.err).toContain(`${pin.version} -> 1.0.9: ToolResultState: removed enum io.agentscope.core.message.ToolResultState`);
    expect(snapshot(root)).toEqual(before);
  });

  it('a project without AgentScope, and a directory without pom.xml', async () => {
    const root = tempDir();
    writeFileSync(join(root, 'pom.xml'), '<project><groupId>g</groupId><artifactId>a</artifactId></project>\n');
    const before = snapshot(root);
    const r = await cli(root, ['gen', 'tool', 'WeatherTool']);
    expect(r.code).toBe(1);
    expect(r.err).toContain('no io.agentscope dependency');
    expect(snapshot(root)).toEqual(before);
    const none = tempDir();
    const n = await cli(none, ['gen', 'tool', 'WeatherTool']);
    expect(n.code).toBe(1);
    expect(n.err).toContain('no pom.xml in');
    expect(snapshot(none)).toEqual({});
  });
});

describe('tool names stay unique', () => {
  it('refuses a feature whose tool name the project already has, writes nothing; the same class reruns unchanged', async () => {
    const cwd = tempDir();
    expect((await cli(cwd, ['create', 'app', '--yes', '--features', 'hitl'])).code).toBe(0);
    const root = join(cwd, 'app');
    const before = snapshot(root);
    const clash = await cli(root, ['gen', 'hitl', 'Approvals']);
    expect(clash.code).toBe(1);
    expect(clash.err).toContain('already has a tool named "publish_note" (src/main/java/com/example/app/HumanApproval.java)');
    expect(snapshot(root)).toEqual(before);
    const rerun = await cli(root, ['gen', 'hitl', 'HumanApproval']);
    expect(rerun.code, rerun.err).toBe(0);
    expect(snapshot(root)).toEqual(before);
  });
});

describe('gen in a hand-written project', () => {
  it('adds dependencies as a minimal edit: comments and indentation kept, literal version reused', async () => {
    const root = tempDir();
    const pom = HAND_POM(pin.version);
    writeFileSync(join(root, 'pom.xml'), pom);
    mkdirSync(join(root, 'src/main/java/org/hand/app'), { recursive: true });
    writeFileSync(join(root, 'src/main/java/org/hand/app/App.java'), 'package org.hand.app;\n\npublic class App {\n  public static void main(String[] args) {}\n}\n');
    const r = await cli(root, ['gen', 'provider', 'openai']);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const after = readFileSync(join(root, 'pom.xml'), 'utf8');
    expect(after.startsWith(pom.slice(0, pom.indexOf('  </dependencies>')))).toBe(true);
    expect(after).toContain('<!-- maintained by hand; please keep this comment -->');
    expect(after).toContain(`    <dependency>\n      <groupId>io.agentscope</groupId>\n      <artifactId>agentscope-extensions-model-openai</artifactId>\n      <version>${pin.version}</version>\n    </dependency>\n`);
    // the base package comes from the existing sources (the class with main), not the coordinates
    expect(r.out).toContain('package org.hand.app');
    expect(existsSync(join(root, 'src/main/java/org/hand/app/OpenAIModelConfig.java'))).toBe(true);
    const named = await cli(root, ['gen', 'provider', 'openai', 'FastModel']);
    expect(named.code).toBe(0);
    expect(existsSync(join(root, 'src/main/java/org/hand/app/FastModel.java'))).toBe(true);
  });
});

describe('the checker guards every write', () => {
  it('refuses Java the pinned inventory cannot compile, and writes nothing', async () => {
    const root = tempDir();
    const tree = new Tree(root);
    tree.create(
      'src/main/java/demo/Bad.java',
      'package demo;\n\nimport io.agentscope.core.ReActAgent;\n\npublic class Bad {\n    Object a = ReActAgent.builder().noSuchBuilderMethod("x");\n}\n',
    );
    const io = memoryIo(root);
    await expect(checkPrintWrite(tree, { io, lang: 'en', dryRun: false, inventory: loadInventory(pin.version) })).rejects.toThrow(/does not pass the checker/);
    expect(io.stderr.join('\n')).toMatch(/Bad\.java:6:\d+ AS002/);
    expect(snapshot(root)).toEqual({});
  });
});

describe('gen refuses class names that would break the build (issue 12, item 1)', () => {
  const cases: [string, string, RegExp][] = [
    ['tool', 'Tool', /imports io\.agentscope\.core\.tool\.Tool, so a class named Tool would clash/],
    ['tool', 'String', /String is a java\.lang type/],
    ['tool', 'Override', /Override is a java\.lang type/],
    ['tool', 'Test', /imports org\.junit\.jupiter\.api\.Test/],
    ['tool', 'ToolParam', /imports io\.agentscope\.core\.tool\.ToolParam/],
    ['toolbase', 'ToolBase', /imports io\.agentscope\.core\.tool\.ToolBase/],
  ];
  for (const [kind, name, reason] of cases) {
    it(`gen ${kind} ${name}: exit 2, a suggestion, nothing written`, async () => {
      const root = await project();
      const before = snapshot(root);
      const r = await cli(root, ['gen', kind, name]);
      expect(r.code, r.err).toBe(2);
      expect(r.err).toMatch(reason);
      expect(r.err).toContain(`did you mean \`gen ${kind} ${name}Tool\` or \`gen ${kind} My${name}\`?`);
      expect(snapshot(root)).toEqual(before);
    });
  }

  it('a type declared elsewhere in the package is refused; a re-run of the same gen is still a no-op', async () => {
    const root = await project();
    const pkgDir = Object.keys(snapshot(root)).find((p) => p.endsWith('/Main.java'))!.replace(/\/Main\.java$/, '');
    writeFileSync(join(root, pkgDir, 'Helpers.java'), `package ${pkgDir.replace(/^src\/main\/java\//, '').replace(/\//g, '.')};\n\npublic class Helpers {}\n\nfinal class Clock {}\n`);
    // Clock lives in Helpers.java: a new Clock.java would be a duplicate class, even with --force
    const before = snapshot(root);
    const clash = await cli(root, ['gen', 'tool', 'Clock', '--force']);
    expect(clash.code).toBe(2);
    expect(clash.err).toContain('the package already declares a type Clock (in Helpers.java)');
    expect(snapshot(root)).toEqual(before);
    expect((await cli(root, ['gen', 'tool', 'Weather'])).code).toBe(0);
    const again = await cli(root, ['gen', 'tool', 'Weather']);
    expect(again.code, again.err).toBe(0);
  });
});

describe('gen wires what it adds into AgentFactory (issue 12, item 6)', () => {
  const factoryOf = (root: string) => Object.keys(snapshot(root)).find((p) => p.endsWith('/AgentFactory.java'))!;

  it('registers the tool and adds the middleware and policy, once; a re-run changes nothing', async () => {
    const root = await project();
    const factory = factoryOf(root);
    for (const [kind, name] of [['tool', 'Weather'], ['middleware', 'Audit'], ['permission', 'Policy']]) {
      const r = await cli(root, ['gen', kind, name]);
      expect(r.code, r.err).toBe(0);
      expect(r.out).toMatch(/wired into AgentFactory\.java: /);
    }
    const text = readFileSync(join(root, factory), 'utf8');
    expect(text).toMatch(/toolkit\.registerTool\(new Weather\(\)\);\n\s+return toolkit;/);
    expect(text).toMatch(/\.middleware\(new Audit\(\)\)\n\s+\.permissionContext\(Policy\.interactive\(\)\)\n\s+\.maxIters\(MAX_ITERS\);/);
    const before = snapshot(root);
    const again = await cli(root, ['gen', 'tool', 'Weather']);
    expect(again.code, again.err).toBe(0);
    expect(snapshot(root)).toEqual(before);
  });

  it('a factory rewritten by hand is not edited: the exact line to add is printed instead', async () => {
    const root = await project();
    const factory = factoryOf(root);
    const handMade = readFileSync(join(root, factory), 'utf8').replace(/return toolkit;/, 'return configured(toolkit);');
    writeFileSync(join(root, factory), handMade);
    const r = await cli(root, ['gen', 'tool', 'Weather']);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain('AgentFactory.java has changed beyond recognition: add toolkit.registerTool(new Weather()); to AgentFactory.createToolkit(), before `return toolkit;`');
    expect(readFileSync(join(root, factory), 'utf8')).toBe(handMade);
  });
});
