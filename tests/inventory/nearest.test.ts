/** Which inventory answers for a declared version this machine has no inventory of. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { confirmingInventoryVersion, inventoryVersions, nearestInventoryVersion } from '../../src/inventory/nearest.js';
import { McpContext } from '../../src/mcp/context.js';
import { checkJava } from '../../src/mcp/tools/check-java.js';
import { cleanup, tempDir } from '../cli/helpers.js';

afterAll(cleanup);

describe('nearestInventoryVersion', () => {
  const have = ['2.0.2', '2.0.0', '1.0.9'];
  test('the version itself, else the greatest below it in its major version, else the least above it', () => {
    expect(nearestInventoryVersion('2.0.0', have)).toBe('2.0.0');
    expect(nearestInventoryVersion('2.0.3', have)).toBe('2.0.2');
    expect(nearestInventoryVersion('2.0.1', have)).toBe('2.0.0');
    expect(nearestInventoryVersion('1.0.12', have)).toBe('1.0.9');
    expect(nearestInventoryVersion('2.0.0-RC3', have)).toBe('2.0.0');
    expect(nearestInventoryVersion('1.0.0', have)).toBe('1.0.9');
    expect(nearestInventoryVersion('3.0.0', have)).toBeUndefined();
  });

  test('a version between two inventories is confirmed by the least above it; one outside them by none', () => {
    expect(confirmingInventoryVersion('2.0.1', have)).toBe('2.0.2');
    expect(confirmingInventoryVersion('2.0.2', have)).toBeUndefined();
    expect(confirmingInventoryVersion('2.0.3', have)).toBeUndefined();
    expect(confirmingInventoryVersion('2.0.0-RC3', have)).toBeUndefined();
    expect(confirmingInventoryVersion('1.0.10', have)).toBeUndefined();
    expect(confirmingInventoryVersion('2.0.1', [...have, '2.0.5', '2.0.4'])).toBe('2.0.2');
    expect(confirmingInventoryVersion('2.0.3', [...have, '2.0.5', '2.0.4'])).toBe('2.0.4');
  });

  test('the shipped inventories are listed, newest first', () => {
    const v = inventoryVersions({ AGENTSCOPE_CLI_HOME: tempDir('as-nearest-home-') });
    expect(v).toEqual(expect.arrayContaining(have));
    expect(v.indexOf('2.0.2')).toBeLessThan(v.indexOf('2.0.0'));
  });

  test('the MCP server answers a 2.0.3 project from 2.0.2 and says so', () => {
    const dir = tempDir('as-nearest-');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'pom.xml'), '<project><modelVersion>4.0.0</modelVersion><groupId>a</groupId><artifactId>b</artifactId><version>1</version><dependencies><dependency><groupId>io.agentscope</groupId><artifactId>agentscope-core</artifactId><version>2.0.3</version></dependency></dependencies></project>');
    const v = new McpContext(dir, { AGENTSCOPE_CLI_HOME: tempDir('as-nearest-home-') }).projectVersion();
    expect(v).toMatchObject({ projectVersion: '2.0.3', version: '2.0.2' });
    expect(v.note).toContain('answering for 2.0.2, the nearest');
  });

  test('the MCP server answers a 2.0.1 project from 2.0.0, confirmed by 2.0.2, and says so', () => {
    const dir = tempDir('as-nearest-');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'pom.xml'), '<project><modelVersion>4.0.0</modelVersion><groupId>a</groupId><artifactId>b</artifactId><version>1</version><dependencies><dependency><groupId>io.agentscope</groupId><artifactId>agentscope-core</artifactId><version>2.0.1</version></dependency></dependencies></project>');
    const v = new McpContext(dir, { AGENTSCOPE_CLI_HOME: tempDir('as-nearest-home-') }).projectVersion();
    expect(v).toMatchObject({ projectVersion: '2.0.1', version: '2.0.0', confirm: '2.0.2' });
    expect(v.note).toContain('check_java reports only what 2.0.0 and 2.0.2, the nearest above, agree on');
  });

  test('check_java in a 2.0.1 project reports what 2.0.0 and 2.0.2 agree on', async () => {
    const dir = tempDir('as-nearest-');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'pom.xml'), '<project><modelVersion>4.0.0</modelVersion><groupId>a</groupId><artifactId>b</artifactId><version>1</version><dependencies><dependency><groupId>io.agentscope</groupId><artifactId>agentscope-core</artifactId><version>2.0.1</version></dependency></dependencies></project>');
    const ctx = new McpContext(dir, { AGENTSCOPE_CLI_HOME: tempDir('as-nearest-home-') });
    // TextAccumulator#replace: in 2.0.2, not in 2.0.0; `replac` in neither
    const source = (call: string) => `import io.agentscope.core.agent.accumulator.TextAccumulator;\nclass S { void f(TextAccumulator t) { t.${call}("x"); } }\n`;
    const ok = (await checkJava.run(ctx, { source: source('replace') })).data as { version: string; errors: number };
    expect(ok).toMatchObject({ version: '2.0.0+2.0.2', errors: 0 });
    const bad = (await checkJava.run(ctx, { source: source('replac') })).data as { errors: number; findings: { rule: string; line: number }[] };
    expect(bad.findings.map((f) => [f.rule, f.line])).toEqual([['AS002', 2]]);
  });
});
