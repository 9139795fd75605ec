import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { execa } from 'execa';
import { afterAll, describe, expect, test } from 'vitest';
import { checkSources, type Finding } from '../../src/checker/index.js';
import { loadInventory } from '../../src/inventory/store.js';
import { javaLevelOfModule } from '../../src/pom/java-level.js';
import { mavenClasspath } from '../support/maven-classpath.js';

/**
 * Code newer than the Java level its module compiles for (rules/java-release.ts): the Java 21
 * idioms written into AgentScope's Java 17 projects. javac decides with `--release 17` (what
 * maven.compiler.release 17 passes it): Newer.java's tagged lines are rejected (JDK 21 methods,
 * a qualified enum case label), Patterns.java only at its switch pattern (javac's parser rejects
 * it and reports nothing else of the compilation, so it is compiled on its own), Clean.java is the
 * same code written for 17 (LinkedList.getFirst() and Deque.getFirst() are older than 21).
 */
const NEWER = `package demo;

import io.agentscope.core.message.Msg;
import io.agentscope.core.message.MsgRole;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

public class Newer {
    String last(List<Msg> msgs) {
        return msgs.getLast().getTextContent(); // error
    }
    int first(ArrayList<Msg> msgs) {
        Msg m = msgs.getFirst(); // error
        msgs.removeLast(); // error
        return m.getTextContent().length() + msgs.reversed().size(); // error
    }
    String role(Msg m) {
        switch (m.getRole()) {
            case MsgRole.USER: // error
                return "user";
            default:
                return "other";
        }
    }
    void run() {
        ExecutorService ex = Executors.newVirtualThreadPerTaskExecutor(); // error
        ex.submit(() -> System.out.println("x"));
        Thread.ofVirtual().start(() -> { }); // error
    }
}
`;
const PATTERNS = `package demo;

import io.agentscope.core.message.ContentBlock;
import io.agentscope.core.message.Msg;
import io.agentscope.core.message.TextBlock;
import java.util.List;

public class Patterns {
    String text(ContentBlock b) {
        return switch (b) {
            case TextBlock t -> t.getText(); // error
            default -> "";
        };
    }
    String last(List<Msg> msgs) {
        return msgs.getLast().getTextContent();
    }
}
`;
const CLEAN = `package demo;

import io.agentscope.core.message.ContentBlock;
import io.agentscope.core.message.Msg;
import io.agentscope.core.message.MsgRole;
import io.agentscope.core.message.TextBlock;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.LinkedList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

public class Clean {
    static final String GREETING = "hi";
    String last(List<Msg> msgs) {
        return msgs.get(msgs.size() - 1).getTextContent();
    }
    Msg first(LinkedList<Msg> msgs, Deque<Msg> queue) {
        queue.removeLast();
        return msgs.getFirst() != null ? msgs.getLast() : queue.getFirst();
    }
    String role(Msg m) {
        switch (m.getRole()) {
            case USER:
                return "user";
            default:
                return "other";
        }
    }
    String word(String w) {
        switch (w) {
            case Clean.GREETING:
                return "greeting";
            default:
                return w;
        }
    }
    String text(ContentBlock b) {
        return b instanceof TextBlock t ? t.getText() : "";
    }
    void run() {
        ExecutorService ex = Executors.newCachedThreadPool();
        ex.submit(() -> new Thread(() -> { }).start());
        new ArrayDeque<Msg>().getFirst();
    }
}
`;

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function project(properties: string, files: Record<string, string>): { dir: string; paths: string[] } {
  const dir = mkdtempSync(join(tmpdir(), 'as-java-release-'));
  dirs.push(dir);
  writeFileSync(
    join(dir, 'pom.xml'),
    `<project xmlns="http://maven.apache.org/POM/4.0.0"><modelVersion>4.0.0</modelVersion><groupId>demo</groupId><artifactId>java-release</artifactId><version>1</version>
<properties>${properties}</properties>
<dependencies><dependency><groupId>io.agentscope</groupId><artifactId>agentscope-core</artifactId><version>2.0.2</version></dependency></dependencies></project>`,
  );
  const paths = Object.entries(files).map(([name, content]) => {
    const p = join(dir, 'src', 'main', 'java', 'demo', name);
    mkdirSync(dirname(p), { recursive: true });
    writeFileSync(p, content);
    return p;
  });
  return { dir, paths };
}

const tagged = (files: Record<string, string>) =>
  Object.entries(files)
    .flatMap(([name, content]) => content.split('\n').flatMap((l, i) => (l.endsWith('// error') ? [`${name}:${i + 1}`] : [])))
    .sort();
const lines = (fs: Finding[]) => [...new Set(fs.map((f) => `${f.file.split(/[\\/]/).pop()}:${f.line}`))].sort();

async function check(dir: string, paths: string[]): Promise<Finding[]> {
  const sources = paths.map((p, i) => ({ path: p, content: [NEWER, PATTERNS, CLEAN][i] }));
  return checkSources(sources, loadInventory('2.0.2'), { project: { root: dir } });
}

describe('code newer than the module’s Java level', () => {
  test('with maven.compiler.release 17, javac --release 17 and check reject the same lines (AS019); Clean.java passes both', async () => {
    const files = { 'Newer.java': NEWER, 'Patterns.java': PATTERNS, 'Clean.java': CLEAN };
    const { dir, paths } = project('<maven.compiler.release>17</maven.compiler.release>', files);
    const cp = await mavenClasspath(dir);
    const javac: string[] = [];
    // the parser's rejection of Patterns.java would stop javac before it judges the others
    for (const run of [[paths[0], paths[2]], [paths[1]]]) {
      const r = await execa('javac', ['--release', '17', '-proc:none', '-Xmaxerrs', '1000', '-d', join(dir, 'out'), '-cp', cp, ...run], { reject: false, all: true });
      javac.push(...[...(r.all ?? '').matchAll(/^(.+\.java):(\d+): error/gm)].map((m) => `${m[1].split(/[\\/]/).pop()}:${m[2]}`));
    }
    const findings = await check(dir, paths);
    const errors = findings.filter((f) => f.severity === 'error');
    expect([...new Set(javac)].sort()).toEqual(tagged(files));
    expect(lines(errors)).toEqual(tagged(files));
    expect(errors.every((f) => f.rule === 'AS019')).toBe(true);
    expect(errors.find((f) => f.line === 12)?.message).toMatch(/List\.getLast\(\) is not in the JDK 17 API.*maven\.compiler\.release 17/);
    expect(errors.find((f) => f.message.includes('qualified enum'))?.suggestion).toBe('case USER:');
  }, 180_000);

  test('with only maven.compiler.source 17, the JDK 21 methods are warnings (AS114: a newer JDK compiles them) and the language stays an error', async () => {
    const { dir, paths } = project('<maven.compiler.source>17</maven.compiler.source><maven.compiler.target>17</maven.compiler.target>', { 'Newer.java': NEWER, 'Patterns.java': PATTERNS, 'Clean.java': CLEAN });
    const findings = (await check(dir, paths)).filter((f) => f.rule === 'AS019' || f.rule === 'AS114');
    expect(lines(findings.filter((f) => f.rule === 'AS114'))).toEqual(['Newer.java:12', 'Newer.java:15', 'Newer.java:16', 'Newer.java:17', 'Newer.java:28', 'Newer.java:30']);
    expect(findings.filter((f) => f.rule === 'AS114').every((f) => f.severity === 'warning' && /NoSuchMethodError/.test(f.message))).toBe(true);
    expect(lines(findings.filter((f) => f.rule === 'AS019'))).toEqual(['Newer.java:21', 'Patterns.java:11']);
  }, 60_000);

  test('at release 21, or with no level in the build, none of it is reported', async () => {
    for (const properties of ['<maven.compiler.release>21</maven.compiler.release>', '']) {
      const { dir, paths } = project(properties, { 'Newer.java': NEWER, 'Patterns.java': PATTERNS, 'Clean.java': CLEAN });
      expect((await check(dir, paths)).filter((f) => f.rule === 'AS019' || f.rule === 'AS114')).toEqual([]);
    }
  }, 60_000);
});

describe('the Java level a build states', () => {
  const write = (files: Record<string, string>): string => {
    const dir = mkdtempSync(join(tmpdir(), 'as-java-level-'));
    dirs.push(dir);
    for (const [name, text] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, name)), { recursive: true });
      writeFileSync(join(dir, name), text);
    }
    return dir;
  };
  const pom = (inner: string, parent = '') => `<project><modelVersion>4.0.0</modelVersion>${parent}<groupId>g</groupId><artifactId>a</artifactId><version>1</version>${inner}</project>`;

  test('Maven: the compiler plugin over the properties, a property through the parent chain, Spring Boot’s java.version', () => {
    expect(javaLevelOfModule(write({ 'pom.xml': pom('<properties><java.version>17</java.version><maven.compiler.release>${java.version}</maven.compiler.release></properties>') }))).toMatchObject({ level: 17, release: true });
    expect(javaLevelOfModule(write({ 'pom.xml': pom('<properties><maven.compiler.source>1.8</maven.compiler.source></properties>') }))).toMatchObject({ level: 8, release: false });
    const plugin = '<build><plugins><plugin><groupId>org.apache.maven.plugins</groupId><artifactId>maven-compiler-plugin</artifactId><configuration><release>21</release></configuration></plugin></plugins></build>';
    expect(javaLevelOfModule(write({ 'pom.xml': pom(`<properties><maven.compiler.release>17</maven.compiler.release></properties>${plugin}`) }))).toMatchObject({ level: 21, release: true });
    // a child module inherits its parent's property
    const reactor = write({
      'pom.xml': pom('<packaging>pom</packaging><properties><maven.compiler.release>17</maven.compiler.release></properties>'),
      'app/pom.xml': pom('', '<parent><groupId>g</groupId><artifactId>a</artifactId><version>1</version></parent>').replace('<artifactId>a</artifactId><version>1</version></project>', '<artifactId>app</artifactId><version>1</version></project>'),
    });
    expect(javaLevelOfModule(join(reactor, 'app'))).toMatchObject({ level: 17, release: true });
    const boot = (props: string, version = '3.4.1') => pom(props, `<parent><groupId>org.springframework.boot</groupId><artifactId>spring-boot-starter-parent</artifactId><version>${version}</version></parent>`);
    expect(javaLevelOfModule(write({ 'pom.xml': boot('<properties><java.version>21</java.version></properties>') }))).toMatchObject({ level: 21, release: false });
    expect(javaLevelOfModule(write({ 'pom.xml': boot('') }))).toMatchObject({ level: 17, release: false });
    // not for certain: an unresolved property, a parent only in a repository, Spring Boot 2 without java.version
    expect(javaLevelOfModule(write({ 'pom.xml': pom('<properties><maven.compiler.release>${jdk}</maven.compiler.release></properties>') }))).toBeUndefined();
    expect(javaLevelOfModule(write({ 'pom.xml': pom('', '<parent><groupId>x</groupId><artifactId>corp-parent</artifactId><version>1</version></parent>') }))).toBeUndefined();
    expect(javaLevelOfModule(write({ 'pom.xml': boot('', '2.7.18') }))).toBeUndefined();
  });

  test('Gradle: options.release and a toolchain fix the API, sourceCompatibility only the language; two different levels say nothing', () => {
    expect(javaLevelOfModule(write({ 'build.gradle.kts': 'java {\n  toolchain {\n    languageVersion.set(JavaLanguageVersion.of(17))\n  }\n}\n' }))).toMatchObject({ level: 17, release: true });
    expect(javaLevelOfModule(write({ 'build.gradle': "tasks.withType(JavaCompile) {\n  options.release = 17\n}\n" }))).toMatchObject({ level: 17, release: true });
    expect(javaLevelOfModule(write({ 'build.gradle': "sourceCompatibility = '17'\n// sourceCompatibility = '21'\n" }))).toMatchObject({ level: 17, release: false });
    expect(javaLevelOfModule(write({ 'build.gradle': 'java { sourceCompatibility = JavaVersion.VERSION_17 }\n' }))).toMatchObject({ level: 17, release: false });
    expect(javaLevelOfModule(write({ 'build.gradle': "options.release = 17\noptions.release = 21\n" }))).toBeUndefined();
    expect(javaLevelOfModule(write({ 'build.gradle': 'plugins { id "java" }\n' }))).toBeUndefined();
  });
});
