/**
 * Google-style docstrings (what agentscope uses) split into structured fields: summary, body,
 * Args / Returns / Yields / Raises / Examples / Notes. Text outside a recognised section stays
 * in `body`; nothing is re-flowed or invented.
 */
interface DocEntry {
  name: string;
  type?: string;
  text: string;
}

export interface Docstring {
  summary: string;
  body: string;
  args: DocEntry[];
  returns?: string;
  yields?: string;
  raises: DocEntry[];
  examples?: string;
  notes?: string;
}

const SECTION = /^(Args|Arguments|Parameters|Params|Attributes|Returns|Return|Yields|Raises|Example|Examples|Note|Notes):\s*$/;

function dedent(lines: string[]): string[] {
  const ind = Math.min(...lines.filter((l) => l.trim()).map((l) => /^\s*/.exec(l)![0].length));
  return lines.map((l) => l.slice(Number.isFinite(ind) ? ind : 0));
}

function entries(lines: string[]): DocEntry[] {
  const out: DocEntry[] = [];
  for (const line of dedent(lines)) {
    if (!line.trim()) continue;
    const m = /^(\*{0,2}[\w.]+)\s*(?:\((.*)\))?\s*:\s*(.*)$/.exec(line);
    if (m && !/^\s/.test(line)) out.push({ name: m[1], type: m[2]?.replace(/`/g, '').trim() || undefined, text: m[3].trim() });
    else if (out.length) out[out.length - 1].text = `${out[out.length - 1].text} ${line.trim()}`.trim();
  }
  return out;
}

function block(lines: string[]): string {
  return dedent(lines).join('\n').trim();
}

export function parseDocstring(doc: string): Docstring {
  const lines = doc.split('\n');
  const cut = lines.findIndex((l) => !l.trim());
  const summaryLines = cut < 0 ? lines : lines.slice(0, cut);
  const rest = cut < 0 ? [] : lines.slice(cut + 1);
  const out: Docstring = { summary: summaryLines.map((l) => l.trim()).join(' '), body: '', args: [], raises: [] };
  const body: string[] = [];
  let section: string | undefined;
  let buf: string[] = [];
  const flush = () => {
    if (!section) return;
    if (section === 'Args' || section === 'Arguments' || section === 'Parameters' || section === 'Params' || section === 'Attributes') out.args.push(...entries(buf));
    else if (section === 'Raises') out.raises.push(...entries(buf));
    else if (section.startsWith('Return')) out.returns = block(buf);
    else if (section === 'Yields') out.yields = block(buf);
    else if (section.startsWith('Example')) out.examples = block(buf);
    else out.notes = block(buf);
    buf = [];
  };
  for (const l of rest) {
    const m = SECTION.exec(l.trim());
    if (m && !/^\s/.test(l)) {
      flush();
      section = m[1];
    } else if (section) buf.push(l);
    else body.push(l);
  }
  flush();
  out.body = fieldList(body, out).join('\n').trim();
  return out;
}

/**
 * RST field lists (`:param x: text`, `:type x: T`, `:returns: text`, `:raises E: text`,
 * continuation lines indented) taken out of the body into the structured fields.
 */
function fieldList(body: string[], out: Docstring): string[] {
  const rest: string[] = [];
  let last: { text: string } | undefined;
  let returns: { text: string } | undefined;
  for (const l of body) {
    const m = /^\s*:(param|parameter|arg|argument|key|keyword|type|returns?|rtype|raises?|except|exception)(?:\s+([^:]+?))?:\s*(.*)$/.exec(l);
    if (m) {
      const [, field, arg, text] = m;
      const name = arg?.trim().split(/\s+/).pop() ?? '';
      if (/^(param|parameter|arg|argument|key|keyword)$/.test(field) && name) {
        const typed = arg!.trim().split(/\s+/);
        last = { name, type: typed.length > 1 ? typed.slice(0, -1).join(' ') : undefined, text } as DocEntry;
        out.args.push(last as DocEntry);
      } else if (field === 'type' && name) {
        const e = out.args.find((x) => x.name === name);
        if (e) e.type = text.replace(/`/g, '').trim();
        last = undefined;
      } else if (field.startsWith('return')) {
        returns = { text };
        last = returns;
      } else if (field === 'rtype') last = undefined;
      else if (name) {
        last = { name, text } as DocEntry;
        out.raises.push(last as DocEntry);
      } else rest.push(l);
      continue;
    }
    if (last && /^\s+\S/.test(l)) {
      last.text = `${last.text} ${l.trim()}`.trim();
      continue;
    }
    last = undefined;
    rest.push(l);
  }
  if (returns && !out.returns) out.returns = returns.text;
  return rest;
}

/** Abbreviations whose period ends no sentence. */
const ABBREV = /(?:^|[\s(])(?:e\.g|i\.e|etc|vs|cf|approx|incl|resp|esp|Mr|Dr|No|Fig|al)\.$/i;

/**
 * The first sentence of a text: up to the first `.`, `!` or `?` followed by white space (or the
 * end) that is not inside a code span (backticks), not the period of an abbreviation (e.g.,
 * i.e., etc.) and not inside a dotted name (`agentscope.tool.Toolkit`: no space follows); in a
 * Chinese text, up to the first `。`, `！` or `？` outside a code span. Line breaks are spaces;
 * the whole text when no such end exists.
 */
export function firstSentence(text: string): string {
  const t = text.replace(/\s+/g, ' ').trim();
  let ticks = 0;
  for (let i = 0; i < t.length; i++) {
    const ch = t[i];
    if (ch === '`') ticks++;
    if (!(ticks % 2) && '。！？'.includes(ch)) return t.slice(0, i + 1);
    if (ticks % 2 || !'.!?'.includes(ch) || (i + 1 < t.length && t[i + 1] !== ' ')) continue;
    if (ch === '.' && ABBREV.test(t.slice(Math.max(0, i - 8), i + 1))) continue;
    return t.slice(0, i + 1);
  }
  return t;
}

/**
 * Whether a summary was cut where its sentence had not ended (the Java inventory's first sentence
 * stops at the period of `e.g.`, or leaves a parenthesis open): shown with an ellipsis.
 */
export function cutShort(summary: string): boolean {
  const open = (summary.match(/\(/g) ?? []).length > (summary.match(/\)/g) ?? []).length;
  return open || /(?:^|[\s(])(?:e\.g|i\.e|cf|vs|incl)\.$/i.test(summary);
}
