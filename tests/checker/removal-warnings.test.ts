import { afterAll, describe, expect, test } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execa } from 'execa';
import { checkSources } from '../../src/checker/index.js';
import { loadInventory } from '../../src/inventory/store.js';
import { mavenClasspath } from '../support/maven-classpath.js';

/**
 * AS006 warns where javac gives its removal warning (JLS 9.6.4.6), javac deciding against the
 * 2.0.2 jars: a use of an API deprecated for removal is warned, unless an enclosing declaration
 * suppresses "removal" (a single value or one of an array's); suppressing "deprecation" does not.
 */
const SOURCE = `package demo;

import io.agentscope.core.ReActAgent;
import io.agentscope.core.agent.StreamOptions;
import io.agentscope.core.message.Msg;
import java.util.List;

public class Removal {
    Object warned(ReActAgent agent, List<Msg> msgs, StreamOptions o) {
        return agent.stream(msgs, o);
    }

    @SuppressWarnings("removal")
    Object quiet(ReActAgent agent, List<Msg> msgs, StreamOptions o) {
        return agent.stream(msgs, o);
    }

    @SuppressWarnings({"unchecked", "removal"})
    static class Quiet {
        Object q(ReActAgent agent, List<Msg> msgs, StreamOptions o) {
            return agent.stream(msgs, o);
        }
    }

    @SuppressWarnings("deprecation")
    Object stillWarned(ReActAgent agent, List<Msg> msgs, StreamOptions o) {
        return agent.stream(msgs, o);
    }
}
`;

const made: string[] = [];
afterAll(() => made.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('AS006 and @SuppressWarnings("removal"), javac deciding', () => {
  test('warned on the lines javac warns on, nowhere else', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'as-removal-'));
    made.push(dir);
    writeFileSync(join(dir, 'pom.xml'), '<project><modelVersion>4.0.0</modelVersion><groupId>m</groupId><artifactId>m</artifactId><version>1</version><dependencies><dependency><groupId>io.agentscope</groupId><artifactId>agentscope-core</artifactId><version>2.0.2</version></dependency></dependencies></project>');
    const cp = await mavenClasspath(dir);
    const path = join(dir, 'src', 'demo', 'Removal.java');
    mkdirSync(join(dir, 'src', 'demo'), { recursive: true });
    writeFileSync(path, SOURCE);
    const javac = await execa('javac', ['-d', join(dir, 'out'), '-cp', cp, '-proc:none', path], { reject: false, all: true });
    expect(javac.exitCode, javac.all).toBe(0);
    const warned = [...(javac.all ?? '').matchAll(/^.+\.java:(\d+): warning: \[removal\]/gm)].map((m) => Number(m[1]));
    expect(warned).toEqual([10, 27]);
    const findings = await checkSources([{ path, content: SOURCE }], loadInventory('2.0.2'));
    expect(findings.filter((f) => f.rule === 'AS006').map((f) => f.line)).toEqual(warned);
  }, 120_000);
});
