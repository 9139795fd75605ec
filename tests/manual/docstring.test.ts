import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { INVENTORY_DIR } from '../../src/core/paths.js';
import { PYTHON_EDITION_VERSION } from '../../src/inventory/python/schema.js';
import { loadPyInventoryFrom } from '../../src/inventory/python/store.js';
import { parseDocstring } from '../../src/manual/docstring.js';

const py = loadPyInventoryFrom(join(INVENTORY_DIR, 'python', PYTHON_EDITION_VERSION));

describe('Google-style docstrings', () => {
  it("splits Agent.__init__'s Args into one entry per real parameter, with types", () => {
    const agent = py.modules.find((m) => m.name === 'agentscope.agent._agent')!.classes.find((c) => c.name === 'Agent')!;
    const init = agent.methods.find((m) => m.name === '__init__')!;
    const d = parseDocstring(init.doc!);
    expect(d.summary).toBe('Initialize the agent class in AgentScope.');
    expect(d.args.map((a) => a.name)).toEqual(init.params.filter((p) => p.name !== 'self').map((p) => p.name));
    expect(d.args[0]).toEqual({ name: 'name', type: 'str', text: 'The agent identifier.' });
    expect(d.args.find((a) => a.name === 'toolkit')?.type).toBe('Toolkit | None, optional');
  });

  it('keeps returns, raises, examples and free text apart', () => {
    const d = parseDocstring(['Does a thing.', 'Across two lines.', '', 'More prose.', '', 'Args:', '    x (`int`):', '        The x.', '        Still x.', '    **kwargs: extra', '', 'Returns:', '    `str`: the result', '', 'Raises:', '    ValueError: when bad', '', 'Example:', '    >>> f(1)', "    'a'"].join('\n'));
    expect(d.summary).toBe('Does a thing. Across two lines.');
    expect(d.body).toBe('More prose.');
    expect(d.args).toEqual([
      { name: 'x', type: 'int', text: 'The x. Still x.' },
      { name: '**kwargs', type: undefined, text: 'extra' },
    ]);
    expect(d.returns).toBe('`str`: the result');
    expect(d.raises).toEqual([{ name: 'ValueError', type: undefined, text: 'when bad' }]);
    expect(d.examples).toBe(">>> f(1)\n'a'");
  });
});
