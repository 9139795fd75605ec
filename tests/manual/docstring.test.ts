import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { INVENTORY_DIR } from '../../src/core/paths.js';
import { PYTHON_EDITION_VERSION } from '../../src/inventory/python/schema.js';
import { loadPyInventoryFrom } from '../../src/inventory/python/store.js';
import { cutShort, firstSentence, parseDocstring } from '../../src/manual/docstring.js';
import { rstBlocks, rstInline } from '../../src/manual/rst.js';

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

  it('takes RST field lists (:param x:, :type x:, :returns:, :raises E:) out of the body', () => {
    const d = parseDocstring(['Does it.', '', 'Prose.', ':param int x: the x', '    and more', ':type x: int', ':returns: the result', ':raises ValueError: when bad'].join('\n'));
    expect(d.body).toBe('Prose.');
    expect(d.args).toEqual([{ name: 'x', type: 'int', text: 'the x and more' }]);
    expect(d.returns).toBe('the result');
    expect(d.raises).toEqual([{ name: 'ValueError', text: 'when bad' }]);
  });
});

describe('RST of docstrings as HTML', () => {
  const ref = (name: string, html: string) => (name === 'agentscope.agent.Agent' ? `<a href="#Agent">${html}</a>` : html);
  it('renders literals, roles (~ shortens, known names link) and interpreted text as code', () => {
    expect(rstInline('Unlike :class:`~agentscope.agent.Agent`, see ``ControlFrame`` and `x < y`.', ref)).toBe('Unlike <code><a href="#Agent">Agent</a></code>, see <code>ControlFrame</code> and <code>x &lt; y</code>.');
    expect(rstInline(':meth:`reply_stream` of :class:`agentscope.state.A`', ref)).toBe('<code>reply_stream</code> of <code>agentscope.state.A</code>');
  });
  it('renders paragraphs, bullet lists, code-block directives and :: literal blocks', () => {
    const html = rstBlocks(['Intro line', 'continued.', '', '- one', '  more', '- two ``x``', '', '.. code-block:: python', '', '    agent = A()', '        nested()', '', 'Run it::', '', '    go()', '', '.. note:: kept'].join('\n'), ref);
    expect(html).toBe('<p>Intro line continued.</p><ul><li>one more</li><li>two <code>x</code></li></ul><pre class="doc"><code>agent = A()\n    nested()</code></pre><p>Run it:</p><pre class="doc"><code>go()</code></pre><p>.. note:: kept</p>');
  });
});

describe('summaries', () => {
  it('cut the first sentence at a sentence end, not in code, an abbreviation or a dotted name', () => {
    expect(firstSentence('Tools, e.g. search, i.e. web\nsearch. More.')).toBe('Tools, e.g. search, i.e. web search.');
    expect(firstSentence('Calls `a. B` and agentscope.tool.Toolkit first. Then.')).toBe('Calls `a. B` and agentscope.tool.Toolkit first.');
    expect(firstSentence('Is it? Yes.')).toBe('Is it?');
    expect(firstSentence('No end at all')).toBe('No end at all');
    // a Chinese translation of a package docstring: the index shows its first sentence
    expect(firstSentence('服务层的 RAG 构件。\n\n此子包把概念归到一处。')).toBe('服务层的 RAG 构件。');
    expect(firstSentence('调用 `x。y` 之后返回！其余。')).toBe('调用 `x。y` 之后返回！');
    expect(cutShort('Exposes the provider so callers (e.g.')).toBe(true);
    expect(cutShort('Input context for MiddlewareBase.onActing.')).toBe(false);
  });
});
