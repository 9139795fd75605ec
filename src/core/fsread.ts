import { isUtf8 } from 'node:buffer';
import { closeSync, constants, fstatSync, openSync, readSync, type Stats } from 'node:fs';
import { CliError } from './errors.js';

/**
 * Reading a project's files without trusting them: a FIFO, a device (`X.java -> /dev/zero`), a
 * socket or a directory where a file is expected is refused before a byte is read (opened
 * non-blocking, so a FIFO without a writer cannot hang the open; judged by fstat of what was
 * opened, so nothing can be swapped in between), and a file over the size cap is refused instead
 * of exhausting memory. Every refusal is one line naming the file.
 */

/** The default cap per file: far above any real source or pom, far below what could hurt. */
const DEFAULT_MAX_BYTES = 8 << 20;

/** The cap, overridable for tests and unusual projects (AGENTSCOPE_MAX_FILE_BYTES). */
export function maxFileBytes(env: NodeJS.ProcessEnv = process.env): number {
  const n = Number(env.AGENTSCOPE_MAX_FILE_BYTES);
  return Number.isFinite(n) && n > 0 ? n : DEFAULT_MAX_BYTES;
}

export type ReadProblem = 'special' | 'too-large' | 'unreadable';

/** A file that was not read, and why (a one-line, bilingual message). */
export class FileReadError extends CliError {
  constructor(readonly path: string, readonly problem: ReadProblem, en: string, zh: string) {
    super({ en: `${path}: ${en}`, zh: `${path}：${zh}` });
    this.name = 'FileReadError';
  }
}

function kindOf(st: Stats): string {
  if (st.isDirectory()) return 'a directory';
  if (st.isFIFO()) return 'a FIFO (named pipe)';
  if (st.isCharacterDevice() || st.isBlockDevice()) return 'a device';
  if (st.isSocket()) return 'a socket';
  return 'not a regular file';
}

const KIND_ZH: Record<string, string> = {
  'a directory': '是目录',
  'a FIFO (named pipe)': '是命名管道（FIFO）',
  'a device': '是设备文件',
  'a socket': '是套接字',
  'not a regular file': '不是普通文件',
};

/** Refuses what is not a regular file (after symlinks). */
function refuseSpecial(path: string, st: Stats): void {
  if (st.isFile()) return;
  const kind = kindOf(st);
  throw new FileReadError(path, 'special', `${kind}, not a regular file: not read`, `${KIND_ZH[kind]}，不是普通文件：未读取`);
}

/**
 * The bytes of a regular file, at most `maxBytes` (default maxFileBytes()). Throws FileReadError
 * for a special file, a file over the cap, or one that cannot be read (permissions, I/O error).
 */
export function readFileBounded(path: string, maxBytes = maxFileBytes()): Buffer {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK | (constants.O_NOCTTY ?? 0));
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    if (err.code === 'ENOENT') throw e; // callers decide what a missing file means
    throw new FileReadError(path, 'unreadable', `cannot be read (${err.code ?? err.message})`, `无法读取（${err.code ?? err.message}）`);
  }
  try {
    const st = fstatSync(fd);
    refuseSpecial(path, st);
    if (st.size > maxBytes) {
      throw new FileReadError(path, 'too-large', `${st.size} bytes, over the limit of ${maxBytes} (AGENTSCOPE_MAX_FILE_BYTES): not read`, `${st.size} 字节，超过上限 ${maxBytes}（AGENTSCOPE_MAX_FILE_BYTES）：未读取`);
    }
    // read to the end even if the file grew since fstat, but never past the cap
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const buf = Buffer.allocUnsafe(Math.min(Math.max(st.size - total, 0) + 1, maxBytes + 1 - total, 1 << 20) || 1);
      const n = readSync(fd, buf, 0, buf.length, null);
      if (n === 0) break;
      total += n;
      if (total > maxBytes) throw new FileReadError(path, 'too-large', `over the limit of ${maxBytes} bytes (AGENTSCOPE_MAX_FILE_BYTES): not read`, `超过上限 ${maxBytes} 字节（AGENTSCOPE_MAX_FILE_BYTES）：未读取`);
      chunks.push(n === buf.length ? buf : buf.subarray(0, n));
    }
    return chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, total);
  } catch (e) {
    if (e instanceof FileReadError) throw e;
    const err = e as NodeJS.ErrnoException;
    throw new FileReadError(path, 'unreadable', `cannot be read (${err.code ?? err.message})`, `无法读取（${err.code ?? err.message}）`);
  } finally {
    closeSync(fd);
  }
}

/** readFileBounded decoded as UTF-8 (what sources and poms are read as when no encoding is kept). */
export function readTextBounded(path: string, maxBytes?: number): string {
  return readFileBounded(path, maxBytes).toString('utf8');
}

/** A text file's encoding, kept so that a rewrite writes the same bytes for unchanged text. */
export interface TextEncoding {
  /** 'utf8', 'latin1' (ISO-8859-1, or undeclared bytes that are not UTF-8), 'utf16le', 'utf16be'. */
  charset: 'utf8' | 'latin1' | 'utf16le' | 'utf16be';
  /** The file started with a byte order mark (not part of the text). */
  bom: boolean;
}

export const UTF8: TextEncoding = { charset: 'utf8', bom: false };

/** `<?xml ... encoding="..."?>` at the very start of a file (ASCII-compatible encodings). */
const XML_DECL_ENCODING = /^<\?xml[^>]*?\bencoding\s*=\s*["']([A-Za-z0-9._-]+)["']/;
const LATIN1_NAMES = new Set(['iso-8859-1', 'iso8859-1', 'latin1', 'latin-1', 'l1', 'iso_8859-1', 'us-ascii', 'ascii']);

/**
 * Decodes a file's bytes, detecting how it is encoded: a BOM (UTF-8, UTF-16), a declared XML
 * encoding (UTF-8, ISO-8859-1/ASCII), otherwise UTF-8 when the bytes are valid UTF-8 and Latin-1
 * when not. A declared encoding that cannot be written back byte for byte (e.g. Shift_JIS) is
 * refused: better no edit than a corrupted file.
 */
export function decodeText(buf: Buffer, path = 'file'): { text: string; encoding: TextEncoding } {
  if (buf.length >= 3 && buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf) return { text: buf.subarray(3).toString('utf8'), encoding: { charset: 'utf8', bom: true } };
  if (buf.length >= 2 && buf[0] === 0xff && buf[1] === 0xfe) return { text: buf.subarray(2).toString('utf16le'), encoding: { charset: 'utf16le', bom: true } };
  if (buf.length >= 2 && buf[0] === 0xfe && buf[1] === 0xff) return { text: swap16(buf.subarray(2)).toString('utf16le'), encoding: { charset: 'utf16be', bom: true } };
  const declared = XML_DECL_ENCODING.exec(buf.subarray(0, 200).toString('latin1'))?.[1]?.toLowerCase();
  if (declared && LATIN1_NAMES.has(declared)) return { text: buf.toString('latin1'), encoding: { charset: 'latin1', bom: false } };
  if (declared && declared !== 'utf-8' && declared !== 'utf8') {
    throw new CliError({ en: `${path}: declared encoding "${declared}" cannot be kept by agentscope's edits (only UTF-8, UTF-16 and ISO-8859-1 are); nothing was written`, zh: `${path}：声明的编码 "${declared}" 无法在 agentscope 的修改中保留（只支持 UTF-8、UTF-16 与 ISO-8859-1）；未写入任何文件` });
  }
  if (isUtf8(buf)) return { text: buf.toString('utf8'), encoding: UTF8 };
  return { text: buf.toString('latin1'), encoding: { charset: 'latin1', bom: false } };
}

/** The bytes of `text` in `encoding`; refuses a character the encoding cannot hold. */
export function encodeText(text: string, encoding: TextEncoding, path = 'file'): Buffer {
  switch (encoding.charset) {
    case 'utf8': {
      const body = Buffer.from(text, 'utf8');
      return encoding.bom ? Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), body]) : body;
    }
    case 'latin1': {
      const bad = /[^\x00-\xff]/.exec(text);
      if (bad) throw new CliError({ en: `${path} is ISO-8859-1 (Latin-1) and the edit adds "${bad[0]}", which it cannot hold; nothing was written`, zh: `${path} 是 ISO-8859-1（Latin-1）编码，而修改加入了它无法表示的字符 "${bad[0]}"；未写入任何文件` }, 1, { en: 'convert the file to UTF-8 first', zh: '请先把文件转换为 UTF-8' });
      return Buffer.from(text, 'latin1');
    }
    case 'utf16le':
      return Buffer.concat([Buffer.from(encoding.bom ? [0xff, 0xfe] : []), Buffer.from(text, 'utf16le')]);
    case 'utf16be':
      return Buffer.concat([Buffer.from(encoding.bom ? [0xfe, 0xff] : []), swap16(Buffer.from(text, 'utf16le'))]);
  }
}

function swap16(b: Buffer): Buffer {
  const c = Buffer.from(b.subarray(0, b.length - (b.length % 2)));
  return c.swap16();
}

/** A file's text for a heuristic scan: undefined when it is special, too large or unreadable (skipped). */
export function readTextIfRegular(path: string): string | undefined {
  try {
    return decodeText(readFileBounded(path), path).text;
  } catch {
    return undefined;
  }
}
