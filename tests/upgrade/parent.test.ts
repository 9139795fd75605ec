/**
 * A module whose AgentScope version is declared in a parent pom on disk: `upgrade` reads the
 * version through the parent chain and edits the parent where it is declared (the module's own
 * pom stays as it is), through the generators' plan printer and atomic write. Judged by a real
 * offline `mvn compile` of the upgraded reactor against the pinned jars.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { memoryIo } from '../../src/core/io.js';
import { readPin } from '../../src/inventory/pin.js';
import { readAgentscopeDeclaration } from '../../src/pom/agentscope-version.js';
import { mvn } from '../maven/support.js';

const pin = readPin().version;
const FROM = '2.0.0';
const base = mkdtempSync(join(tmpdir(), 'upgrade-parent-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));

async function cli(cwd: string, argv: string[]) {
  const io = memoryIo(cwd, { ...process.env, LANG: 'en_US.UTF-8' });
  const code = await runCli(argv, io);
  return { code, out: io.stdout.join('\n'), err: io.stderr.join('\n') };
}

/** The parent: `properties` and `dependencyManagement` as given. */
function parentPom(properties: string, managed: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>org.acme</groupId>
  <artifactId>acme-parent</artifactId>
  <version>1.0.0</version>
  <packaging>pom</packaging>
  <modules>
    <module>../app</module>
  </modules>
  <properties>
    <maven.compiler.release>17</maven.compiler.release>
    <project.build.sourceEncoding>UTF-8</project.build.sourceEncoding>
${properties}  </properties>
  <dependencyManagement>
    <dependencies>
${managed}    </dependencies>
  </dependencyManagement>
  <build>
    <pluginManagement>
      <plugins>
        <plugin><groupId>org.apache.maven.plugins</groupId><artifactId>maven-compiler-plugin</artifactId><version>3.13.0</version></plugin>
      </plugins>
    </pluginManagement>
  </build>
</project>
`;
}

const BOM = `      <dependency>
        <groupId>io.agentscope</groupId>
        <artifactId>agentscope-bom</artifactId>
        <version>\${agentscope.version}</version>
        <type>pom</type>
        <scope>import</scope>
      </dependency>
`;

function childPom(extraProperties = ''): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <parent>
    <groupId>org.acme</groupId>
    <artifactId>acme-parent</artifactId>
    <version>1.0.0</version>
    <relativePath>../parent/pom.xml</relativePath>
  </parent>
  <artifactId>app</artifactId>
${extraProperties}  <dependencies>
    <!-- the version comes from the parent -->
    <dependency>
      <groupId>io.agentscope</groupId>
      <artifactId>agentscope-core</artifactId>
    </dependency>
  </dependencies>
</project>
`;
}

/** parent/ and app/ side by side (the parent found through relativePath), app using core API of both versions. */
function reactor(name: string, parent: string, child: string): string {
  const root = join(base, name);
  mkdirSync(join(root, 'parent'), { recursive: true });
  mkdirSync(join(root, 'app', 'src/main/java/org/acme/app'), { recursive: true });
  writeFileSync(join(root, 'parent', 'pom.xml'), parent);
  writeFileSync(join(root, 'app', 'pom.xml'), child);
  writeFileSync(
    join(root, 'app', 'src/main/java/org/acme/app/App.java'),
    'package org.acme.app;\n\nimport io.agentscope.core.ReActAgent;\nimport io.agentscope.core.message.Msg;\n\npublic class App {\n  public static void main(String[] args) {\n    System.out.println(ReActAgent.class.getName() + Msg.class.getName());\n  }\n}\n',
  );
  return root;
}

describe('upgrade of a module whose version is declared in its parent', () => {
  test('the parent property behind a BOM import is bumped, the module pom is left alone, and the reactor compiles offline on the pin', async () => {
    const root = reactor('bom', parentPom(`    <agentscope.version>${FROM}</agentscope.version>\n`, BOM), childPom());
    const app = join(root, 'app');
    const parentBefore = readFileSync(join(root, 'parent', 'pom.xml'), 'utf8');
    const childBefore = readFileSync(join(app, 'pom.xml'), 'utf8');

    const dry = await cli(app, ['upgrade', '--to', pin]);
    expect(dry.code, dry.out + dry.err).toBe(0);
    expect(dry.out).toContain(`AgentScope Java upgrade ${FROM} -> ${pin}  (pom.xml)`);
    expect(dry.out).toContain(`parent/pom.xml:14  <agentscope.version> ${FROM} -> ${pin}`);
    // the generators' plan printer, with its unified diff in a dry run
    expect(dry.out).toContain(['UPDATE    parent/pom.xml', '--- a/parent/pom.xml', '+++ b/parent/pom.xml'].join('\n'));
    expect(dry.out).toContain(`-    <agentscope.version>${FROM}</agentscope.version>\n+    <agentscope.version>${pin}</agentscope.version>`);
    expect(dry.out).toContain('Dry run: nothing was written.');
    expect(readFileSync(join(root, 'parent', 'pom.xml'), 'utf8')).toBe(parentBefore);

    const json = JSON.parse((await cli(app, ['upgrade', '--to', pin, '--json'])).out);
    expect(json.root).toBe(root);
    expect(json.versionSites).toEqual([{ file: 'parent/pom.xml', kind: 'property', name: 'agentscope.version', value: FROM, line: 14 }]);
    expect(json.changedFiles).toEqual(['parent/pom.xml']);

    const wet = await cli(app, ['upgrade', '--to', pin, '--write']);
    expect(wet.code, wet.out + wet.err).toBe(0);
    expect(wet.out).toContain('UPDATE    parent/pom.xml');
    expect(wet.out).toContain('Wrote 1 file(s).');
    expect(readFileSync(join(root, 'parent', 'pom.xml'), 'utf8')).toBe(parentBefore.replace(`<agentscope.version>${FROM}<`, `<agentscope.version>${pin}<`));
    expect(readFileSync(join(app, 'pom.xml'), 'utf8')).toBe(childBefore);
    expect(readAgentscopeDeclaration(join(app, 'pom.xml')).version).toBe(pin);
    expect((await cli(app, ['upgrade', '--to', pin])).out).toBe(`already on AgentScope Java ${pin}; nothing to do`);

    const build = mvn(join(root, 'parent'), ['-q', '-o', 'compile']);
    expect(build.code, build.output.slice(-4000)).toBe(0);
    const classpath = mvn(app, ['-q', '-o', 'org.apache.maven.plugins:maven-dependency-plugin:3.8.1:list', '-DincludeGroupIds=io.agentscope', '-DoutputFile=deps.txt']);
    expect(classpath.code, classpath.output).toBe(0);
    expect(readFileSync(join(app, 'deps.txt'), 'utf8')).toContain(`io.agentscope:agentscope-core:jar:${pin}`);
  }, 600_000);

  test('where the module overrides the property, or the parent manages a literal version, that is the place edited; init-assistant reads the same version', async () => {
    const overriding = reactor('override', parentPom(`    <agentscope.version>${FROM}</agentscope.version>\n`, BOM), childPom(`  <properties>\n    <agentscope.version>${FROM}</agentscope.version>\n  </properties>\n`));
    const o = readAgentscopeDeclaration(join(overriding, 'app', 'pom.xml'));
    expect(o.chain.map((l) => l.path)).toEqual([join(overriding, 'app', 'pom.xml'), join(overriding, 'parent', 'pom.xml')]);
    expect(o.sites.map((s) => [s.file, s.kind, s.name, s.line])).toEqual([[join(overriding, 'app', 'pom.xml'), 'property', 'agentscope.version', 12]]);

    const literal = `      <dependency>\n        <groupId>io.agentscope</groupId>\n        <artifactId>agentscope-core</artifactId>\n        <version>${FROM}</version>\n      </dependency>\n`;
    const managed = reactor('managed', parentPom('', literal), childPom());
    const m = readAgentscopeDeclaration(join(managed, 'app', 'pom.xml'));
    expect(m.version).toBe(FROM);
    expect(m.artifacts).toEqual(['agentscope-core']);
    expect(m.sites.map((s) => [s.file, s.kind, s.name, s.value, s.line])).toEqual([[join(managed, 'parent', 'pom.xml'), 'dependency', 'agentscope-core', FROM, 20]]);
    // the same reader answers every command: AGENTS.md for the module is written for the parent's version
    const init = await cli(join(managed, 'app'), ['init-assistant']);
    expect(init.code, init.err).toBe(0);
    expect(readFileSync(join(managed, 'app', 'AGENTS.md'), 'utf8')).toContain(`# AGENTS.md: AgentScope Java ${FROM}`);
  });
});
