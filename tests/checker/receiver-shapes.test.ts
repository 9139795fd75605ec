import { afterAll, expect, test } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execa } from 'execa';
import { checkSources } from '../../src/checker/index.js';
import { loadInventory } from '../../src/inventory/store.js';
import { mavenClasspath } from '../support/maven-classpath.js';

/**
 * Chains that begin with a factory or a narrowing operator keep their element type, so what is
 * called on it is judged: `Optional.ofNullable(msg)`, `Mono.just(x)`, `Flux.fromIterable(blocks)`,
 * `Mono.fromCallable(() -> msg)` (or a static JDK method's result, `String.join(..)`) written as receivers (javac infers T from the argument alone),
 * `events.ofType(X.class)` and `.cast(X.class)`; and `import reactor.core.publisher.*;` resolves
 * `Flux` and `Mono` as javac does. javac decides: Broken.java's lines tagged `// error` are the ones
 * it rejects, and check reports them; Clean.java compiles and checks clean.
 */
const HEAD = `package demo;

import io.agentscope.core.event.AgentEvent;
import io.agentscope.core.event.TextBlockDeltaEvent;
import io.agentscope.core.message.ContentBlock;
import io.agentscope.core.message.Msg;
import io.agentscope.core.message.ToolResultBlock;
import java.util.List;
import java.util.Optional;
import reactor.core.publisher.*;
`;
const BROKEN = `${HEAD}
public class Broken {
    void f(Flux<AgentEvent> events, Msg msg, List<ContentBlock> blocks, List<String> names) {
        events.ofType(TextBlockDeltaEvent.class).map(d -> d.getTxt()); // error
        events.cast(TextBlockDeltaEvent.class).map(d -> d.getTxt()); // error
        Mono.fromCallable(() -> msg).map(m -> m.getTexts()); // error
        Optional.ofNullable(msg).map(m -> m.getTextContents()); // error
        Optional.of(msg).ifPresent(m -> m.getTextContents()); // error
        Flux.fromIterable(blocks).map(b -> b.getTxt()); // error
        Flux.just(msg).map(m -> m.getTexts()); // error
        Mono.just(msg).map(m -> m.getTexts()); // error
        Mono.fromCallable(() -> String.join(", ", names)).map(s -> ToolResultBlock.text(s)).map(b -> b.withState("S")); // error
    }
}
`;
const CLEAN = `${HEAD}
public class Clean {
    void f(Flux<AgentEvent> events, Msg msg, List<ContentBlock> blocks, Object any) {
        events.ofType(TextBlockDeltaEvent.class).map(d -> d.getDelta());
        Mono.fromCallable(() -> msg).map(m -> m.getTextContent());
        Optional.ofNullable(msg).map(m -> m.getTextContent());
        Flux.fromIterable(blocks).map(b -> b.hashCode());
        Flux.just(msg).map(m -> m.getTextContent());
        Optional.ofNullable(any).map(o -> o.hashCode());
        Mono<String> text = Mono.just(msg).map(m -> m.getTextContent());
        Mono.fromCallable(() -> String.valueOf(any)).map(s -> ToolResultBlock.text(s)).map(b -> b.getOutput());
    }
}
`;
const POM = `<project xmlns="http://maven.apache.org/POM/4.0.0"><modelVersion>4.0.0</modelVersion><groupId>demo</groupId><artifactId>rs</artifactId><version>1</version>
<dependencies><dependency><groupId>io.agentscope</groupId><artifactId>agentscope-core</artifactId><version>2.0.2</version></dependency></dependencies></project>`;

const made: string[] = [];
afterAll(() => {
  for (const d of made) rmSync(d, { recursive: true, force: true });
});

test('factory and narrowing receivers keep the element type: javac and check agree line by line', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'as-rs-'));
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
  expect(findings.every((f) => f.rule === 'AS002' || f.rule === 'AS007')).toBe(true);
  expect([...new Set(findings.map((f) => `${f.file.slice(src.length + 1)}:${f.line}`))].sort()).toEqual([...tagged].sort());
}, 240_000);
