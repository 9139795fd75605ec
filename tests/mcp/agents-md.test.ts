import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiIndex } from '../../src/api/lookup.js';
import { loadInventory } from '../../src/inventory/store.js';
import { readPin } from '../../src/inventory/pin.js';
import { runCli } from '../../src/cli/main.js';
import { memoryIo } from '../../src/core/io.js';
import { parseProvenance } from '../../src/core/provenance.js';
import { CLIENTS } from '../../src/assistant/clients.js';
import { listInventories } from '../../src/mcp/inventories.js';
import { createProject } from './helpers.js';

/** Names from the JDK, Reactor and Jackson that AGENTS.md may use; everything else must be in the inventory. */
const NOT_AGENTSCOPE = new Set(['String', 'List', 'Map', 'Object', 'Class', 'Function', 'Consumer', 'Supplier', 'Flux', 'Mono', 'JsonNode', 'Duration', 'HttpClient', 'Void', 'Integer', 'Boolean', 'Long', 'Optional', 'Set']);

/**
 * Every Java identifier of an AGENTS.md against an inventory: each `Type`, `Type.member`,
 * `Type#member` and `.call(` in code spans and the ```java block must exist; each name in the
 * "do not write" column must not. Returns the problems (empty = all true for the version).
 */
function identifierProblems(md: string, index: ApiIndex): string[] {
  const problems: string[] = [];
  const allMembers = new Set(index.inventory.types.flatMap((t) => t.members.map((m) => m.name)));
  const typeExists = (name: string) => index.findTypes(name).length > 0;
  const memberExists = (type: string, member: string) => index.lookup(`${type}#${member}`).hits.length > 0;

  const checkJava = (code: string, where: string) => {
    for (const m of code.matchAll(/(?<![\w.])([A-Z]\w*[a-z]\w*(?:\.[A-Z]\w*[a-z]\w*)*)(?:([.#])([a-zA-Z_]\w*))?/g)) {
      const [, type, , member] = m;
      if (!typeExists(type)) {
        if (!NOT_AGENTSCOPE.has(type.split('.')[0])) problems.push(`${where}: unknown type ${type}`);
        continue;
      }
      if (member && /^[a-z]|^[A-Z][A-Z0-9_]+$/.test(member) && !memberExists(type, member)) problems.push(`${where}: ${type} has no member ${member}`);
    }
    for (const m of code.matchAll(/\.([a-z]\w*)\(/g)) if (!allMembers.has(m[1]) && m[1] !== 'of') problems.push(`${where}: no member ${m[1]} anywhere`);
  };

  const [beforeFence] = [md.replace(/```[\s\S]*?```/g, (block) => (block.startsWith('```java') ? block : ''))];
  // the ```java block: `// fqn` headers, then member signatures of that type
  for (const block of beforeFence.matchAll(/```java\n([\s\S]*?)```/g)) {
    let owner = '';
    for (const line of block[1].split('\n')) {
      const header = /^\/\/ ([\w.]+)$/.exec(line);
      if (header) {
        owner = header[1];
        if (!index.byFqn.has(owner)) problems.push(`java block: unknown type ${owner}`);
        continue;
      }
      if (!line.trim()) continue;
      const name = /(\w+)\(/.exec(line)?.[1];
      if (!name || !memberExists(owner, name)) problems.push(`java block: ${owner} has no member ${name}`);
      checkJava(line.replace(/\b\w+(?=\()/, ''), `java block (${owner})`);
    }
  }
  const prose = beforeFence.replace(/```java[\s\S]*?```/g, '');
  for (const line of prose.split('\n')) {
    const cells = line.startsWith('| `') ? line.split(' | ') : undefined;
    if (cells) {
      // | `Owner.wrong` | instead |: the wrong name must really be absent, its owner present
      const wrong = /^\| `([\w.]+)\.(\w+)`$/.exec(cells[0]);
      if (!wrong) problems.push(`table row without a wrong name: ${line}`);
      else if (!typeExists(wrong[1])) problems.push(`wrong-name table: unknown owner ${wrong[1]}`);
      else if (memberExists(wrong[1], wrong[2])) problems.push(`wrong-name table: ${wrong[1]}.${wrong[2]} exists`);
    }
    const rest = cells ? cells.slice(1).join(' | ') : line;
    for (const span of rest.matchAll(/`([^`]+)`/g)) checkJava(span[1], `\`${span[1]}\``);
  }
  return problems;
}

describe('AGENTS.md', () => {
  let tmp: string;
  let project: string;
  const pin = readPin().version;
  beforeAll(() => {
    tmp = mkdtempSync(join(tmpdir(), 'as-agents-'));
    project = join(tmp, 'demo');
    createProject(project);
  });
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  it('`create` writes one that names only API of the project\'s version', () => {
    const md = readFileSync(join(project, 'AGENTS.md'), 'utf8');
    const mark = parseProvenance(md);
    expect(mark).toMatchObject({ generator: 'assistant', version: pin, untouched: true });
    const index = new ApiIndex(loadInventory(pin));
    expect(identifierProblems(md, index)).toEqual([]);
    // it carries the facts it is for, and the client set-up
    expect(md).toContain('| `ToolResultBlock.success` |');
    expect(md).toMatch(/onAgent\(Agent agent, RuntimeContext ctx/);
    expect(md).toContain('agentscope check');
    for (const c of CLIENTS) expect(md).toContain(c.snippet);
  });

  it('the identifier check catches names the version lacks', () => {
    const index = new ApiIndex(loadInventory(pin));
    // `.success(` may be a member of some other type in a version, so only the owner check is certain
    const problems = identifierProblems('Use `ToolResultBlock.success(x)` and `McpClientBuilder.create(n).streamableHttp(u)`.', index);
    expect(problems).toContain('`ToolResultBlock.success(x)`: ToolResultBlock has no member success');
    expect(problems).toContain('`McpClientBuilder.create(n).streamableHttp(u)`: no member streamableHttp anywhere');
    expect(identifierProblems('Use `ToolResultBlock.text(x)` and `McpClientBuilder.create(n)`.', index)).toEqual([]);
    expect(identifierProblems('| `ToolResultBlock.text` | x |', index)).toEqual(['wrong-name table: ToolResultBlock.text exists']);
  });

  it('init-assistant regenerates a generated file, refuses a hand-edited one without --force', async () => {
    const file = join(project, 'AGENTS.md');
    const original = readFileSync(file, 'utf8');
    const run = async (...argv: string[]) => {
      const io = memoryIo(project, process.env);
      const code = await runCli(['init-assistant', ...argv], io);
      return { code, out: io.stdout.join('\n'), err: io.stderr.join('\n') };
    };
    const same = await run();
    expect(same.code).toBe(0);
    expect(same.out).toMatch(/UNCHANGED\s+AGENTS\.md/);

    writeFileSync(file, original + '\nMy own notes.\n');
    const refused = await run();
    expect(refused.code).toBe(1);
    expect(refused.err).toMatch(/edited since it was generated/);
    expect(readFileSync(file, 'utf8')).toContain('My own notes.');

    writeFileSync(file, '# Our assistant rules\n');
    const handWritten = await run();
    expect(handWritten.code).toBe(1);
    expect(handWritten.err).toMatch(/not generated by agentscope/);

    const forced = await run('--force');
    expect(forced.code).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe(original);
  });

  it('follows the version: for 1.0.9 it names only 1.0.9 API', async () => {
    const io = memoryIo(project, process.env);
    const dir = join(tmp, 'old');
    rmSync(dir, { recursive: true, force: true });
    createProject(dir, ['--features', 'middleware']);
    const pom = join(dir, 'pom.xml');
    writeFileSync(pom, readFileSync(pom, 'utf8').replace(`<agentscope.version>${pin}</agentscope.version>`, '<agentscope.version>1.0.9</agentscope.version>'));
    rmSync(join(dir, 'AGENTS.md'));
    expect(await runCli(['init-assistant', dir], io)).toBe(0);
    const md = readFileSync(join(dir, 'AGENTS.md'), 'utf8');
    expect(md).toContain('# AGENTS.md: AgentScope Java 1.0.9');
    expect(identifierProblems(md, new ApiIndex(loadInventory('1.0.9')))).toEqual([]);
    // and for every other inventory on this machine (shipped ones in CI; pulled ones too here)
    for (const { version } of listInventories()) {
      if (version === pin || version === '1.0.9') continue;
      expect(await runCli(['init-assistant', dir, '--version', version, '--force'], io)).toBe(0);
      expect(identifierProblems(readFileSync(join(dir, 'AGENTS.md'), 'utf8'), new ApiIndex(loadInventory(version))), version).toEqual([]);
    }
    expect(await runCli(['init-assistant', dir, '--version', '1.0.9', '--force'], io)).toBe(0);
    // `upgrade` moves an untouched AGENTS.md with the project
    const { planUpgrade } = await import('../../src/upgrade/upgrade.js');
    const plan = await planUpgrade(dir, loadInventory('1.0.9'), loadInventory(pin));
    const next = plan.tree.list().find((c) => c.path === 'AGENTS.md' && c.kind === 'update')?.content;
    expect(next).toContain(`# AGENTS.md: AgentScope Java ${pin}`);
    expect(parseProvenance(next!)).toMatchObject({ version: pin, untouched: true });
  });

  it('init-assistant outside a Maven project fails with exit 1 and writes nothing', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'as-agents-empty-'));
    try {
      const io = memoryIo(empty, process.env);
      expect(await runCli(['init-assistant'], io)).toBe(1);
      expect(io.stderr.join('\n')).toMatch(/no pom\.xml/);
      expect(await runCli(['init-assistant', 'a', 'b'], io)).toBe(2);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});

describe('docs/assistants.md', () => {
  it('shows the same client set-up as AGENTS.md, in both languages', () => {
    const doc = readFileSync(join(import.meta.dirname, '../../docs/assistants.md'), 'utf8');
    const [en, zh] = doc.split('\n## 中文\n');
    expect(zh).toBeDefined();
    for (const c of CLIENTS) {
      expect(en).toContain(c.snippet);
      expect(zh).toContain(c.snippet);
      expect(en).toContain(c.where);
      expect(zh).toContain(c.whereZh);
    }
  });
});
