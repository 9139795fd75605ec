/**
 * Classifies one checker finding (against the target inventory `b`) with the a -> b diff: which
 * change of the API breaks the line, what to do, and -- when the fix is certain -- the edit.
 * Where and what the finding is about come from the checker (position, span, subject); this
 * module only adds what the diff knows.
 */
import type { Finding } from '../../checker/index.js';
import { hierarchy } from '../../diff/signature.js';
import type { DiffLookup } from './diff-lookup.js';
import { findingSpan } from './edits.js';
import type { Edit, IssueKind, ScanIssue } from './model.js';

/** The text a finding is classified in: the file as the checker saw it. */
export interface SourceText {
  file: string;
  text: string;
  lines: string[];
  starts: number[];
}

type Verdict = Pick<ScanIssue, 'kind' | 'change' | 'fix' | 'edit'> & { message?: string };

/** The kind a finding gets when the diff has nothing more specific to say. */
const RULE_KIND: Partial<Record<Finding['rule'], IssueKind>> = {
  AS002: 'missing-member',
  AS003: 'wrong-arity',
  AS004: 'override-nothing',
  AS005: 'missing-implementation',
  AS010: 'annotation-element',
};

export function classify(f: Finding, src: SourceText, L: DiffLookup): ScanIssue {
  const span = findingSpan(f, src.starts);
  const written = span ? src.text.slice(span.start, span.end) : '';
  const v = verdict(f, written, span, src, L);
  const source = (src.lines[f.line - 1] ?? '').trim();
  return { file: src.file, line: f.line, col: f.col, rule: f.rule, source, message: v.message ?? f.message, kind: v.kind, change: v.change, fix: v.fix ?? v.change?.note ?? f.suggestion, edit: v.edit };
}

function verdict(f: Finding, written: string, span: { start: number; end: number } | undefined, src: SourceText, L: DiffLookup): Verdict {
  const to = L.b.version;
  const subject = f.subject;
  const fallback: Verdict = { kind: RULE_KIND[f.rule] ?? 'unexplained' };
  if (!subject) return fallback;
  switch (f.rule) {
    case 'AS001':
      return unknownName(subject.type, written, span, /^import\b/.test((src.lines[f.line - 1] ?? '').trim()), L) ?? fallback;
    case 'AS002': {
      const change = subject.member ? L.memberChange(subject.type, subject.member) : undefined;
      if (change?.change !== 'renamed' || !change.to || !subject.member) return { kind: 'missing-member', change };
      const newName = change.to.replace(/\(.*$/s, '');
      const certain =
        (change.confidence ?? 0) >= L.renameConfidence &&
        !change.aspects.some((x) => x.breaksCaller) &&
        written === subject.member &&
        span !== undefined &&
        /^\s*\(/.test(src.text.slice(span.end, span.end + 80)) &&
        hasMethod(L, subject.type, newName);
      return {
        kind: 'renamed-member',
        change,
        message: `${simpleName(subject.type)}.${subject.member}(..) is renamed to ${newName}(..) in ${to}`,
        fix: `call .${newName}(..) instead`,
        edit: certain ? { ...span, text: newName } : undefined,
      };
    }
    case 'AS003':
    case 'AS005':
      return { kind: RULE_KIND[f.rule]!, change: subject.member ? L.memberChange(subject.type, subject.member) : undefined };
    case 'AS004': {
      const change = subject.member ? L.memberChange(subject.type, subject.member) : undefined;
      return { kind: 'override-nothing', change, fix: change?.change === 'renamed' ? `rename to ${change.to}` : undefined };
    }
    case 'AS010': {
      // an unknown element is reported at its name; a missing required one at the annotation
      const change = /^\w+$/.test(written) ? L.memberChange(subject.type, written) : L.breakingMembers(subject.type)[0];
      return { kind: 'annotation-element', change, fix: change?.change === 'renamed' ? `use ${change.to}` : undefined };
    }
    default:
      return fallback;
  }
}

/**
 * AS001: a type or package `b` does not have. Moved: rewrite the qualified name where it is
 * written (an import or a qualified use); a use of the simple name needs nothing, the import's
 * edit fixes it. Removed in the diff: a person must change it.
 */
function unknownName(q: string, written: string, span: { start: number; end: number } | undefined, onImport: boolean, L: DiffLookup): Verdict | undefined {
  const to = L.b.version;
  const moved = L.moved(q);
  if (moved) {
    const target = moved.to + q.slice(moved.from.length);
    const name = written.replace(/\s+/g, '');
    let edit: Edit | undefined;
    // the written name starts with the old FQN: an import (maybe static: type, then member) or a qualified use
    if (span && name.startsWith(moved.from) && /^[\w$.]+$/.test(written) && (name === q ? L.byB.has(target) : staticMemberExists(L, target, name.slice(q.length + 1)))) {
      edit = { ...span, text: moved.to + name.slice(moved.from.length) };
    }
    return { kind: 'moved-type', change: moved.change, message: `${q} moved to ${target} in ${to}`, fix: onImport ? `import ${target};` : target, edit };
  }
  const old = L.typeOfA(q);
  if (old) return { kind: 'removed-type', change: L.typeChange(old) };
  if (L.packageRemoved(q)) return { kind: 'removed-package', fix: 'remove this wildcard import; import the types it provided from their new packages' };
  return undefined;
}

/** `import static Old.member;`: the member must exist on the moved type for the rewrite to be certain. */
function staticMemberExists(L: DiffLookup, fqnB: string, member: string): boolean {
  return /^\w+$/.test(member) && [...hierarchy(fqnB, L.byB)].some((t) => t.members.some((m) => m.name === member && m.modifiers.includes('static')));
}

function hasMethod(L: DiffLookup, fqnB: string, name: string): boolean {
  return [...hierarchy(fqnB, L.byB)].some((t) => t.members.some((m) => m.kind === 'method' && m.name === name));
}

function simpleName(fqn: string): string {
  return fqn.slice(fqn.lastIndexOf('.') + 1);
}
