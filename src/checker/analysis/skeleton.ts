/**
 * The skeleton of a Java file for pass 1 (SourceDeclarations.addFile): the text without the
 * inside of every method, constructor and initializer body, of every enum constant's arguments
 * and body, of every bracketed part and string literal of a field initializer (call arguments,
 * array initializers, anonymous class and lambda bodies), and without the comments in front of
 * members (the parser puts those beside declarations, never inside one). What is cut keeps its
 * newlines, so every row stays; offsets map back to the text's (Skeleton.start/end), and columns
 * follow from offsets (snapshot.ts, Lines). The parser reads about a quarter of the characters.
 *
 * The scanner lexes as tree-sitter's Java grammar does (comments, string and character
 * literals, text blocks; a unicode escape is not read as the character it stands for, as
 * tree-sitter does not either), and classifies each `{` of a class body by the member header in
 * front of it. It never decides a declaration: anything it cannot follow gives `undefined` (the
 * caller parses the text itself), a skeleton the parser finds an error in is dropped for the
 * text, and pass 2 compares what the whole text declares with what the skeleton gave
 * (SourceDeclarations.rebind).
 */

const enum C {
  NL = 10,
  SPACE = 32,
  QUOTE = 34,
  APOS = 39,
  LPAREN = 40,
  RPAREN = 41,
  STAR = 42,
  SLASH = 47,
  LBRACKET = 91,
  BACKSLASH = 92,
  RBRACKET = 93,
  LBRACE = 123,
  RBRACE = 125,
}

/** Statement keywords a `(` may follow inside an expression: the parenthesis is not a call's. */
const NOT_CALLS = new Set(['switch', 'synchronized', 'if', 'while', 'for', 'catch', 'return', 'throw', 'assert', 'case', 'yield', 'else', 'do', 'try', 'instanceof', 'new']);

/** The input ended or went where the scanner cannot follow it. */
class Lost extends Error {}

function isWordChar(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95 || c === 36 || c >= 128;
}

class Scanner {
  pos = 0;
  /** The last token read: a word's text, or a punctuation character (`"` for any literal). */
  tok = '';
  /** Start of the last token. */
  start = 0;
  /** Ranges [from, to) to blank, in order. */
  readonly blanks: number[] = [];

  constructor(readonly s: string) {}

  /**
   * From `i`, past whitespace and comments; `blank`: the comments are blanked too (those in
   * front of a member: the parser puts them beside the declarations, never inside one).
   */
  private skipSpace(i: number, blank: boolean): number {
    const s = this.s;
    const n = s.length;
    for (;;) {
      while (i < n && s.charCodeAt(i) <= C.SPACE) i++;
      if (i + 1 >= n || s.charCodeAt(i) !== C.SLASH) return i;
      const d = s.charCodeAt(i + 1);
      let e: number;
      if (d === C.SLASH) {
        e = s.indexOf('\n', i + 2);
        if (e < 0) e = n;
      } else if (d === C.STAR) {
        e = s.indexOf('*/', i + 2);
        if (e < 0) throw new Lost();
        e += 2;
      } else return i;
      if (blank) this.blank(i, e);
      i = e;
    }
  }

  private blank(from: number, to: number) {
    const b = this.blanks;
    // adjacent ranges (comments in a row) merge
    if (b.length && b[b.length - 1] === from) b[b.length - 1] = to;
    else b.push(from, to);
  }

  /** Reads the next token into tok/start; false at the end of the text. */
  next(blankComments = false): boolean {
    const s = this.s;
    const i = this.skipSpace(this.pos, blankComments);
    if (i >= s.length) {
      this.pos = i;
      return false;
    }
    const c = s.charCodeAt(i);
    this.start = i;
    if (isWordChar(c)) {
      let j = i + 1;
      while (j < s.length && isWordChar(s.charCodeAt(j))) j++;
      this.tok = s.slice(i, j);
      this.pos = j;
    } else if (c === C.QUOTE || c === C.APOS) {
      this.pos = this.literalEnd(i);
      this.tok = '"';
    } else {
      this.tok = s[i];
      this.pos = i + 1;
    }
    return true;
  }

  /** The end of the string, text block or character literal that starts at `i`. */
  private literalEnd(i: number): number {
    const s = this.s;
    const n = s.length;
    const q = s.charCodeAt(i);
    const block = q === C.QUOTE && s.startsWith('"""', i);
    i += block ? 3 : 1;
    while (i < n) {
      const c = s.charCodeAt(i);
      if (c === C.BACKSLASH) i += 2;
      else if (c === q && (!block || s.startsWith('"""', i))) return i + (block ? 3 : 1);
      else if (c === C.NL && q === C.APOS) throw new Lost();
      else i++;
    }
    throw new Lost();
  }

  /** The next token, which must exist. */
  need(): string {
    if (!this.next()) throw new Lost();
    return this.tok;
  }

  /** Peeks at the next token without consuming it. */
  peek(): string | undefined {
    const { pos, tok, start } = this;
    const t = this.next() ? this.tok : undefined;
    this.pos = pos;
    this.tok = tok;
    this.start = start;
    return t;
  }

  /**
   * After the opening `open` at `from` (the last token read): reads to its match (the last
   * token then); blanks what is between when `blank`. Reads characters, not tokens: most of a
   * file is in such groups.
   */
  group(from: number, open: number, close: number, blank: boolean) {
    const s = this.s;
    const n = s.length;
    let depth = 1;
    let i = from + 1;
    while (i < n) {
      const c = s.charCodeAt(i);
      if (c === open) depth++;
      else if (c === close) {
        if (--depth === 0) break;
      } else if (c === C.QUOTE || c === C.APOS) {
        i = this.literalEnd(i);
        continue;
      } else if (c === C.SLASH) {
        const j = this.skipSpace(i, false);
        if (j > i) {
          i = j;
          continue;
        }
      }
      i++;
    }
    if (i >= n) throw new Lost();
    if (blank && i > from + 1) this.blank(from + 1, i);
    this.start = i;
    this.pos = i + 1;
    this.tok = s[i];
  }

  /**
   * A class body (or the file, `top`) after its `{`: its members up to the closing `}`.
   * `isEnum`: it starts with enum constants.
   */
  body(top: boolean, isEnum: boolean) {
    if (isEnum && this.constants()) return;
    for (;;) {
      if (!this.next(true)) {
        if (top) return;
        throw new Lost();
      }
      if (this.tok === '}') {
        if (top) throw new Lost();
        return;
      }
      this.member();
    }
  }

  /** Enum constants up to the `;` that ends them; true when the `}` of the body came first. */
  private constants(): boolean {
    let prev = '';
    for (;;) {
      const t = this.need();
      if (t === ';') return false;
      if (t === '}') return true;
      if (t === '(') this.group(this.start, C.LPAREN, C.RPAREN, isWordChar(prev.charCodeAt(0)));
      else if (t === '{') this.group(this.start, C.LBRACE, C.RBRACE, true);
      prev = t;
    }
  }

  /** One member (or a file's package, import or type declaration) whose first token is read. */
  private member() {
    let typeBody: 'class' | 'enum' | undefined;
    let closedParen = false;
    let annotationDefault = false;
    let prev = '';
    for (let t = this.tok; ; t = this.need()) {
      if (t === ';') return;
      if (t === '}') throw new Lost();
      if (t === '(') {
        this.group(this.start, C.LPAREN, C.RPAREN, false);
        closedParen = true;
      } else if (t === '[') this.group(this.start, C.LBRACKET, C.RBRACKET, false);
      else if (t === '=') return this.initializer();
      else if (t === '{') {
        if (typeBody) this.body(false, typeBody === 'enum');
        else this.group(this.start, C.LBRACE, C.RBRACE, !annotationDefault);
        if (!annotationDefault) return;
      } else if (prev === '@') {
        if (t === 'interface') typeBody ??= 'class';
      } else if (prev !== '.') {
        if (t === 'class' || t === 'interface') typeBody ??= 'class';
        else if (t === 'enum') typeBody ??= 'enum';
        else if (t === 'record' && isWordChar(this.peek()?.charCodeAt(0) ?? 0)) typeBody ??= 'class';
        else if (t === 'default' && closedParen) annotationDefault = true;
      }
      prev = t;
    }
  }

  /** Cuts the inside of the string literal or text block just read (a character literal stays: it cannot be empty). */
  private literal() {
    const q = this.s.startsWith('"""', this.start) ? 3 : this.s.charCodeAt(this.start) === C.QUOTE ? 1 : 0;
    if (q && this.pos - this.start > 2 * q) this.blank(this.start + q, this.pos - q);
  }

  /** A field initializer after its `=`, up to the `;` of the declaration. */
  private initializer() {
    let depth = 0;
    let prev = '=';
    for (;;) {
      const t = this.need();
      if (t === ';' && depth === 0) return;
      if (t === '{') this.group(this.start, C.LBRACE, C.RBRACE, true);
      else if (t === '"') this.literal();
      else if (t === '(') {
        if (isWordChar(prev.charCodeAt(0)) && !NOT_CALLS.has(prev)) this.group(this.start, C.LPAREN, C.RPAREN, true);
        else depth++;
      } else if (t === '[') depth++;
      else if (t === ')' || t === ']') depth--;
      else if (t === '}') throw new Lost();
      prev = t;
    }
  }
}

/**
 * A skeleton: the text with the blanked ranges cut out but for their newlines, so rows stay
 * and the parser reads a quarter of the characters. Offsets in it map back to the text's
 * (`start`, `end`).
 */
export class Skeleton {
  /** Per cut range: where its kept newlines end in the skeleton, and how much was cut up to there. */
  private readonly cutEnds: number[] = [];
  private readonly cutSums: number[] = [];
  readonly text: string;

  constructor(original: string, cuts: number[]) {
    const parts: string[] = [];
    let at = 0;
    let cut = 0;
    let len = 0;
    for (let k = 0; k < cuts.length; k += 2) {
      const [from, to] = [cuts[k], cuts[k + 1]];
      let nl = 0;
      for (let i = original.indexOf('\n', from); i >= 0 && i < to; i = original.indexOf('\n', i + 1)) nl++;
      parts.push(original.slice(at, from), '\n'.repeat(nl));
      len += from - at + nl;
      cut += to - from - nl;
      this.cutEnds.push(len);
      this.cutSums.push(cut);
      at = to;
    }
    parts.push(original.slice(at));
    this.text = parts.join('');
  }

  /** How much was cut before skeleton offset `x`; `atEnd`: `x` ends a node (a cut starting there is after it). */
  private cutBefore(x: number, atEnd: boolean): number {
    const e = this.cutEnds;
    let lo = 0;
    let hi = e.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (atEnd ? e[mid] < x : e[mid] <= x) lo = mid + 1;
      else hi = mid;
    }
    return lo ? this.cutSums[lo - 1] : 0;
  }

  /** The text's offset of a node that starts at skeleton offset `x`. */
  start(x: number): number {
    return x + this.cutBefore(x, false);
  }

  /** The text's offset of a node that ends at skeleton offset `x`. */
  end(x: number): number {
    return x + this.cutBefore(x, true);
  }
}

/**
 * The skeleton of `text`; `undefined` when nothing would be cut or the scanner cannot follow
 * the text (the caller parses the text itself).
 */
export function skeleton(text: string): Skeleton | undefined {
  const sc = new Scanner(text);
  try {
    sc.body(true, false);
  } catch (e) {
    if (e instanceof Lost) return undefined;
    throw e;
  }
  return sc.blanks.length ? new Skeleton(text, sc.blanks) : undefined;
}
