/**
 * A part of a reactor checked on its own (`check app`, `check app/src/main/java`, one file): Maven
 * compiles a module against its sibling modules' classes, so their main sources are lent to the
 * check, and a class of the same package in another module (`Toolkits`, named like an AgentScope
 * type) is no finding; a misspelled AgentScope type still is. javac, compiling the modules as the
 * reactor does, rejects exactly the line tagged `// error`.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { mavenClasspath } from '../support/maven-classpath.js';
import { cleanup, tempDir } from './helpers.js';

afterAll(cleanup);

const BIN = join(resolve(import.meta.dirname, '../..'), 'bin/agentscope.js');
const dep = (a: string, g = 'io.agentscope', v = '2.0.2') => `<dependency><groupId>${g}</groupId><artifactId>${a}</artifactId><version>${v}</version></dependency>`;
const pom = (body: string) => `<project xmlns="http://maven.apache.org/POM/4.0.0"><modelVersion>4.0.0</modelVersion>${body}</project>`;
const PARENT = pom('<groupId>acme</groupId><artifactId>parent</artifactId><version>1</version><packaging>pom</packaging><modules><module>core</module><module>app</module></modules>');
const module = (a: string, deps: string) => pom(`<parent><groupId>acme</groupId><artifactId>parent</artifactId><version>1</version></parent><artifactId>${a}</artifactId><dependencies>${deps}</dependencies>`);
const TOOLKITS = `package com.acme.core;

import io.agentscope.core.tool.Toolkit;

public class Toolkits {
    public static Toolkit create() {
        return new Toolkit();
    }
}
`;
const USES = `package com.acme.core;

import io.agentscope.core.tool.Toolkit;

public class Uses extends Toolkits {
    Toolkit toolkit = Toolkits.create();
    Object broken = TexBlock.builder(); // error
}
`;

function write(root: string, path: string, text: string) {
  mkdirSync(join(root, path, '..'), { recursive: true });
  writeFileSync(join(root, path), text);
}

function checkErrors(cwd: string, args: string[]): string[] {
  const r = spawnSync(process.execPath, [BIN, 'check', '--no-warnings', '--format', 'json', ...args], { cwd, encoding: 'utf8' });
  expect(r.status, r.stderr).toBeLessThanOrEqual(1);
  return (JSON.parse(r.stdout) as { findings: { file: string; line: number }[] }).findings.map((f) => `${f.file.split('\\').join('/').split('/').pop()}:${f.line}`);
}

it('a module checked alone sees its reactor siblings\' classes of the same package', async () => {
  const root = tempDir('as-reactor-part-');
  write(root, 'pom.xml', PARENT);
  write(root, 'core/pom.xml', module('core', dep('agentscope-core')));
  write(root, 'app/pom.xml', module('app', dep('core', 'acme', '1')));
  write(root, 'core/src/main/java/com/acme/core/Toolkits.java', TOOLKITS);
  write(root, 'app/src/main/java/com/acme/core/Uses.java', USES);

  const cp = await mavenClasspath(join(root, 'core'));
  const javac = spawnSync('javac', ['-proc:none', '-d', join(root, 'out'), '-cp', cp, join(root, 'core/src/main/java/com/acme/core/Toolkits.java'), join(root, 'app/src/main/java/com/acme/core/Uses.java')], { encoding: 'utf8' });
  expect([...javac.stderr.matchAll(/^(.+\.java):(\d+): error/gm)].map((m) => `${m[1].split('/').pop()}:${m[2]}`)).toEqual(['Uses.java:7']);

  for (const args of [['app'], ['app/src/main/java'], ['app/src/main/java/com/acme/core/Uses.java'], []]) expect(checkErrors(root, args), args.join(' ')).toEqual(['Uses.java:7']);
}, 240_000);
