/** Text, Markdown and JSON renderings of an InventoryDiff. */
import type { Aspect, Change, InventoryDiff } from './diff.js';

export type DiffFormat = 'text' | 'markdown' | 'json';

export interface FormatOptions {
  /** Only entries that break callers or implementers. */
  breakingOnly?: boolean;
  /** Hide additions (often the bulk of a major-version diff). */
  hideAdded?: boolean;
}

function breakTag(c: { breaksCaller: boolean; breaksImplementer: boolean }): string {
  if (c.breaksCaller && c.breaksImplementer) return 'BREAKS callers+implementers';
  if (c.breaksCaller) return 'BREAKS callers';
  if (c.breaksImplementer) return 'BREAKS implementers';
  return 'compatible';
}

function describeAspect(x: Aspect): string {
  switch (x.aspect) {
    case 'default':
      return x.to === 'false' ? 'default method became abstract' : 'abstract method got a default';
    case 'abstract':
      return x.to === 'true' ? 'became abstract' : 'no longer abstract';
    case 'static':
    case 'final':
    case 'sealed':
    case 'varargs':
      return x.to === 'true' ? `became ${x.aspect}` : `no longer ${x.aspect}`;
    default:
      return `${x.aspect}: ${x.from ?? ''} -> ${x.to ?? ''}`;
  }
}

/** One line describing a change, without the owner type (used in reports and pin re-verification). */
export function describeChange(c: Change): string {
  const what = c.scope === 'type' ? `${c.typeKind ?? 'type'} ${c.type}` : `${c.member}`;
  let s: string;
  switch (c.change) {
    case 'removed':
      s = `removed ${what}`;
      break;
    case 'added':
      s = `added ${what}`;
      break;
    case 'renamed':
      s = c.scope === 'type' ? `${what} -> ${c.to} (likely rename: ${c.reason})` : `${what} -> ${c.to} (likely rename, similarity ${c.confidence})`;
      break;
    case 'changed':
      s = `changed ${what}${c.to && c.to !== c.member ? ` -> ${c.to}` : ''}: ${c.aspects.map(describeAspect).join('; ')}`;
      break;
  }
  if (c.note) s += ` [${c.note}]`;
  if (c.deprecated && c.change !== 'changed') s += c.deprecated.forRemoval ? ' [deprecated for removal]' : ' [deprecated]';
  return s;
}

function select(diff: InventoryDiff, opts: FormatOptions): Change[] {
  return diff.changes.filter((c) => (!opts.breakingOnly || c.breaksCaller || c.breaksImplementer) && (!opts.hideAdded || c.change !== 'added'));
}

function summaryLines(diff: InventoryDiff): string[] {
  const s = diff.summary;
  const lines = [
    `types:   ${s.typesRemoved} removed, ${s.typesRenamed} renamed/moved, ${s.typesChanged} changed, ${s.typesAdded} added`,
    `members: ${s.membersRemoved} removed, ${s.membersRenamed} renamed, ${s.membersChanged} changed, ${s.membersAdded} added`,
    `source-breaking: ${s.breakingForCallers} for callers, ${s.breakingForImplementers} for implementers/subclasses`,
  ];
  if (diff.artifacts.onlyInFrom.length) lines.push(`artifacts only in ${diff.from}: ${diff.artifacts.onlyInFrom.join(', ')}`);
  if (diff.artifacts.onlyInTo.length) lines.push(`artifacts only in ${diff.to}: ${diff.artifacts.onlyInTo.join(', ')}`);
  return lines;
}

/** Groups member changes under their owner type, type-level change first. */
function grouped(changes: Change[]): Map<string, Change[]> {
  const groups = new Map<string, Change[]>();
  for (const c of changes) groups.set(c.type, [...(groups.get(c.type) ?? []), c]);
  return groups;
}

function formatText(diff: InventoryDiff, opts: FormatOptions = {}): string {
  const out = [`AgentScope Java API diff ${diff.from} -> ${diff.to}`, ...summaryLines(diff).map((l) => '  ' + l), ''];
  const changes = select(diff, opts);
  for (const [type, cs] of grouped(changes)) {
    const head = cs.find((c) => c.scope === 'type');
    const moved = cs.find((c) => c.typeTo)?.typeTo;
    out.push(head ? `${type}  — ${describeChange(head)}  (${breakTag(head)})` : `${type}${moved ? ` (now ${moved})` : ''}`);
    for (const c of cs) {
      if (c === head) continue;
      out.push(`  ${c.change.padEnd(7)} ${describeChange(c).replace(/^(removed|added|changed) /, '')}  (${breakTag(c)})`);
    }
  }
  if (!changes.length) out.push('no differences' + (opts.breakingOnly ? ' that break source code' : ''));
  return out.join('\n');
}

function mdEscape(s: string): string {
  return s.replace(/\|/g, '\\|').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function formatMarkdown(diff: InventoryDiff, opts: FormatOptions = {}): string {
  const out = [`# AgentScope Java API diff ${diff.from} → ${diff.to}`, '', ...summaryLines(diff).map((l) => `- ${l}`), ''];
  const changes = select(diff, opts);
  const sections: [string, (c: Change) => boolean][] = [
    ['Likely renames and moves', (c) => c.change === 'renamed'],
    ['Removed', (c) => c.change === 'removed'],
    ['Changed', (c) => c.change === 'changed'],
    ['Added', (c) => c.change === 'added'],
  ];
  for (const [title, pick] of sections) {
    const rows = changes.filter(pick);
    if (!rows.length) continue;
    out.push(`## ${title} (${rows.length})`, '', '| type | member | change | callers | implementers |', '|---|---|---|---|---|');
    for (const c of rows) {
      out.push(`| \`${mdEscape(c.type)}\` | ${c.member ? `\`${mdEscape(c.member)}\`` : '—'} | ${mdEscape(describeChange(c))} | ${c.breaksCaller ? '**breaks**' : 'ok'} | ${c.breaksImplementer ? '**breaks**' : 'ok'} |`);
    }
    out.push('');
  }
  return out.join('\n');
}

function formatJson(diff: InventoryDiff, opts: FormatOptions = {}): string {
  return JSON.stringify({ ...diff, changes: select(diff, opts) }, null, 2);
}

export function formatDiff(diff: InventoryDiff, format: DiffFormat, opts: FormatOptions = {}): string {
  return format === 'json' ? formatJson(diff, opts) : format === 'markdown' ? formatMarkdown(diff, opts) : formatText(diff, opts);
}

;
