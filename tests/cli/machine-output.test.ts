import { afterAll, describe, expect, test } from 'vitest';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cleanup, cli, tempDir } from './helpers.js';
import { RULES } from '../../src/checker/rules.js';
import { packageUrls } from '../../src/cli/version.js';

afterAll(cleanup);

const BAD = `package demo;
import io.agentscope.core.message.ToolResultBlock;
public class Bad {
    ToolResultBlock ok() { return ToolResultBlock.success("x"); }
}
`;

function project(): string {
  const dir = tempDir('as-machine-');
  writeFileSync(join(dir, 'pom.xml'), '<project/>');
  mkdirSync(join(dir, 'src', 'main', 'java', 'demo'), { recursive: true });
  writeFileSync(join(dir, 'src', 'main', 'java', 'demo', 'Bad.java'), BAD);
  return dir;
}

/** GitHub's anchor of a markdown heading. */
const slug = (heading: string) => heading.trim().toLowerCase().replace(/[^\w\- ]/g, '').replace(/ /g, '-');

describe('check --format sarif names this tool with absolute URIs', () => {
  test('informationUri is this package, every helpUri an absolute link to its rule in docs/checker.md', async () => {
    const r = await cli(project(), ['check', '--format', 'sarif']);
    expect(r.code).toBe(1);
    const driver = JSON.parse(r.out).runs[0].tool.driver;
    const pkg = JSON.parse(readFileSync(join(import.meta.dirname, '../../package.json'), 'utf8')) as { name: string; homepage?: string };
    expect(driver.informationUri).toBe(pkg.homepage);
    expect(driver.informationUri).toContain(pkg.name);
    expect(driver.informationUri).not.toContain('agentscope-java');
    const anchors = new Set(readFileSync(join(import.meta.dirname, '../../docs/checker.md'), 'utf8').split('\n').filter((l) => /^#+ /.test(l)).map((l) => slug(l.replace(/^#+/, ''))));
    expect(driver.rules.map((x: { id: string }) => x.id)).toEqual(Object.keys(RULES));
    for (const rule of driver.rules as { id: string; helpUri: string }[]) {
      const url = new URL(rule.helpUri); // throws on a relative URI
      expect(url.protocol).toBe('https:');
      expect(url.pathname).toMatch(/\/docs\/checker\.md$/);
      expect(anchors, `${rule.id}: ${url.hash}`).toContain(url.hash.slice(1));
    }
  });

  test('the repository URL is read from the forms package.json allows', () => {
    expect(packageUrls({ repository: { url: 'git+https://github.com/o/r.git' } }).file('docs/x.md')).toBe('https://github.com/o/r/blob/HEAD/docs/x.md');
    expect(packageUrls({ repository: 'github:o/r' }).home).toBe('https://github.com/o/r');
    expect(packageUrls({ repository: 'o/r' }).file('a.md')).toBe('https://github.com/o/r/blob/HEAD/a.md');
    expect(packageUrls({ homepage: 'https://github.com/o/r#readme' }).file('a.md')).toBe('https://github.com/o/r/blob/HEAD/a.md');
    expect(() => packageUrls({})).toThrow(/homepage/);
  });
});

describe('machine output: --json and --format json on every command that has it', () => {
  test('check: --json is --format json; a contradiction is a usage error', async () => {
    const dir = project();
    const a = await cli(dir, ['check', '--json']);
    const b = await cli(dir, ['check', '--format', 'json']);
    expect(a.code).toBe(1);
    expect(JSON.parse(a.out)).toMatchObject({ errors: 1, findings: [{ rule: 'AS002' }] });
    expect(a.out).toBe(b.out);
    const c = await cli(dir, ['check', '--json', '--format', 'sarif']);
    expect(c.code).toBe(2);
    expect(c.err).toMatch(/--json and --format sarif/);
  });

  test('api and inventory list: --format json is --json, another --format is refused', async () => {
    const dir = tempDir('as-machine-');
    const a = await cli(dir, ['api', 'ToolResultBlock#text', '--json']);
    const b = await cli(dir, ['api', 'ToolResultBlock#text', '--format=json']);
    expect(a.code).toBe(0);
    expect(JSON.parse(a.out).hits.length).toBeGreaterThan(0);
    expect(b.out).toBe(a.out);
    const l = await cli(dir, ['inventory', 'list', '--format', 'json']);
    expect(l.code).toBe(0);
    expect(() => JSON.parse(l.out)).not.toThrow();
    const bad = await cli(dir, ['api', 'ToolResultBlock', '--format', 'xml']);
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/--format "xml"/);
  });

  test('help documents --json; the other spelling is not listed', async () => {
    for (const argv of [['check'], ['api'], ['inventory', 'diff'], ['upgrade'], ['doctor']]) {
      const h = await cli(tempDir('as-machine-'), [...argv, '--help']);
      expect(h.code, argv.join(' ')).toBe(0);
      expect(h.out, argv.join(' ')).toMatch(/--json\b/);
      expect(h.out, argv.join(' ')).not.toMatch(/--format[^\n]*json/);
    }
  });
});
