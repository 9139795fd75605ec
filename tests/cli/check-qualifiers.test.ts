/**
 * A misspelled AgentScope type as an expression qualifier (`TexBlock.builder()`, javac: "cannot
 * find symbol: variable TexBlock") through the built command, as users run it: the whole project,
 * one source root, one file, and in a worker. The run holds all of the project's packages there,
 * so the name is judged (only `gen`, checking its edits, holds part of a package). A test source
 * sees its module's main classes, as Maven compiles it: `check src/test/java` lends the same
 * packages of src/main/java, so a project class named like an AgentScope type (`Toolkits`) is no
 * finding; nor is a class the build generated into target/generated-sources (`Msgs`), which Maven
 * compiles with the module's sources. javac decides the lines: it rejects exactly the ones tagged `// error`.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { mavenClasspath } from '../support/maven-classpath.js';
import { cleanup, tempDir } from './helpers.js';

afterAll(cleanup);

const BIN = join(resolve(import.meta.dirname, '../..'), 'bin/agentscope.js');

const POM = `<project xmlns="http://maven.apache.org/POM/4.0.0"><modelVersion>4.0.0</modelVersion><groupId>demo</groupId><artifactId>quals</artifactId><version>1</version>
<dependencies><dependency><groupId>io.agentscope</groupId><artifactId>agentscope-core</artifactId><version>2.0.2</version></dependency></dependencies></project>`;
const TOOLKITS = `package demo;

import io.agentscope.core.tool.Toolkit;

public final class Toolkits {
    public static Toolkit create() {
        return new Toolkit();
    }
}
`;
const GENERATED = `package demo;

public final class Msgs {
    public static String create() {
        return "generated";
    }
}
`;
const USES = `package demo;

import io.agentscope.core.message.TextBlock;
import io.agentscope.core.tool.Toolkit;

public class Uses {
    Toolkit toolkit = Toolkits.create();
    String made = Msgs.create();
    Object block = TexBlock.builder().text("x").build(); // error
    TextBlock fine = TextBlock.builder().text("x").build();
}
`;
const TEST = `package demo;

import io.agentscope.core.tool.Toolkit;

public class UsesTest {
    void run() {
        Toolkit toolkit = Toolkits.create();
        Object registry = MdoelRegistry.getDefault(); // error
    }
}
`;

function write(root: string, path: string, text: string) {
  mkdirSync(join(root, path, '..'), { recursive: true });
  writeFileSync(join(root, path), text);
}

/** `file:line` of each error `check` prints, relative to the project. */
function checkErrors(root: string, args: string[], env: NodeJS.ProcessEnv = {}): string[] {
  const r = spawnSync(process.execPath, [BIN, 'check', '--no-warnings', '--format', 'json', ...args], { cwd: root, encoding: 'utf8', env: { ...process.env, ...env } });
  expect(r.status, r.stderr).toBeLessThanOrEqual(1);
  const report = JSON.parse(r.stdout) as { findings: { file: string; line: number; severity: string }[] };
  return report.findings.filter((f) => f.severity === 'error').map((f) => `${f.file.split('\\').join('/')}:${f.line}`).sort();
}

const tagged = (path: string, text: string) => text.split('\n').flatMap((l, i) => (l.endsWith('// error') ? [`${path}:${i + 1}`] : []));

it('a misspelled qualifier is an error wherever check runs; a test sees its main classes', async () => {
  const root = tempDir('as-check-quals-');
  write(root, 'pom.xml', POM);
  const files: [string, string][] = [
    ['src/main/java/demo/Toolkits.java', TOOLKITS],
    ['target/generated-sources/annotations/demo/Msgs.java', GENERATED],
    ['src/main/java/demo/Uses.java', USES],
    ['src/test/java/demo/UsesTest.java', TEST],
  ];
  for (const [p, t] of files) write(root, p, t);
  const main = tagged('src/main/java/demo/Uses.java', USES);
  const test = tagged('src/test/java/demo/UsesTest.java', TEST);

  // javac, main and tests as Maven compiles them
  const cp = await mavenClasspath(root);
  const javac = (out: string, classpath: string, paths: string[]) => spawnSync('javac', ['-proc:none', '-d', join(root, out), '-cp', classpath, ...paths.map((p) => join(root, p))], { cwd: root, encoding: 'utf8' });
  const jm = javac('classes', cp, ['src/main/java/demo/Toolkits.java', 'target/generated-sources/annotations/demo/Msgs.java', 'src/main/java/demo/Uses.java']);
  const jt = javac('test-classes', `${cp}:${join(root, 'classes')}`, ['src/test/java/demo/UsesTest.java']);
  const javacLines = [...`${jm.stderr}\n${jt.stderr}`.matchAll(/^(.+\.java):(\d+): error/gm)].map((m) => `${m[1].slice(root.length + 1)}:${m[2]}`).sort();
  // Uses.java fails, so javac compiles Toolkits on its own for the tests
  const jm2 = javac('classes', cp, ['src/main/java/demo/Toolkits.java']);
  expect(jm2.status, jm2.stderr).toBe(0);
  const jt2 = javac('test-classes', `${cp}:${join(root, 'classes')}`, ['src/test/java/demo/UsesTest.java']);
  const javacTest = [...jt2.stderr.matchAll(/^(.+\.java):(\d+): error/gm)].map((m) => `${m[1].slice(root.length + 1)}:${m[2]}`);
  expect([...new Set([...javacLines, ...javacTest])].sort()).toEqual([...main, ...test].sort());

  expect(checkErrors(root, [])).toEqual([...main, ...test].sort());
  expect(checkErrors(root, ['src/main/java'])).toEqual(main);
  expect(checkErrors(root, ['src/test/java'])).toEqual(test);
  expect(checkErrors(root, ['src/main/java/demo/Uses.java'])).toEqual(main);
  expect(checkErrors(root, [], { AGENTSCOPE_CHECK_WORKERS: '1' })).toEqual([...main, ...test].sort());
}, 240_000);
