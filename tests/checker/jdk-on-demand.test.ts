import { afterAll, describe, expect, test } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execa } from 'execa';
import { checkSources } from '../../src/checker/index.js';
import { loadInventory } from '../../src/inventory/store.js';
import { JDK_PACKAGE_TYPES } from '../../src/checker/jdk-types.js';
import { mavenClasspath } from '../support/maven-classpath.js';

/**
 * `import java.util.*;` (what IDEs write once a file imports five types of a package): `List`,
 * `Function`, `Optional` resolve through the JDK's packages (src/checker/jdk-types.ts) as javac
 * resolves them, so what flows through them is judged: a result assigned to `List<String>`, lambda
 * parameters typed by `Function<Msg, ..>` or by `List<Msg>.forEach`. javac decides every line: each
 * line of Broken.java tagged `// error` is one javac rejects, and check reports it; Clean.java,
 * beside a third-party package imported on demand too, compiles and checks clean.
 */
const HEAD = `package demo;

import io.agentscope.core.message.*;
import java.util.*;
import java.util.function.*;
import java.util.stream.*;
import com.fasterxml.jackson.databind.*;
`;
const BROKEN = `${HEAD}
public class Broken {
    void f(Msg msg, List<Msg> msgs, Map<String, Msg> byId) {
        List<String> texts = msg.getContent(); // error
        Function<Msg, String> text = m -> m.getTextContnt(); // error
        msgs.forEach(m -> m.getTextContnt()); // error
        Optional<Msg> first = msgs.stream().findFirst();
        first.map(m -> m.getTextContnt()); // error
        byId.values().forEach(m -> m.getTextContnt()); // error
        Supplier<Msg> s = () -> Msg.builder().textContnt("x").build(); // error
    }
}
`;
const CLEAN = `${HEAD}
public class Clean {
    String f(Msg msg, List<Msg> msgs, Map<String, Msg> byId) {
        List<ContentBlock> blocks = msg.getContent();
        Function<Msg, String> text = m -> m.getTextContent();
        msgs.forEach(m -> m.getTextContent());
        Set<String> names = msgs.stream().map(Msg::getTextContent).collect(Collectors.toSet());
        ObjectMapper mapper = new ObjectMapper();
        JsonNode tree = mapper.createObjectNode();
        return blocks.size() + text.apply(msg) + names + byId.keySet() + tree;
    }
}
`;
const POM = `<project xmlns="http://maven.apache.org/POM/4.0.0"><modelVersion>4.0.0</modelVersion><groupId>demo</groupId><artifactId>od</artifactId><version>1</version>
<dependencies><dependency><groupId>io.agentscope</groupId><artifactId>agentscope-core</artifactId><version>2.0.2</version></dependency></dependencies></project>`;

const made: string[] = [];
afterAll(() => {
  for (const d of made) rmSync(d, { recursive: true, force: true });
});

describe('JDK packages imported on demand', () => {
  test('the table holds the types javac finds there', () => {
    const util = new Set(JDK_PACKAGE_TYPES['java.util'].split(' '));
    for (const t of ['List', 'Map', 'ArrayList', 'Optional', 'Collection']) expect(util.has(t)).toBe(true);
    expect(util.has('Entry')).toBe(false); // nested: imported by java.util.Map.*, not java.util.*
    expect(JDK_PACKAGE_TYPES['java.util.function'].split(' ')).toContain('Function');
  });

  test('javac and check agree line by line', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'as-jdk-od-'));
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
    const javac = await execa('javac', ['-proc:none', '-d', join(dir, 'out'), '-cp', cp, ...files.map((f) => f.path)], { reject: false, all: true });
    const javacLines = [...(javac.all ?? '').matchAll(/^(.+\.java):(\d+): error/gm)].map((m) => `${m[1].slice(src.length + 1)}:${m[2]}`);
    const tagged = BROKEN.split('\n').flatMap((l, i) => (l.endsWith('// error') ? [`Broken.java:${i + 1}`] : []));
    expect(new Set(javacLines)).toEqual(new Set(tagged));
    const findings = (await checkSources(files, loadInventory('2.0.2'))).filter((f) => f.severity === 'error');
    expect([...new Set(findings.map((f) => `${f.file.slice(src.length + 1)}:${f.line}`))].sort()).toEqual([...tagged].sort());
  }, 240_000);
});

/**
 * With on-demand imports of AgentScope and JDK packages only, every package a simple name could
 * come from is listed: a name none of them holds is javac's "cannot find symbol" (AS011), and so is
 * one resembling an AgentScope type.
 */
const ONLY = `package demo;

import io.agentscope.core.message.*;
import java.util.*;

public class OnlyListed {
    void f(Msg msg) {
        State st = msg; // error
        List<Msgs> l = new ArrayList<>(); // error
        Map<String, Object> m = new HashMap<>();
        Optional<TextBlock> t = Optional.empty();
    }
}
`;

test('on-demand imports of listed packages only: a name none holds is AS011, as javac says', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'as-jdk-od2-'));
  made.push(dir);
  writeFileSync(join(dir, 'pom.xml'), POM);
  const cp = await mavenClasspath(dir);
  const file = join(dir, 'OnlyListed.java');
  writeFileSync(file, ONLY);
  const javac = await execa('javac', ['-proc:none', '-d', join(dir, 'out'), '-cp', cp, file], { reject: false, all: true });
  const javacLines = [...(javac.all ?? '').matchAll(/^(.+\.java):(\d+): error/gm)].map((m) => Number(m[2]));
  const tagged = ONLY.split('\n').flatMap((l, i) => (l.endsWith('// error') ? [i + 1] : []));
  expect(javacLines).toEqual(tagged);
  const findings = (await checkSources([{ path: file, content: ONLY }], loadInventory('2.0.2'))).filter((f) => f.severity === 'error');
  expect(findings.map((f) => `${f.line} ${f.rule}`)).toEqual(tagged.map((l) => `${l} AS011`));
}, 240_000);
