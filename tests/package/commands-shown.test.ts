import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { COMMANDS, runCli } from '../../src/cli/main.js';
import { memoryIo } from '../../src/core/io.js';
import { GLOBAL_INSTALL, NPX_AGENTSCOPE, PACKAGE_NAME } from '../../src/core/run-command.js';
import { CLIENTS } from '../../src/assistant/clients.js';
import { cleanup, tempDir } from '../cli/helpers.js';

/**
 * Every command the tool shows a user must run this tool on a clean machine. The npm name
 * `agentscope` belongs to another package, so an `npx` (or `npm exec`) that resolves the package
 * `agentscope` runs someone else's code. Collected: README.md, docs/, create's output (next steps),
 * the generated README.md and AGENTS.md of each flavour, every help text (en, zh), the MCP client
 * snippets. A text that shows the bare `agentscope <command>` to someone who may not have it must
 * also say how to get it.
 */
const ROOT = resolve(import.meta.dirname, '../..');
afterAll(cleanup);

/** The package each `npx ...` / `npm exec ...` / `npm x ...` in `text` runs (JSON and TOML `command`/`args` pairs too). */
export function packagesRun(text: string): { line: string; pkg: string }[] {
  const lines: string[] = [];
  for (const m of text.matchAll(/(?:^|[\s`'"(])(npx|npm\s+(?:exec|x))\s+([^\n`'")]*)/g)) lines.push(`${m[1]} ${m[2]}`);
  for (const m of text.matchAll(/"?command"?\s*[:=]\s*"(npx)"[\s\S]{0,80}?"?args"?\s*[:=]\s*\[([^\]]*)\]/g)) {
    lines.push(`npx ${[...m[2].matchAll(/"([^"]*)"/g)].map((a) => a[1]).join(' ')}`);
  }
  return lines.map((line) => {
    const words = line.replace(/^npm\s+(exec|x)/, 'npx').split(/\s+/).slice(1);
    let pkg: string | undefined;
    let first: string | undefined;
    for (let i = 0; i < words.length && first === undefined; i++) {
      const w = words[i];
      if (w === '-p' || w === '--package') pkg ??= words[++i];
      else if (w.startsWith('--package=')) pkg ??= w.slice('--package='.length);
      else if (w === '--') continue;
      else if (!w.startsWith('-')) first = w;
    }
    const name = (pkg ?? first ?? '').replace(/(?<=.)@[^/]*$/, '');
    return { line, pkg: name };
  });
}

/** `agentscope <command>` written without the package around it. */
function bareCommands(text: string): string[] {
  const names = Object.keys(COMMANDS).join('|');
  return [...text.matchAll(new RegExp(`(?<![\\w/.-])agentscope (?:${names})\\b`, 'g'))]
    .filter((m) => !text.slice(Math.max(0, m.index - `-p ${PACKAGE_NAME} `.length), m.index).endsWith(`-p ${PACKAGE_NAME} `))
    .map((m) => m[0]);
}

async function out(args: string[], cwd = ROOT): Promise<string> {
  const io = memoryIo(cwd);
  const code = await runCli(args, io);
  expect(code, `${args.join(' ')}: ${io.stderr.join('\n')}`).toBe(0);
  return io.stdout.join('\n');
}

async function collect(): Promise<{ where: string; text: string; mustSayHow: boolean }[]> {
  const texts: { where: string; text: string; mustSayHow: boolean }[] = [];
  texts.push({ where: 'README.md', text: readFileSync(join(ROOT, 'README.md'), 'utf8'), mustSayHow: true });
  for (const f of readdirSync(join(ROOT, 'docs')).filter((f) => f.endsWith('.md'))) {
    texts.push({ where: `docs/${f}`, text: readFileSync(join(ROOT, 'docs', f), 'utf8'), mustSayHow: false });
  }
  const dir = tempDir('as-commands-');
  const flavours: [string, string[]][] = [
    ['plain', []],
    ['spring', ['--flavor', 'spring-boot']],
    ['harness', ['--agent', 'harness']],
    ['zh', ['--lang', 'zh']],
  ];
  for (const [name, args] of flavours) {
    texts.push({ where: `create ${name}: output`, text: await out(['create', name, '--yes', '--no-git', ...args], dir), mustSayHow: true });
    for (const f of ['README.md', 'AGENTS.md'].filter((f) => existsSync(join(dir, name, f)))) texts.push({ where: `create ${name}: ${f}`, text: readFileSync(join(dir, name, f), 'utf8'), mustSayHow: true });
  }
  for (const lang of ['en', 'zh']) {
    texts.push({ where: `--help (${lang})`, text: await out(['--help', '--lang', lang]), mustSayHow: true });
    const commands = [...Object.keys(COMMANDS).map((c) => [c]), ...['pull', 'list', 'diff', 'pin', 'claims', 'pull-python'].map((s) => ['inventory', s])];
    for (const c of commands) texts.push({ where: `${c.join(' ')} --help (${lang})`, text: await out([...c, '--help', '--lang', lang]), mustSayHow: false });
  }
  for (const c of CLIENTS) texts.push({ where: `MCP snippet for ${c.client}`, text: c.snippet, mustSayHow: false });
  return texts;
}

describe('commands shown to users', () => {
  it('the rule: an npx of the package agentscope is caught in every form, the safe form passes', () => {
    const bad = ['npx agentscope gen tool', 'run `npx -y agentscope@latest check`', 'npm exec agentscope -- mcp', '"command": "npx", "args": ["-y", "agentscope", "mcp"]', 'command = "npx"\nargs = ["agentscope", "mcp"]'];
    for (const t of bad) expect(packagesRun(t).map((r) => r.pkg), t).toContain('agentscope');
    const good = [`${NPX_AGENTSCOPE} check`, `npx --yes --package=${PACKAGE_NAME} agentscope mcp`, '"command": "npx", "args": ["-y", "-p", "create-agentscope-app", "agentscope", "mcp"]', 'npx -y @modelcontextprotocol/server-everything'];
    for (const t of good) expect(packagesRun(t).map((r) => r.pkg), t).not.toContain('agentscope');
    expect(bareCommands(`run agentscope check, or ${NPX_AGENTSCOPE} gen tool X`)).toEqual(['agentscope check']);
  });

  it('never run another package, and say how to get `agentscope` wherever it is shown bare', async () => {
    const texts = await collect();
    expect(texts.length).toBeGreaterThan(50);
    const wrong = texts.flatMap(({ where, text }) => packagesRun(text).filter((r) => r.pkg === 'agentscope').map((r) => `${where}: ${r.line}`));
    expect(wrong).toEqual([]);
    // the safe form is what the user-facing texts actually show
    for (const where of ['README.md', 'create plain: output', 'create plain: README.md', 'create plain: AGENTS.md', 'create zh: README.md', '--help (en)']) {
      expect(texts.find((t) => t.where === where)?.text, where).toContain(NPX_AGENTSCOPE);
    }
    const unexplained = texts
      .filter((t) => t.mustSayHow && bareCommands(t.text).length && !t.text.includes(GLOBAL_INSTALL))
      .map((t) => `${t.where}: ${bareCommands(t.text).join(', ')}`);
    expect(unexplained).toEqual([]);
  }, 120_000);
});
