/**
 * The three-way line merge: hand-made cases, then identities on random texts (a side that did
 * not change gives the other side, equal sides give that side) and the conflict hunk's content.
 */
import { describe, expect, test } from 'vitest';
import { matchLines, merge3 } from '../../src/upgrade/merge3.js';

const L = { ours: 'yours', base: 'base', theirs: 'theirs' };
const lines = (...xs: string[]) => `${xs.join('\n')}\n`;

/** The length of a longest common subsequence, by dynamic programming. */
function lcsLength(a: string[], b: string[]): number {
  const row = new Array<number>(b.length + 1).fill(0);
  for (const x of a) {
    let diag = 0;
    for (let j = 1; j <= b.length; j++) {
      const up = row[j];
      row[j] = x === b[j - 1] ? diag + 1 : Math.max(row[j], row[j - 1]);
      diag = up;
    }
  }
  return row[b.length];
}

describe('merge3', () => {
  test('edits in different places are both kept', () => {
    const base = lines('a', 'b', 'c', 'd', 'e', 'f');
    const ours = lines('a', 'B', 'c', 'd', 'e', 'f', 'g');
    const theirs = lines('a', 'b', 'c', 'D', 'e', 'f');
    expect(merge3(base, ours, theirs, L)).toEqual({ text: lines('a', 'B', 'c', 'D', 'e', 'f', 'g'), conflicts: [] });
  });

  test('a deletion on one side and an edit nearby but apart on the other', () => {
    const base = lines('package p;', '// old comment', '', 'class A {', '  int x;', '}');
    const ours = lines('package p;', '// old comment', '', 'class A {', '  int x;', '  // mine', '}');
    const theirs = lines('package p;', '', 'class A {', '  int x;', '}');
    expect(merge3(base, ours, theirs, L).text).toBe(lines('package p;', '', 'class A {', '  int x;', '  // mine', '}'));
  });

  test('the same change on both sides is taken once', () => {
    const base = lines('a', 'b', 'c');
    const both = lines('a', 'x', 'c');
    expect(merge3(base, both, both, L)).toEqual({ text: both, conflicts: [] });
  });

  test('different changes of one line are a conflict with git markers, the hunk reported', () => {
    const base = lines('a', 'b', 'c');
    const r = merge3(base, lines('a', 'mine', 'c'), lines('a', 'new', 'c'), L);
    expect(r.conflicts).toEqual([{ line: 2, base: ['b'], ours: ['mine'], theirs: ['new'] }]);
    expect(r.text).toBe(lines('a', '<<<<<<< yours', 'mine', '||||||| base', 'b', '=======', 'new', '>>>>>>> theirs', 'c'));
  });

  test('a line edited on one side and deleted on the other is a conflict', () => {
    const r = merge3(lines('a', 'b', 'c'), lines('a', 'b2', 'c'), lines('a', 'c'), L);
    expect(r.conflicts).toEqual([{ line: 2, base: ['b'], ours: ['b2'], theirs: [] }]);
  });

  test('insertions at the same place: lines both agree on stay outside the conflict', () => {
    const r = merge3(lines('a', 'z'), lines('a', 'same', 'mine', 'z'), lines('a', 'same', 'theirs', 'z'), L);
    expect(r.conflicts).toEqual([{ line: 3, base: [], ours: ['mine'], theirs: ['theirs'] }]);
    expect(r.text.split('\n').slice(0, 3)).toEqual(['a', 'same', '<<<<<<< yours']);
  });

  test('CRLF files stay CRLF', () => {
    const r = merge3('a\nb\nc\n', 'a\r\nb\r\nc\r\nd\r\n', 'A\nb\nc\n', L);
    expect(r.text).toBe('A\r\nb\r\nc\r\nd\r\n');
  });

  test('identities on random texts; the match is a longest common subsequence', () => {
    let seed = 7;
    const rand = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    const text = () => Array.from({ length: rand(30) }, () => 'abcdef'[rand(6)]);
    for (let i = 0; i < 300; i++) {
      const [b, x] = [text(), text()];
      const base = lines(...b);
      const other = lines(...x);
      expect(merge3(base, base, other, L).text).toBe(other);
      expect(merge3(base, other, base, L).text).toBe(other);
      expect(merge3(base, other, other, L).text).toBe(other);
      const m = matchLines(b, x);
      let last = -1;
      let matched = 0;
      m.forEach((j, k) => {
        if (j < 0) return;
        expect(j).toBeGreaterThan(last);
        expect(x[j]).toBe(b[k]);
        last = j;
        matched++;
      });
      expect(matched).toBe(lcsLength(b, x));
    }
  });
});
