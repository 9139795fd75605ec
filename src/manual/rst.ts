/**
 * The reStructuredText of Python docstrings as HTML, for the constructs agentscope's docstrings
 * use: ``literal``, `interpreted`, roles (:class:`~a.b.C`, :meth:`x`, :func:, :attr:, :mod:,
 * :obj:, :exc:, :data:), bullet lists, `.. code-block::` directives and `::` literal blocks.
 * Anything else stays the text it was (escaped), so nothing is lost.
 */
import { esc } from './html.js';

/** HTML of a name a role or signature refers to (a link when the page can resolve it), given its escaped text. */
export type RefHtml = (name: string, textHtml: string) => string;

const INLINE = /``(.+?)``|:(?:py:)?(class|meth|func|attr|mod|obj|exc|data|const):`([^`]+)`|(?<![\w`])`([^`\n]+)`(?!`)/g;

/** Inline RST: literals and interpreted text as <code>, roles as <code> through `ref` (`~a.b.C` shows `C`). */
export function rstInline(text: string, ref: RefHtml): string {
  let out = '';
  let last = 0;
  for (const m of text.matchAll(INLINE)) {
    out += esc(text.slice(last, m.index));
    last = m.index + m[0].length;
    if (m[1] !== undefined) out += `<code>${esc(m[1])}</code>`;
    else if (m[3] !== undefined) {
      const target = m[3].replace(/^[~.!]+/, '').replace(/\(\)$/, '');
      const shown = m[3].startsWith('~') ? target.slice(target.lastIndexOf('.') + 1) : m[3].replace(/^[.!]/, '');
      out += `<code>${ref(target, esc(shown))}</code>`;
    } else out += `<code>${esc(m[4])}</code>`;
  }
  return out + esc(text.slice(last));
}

const indentOf = (l: string) => /^\s*/.exec(l)![0].length;

function dedent(lines: string[]): string {
  const ind = Math.min(...lines.filter((l) => l.trim()).map(indentOf));
  return lines
    .map((l) => l.slice(Number.isFinite(ind) ? ind : 0))
    .join('\n')
    .replace(/^\n+|\s+$/g, '');
}

/**
 * Block RST: paragraphs, bullet lists (`- ` / `* `, continuation lines indented), code blocks
 * (`.. code-block:: lang` or a paragraph ending in `::`, then the indented block) and doctest
 * (`>>>`) blocks as <pre><code>.
 */
export function rstBlocks(text: string, ref: RefHtml): string {
  const lines = text.replace(/\t/g, '    ').split('\n');
  const out: string[] = [];
  let i = 0;
  const codeBlock = (base: number) => {
    const body: string[] = [];
    while (i < lines.length && (!lines[i].trim() || indentOf(lines[i]) > base)) body.push(lines[i++]);
    out.push(`<pre class="doc"><code>${esc(dedent(body))}</code></pre>`);
  };
  while (i < lines.length) {
    const l = lines[i];
    if (!l.trim()) {
      i++;
      continue;
    }
    const base = indentOf(l);
    const directive = /^\s*\.\. (?:code-block|code|sourcecode)::/.exec(l);
    if (directive) {
      i++;
      while (i < lines.length && /^\s*:\w+:/.test(lines[i])) i++;
      codeBlock(base);
      continue;
    }
    if (/^\s*>>>/.test(l)) {
      const body: string[] = [];
      while (i < lines.length && lines[i].trim()) body.push(lines[i++]);
      out.push(`<pre class="doc"><code>${esc(dedent(body))}</code></pre>`);
      continue;
    }
    if (/^\s*[-*] \S/.test(l)) {
      const items: string[] = [];
      while (i < lines.length && (/^\s*[-*] \S/.test(lines[i]) ? indentOf(lines[i]) === base : lines[i].trim() && indentOf(lines[i]) > base)) {
        if (/^\s*[-*] /.test(lines[i]) && indentOf(lines[i]) === base) items.push(lines[i].trim().slice(2));
        else items[items.length - 1] += ` ${lines[i].trim()}`;
        i++;
      }
      out.push(`<ul>${items.map((x) => `<li>${rstInline(x, ref)}</li>`).join('')}</ul>`);
      continue;
    }
    const para: string[] = [lines[i++].trim()];
    while (i < lines.length && lines[i].trim() && !/^\s*(?:[-*] \S|\.\. |>>>)/.test(lines[i])) para.push(lines[i++].trim());
    let p = para.join(' ');
    const literal = p.endsWith('::');
    if (literal) p = p.endsWith(' ::') ? p.slice(0, -3) : p.slice(0, -1);
    if (p) out.push(`<p>${rstInline(p, ref)}</p>`);
    if (literal) {
      while (i < lines.length && !lines[i].trim()) i++;
      if (i < lines.length && indentOf(lines[i]) > base) codeBlock(base);
    }
  }
  return out.join('');
}
