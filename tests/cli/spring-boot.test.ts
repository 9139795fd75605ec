import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readPin } from '../../src/inventory/pin.js';
import { loadInventory } from '../../src/inventory/store.js';
import { parsePom } from '../../src/pom/pom.js';
import { SPRING_BOOT_SUPPORTED_FEATURES, springBootProviders } from '../../generators/spring-boot/support.js';
import { availableProviders } from '../../generators/_core/providers.js';
import { cleanup, cli, tempDir } from './helpers.js';

afterAll(cleanup);
const pin = readPin();
const inv = loadInventory(pin.version);
const withStarter = springBootProviders(inv, availableProviders(inv).map((p) => p.prefix));
const withoutStarter = availableProviders(inv).map((p) => p.prefix).filter((p) => !withStarter.includes(p));

describe('create --flavor spring-boot', () => {
  it('writes a Spring Boot application on the pinned starters (BOM-managed, keys only as environment placeholders)', async () => {
    const cwd = tempDir();
    const r = await cli(cwd, ['create', 'x', '--flavor', 'spring-boot', '--yes']);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const root = join(cwd, 'x');
    const main = join(root, 'src/main/java/com/example/x');
    const test = join(root, 'src/test/java/com/example/x');
    expect(readdirSync(main).sort()).toEqual(['AgentConfig.java', 'Application.java', 'ChatController.java', 'GreetingTool.java']);
    expect(readdirSync(test).sort()).toEqual(['ChatControllerTest.java', 'GreetingToolTest.java', 'ModelConfigTest.java', 'ScriptedModel.java']);
    expect(existsSync(join(main, 'Main.java'))).toBe(false);

    const pom = parsePom(readFileSync(join(root, 'pom.xml'), 'utf8'));
    expect(pom.properties['agentscope.version']).toBe(pin.version);
    const deps = pom.dependencies.map((d) => `${d.groupId}:${d.artifactId}:${d.version ?? ''}`);
    const provider = availableProviders(inv)[0].prefix;
    expect(deps).toContain('io.agentscope:agentscope-spring-boot-starter:');
    expect(deps).toContain(`io.agentscope:agentscope-${provider}-spring-boot-starter:`);
    expect(deps).toContain('org.springframework.boot:spring-boot-starter-webmvc:');
    expect(pom.managed.map((d) => d.artifactId)).toEqual(['agentscope-bom', 'spring-boot-dependencies']);

    const yml = readFileSync(join(root, 'src/main/resources/application.yml'), 'utf8');
    expect(yml).toContain(`provider: ${provider}`);
    expect(yml).toMatch(/api-key: \$\{[A-Z_]+_API_KEY:\}/);
    const config = readFileSync(join(main, 'AgentConfig.java'), 'utf8');
    expect(config).toContain('toolkit.registerTool(new GreetingTool());');
    expect(config).toContain('public ReActAgent agent(Model model');
    expect(r.out).toContain('mvn -q spring-boot:run');
  });

  it('wires every supported feature into the agent bean', async () => {
    const cwd = tempDir();
    const r = await cli(cwd, ['create', 'all', '--flavor', 'spring-boot', '--features', SPRING_BOOT_SUPPORTED_FEATURES.join(','), '--provider', 'openai', '--yes']);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const config = readFileSync(join(cwd, 'all/src/main/java/com/example/all/AgentConfig.java'), 'utf8');
    expect(config).toContain('.middleware(new ModelCallLogging())');
    expect(config).toContain('.permissionContext(PermissionPolicy.unattended())');
    expect(config).toContain('ToolGroups.register(toolkit);');
    expect(readFileSync(join(cwd, 'all/src/main/resources/application.yml'), 'utf8')).toContain('api-key: ${OPENAI_API_KEY:}');
  });

  const bad: [string, string[], RegExp][] = [
    ['an unknown flavour', ['--flavor', 'gradle'], /--flavor.*gradle/],
    ['two providers', ['--provider', 'dashscope,openai'], /one provider/],
    ['a harness agent', ['--agent', 'harness'], /ReActAgent/],
    ['hitl', ['--features', 'tool,hitl'], /does not support hitl/],
    ['mcp', ['--mcp', 'stdio'], /does not support mcp/],
    ['structured', ['--features', 'structured'], /does not support structured/],
  ];
  if (withoutStarter.length) bad.push([`a provider without a starter (${withoutStarter[0]})`, ['--provider', withoutStarter[0]], /has no Spring Boot starter/]);

  for (const [what, flags, message] of bad) {
    it(`refuses ${what} with a usage error and writes nothing`, async () => {
      const cwd = tempDir();
      const r = await cli(cwd, ['create', 'x', '--flavor', 'spring-boot', '--yes', ...flags]);
      expect(r.code).toBe(2);
      expect(r.err).toMatch(message);
      expect(readdirSync(cwd)).toEqual([]);
    });
  }

  it('says it in Chinese too', async () => {
    const cwd = tempDir();
    const r = await cli(cwd, ['create', 'x', '--flavor', 'spring-boot', '--features', 'hitl', '--yes', '--lang', 'zh']);
    expect(r.code).toBe(2);
    expect(r.err).toContain('不支持 hitl');
  });

  it('keeps plain Maven the default', async () => {
    const cwd = tempDir();
    const r = await cli(cwd, ['create', 'plain', '--yes']);
    expect(r.code).toBe(0);
    expect(existsSync(join(cwd, 'plain/src/main/java/com/example/plain/Main.java'))).toBe(true);
    expect(readFileSync(join(cwd, 'plain/pom.xml'), 'utf8')).not.toContain('spring');
  });
});
