import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { policyFromTools, scanProjectTools } from '../../generators/_core/project-tools.js';

const root = mkdtempSync(join(tmpdir(), 'project-tools-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function write(rel: string, text: string) {
  mkdirSync(join(root, rel, '..'), { recursive: true });
  writeFileSync(join(root, rel), text);
}

describe('scanProjectTools (seeds the policy of `gen permission`)', () => {
  write('a/Notes.java', `class Notes {
    static final String FIND = "find_note";
    @Tool(name = FIND, description = "x", readOnly = true) public String find() { return ""; }
    @Tool(name = "write_note", description = "y") public String write() { return ""; }
  }`);
  write('a/b/Publish.java', `class Publish extends ToolBase {
    public static final String TOOL_NAME = "publish";
    Publish() { super(ToolBase.builder().name(TOOL_NAME).description("d")); }
  }`);
  write('a/b/Lookup.java', `class Lookup extends ToolBase { Lookup() { super(ToolBase.builder().name("lookup").readOnly(true)); } }`);
  write('a/NotATool.java', `class NotATool { void f(Builder b) { b.name("agent"); } }`);

  it('finds annotated and ToolBase tools, resolving same-file constants', () => {
    expect(scanProjectTools(root)).toEqual([
      { name: 'find_note', readOnly: true, file: 'a/Notes.java' },
      { name: 'lookup', readOnly: true, file: 'a/b/Lookup.java' },
      { name: 'publish', readOnly: false, file: 'a/b/Publish.java' },
      { name: 'write_note', readOnly: false, file: 'a/Notes.java' },
    ]);
  });

  it('allows read-only tools, asks for the rest, denies nothing by guesswork', () => {
    expect(policyFromTools(scanProjectTools(root))).toEqual({ allow: ['find_note', 'lookup'], ask: ['publish', 'write_note'], deny: [] });
  });

  it('returns nothing for a missing source root', () => {
    expect(scanProjectTools(join(root, 'missing'))).toEqual([]);
  });
});
