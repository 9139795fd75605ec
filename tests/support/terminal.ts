/**
 * A small terminal emulator for the pseudo-terminal tests: it plays what a program wrote to a
 * screen `columns` wide and tall `rows` and returns the lines a user would see at the end (the
 * scrolled-off lines above them). It knows what the CLI's prompts write: printable text with
 * auto-wrap (the pending-wrap rule of VT100 terminals, CJK characters two columns wide), CR, LF,
 * backspace, cursor movement (CSI A B C D G H), erase (CSI J, K), DEC save/restore (ESC 7, 8);
 * colours and modes are ignored.
 */
const wide = (cp: number) =>
  (cp >= 0x1100 && cp <= 0x115f) || (cp >= 0x2e80 && cp <= 0xa4cf) || (cp >= 0xac00 && cp <= 0xd7a3) || (cp >= 0xf900 && cp <= 0xfaff) || (cp >= 0xfe30 && cp <= 0xfe4f) || (cp >= 0xff00 && cp <= 0xff60) || (cp >= 0xffe0 && cp <= 0xffe6);

export function playTerminal(output: string, columns: number, rows = 24): string[] {
  const scrolled: string[] = [];
  let screen: string[][] = Array.from({ length: rows }, () => []);
  let row = 0;
  let col = 0;
  let pendingWrap = false;
  let saved = { row: 0, col: 0 };
  const lineFeed = () => {
    if (row === rows - 1) {
      scrolled.push(screen[0].join('').trimEnd());
      screen = [...screen.slice(1), []];
    } else row++;
  };
  const put = (ch: string) => {
    const w = wide(ch.codePointAt(0)!) ? 2 : 1;
    if (pendingWrap || col + w > columns) {
      col = 0;
      lineFeed();
      pendingWrap = false;
    }
    const line = screen[row];
    while (line.length < col) line.push(' ');
    line[col] = ch;
    if (w === 2) line[col + 1] = '';
    col += w;
    if (col >= columns) {
      col = columns - 1;
      pendingWrap = true;
    }
  };
  const chars = [...output];
  for (let i = 0; i < chars.length; i++) {
    const ch = chars[i];
    if (ch === '\x1b') {
      const next = chars[i + 1];
      if (next === '7') {
        saved = { row, col };
        i++;
      } else if (next === '8') {
        ({ row, col } = saved);
        pendingWrap = false;
        i++;
      } else if (next === '[') {
        let j = i + 2;
        let params = '';
        while (j < chars.length && /[0-9;?]/.test(chars[j])) params += chars[j++];
        const cmd = chars[j];
        i = j;
        const n = params.startsWith('?') ? 0 : Number(params.split(';')[0] || 0);
        const count = Math.max(1, n);
        pendingWrap = false;
        if (cmd === 'A') row = Math.max(0, row - count);
        else if (cmd === 'B') row = Math.min(rows - 1, row + count);
        else if (cmd === 'C') col = Math.min(columns - 1, col + count);
        else if (cmd === 'D') col = Math.max(0, col - count);
        else if (cmd === 'G') col = Math.min(columns - 1, count - 1);
        else if (cmd === 'H') {
          const [r, c] = params.split(';').map((x) => Math.max(1, Number(x || 1)));
          row = Math.min(rows - 1, (r ?? 1) - 1);
          col = Math.min(columns - 1, (c ?? 1) - 1);
        } else if (cmd === 'K') {
          if (n === 2) screen[row] = [];
          else if (n === 0) screen[row] = screen[row].slice(0, col);
          else screen[row] = screen[row].map((c, k) => (k <= col ? ' ' : c));
        } else if (cmd === 'J') {
          if (n === 0) {
            screen[row] = screen[row].slice(0, col);
            for (let r = row + 1; r < rows; r++) screen[r] = [];
          } else if (n === 2) screen = Array.from({ length: rows }, () => []);
        }
      } else i++;
    } else if (ch === '\r') {
      col = 0;
      pendingWrap = false;
    } else if (ch === '\n') {
      lineFeed();
      pendingWrap = false;
    } else if (ch === '\b') {
      col = Math.max(0, col - 1);
      pendingWrap = false;
    } else if (ch >= ' ' && ch !== '\x7f') put(ch);
  }
  const lines = [...scrolled, ...screen.map((l) => l.join('').trimEnd())];
  while (lines.length && !lines[lines.length - 1]) lines.pop();
  return lines;
}
