/**
 * The text prompts of `create` and `gen` (the `prompts` package's TextPrompt), made to behave
 * as a line editor on a real terminal does:
 * - Ctrl-U deletes from the cursor to the start of the line and Ctrl-W the word before the
 *   cursor, as readline does; any other control key is ignored (a bell), never inserted into
 *   the answer. Ctrl-C and Esc cancel, Tab takes the shown default (the package's own keys).
 * - A redraw erases exactly what the last one drew, counted in the terminal's rows: the answer
 *   line and a validation message wrap at the terminal's width (CJK characters take two
 *   columns), and the cursor is moved back relatively, so nothing stale is left when a message
 *   is wider than the terminal or the screen scrolled while it was shown.
 */
interface Key {
  name?: string;
  ctrl?: boolean;
  meta?: boolean;
}

/** The fields of prompts' TextPrompt this module reads and sets. */
interface TextPromptLike {
  value: string;
  cursor: number;
  cursorOffset: number;
  red: boolean;
  closed?: boolean;
  firstRender: boolean;
  outputText: string;
  outputError: string;
  /** Rows from the first row of the answer line to the row the cursor was left on. */
  cursorRow?: number;
  out: { columns?: number; write(s: string): void };
  reset(): void;
  render(): void;
  bell(): void;
}

const ESC = '\x1b[';
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
const ANSI = /\x1b\[[0-9;?]*[A-Za-z]|\x1b[78]/g;

/** Display columns of a character: East Asian wide and fullwidth forms take two. */
function charWidth(cp: number): number {
  if (cp < 0x1100) return 1;
  const wide =
    cp <= 0x115f ||
    (cp >= 0x2e80 && cp <= 0xa4cf) ||
    (cp >= 0xac00 && cp <= 0xd7a3) ||
    (cp >= 0xf900 && cp <= 0xfaff) ||
    (cp >= 0xfe30 && cp <= 0xfe4f) ||
    (cp >= 0xff00 && cp <= 0xff60) ||
    (cp >= 0xffe0 && cp <= 0xffe6) ||
    (cp >= 0x1f300 && cp <= 0x1faff) ||
    (cp >= 0x20000 && cp <= 0x3fffd);
  return wide ? 2 : 1;
}

function displayWidth(text: string): number {
  let w = 0;
  for (const ch of text.replace(ANSI, '')) w += charWidth(ch.codePointAt(0)!);
  return w;
}

/** Rows a line of text takes on a terminal `columns` wide (an empty line takes one). */
function wrappedRows(line: string, columns: number): number {
  return Math.max(1, Math.ceil(displayWidth(line) / columns));
}

/** readline's Ctrl-W: the spaces before the cursor, then the word before them. */
function deleteWordBefore(text: string): string {
  return text.replace(/\S+\s*$|\s+$/, '');
}

function edit(p: TextPromptLike, c: string, key: Key | undefined, insert: (c: string, key?: Key) => void): void {
  if (key?.ctrl && (key.name === 'u' || key.name === 'w')) {
    const before = p.value.slice(0, p.cursor);
    const after = p.value.slice(p.cursor);
    const kept = key.name === 'u' ? '' : deleteWordBefore(before);
    if (kept === before) return p.bell();
    if (!kept && !after) return p.reset();
    p.value = kept + after;
    p.cursor = kept.length;
    p.cursorOffset = -after.length;
    p.red = false;
    p.render();
    return;
  }
  if (CONTROL.test(c)) return p.bell();
  insert.call(p, c, key);
}

function render(p: TextPromptLike, original: () => void): void {
  if (p.closed) return;
  const out = p.out;
  const columns = out.columns && out.columns > 0 ? out.columns : 80;
  // Back to the first row of what the last render drew, and erase it and everything below.
  const back = p.firstRender ? '' : `${p.cursorRow ? `${ESC}${p.cursorRow}A` : ''}\r${ESC}J`;
  // The package's own render composes the answer line and the message (its symbols and
  // colours); only its writing, which counts rows wrongly, is replaced.
  p.out = { columns, write: () => undefined };
  try {
    original();
  } finally {
    p.out = out;
  }
  const errorLines = p.outputError ? p.outputError.split('\n').slice(1) : [];
  const textWidth = displayWidth(p.outputText);
  const errorRows = errorLines.reduce((n, l) => n + wrappedRows(l, columns), 0);
  // The cursor after the answer (or where the arrow keys put it), on the answer's last row.
  const column = textWidth > 0 && textWidth % columns === 0 ? columns - 1 : textWidth % columns;
  const up = errorRows ? `${ESC}${errorRows}A` : '';
  const offset = p.cursorOffset < 0 ? `${ESC}${-p.cursorOffset}D` : '';
  out.write(back + p.outputText + p.outputError + up + `\r${column ? `${ESC}${column}C` : ''}` + offset);
  p.cursorRow = wrappedRows(p.outputText, columns) - 1;
}

let installed = false;

/** Patches prompts' TextPrompt once per process (the class the `prompts` package itself uses). */
export async function installPromptKeys(): Promise<void> {
  if (installed) return;
  installed = true;
  const { default: TextPrompt } = await import('prompts/lib/elements/text.js');
  const proto = TextPrompt.prototype as TextPromptLike & { _(c: string, key?: Key): void };
  const insert = proto._;
  const original = proto.render;
  proto._ = function (this: TextPromptLike, c: string, key?: Key) {
    edit(this, c, key, insert);
  };
  proto.render = function (this: TextPromptLike) {
    render(this, () => original.call(this));
  };
}
