import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findPomUpward, readProject } from '../../generators/_core/project.js';
import { cleanup, tempDir } from './helpers.js';

afterAll(cleanup);

const pom = (body: string) => `<?xml version="1.0"?>\n<project>\n  <modelVersion>4.0.0</modelVersion>\n${body}\n</project>\n`;

describe('readProject', () => {
  it('finds pom.xml upward and reads coordinates, the version property and the Java release', () => {
    const root = tempDir();
    writeFileSync(
      join(root, 'pom.xml'),
      pom(`  <groupId>com.acme</groupId>\n  <artifactId>support-bot</artifactId>\n  <properties>\n    <maven.compiler.release>21</maven.compiler.release>\n    <agentscope.version>2.0.0</agentscope.version>\n  </properties>\n  <dependencies>\n    <dependency><groupId>io.agentscope</groupId><artifactId>agentscope-core</artifactId><version>\${agentscope.version}</version></dependency>\n  </dependencies>`),
    );
    const deep = join(root, 'src', 'main', 'java', 'x');
    mkdirSync(deep, { recursive: true });
    expect(findPomUpward(deep)).toBe(join(root, 'pom.xml'));
    const p = readProject(deep);
    expect(p).toMatchObject({ root, groupId: 'com.acme', artifactId: 'support-bot', basePackage: 'com.acme.supportbot', basePackageFrom: 'coordinates', agentscopeVersion: '2.0.0', agentscopeVersionFrom: 'property', agentscopeVersions: ['2.0.0'], javaRelease: 21 });
  });

  it('takes the groupId from <parent>, the version from literal dependencies, the package from sources with main', () => {
    const root = tempDir();
    writeFileSync(
      join(root, 'pom.xml'),
      pom(`  <parent><groupId>org.parent</groupId><artifactId>p</artifactId><version>1</version></parent>\n  <artifactId>child</artifactId>\n  <dependencies>\n    <dependency><groupId>io.agentscope</groupId><artifactId>agentscope-core</artifactId><version>1.0.9</version></dependency>\n  </dependencies>`),
    );
    const pkgDir = join(root, 'src', 'main', 'java', 'org', 'parent', 'app');
    mkdirSync(join(pkgDir, 'tools'), { recursive: true });
    writeFileSync(join(pkgDir, 'Main.java'), 'package org.parent.app;\npublic class Main { public static void main(String[] a) {} }\n');
    writeFileSync(join(pkgDir, 'tools', 'T.java'), 'package org.parent.app.tools;\nclass T {}\n');
    const p = readProject(root);
    expect(p).toMatchObject({ groupId: 'org.parent', basePackage: 'org.parent.app', basePackageFrom: 'sources', agentscopeVersion: '1.0.9', agentscopeVersionFrom: 'dependency', javaRelease: 17 });
  });

  it('reports several AgentScope versions', () => {
    const root = tempDir();
    writeFileSync(
      join(root, 'pom.xml'),
      pom(`  <groupId>g</groupId><artifactId>a</artifactId>\n  <dependencies>\n    <dependency><groupId>io.agentscope</groupId><artifactId>agentscope-core</artifactId><version>2.0.0</version></dependency>\n    <dependency><groupId>io.agentscope</groupId><artifactId>agentscope-extensions-model-openai</artifactId><version>1.0.9</version></dependency>\n  </dependencies>`),
    );
    expect(readProject(root).agentscopeVersions).toEqual(['2.0.0', '1.0.9']);
  });

  it('fails clearly outside a Maven project', () => {
    expect(() => readProject(tempDir())).toThrow(/no pom.xml in .* or any directory above it/);
  });
});
