/**
 * Issue 12, item 2: the AgentScope version of a module comes from its parent pom (property,
 * dependencyManagement, BOM import), read the way Maven reads the parent chain on disk; `gen`
 * uses it and edits the right place. Judged by a real `mvn test`.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readPin } from '../../src/inventory/pin.js';
import { readProject } from '../../generators/_core/project.js';
import { cleanup, cli, tempDir } from './helpers.js';

afterAll(cleanup);
const V = readPin().version;

function parent(dm: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>org.acme</groupId>
  <artifactId>acme-parent</artifactId>
  <version>1.0.0</version>
  <packaging>pom</packaging>
  <modules>
    <module>app</module>
  </modules>
  <properties>
    <agentscope.version>${V}</agentscope.version>
    <maven.compiler.release>17</maven.compiler.release>
    <project.build.sourceEncoding>UTF-8</project.build.sourceEncoding>
  </properties>
${dm}  <build>
    <pluginManagement>
      <plugins>
        <plugin><groupId>org.apache.maven.plugins</groupId><artifactId>maven-compiler-plugin</artifactId><version>3.13.0</version></plugin>
        <plugin><groupId>org.apache.maven.plugins</groupId><artifactId>maven-surefire-plugin</artifactId><version>3.5.2</version></plugin>
      </plugins>
    </pluginManagement>
  </build>
</project>
`;
}

const BOM_IMPORT = `  <dependencyManagement>
    <dependencies>
      <dependency>
        <groupId>io.agentscope</groupId>
        <artifactId>agentscope-bom</artifactId>
        <version>\${agentscope.version}</version>
        <type>pom</type>
        <scope>import</scope>
      </dependency>
    </dependencies>
  </dependencyManagement>
`;

function child(coreVersion: string | undefined): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <parent>
    <groupId>org.acme</groupId>
    <artifactId>acme-parent</artifactId>
    <version>1.0.0</version>
  </parent>
  <artifactId>app</artifactId>
  <dependencies>
    <dependency>
      <groupId>io.agentscope</groupId>
      <artifactId>agentscope-core</artifactId>
${coreVersion ? `      <version>${coreVersion}</version>\n` : ''}    </dependency>
  </dependencies>
</project>
`;
}

function multiModule(dm: string, coreVersion: string | undefined): string {
  const root = tempDir();
  writeFileSync(join(root, 'pom.xml'), parent(dm));
  mkdirSync(join(root, 'app', 'src/main/java/org/acme/app'), { recursive: true });
  writeFileSync(join(root, 'app', 'pom.xml'), child(coreVersion));
  writeFileSync(join(root, 'app', 'src/main/java/org/acme/app/App.java'), 'package org.acme.app;\n\npublic class App {\n  public static void main(String[] args) {}\n}\n');
  return root;
}

describe('a module whose AgentScope version comes from its parent', () => {
  it('reads the version through the parent chain (property and BOM import)', () => {
    const root = multiModule(BOM_IMPORT, undefined);
    const p = readProject(join(root, 'app'));
    expect(p.agentscopeVersion).toBe(V);
    expect(p.inherited.chain).toEqual([join(root, 'pom.xml')]);
  });

  it('gen adds the dependency without a version (the parent BOM manages it), and mvn test passes', { timeout: 600_000 }, async () => {
    const root = multiModule(BOM_IMPORT, undefined);
    const r = await cli(join(root, 'app'), ['gen', 'provider', 'openai']);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain(`AgentScope Java ${V}`);
    const pom = readFileSync(join(root, 'app', 'pom.xml'), 'utf8');
    expect(pom).toMatch(/<artifactId>agentscope-extensions-model-openai<\/artifactId>\n\s*<\/dependency>/);
    const mvn = spawnSync('mvn', ['-q', '-B', 'test'], { cwd: root, encoding: 'utf8' });
    expect(mvn.status, (mvn.stdout + mvn.stderr).slice(-3000)).toBe(0);
  });

  it("a parent property without a BOM: the child's new dependency points at ${agentscope.version}, not a literal", async () => {
    const root = multiModule('', '${agentscope.version}');
    const r = await cli(join(root, 'app'), ['gen', 'provider', 'openai']);
    expect(r.code, r.err).toBe(0);
    expect(readFileSync(join(root, 'app', 'pom.xml'), 'utf8')).toMatch(/<artifactId>agentscope-extensions-model-openai<\/artifactId>\n\s*<version>\$\{agentscope\.version\}<\/version>/);
  });
});
