import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { sha256Hex } from '../../src/core/sha256.js';
import { TEMPLATES_DIR } from '../../src/core/paths.js';

const reference = (s: string) => createHash('sha256').update(s).digest('hex');

test('sha256Hex is SHA-256 of the UTF-8 bytes, as node:crypto computes it', () => {
  // the FIPS 180-4 examples
  expect(sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  expect(sha256Hex('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq')).toBe('248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1');
  // every length around the block and padding boundaries, ASCII and multi-byte text
  for (let n = 0; n < 200; n++) {
    const ascii = 'x'.repeat(n);
    expect(sha256Hex(ascii), `length ${n}`).toBe(reference(ascii));
    const wide = '智能体 — naïve 😀'.repeat(n % 17) + ascii;
    expect(sha256Hex(wide)).toBe(reference(wide));
  }
  for (let i = 0; i < 50; i++) {
    const s = randomBytes(1 + i * 97).toString('latin1');
    expect(sha256Hex(s)).toBe(reference(s));
  }
  const template = readFileSync(join(TEMPLATES_DIR, 'project', 'Main.java.ejs'), 'utf8');
  expect(sha256Hex(template)).toBe(reference(template));
});
