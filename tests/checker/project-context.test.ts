import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { checkSources, type Finding } from '../../src/checker/index.js';
import { projectViews } from '../../src/checker/project.js';
import { isJava, listFiles } from '../../src/core/files.js';
import { readPin } from '../../src/inventory/pin.js';
import { loadInventory } from '../../src/inventory/store.js';
import { mvn } from '../maven/support.js';
import { Tree } from '../../generators/_core/tree.js';
import { checkPrintWrite } from '../../src/cli/apply.js';
import { memoryIo } from '../../src/core/io.js';
import { McpContext } from '../../src/mcp/context.js';
import { checkJava } from '../../src/mcp/tools/check-java.js';

/**
 * Project context (src/checker/project.ts) on a real Maven reactor, judged by javac through one
 * `mvn -o -fae test-compile`: a module sees the io.agentscope artifacts of its dependency closure
 * only (its own dependencies, a sibling module's, test scope for src/test alone), so importing
 * HarnessAgent without agentscope-harness fails in javac and in `check`, on the same lines.
 */
const VERSION = readPin().version;
const inv = loadInventory(VERSION);
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function write(path: string, content: string) {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, content);
}

const dep = (a: string, scope?: string, g = 'io.agentscope', v = '${agentscope.version}') =>
  `<dependency><groupId>${g}</groupId><artifactId>${a}</artifactId><version>${v}</version>${scope ? `<scope>${scope}</scope>` : ''}</dependency>`;

function modulePom(artifactId: string, deps: string[], parent = true): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  ${parent ? '<parent><groupId>com.example.ctx</groupId><artifactId>root</artifactId><version>1</version></parent>' : '<groupId>com.example.ctx</groupId><version>1</version>'}
  <artifactId>${artifactId}</artifactId>
  ${parent ? '' : `<properties><agentscope.version>${VERSION}</agentscope.version><maven.compiler.release>17</maven.compiler.release></properties>`}
  <dependencies>${deps.join('')}</dependencies>
</project>
`;
}

const usesHarness = (pkg: string) => `package ${pkg};

import io.agentscope.core.message.Msg;
import io.agentscope.harness.agent.HarnessAgent;

public class Uses {
    HarnessAgent agent;

    Msg first(HarnessAgent other) {
        return null;
    }
}
`;
const coreOnly = (pkg: string) => `package ${pkg};

import io.agentscope.core.message.Msg;

public class Plain {
    Msg msg;
}
`;

/** The error lines javac reports, by absolute file path. */
function javacErrors(output: string): Map<string, Set<number>> {
  const out = new Map<string, Set<number>>();
  for (const m of output.matchAll(/^\[ERROR\] (\/\S+\.java):\[(\d+),\d+\]/gm)) out.set(m[1], (out.get(m[1]) ?? new Set()).add(Number(m[2])));
  return out;
}

function checkErrors(findings: Finding[]): Map<string, Set<number>> {
  const out = new Map<string, Set<number>>();
  for (const f of findings.filter((x) => x.severity === 'error')) out.set(f.file, (out.get(f.file) ?? new Set()).add(f.line));
  return out;
}

describe('project context: the io.agentscope artifacts of each module', () => {
  test('a harness import without the harness dependency fails in javac and in check, on the same lines; with it, neither', async () => {
    const root = mkdtempSync(join(tmpdir(), 'project-context-'));
    dirs.push(root);
    write(
      join(root, 'pom.xml'),
      `<?xml version="1.0" encoding="UTF-8"?>
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>com.example.ctx</groupId><artifactId>root</artifactId><version>1</version><packaging>pom</packaging>
  <properties><agentscope.version>${VERSION}</agentscope.version><maven.compiler.release>17</maven.compiler.release>
    <project.build.sourceEncoding>UTF-8</project.build.sourceEncoding></properties>
  <modules><module>base</module><module>app</module><module>lib</module><module>tools</module><module>tools2</module><module>tools3</module></modules>
  <build><pluginManagement><plugins><plugin><groupId>org.apache.maven.plugins</groupId><artifactId>maven-compiler-plugin</artifactId><version>3.13.0</version></plugin></plugins></pluginManagement></build>
</project>
`,
    );
    // base: core and harness; app: only the sibling base (harness comes through it)
    write(join(root, 'base/pom.xml'), modulePom('base', [dep('agentscope-core'), dep('agentscope-harness')]));
    write(join(root, 'base/src/main/java/ctx/base/Uses.java'), usesHarness('ctx.base'));
    write(join(root, 'app/pom.xml'), modulePom('app', [dep('base', undefined, 'com.example.ctx', '1')]));
    write(join(root, 'app/src/main/java/ctx/app/Uses.java'), usesHarness('ctx.app'));
    // lib: core only, imports harness
    write(join(root, 'lib/pom.xml'), modulePom('lib', [dep('agentscope-core')]));
    write(join(root, 'lib/src/main/java/ctx/lib/Uses.java'), usesHarness('ctx.lib'));
    // tools: harness in test scope, used by the tests only; tools2: the same scope, used by main
    write(join(root, 'tools/pom.xml'), modulePom('tools', [dep('agentscope-core'), dep('agentscope-harness', 'test')]));
    write(join(root, 'tools/src/main/java/ctx/tools/Plain.java'), coreOnly('ctx.tools'));
    write(join(root, 'tools/src/test/java/ctx/tools/Uses.java'), usesHarness('ctx.tools'));
    write(join(root, 'tools2/pom.xml'), modulePom('tools2', [dep('agentscope-core'), dep('agentscope-harness', 'test')]));
    write(join(root, 'tools2/src/main/java/ctx/tools2/Uses.java'), usesHarness('ctx.tools2'));
    // tools3: even agentscope-core in test scope only, used by main
    write(join(root, 'tools3/pom.xml'), modulePom('tools3', [dep('agentscope-core', 'test')]));
    write(join(root, 'tools3/src/main/java/ctx/tools3/Plain.java'), coreOnly('ctx.tools3'));

    const files = listFiles(root, isJava).map((path) => ({ path, content: '' }));
    for (const f of files) f.content = readFileSync(f.path, 'utf8');
    const findings = await checkSources(files, inv, { project: {} });
    const run = mvn(root, ['-o', '-q', '-fae', 'test-compile']);
    const javac = javacErrors(run.output);
    const check = checkErrors(findings);

    const lib = join(root, 'lib/src/main/java/ctx/lib/Uses.java');
    const tools2 = join(root, 'tools2/src/main/java/ctx/tools2/Uses.java');
    const tools3 = join(root, 'tools3/src/main/java/ctx/tools3/Plain.java');
    expect([...javac.keys()].sort(), run.output.slice(-3000)).toEqual([lib, tools2, tools3].sort());
    expect([...check.keys()].sort()).toEqual([lib, tools2, tools3].sort());
    // the import and each use, as javac reports them
    for (const f of [lib, tools2, tools3]) expect([...check.get(f)!].sort(), f).toEqual([...javac.get(f)!].sort());
    const atImport = findings.find((f) => f.file === lib && f.line === 4)!;
    expect(atImport.message).toBe('package io.agentscope.harness.agent does not exist: it is in io.agentscope:agentscope-harness, which is not a dependency of this module');
    expect(atImport.suggestion).toContain(`add io.agentscope:agentscope-harness to the <dependencies> of ${join(root, 'lib/pom.xml')}`);

    // without project context (loose files), everything in the inventory is visible
    expect((await checkSources(files, inv)).filter((f) => f.severity === 'error')).toEqual([]);
  }, 600_000);

  test('where the closure cannot be known, every artifact stays visible', async () => {
    const root = mkdtempSync(join(tmpdir(), 'project-context-'));
    dirs.push(root);
    const cases: Record<string, string> = {
      // a third-party dependency that may bring io.agentscope artifacts with it
      starter: modulePom('starter', [dep('agentscope-core'), dep('some-agentscope-starter', undefined, 'com.thirdparty', '1.0')], false),
      // a parent that is only in a repository
      parent: modulePom('parent', [dep('agentscope-core')], true),
      // an artifactId written with a property that does not resolve
      property: modulePom('property', [dep('${which.artifact}')], false),
      // the umbrella re-packages the modules
      umbrella: modulePom('umbrella', [dep('agentscope')], false),
    };
    const files = Object.entries(cases).map(([name, pom]) => {
      write(join(root, name, 'pom.xml'), pom);
      const path = join(root, name, 'src/main/java/ctx', name, 'Uses.java');
      const content = usesHarness(`ctx.${name}`);
      write(path, content);
      return { path, content };
    });
    // and a file with no pom at all
    files.push({ path: join(root, 'Loose.java'), content: usesHarness('ctx.loose') });
    write(files[files.length - 1].path, files[files.length - 1].content);
    const views = projectViews(files.map((f) => f.path), inv);
    expect(files.map((f) => views.get(f.path))).toEqual(files.map(() => undefined));
    expect((await checkSources(files, inv, { project: {} })).filter((f) => f.severity === 'error')).toEqual([]);
  });

  test('an io.agentscope jar the inventory does not list: every artifact is visible, and its own types are not reported', async () => {
    const root = mkdtempSync(join(tmpdir(), 'project-context-'));
    dirs.push(root);
    write(join(root, 'unlisted', 'pom.xml'), modulePom('unlisted', [dep('agentscope-extensions-not-released')], false));
    const path = join(root, 'unlisted/src/main/java/ctx/Uses.java');
    const content = usesHarness('ctx').replace('import io.agentscope.core.message.Msg;', 'import io.agentscope.core.message.Msg;\nimport io.agentscope.extensions.unreleased.Thing;');
    write(path, content);
    const view = projectViews([path], inv).get(path);
    const graph = (inv.dependencyGraph ?? []).map((n) => n.artifactId).sort();
    expect([...(view?.artifacts ?? [])].sort()).toEqual(graph);
    expect([...(view?.unlisted ?? [])]).toEqual(['agentscope-extensions-not-released']);
    expect((await checkSources([{ path, content }], inv, { project: {} })).filter((f) => f.severity === 'error')).toEqual([]);
  });

  test('closures follow the graph with Maven scope rules; a safe third-party dependency and the Spring Boot parent change nothing', () => {
    const root = mkdtempSync(join(tmpdir(), 'project-context-'));
    dirs.push(root);
    const pom = (deps: string[], parent = '') =>
      `<project><modelVersion>4.0.0</modelVersion>${parent}<groupId>g</groupId><artifactId>a</artifactId><version>1</version><properties><agentscope.version>${VERSION}</agentscope.version></properties><dependencies>${deps.join('')}</dependencies></project>`;
    const boot = '<parent><groupId>org.springframework.boot</groupId><artifactId>spring-boot-starter-parent</artifactId><version>3.3.0</version></parent>';
    const view = (name: string, p: string, source = 'main') => {
      write(join(root, name, 'pom.xml'), p);
      const path = join(root, name, `src/${source}/java/x/A.java`);
      return projectViews([path], inv).get(path);
    };
    const harness = view('harness', pom([dep('agentscope-harness'), dep('spring-boot-starter-web', undefined, 'org.springframework.boot', '3.3.0')], boot));
    expect([...harness!.artifacts].sort()).toEqual(['agentscope-core', 'agentscope-harness']);
    // a provided, optional dependency of an artifact is not passed on (agui -> core)
    const agui = view('agui', pom([dep('agentscope-extensions-agui')]));
    expect([...agui!.artifacts]).toEqual(['agentscope-extensions-agui']);
    // runtime scope is not on main's compile classpath, but on the tests'
    expect([...view('runtime', pom([dep('agentscope-core'), dep('agentscope-harness', 'runtime')]))!.artifacts]).toEqual(['agentscope-core']);
    expect([...view('runtime', pom([dep('agentscope-core'), dep('agentscope-harness', 'runtime')]), 'test')!.artifacts].sort()).toEqual(['agentscope-core', 'agentscope-harness']);
  });

  test('AS108 inside a project: a registered prefix whose provider artifact is not a dependency is a warning naming it', async () => {
    const root = mkdtempSync(join(tmpdir(), 'project-context-'));
    dirs.push(root);
    const src = `package demo;

import io.agentscope.core.ReActAgent;
import io.agentscope.core.model.ModelRegistry;

public class Demo {
    void build() {
        ReActAgent.builder().name("a").model("openai:gpt-4o");
        ModelRegistry.resolve("dashscope:qwen-max");
        ReActAgent.builder().name("b").model("deepseek:deepseek-chat");
        ReActAgent.builder().name("c").model("my-named-model");
    }
}
`;
    const as108 = async (name: string, deps: string[], source = 'main') => {
      write(join(root, name, 'pom.xml'), modulePom(name, deps, false));
      const path = join(root, name, `src/${source}/java/demo/Demo.java`);
      write(path, src);
      const fs = await checkSources([{ path, content: src }], inv, { project: {} });
      expect(fs.filter((f) => f.severity === 'error')).toEqual([]);
      return fs.filter((f) => f.rule === 'AS108');
    };
    // core alone: every registered prefix lacks its provider (deepseek: registered by the openai extension)
    const bare = await as108('bare', [dep('agentscope-core')]);
    expect(bare.map((f) => f.line)).toEqual([8, 9, 10]);
    expect(bare[0].message).toMatch(/^the prefix "openai:" is registered by io\.agentscope:agentscope-extensions-model-openai \(OpenAIModelProvider\), which is not a dependency of this module; the id is resolved by ModelRegistry \(agentscope-core io\/agentscope\/core\//);
    expect(bare[1].suggestion).toBe(`add io.agentscope:agentscope-extensions-model-dashscope to the <dependencies> of ${join(root, 'bare/pom.xml')}`);
    // the openai extension registers openai: and deepseek:; dashscope: still lacks its artifact
    expect((await as108('openai', [dep('agentscope-core'), dep('agentscope-extensions-model-openai')])).map((f) => f.line)).toEqual([9]);
    // a provider on the runtime classpath only (runtime scope) registers as well
    expect(await as108('runtime', [dep('agentscope-core'), dep('agentscope-extensions-model-openai', 'runtime'), dep('agentscope-extensions-model-dashscope', 'runtime')])).toEqual([]);
    // outside a project (no project context) the registered prefixes are not judged
    expect((await checkSources([{ path: join(root, 'bare/src/main/java/demo/Demo.java'), content: src }], inv)).filter((f) => f.rule === 'AS108')).toEqual([]);
  });

  test("gen's check and the MCP check_java tool judge with the module's artifacts; gen counts the pom edits of its own plan", async () => {
    const root = mkdtempSync(join(tmpdir(), 'project-context-'));
    dirs.push(root);
    const corePom = modulePom('app', [dep('agentscope-core')], false);
    write(join(root, 'pom.xml'), corePom);
    write(join(root, 'src/main/java/ctx/Uses.java'), usesHarness('ctx'));
    // MCP: a path of the project, and a snippet (judged as a file of the project's module)
    const ctx = new McpContext(root);
    const byPath = (await checkJava.run(ctx, { path: 'src/main/java' })).data as { errors: number; findings: { line: number; message: string }[] };
    expect(byPath.findings.map((f) => f.line)).toEqual([4, 7, 9]);
    expect(byPath.findings[0].message).toContain('io.agentscope:agentscope-harness, which is not a dependency of this module');
    const snippet = (await checkJava.run(ctx, { source: 'import io.agentscope.harness.agent.HarnessAgent;\nclass S { HarnessAgent a; }\n' })).data as { errors: number };
    expect(snippet.errors).toBe(2);
    // gen: a planned file that imports harness is refused with the pom on disk ...
    const inventory = inv;
    const plan = (withDependency: boolean) => {
      const tree = new Tree(root);
      tree.create('src/main/java/ctx/Added.java', usesHarness('ctx').replace('class Uses', 'class Added'));
      if (withDependency) tree.update('pom.xml', (before) => before.replace('</dependencies>', `${dep('agentscope-harness')}</dependencies>`));
      return tree;
    };
    const io = memoryIo(root);
    await expect(checkPrintWrite(plan(false), { io, lang: 'en', dryRun: true, inventory })).rejects.toThrow(/does not pass the checker/);
    expect(io.stderr.join('\n')).toMatch(/Added\.java:4:\d+ AS001/);
    // ... and passes when the plan adds the dependency to the pom
    const io2 = memoryIo(root);
    const r = await checkPrintWrite(plan(true), { io: io2, lang: 'en', dryRun: true, inventory });
    expect(r.exitCode, io2.stderr.join('\n')).toBe(0);
  });
});
