/**
 * `check` in a Gradle build judges each file against the AgentScope version the nearest build
 * script declares (pom/gradle.ts), as it does with a pom: the file uses an API 2.0.2 added
 * (TextAccumulator#replace), an error at 2.0.0 only. The declarations are the ways Gradle users
 * write them: a literal, a variable of the script or of gradle.properties, a version catalog, map
 * notation, a platform of the root project's `subprojects { }`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { McpContext } from '../../src/mcp/context.js';
import { cleanup, cli, tempDir } from './helpers.js';

afterAll(cleanup);

const USES_202 = 'package org.acme;\n\nimport io.agentscope.core.agent.accumulator.TextAccumulator;\n\npublic class Acc {\n    void reset(TextAccumulator text) {\n        text.replace("x");\n    }\n}\n';
const ERROR_AT_200 = /^(?:\S+\/)?src\/main\/java\/org\/acme\/Acc\.java:7:\d+: error AS002 unknown-member: TextAccumulator has no method replace\(\) in AgentScope 2\.0\.0/m;

/** A build with `files` (path -> text) and Acc.java in each of `projects` ('' = the root project). */
function build(files: Record<string, string>, projects: string[] = ['']): string {
  const root = tempDir('as-check-gradle-');
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  for (const p of projects) {
    mkdirSync(join(root, p, 'src/main/java/org/acme'), { recursive: true });
    writeFileSync(join(root, p, 'src/main/java/org/acme/Acc.java'), USES_202);
  }
  return root;
}

describe('check in a Gradle build', () => {
  it('a literal coordinate (Groovy DSL) decides the version; without arguments the build\'s sources are checked', async () => {
    const old = build({ 'build.gradle': "plugins { id 'java' }\n// io.agentscope:agentscope-core:9.9.9 in a comment does not count\ndependencies {\n    implementation 'io.agentscope:agentscope-core:2.0.0'\n}\n" });
    const r = await cli(old, ['check']);
    expect(r.code, r.out + r.err).toBe(1);
    expect(r.out).toMatch(ERROR_AT_200);
    expect(r.out).toContain('1 file(s) checked against AgentScope Java 2.0.0');
    const current = build({ 'build.gradle': "dependencies {\n    implementation 'io.agentscope:agentscope-core:2.0.2'\n}\n" });
    const ok = await cli(current, ['check']);
    expect(ok.code, ok.out + ok.err).toBe(0);
    expect(ok.out).toContain('1 file(s) checked against AgentScope Java 2.0.2');
  });

  it('a variable of the Kotlin script, of gradle.properties, or map notation', async () => {
    const kts = build({ 'build.gradle.kts': 'val agentscopeVersion = "2.0.0"\ndependencies {\n    implementation("io.agentscope:agentscope-core:$agentscopeVersion")\n}\n' });
    expect((await cli(kts, ['check'])).out).toMatch(ERROR_AT_200);
    const props = build({ 'gradle.properties': 'org.gradle.jvmargs=-Xmx1g\nagentscopeVersion=2.0.0\n', 'build.gradle': 'dependencies {\n    implementation "io.agentscope:agentscope-core:${agentscopeVersion}"\n}\n' });
    expect((await cli(props, ['check'])).out).toMatch(ERROR_AT_200);
    const map = build({ 'build.gradle': "dependencies {\n    implementation group: 'io.agentscope', name: 'agentscope-core', version: '2.0.0'\n}\n" });
    expect((await cli(map, ['check'])).out).toMatch(ERROR_AT_200);
  });

  it('a version catalog, and subprojects judged each by its own declaration or the root project\'s', async () => {
    const catalog = build(
      {
        'settings.gradle.kts': 'rootProject.name = "acme"\ninclude("app")\n',
        'gradle/libs.versions.toml': '[versions]\nagentscope = "2.0.0"\n\n[libraries]\nagentscope-core = { module = "io.agentscope:agentscope-core", version.ref = "agentscope" }\n',
        'app/build.gradle.kts': 'dependencies {\n    implementation(libs.agentscope.core)\n}\n',
      },
      ['app'],
    );
    const c = await cli(catalog, ['check']);
    expect(c.out).toMatch(ERROR_AT_200);
    expect(c.out).toMatch(/^app\//m);
    const multi = build(
      {
        'settings.gradle': "include 'legacy', 'current'\n",
        'build.gradle': "subprojects {\n    dependencies {\n        implementation platform('io.agentscope:agentscope-bom:2.0.0')\n    }\n}\n",
        'legacy/build.gradle': "dependencies {\n    implementation 'io.agentscope:agentscope-core'\n}\n",
        'current/build.gradle': "dependencies {\n    implementation 'io.agentscope:agentscope-core:2.0.2'\n}\n",
      },
      ['legacy', 'current'],
    );
    const m = await cli(multi, ['check']);
    expect(m.code, m.out + m.err).toBe(1);
    expect(m.out).toMatch(/^legacy\/src\/main\/java\/org\/acme\/Acc\.java:7:\d+: error AS002 .* in AgentScope 2\.0\.0/m);
    expect(m.out).not.toMatch(/^current\//m);
    expect(m.out).toContain('2.0.2 (current); 2.0.0 (legacy)');
  });

  it('the MCP server answers for the version the Gradle build declares', () => {
    const root = build({ 'build.gradle.kts': 'dependencies {\n    implementation("io.agentscope:agentscope-core:2.0.0")\n}\n' });
    const ctx = new McpContext(join(root, 'src/main/java'));
    expect(ctx.root).toBe(root);
    expect(ctx.projectVersion()).toMatchObject({ projectVersion: '2.0.0', version: '2.0.0' });
    // a name nothing defines is not a version: the pin answers, and says why
    const unresolved = build({ 'build.gradle': 'dependencies {\n    implementation "io.agentscope:agentscope-core:$asVersion"\n}\n' });
    expect(new McpContext(unresolved).projectVersion().note).toContain('which is not an AgentScope version');
  });
});
