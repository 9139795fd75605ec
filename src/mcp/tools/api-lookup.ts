import { z } from 'zod';
import { VERSION_PATTERN } from '../../core/versions.js';
import type { ApiIndex, TypeHit } from '../../api/lookup.js';
import { location, memberSignature, typeSignature } from '../../api/format.js';
import { CURATED } from '../../checker/curated.js';
import type { ToolDef } from './tool.js';

const MAX_MEMBERS = 150;
const MAX_FUZZY = 12;

export const apiLookup: ToolDef = {
  name: 'api_lookup',
  title: 'Look up AgentScope Java API',
  description:
    'Look up a type or member of the AgentScope Java API in the exact version this project uses, before writing or ' +
    'explaining code that calls it. Accepts a simple name (ToolResultBlock), a nested name (ReActAgent.Builder), a fully ' +
    'qualified name, Type#member (McpClientBuilder#streamableHttpTransport) or part of a name. Returns declarations with ' +
    'full signatures, defaults, Javadoc summary and the source location (artifact:path:line); when nothing matches, ' +
    '"did you mean" names and, for names that are known not to exist, what to write instead.',
  input: {
    query: z.string().min(1).max(300).describe('Type, Type#member, FQN or a partial name'),
    version: z.string().max(64).regex(VERSION_PATTERN, 'not an AgentScope version').optional().describe('AgentScope version to answer for (default: the project\'s, else the pinned one)'),
  },
  output: {
    version: z.string(),
    query: z.string(),
    found: z.boolean(),
    hits: z.array(
      z.object({
        type: z.string(),
        kind: z.string(),
        signature: z.string(),
        location: z.string(),
        doc: z.string().optional(),
        deprecated: z.boolean().optional(),
        members: z.array(z.object({ signature: z.string(), location: z.string(), declaredIn: z.string(), doc: z.string().optional(), deprecated: z.boolean().optional() })),
        membersOmitted: z.number().optional(),
      }),
    ),
    suggestions: z.array(z.string()),
    insteadOf: z.object({ wrong: z.string(), instead: z.string() }).optional(),
  },
  readOnly: true,
  async run(ctx, args) {
    const query = String(args.query).trim();
    const index = ctx.apiIndex(args.version as string | undefined);
    const version = index.inventory.version;
    const result = index.lookup(query);
    const hits = result.hits.map((h) => hitData(h, query.includes('#')));
    const insteadOf = hits.length ? undefined : curatedAdvice(index, query);
    const suggestions = hits.length ? [] : [...new Set([...result.suggestions, ...fuzzy(index, query)])].slice(0, MAX_FUZZY);
    const data = { version, query, found: hits.length > 0, hits, suggestions, ...(insteadOf ? { insteadOf } : {}) };
    return { text: render(data), data };
  },
};

type Hit = ReturnType<typeof hitData>;

function hitData(hit: TypeHit, memberQuery: boolean) {
  const t = hit.type;
  const visible = hit.members.filter(({ member }) => !member.modifiers.includes('private'));
  const members = visible.slice(0, MAX_MEMBERS).map(({ member, declaredIn }) => ({
    signature: memberSignature(declaredIn, member, true),
    location: location(declaredIn, member.line),
    declaredIn: declaredIn.fqn,
    ...(member.doc && (memberQuery || visible.length <= 40) ? { doc: member.doc } : {}),
    ...(member.deprecated ? { deprecated: true } : {}),
  }));
  return {
    type: t.fqn,
    kind: t.kind,
    signature: typeSignature(t, true),
    location: location(t, t.line),
    ...(t.doc ? { doc: t.doc } : {}),
    ...(t.deprecated ? { deprecated: true } : {}),
    members,
    ...(visible.length > MAX_MEMBERS ? { membersOmitted: visible.length - MAX_MEMBERS } : {}),
  };
}

/** `ToolResultBlock#success` -> the checker's curated "write this instead", when it applies to this version. */
function curatedAdvice(index: ApiIndex, query: string): { wrong: string; instead: string } | undefined {
  const [typePart, memberPart] = query.split('#', 2);
  const name = (memberPart ?? typePart.split('.').pop() ?? '').replace(/\(.*$/, '').trim();
  const types = memberPart !== undefined ? index.findTypes(typePart.trim()).map((t) => t.fqn) : index.findTypes(typePart.replace(/\.[a-z]\w*(\(.*)?$/, '')).map((t) => t.fqn);
  for (const e of CURATED) {
    if (e.wrong !== name || !types.includes(e.type)) continue;
    const owner = index.byFqn.get(e.type)!;
    if (owner.members.some((m) => m.name === e.wrong)) continue;
    return { wrong: `${owner.name}.${e.wrong}`, instead: e.instead };
  }
  return undefined;
}

/** Part of a name: types and members whose name contains it (case-insensitive). */
function fuzzy(index: ApiIndex, query: string): string[] {
  const needle = query.replace(/^.*[#.]/, '').replace(/\(.*$/, '').toLowerCase();
  if (needle.length < 3) return [];
  const out: string[] = [];
  for (const t of index.inventory.types) {
    const nested = t.fqn.slice(t.package.length + 1);
    if (nested.toLowerCase().includes(needle)) out.push(nested);
    for (const m of t.members) {
      if (m.kind !== 'constructor' && !m.modifiers.includes('private') && m.name.toLowerCase().includes(needle)) out.push(`${nested}#${m.name}`);
    }
    if (out.length > 4 * MAX_FUZZY) break;
  }
  return [...new Set(out)].sort((a, b) => a.length - b.length).slice(0, MAX_FUZZY);
}

function render(d: { version: string; query: string; hits: Hit[]; suggestions: string[]; insteadOf?: { wrong: string; instead: string } }): string {
  if (!d.hits.length) {
    const lines = [`"${d.query}" is not in the AgentScope Java ${d.version} API.`];
    if (d.insteadOf) lines.push(`${d.insteadOf.wrong} does not exist in ${d.version}; write instead: ${d.insteadOf.instead}`);
    if (d.suggestions.length) lines.push(`Did you mean: ${d.suggestions.join(', ')}?`);
    return lines.join('\n');
  }
  const lines = [`AgentScope Java ${d.version}:`];
  for (const h of d.hits) {
    lines.push(`${h.signature}`, `    ${h.location}`);
    if (h.doc) lines.push(`    ${h.doc}`);
    for (const m of h.members) {
      lines.push(`  ${m.signature}${m.deprecated ? '  @Deprecated' : ''}${m.declaredIn !== h.type ? `  (inherited from ${m.declaredIn})` : ''}`);
      lines.push(`      ${m.location}${m.doc ? ` — ${m.doc}` : ''}`);
    }
    if (h.membersOmitted) lines.push(`  ... ${h.membersOmitted} more members (ask for Type#member)`);
  }
  return lines.join('\n');
}
