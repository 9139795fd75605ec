import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { applyChanges, Tree } from '../../generators/_core/tree.js';
import { CliError } from '../../src/core/errors.js';

const base = mkdtempSync(join(tmpdir(), 'tree-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));

describe('Tree + applyChanges', () => {
  it('writes a new project through a staging directory and leaves no staging behind', () => {
    const root = join(base, 'new-app');
    const tree = new Tree(root);
    tree.create('pom.xml', '<project/>');
    tree.create('src/main/java/a/A.java', 'class A {}');
    expect(applyChanges(tree).map((c) => c.kind)).toEqual(['create', 'create']);
    expect(readFileSync(join(root, 'src/main/java/a/A.java'), 'utf8')).toBe('class A {}');
    expect(readdirSync(base)).toEqual(['new-app']);
  });

  it('refuses to overwrite a different file without force, records identical ones as unchanged', () => {
    const root = join(base, 'new-app');
    const tree = new Tree(root);
    expect(() => tree.create('pom.xml', '<project>other</project>')).toThrow(CliError);
    expect(tree.create('src/main/java/a/A.java', 'class A {}').kind).toBe('unchanged');
    expect(tree.create('pom.xml', '<project>other</project>', { force: true }).kind).toBe('overwrite');
    expect(applyChanges(tree).map((c) => c.path)).toEqual(['pom.xml']);
    expect(readFileSync(join(root, 'pom.xml'), 'utf8')).toBe('<project>other</project>');
  });

  it('updates through a pure function and rejects paths outside the root', () => {
    const root = join(base, 'new-app');
    const tree = new Tree(root);
    expect(tree.update('pom.xml', (p) => p.replace('other', 'edited')).kind).toBe('update');
    expect(() => tree.create('../escape.txt', 'x')).toThrow(/outside the project/);
    applyChanges(tree);
    expect(readFileSync(join(root, 'pom.xml'), 'utf8')).toBe('<project>edited</project>');
  });

  it('leaves an existing project untouched when one write fails', () => {
    const root = join(base, 'existing');
    mkdirSync(root);
    writeFileSync(join(root, 'pom.xml'), 'before');
    writeFileSync(join(root, 'blocker'), 'a file where a directory is needed');
    const tree = new Tree(root);
    tree.update('pom.xml', () => 'after');
    tree.create('blocker/Inner.java', 'class Inner {}');
    expect(() => applyChanges(tree)).toThrow(/blocker is a file where a folder is needed/);
    expect(readFileSync(join(root, 'pom.xml'), 'utf8')).toBe('before');
    expect(readdirSync(root).sort()).toEqual(['blocker', 'pom.xml']);
  });

  it('fails with an error, not a hang, on a read-only mount', () => {
    const tree = new Tree('/proc/agentscope-test/app');
    tree.create('a.txt', 'x');
    expect(() => applyChanges(tree)).toThrow(CliError);
  });
});
