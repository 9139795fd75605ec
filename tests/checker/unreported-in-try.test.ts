import { afterAll, expect, test } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execa } from 'execa';
import { checkSources } from '../../src/checker/index.js';
import { loadInventory } from '../../src/inventory/store.js';
import { mavenClasspath } from '../support/maven-classpath.js';

/**
 * AS017 through try statements: a catch of unchecked exceptions only (`catch (RuntimeException e)`,
 * `catch (IllegalStateException | UncheckedIOException e)`) catches no checked one, so an
 * AgentScope call declaring IOException in its try block is still javac's "unreported exception";
 * a catch of Exception, IOException or an unknown type handles it, as a throws clause does. javac
 * decides, each file compiled on its own (javac's flow phase reports one class's errors): Broken
 * files' lines tagged `// error` are the ones it rejects; Clean compiles; check agrees.
 */
const HEAD = `package demo;

import io.agentscope.core.formatter.MediaUtils;
import java.io.IOException;
import java.io.UncheckedIOException;
`;
const BROKEN = `${HEAD}
public class Broken {
    String k(String p) {
        try {
            return MediaUtils.fileToBase64(p); // error
        } catch (RuntimeException e) {
            return "";
        }
    }
}
`;
const BROKEN2 = `${HEAD}
public class Broken2 {
    String k(String p) {
        try {
            return MediaUtils.fileToBase64(p); // error
        } catch (IllegalStateException | UncheckedIOException e) {
            return "";
        } finally {
            System.out.println("done");
        }
    }
}
`;
const CLEAN = `${HEAD}
public class Clean {
    String a(String p) {
        try {
            return MediaUtils.fileToBase64(p);
        } catch (RuntimeException e) {
            return "";
        } catch (IOException e) {
            return "io";
        }
    }

    String b(String p) {
        try {
            return MediaUtils.fileToBase64(p);
        } catch (Exception e) {
            return "";
        }
    }

    String c(String p) throws IOException {
        try {
            return MediaUtils.fileToBase64(p);
        } catch (IllegalArgumentException e) {
            return "";
        }
    }

    String d(String p) {
        try {
            try {
                return MediaUtils.fileToBase64(p);
            } catch (RuntimeException e) {
                return "";
            }
        } catch (IOException e) {
            return "io";
        }
    }
}
`;
const POM = `<project xmlns="http://maven.apache.org/POM/4.0.0"><modelVersion>4.0.0</modelVersion><groupId>demo</groupId><artifactId>ue</artifactId><version>1</version>
<dependencies><dependency><groupId>io.agentscope</groupId><artifactId>agentscope-core</artifactId><version>2.0.2</version></dependency></dependencies></project>`;

const made: string[] = [];
afterAll(() => {
  for (const d of made) rmSync(d, { recursive: true, force: true });
});

test('unchecked catches do not handle a checked exception: javac and check agree line by line', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'as-ue-'));
  made.push(dir);
  writeFileSync(join(dir, 'pom.xml'), POM);
  const cp = await mavenClasspath(dir);
  const src = join(dir, 'src', 'demo');
  mkdirSync(src, { recursive: true });
  const files = [
    { path: join(src, 'Broken.java'), content: BROKEN },
    { path: join(src, 'Broken2.java'), content: BROKEN2 },
    { path: join(src, 'Clean.java'), content: CLEAN },
  ];
  for (const f of files) writeFileSync(f.path, f.content);
  for (const f of files) {
    const name = f.path.slice(src.length + 1);
    const javac = await execa('javac', ['-proc:none', '-d', join(dir, 'out'), '-cp', cp, f.path], { reject: false, all: true });
    const javacLines = [...(javac.all ?? '').matchAll(/^(.+\.java):(\d+): error/gm)].map((m) => `${name}:${m[2]}`);
    const tagged = f.content.split('\n').flatMap((l, i) => (l.endsWith('// error') ? [`${name}:${i + 1}`] : []));
    expect(javacLines, name).toEqual(tagged);
    const findings = (await checkSources([f], loadInventory('2.0.2'))).filter((x) => x.severity === 'error');
    expect(findings.map((x) => `${name}:${x.line} ${x.rule}`), name).toEqual(tagged.map((t) => `${t} AS017`));
  }
}, 240_000);
