import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { zipSync, strToU8 } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import { INVENTORY_DIR, PACKAGE_ROOT } from '../../src/core/paths.js';
import { PYTHON_EDITION_VERSION } from '../../src/inventory/python/schema.js';
import { extractWheel } from '../../src/inventory/python/pull.js';
import { serializePyInventory } from '../../src/inventory/python/store.js';

const python = spawnSync('python3', ['-c', 'import sys; print(sys.version_info >= (3, 10))'], { encoding: 'utf8' });
const hasPython = python.status === 0 && python.stdout.trim() === 'True';
if (!hasPython) console.warn('tests/manual/python-inventory.test.ts skipped: no python3 >= 3.10 on PATH (agentscope 2.x uses match statements)');

const made: string[] = [];
const temp = () => {
  const d = mkdtempSync(join(tmpdir(), 'as-py-'));
  made.push(d);
  return d;
};
afterAll(() => {
  for (const d of made) rmSync(d, { recursive: true, force: true });
});

const committed = join(INVENTORY_DIR, 'python', PYTHON_EDITION_VERSION);

describe.skipIf(!hasPython)('Python edition inventory', () => {
  it(`re-extracting agentscope ${PYTHON_EDITION_VERSION} (pip download + ast) gives the committed bytes`, () => {
    const out = join(temp(), 'py');
    const r = spawnSync(process.execPath, [join(PACKAGE_ROOT, 'bin/agentscope.js'), 'inventory', 'pull-python', PYTHON_EDITION_VERSION, '--out', out], { encoding: 'utf8' });
    expect(r.status, `${r.stdout}\n${r.stderr}`).toBe(0);
    for (const f of ['inventory.json.gz', 'manifest.json']) {
      expect(readFileSync(join(out, f)).equals(readFileSync(join(committed, f))), f).toBe(true);
    }
    expect(r.stdout).toMatch(/\d+ modules \(\d+ public packages\), \d+ classes, \d+ functions, \d+ methods/);
  }, 300_000);

  it('extracts signatures, defaults, async-ness, docstrings and lines without importing the package', () => {
    const dir = temp();
    const init = `"""Pkg doc."""\nfrom ._impl import Greeter, greet as hello\nfrom .sub import *\n__all__ = ["Greeter", "hello"]\n`;
    const impl = [
      'raise SystemExit("imported!")  # executing this module would stop the interpreter',
      'import typing',
      '',
      '@decorate(1,',
      '          2)',
      'class Greeter(Base, metaclass=Meta):',
      '    """Says hello.',
      '',
      '    Args:',
      '        name (`str`): who — 名字',
      '    """',
      '    name: str = "wörld"',
      '    _hidden: int = 1',
      '',
      '    def __init__(self, name: str = "x", /, *args: int, flag: bool = False, **kw) -> None:',
      '        pass',
      '',
      '    async def reply(self, msg: "Msg | None" = None, *, timeout: float = 1.5) -> dict[',
      '        str, int]:',
      '        """Replies."""',
      '',
      '    def _private(self): ...',
      '',
      'def greet(who, times=2): ...',
      'def _internal(): ...',
      '',
    ].join('\n');
    const whl = join(dir, 'demo-1.0-py3-none-any.whl');
    writeFileSync(whl, zipSync({ 'demo/__init__.py': strToU8(init), 'demo/_impl.py': strToU8(impl), 'demo-1.0.dist-info/METADATA': strToU8('Name: demo\n') }));
    const inv = extractWheel(whl, '1.0');
    expect(inv.modules.map((m) => m.name)).toEqual(['demo', 'demo._impl']);
    const [pkg, mod] = inv.modules;
    expect(pkg.doc).toBe('Pkg doc.');
    expect(pkg.exports).toEqual(['Greeter', 'hello']);
    expect(pkg.imports).toEqual([
      { name: 'Greeter', from: 'demo._impl', orig: 'Greeter' },
      { name: 'hello', from: 'demo._impl', orig: 'greet' },
    ]);
    const g = mod.classes[0];
    expect(g).toMatchObject({ name: 'Greeter', line: 6, bases: ['Base', 'metaclass=Meta'], decorators: ['decorate(1, 2)'] });
    expect(g.doc).toBe('Says hello.\n\nArgs:\n    name (`str`): who — 名字');
    expect(g.attributes).toEqual([{ name: 'name', line: 12, annotation: 'str', default: '"wörld"' }]);
    expect(g.methods.map((m) => m.name)).toEqual(['__init__', 'reply']);
    expect(g.methods[0].params).toEqual([
      { name: 'self', kind: 'posonly' },
      { name: 'name', kind: 'posonly', annotation: 'str', default: '"x"' },
      { name: 'args', kind: 'vararg', annotation: 'int' },
      { name: 'flag', kind: 'kwonly', annotation: 'bool', default: 'False' },
      { name: 'kw', kind: 'kwarg' },
    ]);
    expect(g.methods[1]).toMatchObject({ name: 'reply', line: 18, async: true, returns: 'dict[ str, int]', doc: 'Replies.' });
    expect(g.methods[1].params[2]).toEqual({ name: 'timeout', kind: 'kwonly', annotation: 'float', default: '1.5' });
    expect(mod.functions.map((f) => [f.name, f.line, f.params.map((p) => p.default ?? null)])).toEqual([['greet', 24, [null, '2']]]);
    // stored ASCII-only, like the Java inventory, and identical on a second run
    const json = serializePyInventory(inv);
    expect(/^[\x00-\x7f]*$/.test(json)).toBe(true);
    expect(serializePyInventory(extractWheel(whl, '1.0'))).toBe(json);
  });

  it('has its counts in docs/manual.md', () => {
    const m = JSON.parse(readFileSync(join(committed, 'manifest.json'), 'utf8'));
    const doc = readFileSync(join(PACKAGE_ROOT, 'docs/manual.md'), 'utf8');
    const c = m.counts;
    expect(doc).toContain(`${c.modules} modules (${c.publicPackages} public packages), ${c.classes} classes, ${c.functions} functions, ${c.methods} methods`);
  });
});
