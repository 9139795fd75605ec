import { z } from 'zod';
import { VERSION_PATTERN } from '../../core/versions.js';
import type { InventoryDiff } from '../../diff/diff.js';
import type { ToolDef } from './tool.js';

const DEFAULT_LIMIT = 60;
/** Diffs are pure and the inventories immutable: one per version pair per server. */
const cache = new Map<string, InventoryDiff>();

export const apiDiff: ToolDef = {
  name: 'api_diff',
  title: 'What changed between two AgentScope versions',
  description:
    'Compare the AgentScope Java API of two versions: what was removed, renamed, changed or added, each rated for whether it ' +
    'breaks code that calls the API and code that implements/extends it. Use it when code written for one version must run ' +
    'on another, or to explain a compile error after a version change. Filter by `type` (simple or qualified name) to see ' +
    'one class. Only versions whose inventory is on this machine can be compared (see version_info).',
  input: {
    from: z.string().max(64).regex(VERSION_PATTERN, 'not an AgentScope version').describe('Older version, e.g. 1.0.9'),
    to: z.string().max(64).regex(VERSION_PATTERN, 'not an AgentScope version').optional().describe("Newer version (default: the project's, else the pinned one)"),
    type: z.string().max(300).optional().describe('Only changes of this type (simple name, nested name or FQN)'),
    breakingOnly: z.boolean().optional().describe('Only changes that break callers or implementers (default true)'),
    limit: z.number().int().positive().max(1000).optional().describe(`At most this many changes (default ${DEFAULT_LIMIT})`),
  },
  output: {
    from: z.string(),
    to: z.string(),
    summary: z.record(z.string(), z.number()),
    artifacts: z.object({ onlyInFrom: z.array(z.string()), onlyInTo: z.array(z.string()) }),
    changes: z.array(
      z.object({ change: z.string(), scope: z.string(), type: z.string(), member: z.string().optional(), description: z.string(), breaksCaller: z.boolean(), breaksImplementer: z.boolean(), where: z.string().optional() }),
    ),
    matching: z.number(),
    truncated: z.boolean(),
  },
  readOnly: true,
  async run(ctx, args) {
    const a = ctx.inventory(String(args.from));
    const b = ctx.inventory(args.to as string | undefined);
    const [{ diffInventories }, { describeChange }] = await Promise.all([import('../../diff/diff.js'), import('../../diff/format.js')]);
    const key = `${a.version}..${b.version}`;
    let diff = cache.get(key);
    if (!diff) {
      diff = diffInventories(a, b);
      cache.set(key, diff);
    }
    const typeFilter = (args.type as string | undefined)?.trim();
    const matchesType = (fqn: string) => !typeFilter || fqn === typeFilter || fqn.endsWith(`.${typeFilter}`);
    const breakingOnly = args.breakingOnly !== false;
    const selected = diff.changes.filter((c) => (!breakingOnly || c.breaksCaller || c.breaksImplementer) && (matchesType(c.type) || (c.typeTo !== undefined && matchesType(c.typeTo))));
    const limit = (args.limit as number | undefined) ?? DEFAULT_LIMIT;
    const changes = selected.slice(0, limit).map((c) => ({
      change: c.change,
      scope: c.scope,
      type: c.type,
      ...(c.member ? { member: c.member } : {}),
      description: describeChange(c),
      breaksCaller: c.breaksCaller,
      breaksImplementer: c.breaksImplementer,
      ...(c.where ? { where: c.where } : {}),
    }));
    const data = { from: diff.from, to: diff.to, summary: { ...diff.summary }, artifacts: diff.artifacts, changes, matching: selected.length, truncated: selected.length > limit };
    const s = diff.summary;
    const lines = [
      `AgentScope Java ${diff.from} -> ${diff.to}: ${s.breakingForCallers} change(s) break callers, ${s.breakingForImplementers} break implementers ` +
        `(types +${s.typesAdded} -${s.typesRemoved} ~${s.typesChanged} renamed ${s.typesRenamed}; members +${s.membersAdded} -${s.membersRemoved} ~${s.membersChanged} renamed ${s.membersRenamed})`,
      ...(diff.artifacts.onlyInFrom.length ? [`artifacts only in ${diff.from}: ${diff.artifacts.onlyInFrom.join(', ')}`] : []),
      ...(diff.artifacts.onlyInTo.length ? [`artifacts only in ${diff.to}: ${diff.artifacts.onlyInTo.join(', ')}`] : []),
      `${selected.length} ${breakingOnly ? 'breaking ' : ''}change(s)${typeFilter ? ` of ${typeFilter}` : ''}${data.truncated ? `, first ${limit}` : ''}:`,
      ...changes.map((c) => `  ${c.type.replace(/^.*\./, '')}: ${c.description}${c.breaksCaller ? ' [breaks callers]' : ''}${c.breaksImplementer ? ' [breaks implementers]' : ''}`),
    ];
    return { text: lines.join('\n'), data };
  },
};
