import type { Inventory, Member, TypeDecl } from '../inventory/schema.js';
import { ApiIndex } from './lookup.js';
import { memberSignature, typeSignature, location } from './format.js';
import { erase } from '../inventory/extract/resolve.js';

/**
 * Machine-checkable claims about the AgentScope API (from research notes, docs, blog
 * posts) and their verdicts against an inventory. The claims live as data
 * (inventory/seed-000-claims.json) so every pin move re-evaluates them.
 *
 * A member reference is `Type#name(P1, P2)`: parameter types compared by erased simple
 * name (`Map`, `PermissionContextState`, `String...`); `Type#name` without parentheses
 * matches any overload.
 */
export type Check =
  | { exists: string } // type or member exists
  | { absent: string } // type or member does not exist
  | { default: string; value: string } // annotation element default
  | { kind: string; is: TypeDecl['kind'] }
  | { enumIncludes: string; constants: string[] }
  | { returns: string; type: string } // member's return type (simple-name form, generics kept)
  | { paramsOf: string; arities: number[] }; // the set of parameter counts of all overloads

export interface Claim {
  id: string;
  /** The claim as the source states it. */
  text: string;
  source: string;
  checks: Check[];
  /** What signatures cannot show (e.g. a string literal), read from the sources by a person. */
  note?: string;
}

export interface CheckResult {
  check: Check;
  holds: boolean;
  /** The declarations that decided it (signature + location). */
  evidence: string[];
}

export interface Verdict {
  claim: Claim;
  holds: boolean;
  results: CheckResult[];
}

interface MemberRef {
  type: string;
  name?: string;
  params?: string[];
}

export function parseRef(ref: string): MemberRef {
  const m = /^([\w.$]+)(?:#(\w+|<init>)(?:\((.*)\))?)?$/.exec(ref.trim());
  if (!m) throw new Error(`bad member reference: ${ref}`);
  const params = m[3] === undefined ? undefined : m[3].trim() === '' ? [] : splitTop(m[3]).map((p) => p.trim());
  return { type: m[1], name: m[2], params };
}

function splitTop(s: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let cur = '';
  for (const ch of s) {
    if (ch === '<') depth++;
    if (ch === '>') depth--;
    if (ch === ',' && depth === 0) {
      out.push(cur);
      cur = '';
    } else cur += ch;
  }
  out.push(cur);
  return out;
}

/** `java.util.Map<java.lang.String, java.lang.Object>` -> `Map`; varargs keep `...`. */
export function erasedSimple(type: string, varargs = false): string {
  const raw = erase(type).replace(/\[\]$/, varargs ? '...' : '[]');
  return raw.replace(/^(?:[\w$]+\.)*(?=[\w$]+(\[\]|\.\.\.)?$)/, '');
}

function simpleGeneric(type: string): string {
  return type.replace(/\b(?:[a-z_][\w]*\.)+(?=[A-Z])/g, '');
}

export class ClaimEvaluator {
  private readonly index: ApiIndex;

  constructor(readonly inventory: Inventory) {
    this.index = new ApiIndex(inventory);
  }

  /** Members matching a reference, own and inherited. */
  members(ref: MemberRef): { owner: TypeDecl; member: Member }[] {
    const out: { owner: TypeDecl; member: Member }[] = [];
    for (const t of this.index.findTypes(ref.type)) {
      for (const owner of [t, ...this.index.supertypes(t)]) {
        for (const member of owner.members) {
          const nameOk = ref.name === '<init>' ? member.kind === 'constructor' : member.name === ref.name;
          if (!nameOk) continue;
          if (ref.params) {
            const ps = (member.params ?? []).map((p) => erasedSimple(p.type, p.varargs));
            if (ps.length !== ref.params.length || ps.some((p, i) => p !== ref.params![i])) continue;
          }
          out.push({ owner, member });
        }
      }
    }
    return out;
  }

  private evidenceOf(hits: { owner: TypeDecl; member: Member }[]): string[] {
    return hits.map(({ owner, member }) => `${owner.fqn}: ${memberSignature(owner, member, true)} — ${location(owner, member.line)}`);
  }

  private typeEvidence(types: TypeDecl[]): string[] {
    return types.map((t) => `${typeSignature(t, true)} — ${location(t, t.line)}`);
  }

  private nearby(ref: MemberRef): string[] {
    // When a member is missing, show what the type does have under that name (other overloads).
    if (!ref.name) return [];
    return this.evidenceOf(this.members({ type: ref.type, name: ref.name }));
  }

  evaluate(check: Check): CheckResult {
    if ('exists' in check || 'absent' in check) {
      const refText = 'exists' in check ? check.exists : check.absent;
      const ref = parseRef(refText);
      let found: boolean;
      let evidence: string[];
      if (!ref.name) {
        const types = this.index.findTypes(ref.type);
        found = types.length > 0;
        evidence = this.typeEvidence(types);
      } else {
        const hits = this.members(ref);
        found = hits.length > 0;
        evidence = found ? this.evidenceOf(hits) : this.nearby(ref);
        if (!this.index.findTypes(ref.type).length) evidence = [`type ${ref.type} not in the inventory`];
      }
      return { check, holds: 'exists' in check ? found : !found, evidence };
    }
    if ('default' in check) {
      const hits = this.members(parseRef(check.default));
      const ok = hits.some((h) => h.member.default === check.value);
      return { check, holds: ok, evidence: this.evidenceOf(hits) };
    }
    if ('kind' in check) {
      const types = this.index.findTypes(check.kind);
      return { check, holds: types.some((t) => t.kind === check.is), evidence: this.typeEvidence(types) };
    }
    if ('enumIncludes' in check) {
      const types = this.index.findTypes(check.enumIncludes);
      const consts = new Set(types.flatMap((t) => t.members.filter((m) => m.kind === 'enumConstant').map((m) => m.name)));
      const missing = check.constants.filter((c) => !consts.has(c));
      return { check, holds: types.length > 0 && missing.length === 0, evidence: [...this.typeEvidence(types), `constants: ${[...consts].join(', ')}`, ...(missing.length ? [`missing: ${missing.join(', ')}`] : [])] };
    }
    if ('returns' in check) {
      const hits = this.members(parseRef(check.returns));
      const ok = hits.length > 0 && hits.every((h) => simpleGeneric(h.member.type ?? '') === check.type);
      return { check, holds: ok, evidence: this.evidenceOf(hits) };
    }
    const hits = this.members(parseRef(check.paramsOf));
    const arities = [...new Set(hits.map((h) => (h.member.params ?? []).length))].sort((a, b) => a - b);
    const want = [...check.arities].sort((a, b) => a - b);
    return { check, holds: JSON.stringify(arities) === JSON.stringify(want), evidence: [...this.evidenceOf(hits), `arities: ${arities.join(', ') || 'none'}`] };
  }

  verdict(claim: Claim): Verdict {
    const results = claim.checks.map((c) => this.evaluate(c));
    return { claim, holds: results.every((r) => r.holds), results };
  }
}

export function describeCheck(c: Check): string {
  if ('exists' in c) return `exists: \`${c.exists}\``;
  if ('absent' in c) return `absent: \`${c.absent}\``;
  if ('default' in c) return `default of \`${c.default}\` is \`${c.value}\``;
  if ('kind' in c) return `\`${c.kind}\` is ${c.is === 'interface' ? 'an' : 'a'} ${c.is}`;
  if ('enumIncludes' in c) return `enum \`${c.enumIncludes}\` has ${c.constants.join(', ')}`;
  if ('returns' in c) return `\`${c.returns}\` returns \`${c.type}\``;
  return `overloads of \`${c.paramsOf}\` take ${c.arities.join(' / ')} arguments`;
}

/** The docs page: one section per claim with its verdict and the deciding declarations. */
export function verdictsMarkdown(verdicts: Verdict[], version: string, target?: string): string {
  const holds = verdicts.filter((v) => v.holds).length;
  const lines = [
    `# Seed 000 claims checked against the AgentScope Java ${version} inventory`,
    '',
    `Generated by \`npm run verdicts\` from \`inventory/seed-000-claims.json\`; a test fails when this page is stale.`,
    target && target !== version
      ? `The research note describes ${target}; Maven Central here serves no ${target} artifact, so the claims are checked against ${version}, the pinned version. A claim that does not hold here may hold in ${target}; re-run after \`agentscope inventory pin ${target}\`.`
      : '',
    '',
    `**${holds} of ${verdicts.length} claims hold** in ${version}.`,
    '',
    '| id | claim | verdict |',
    '| --- | --- | --- |',
    ...verdicts.map((v) => `| ${v.claim.id} | ${v.claim.text.replace(/\|/g, '\\|')} | ${v.holds ? 'holds' : '**does not hold**'} |`),
    '',
  ];
  for (const v of verdicts) {
    lines.push(`## ${v.claim.id}: ${v.holds ? 'holds' : 'does not hold'}`, '', `> ${v.claim.text}`, '', `Source: ${v.claim.source}`, '');
    if (v.claim.note) lines.push(`Note: ${v.claim.note}`, '');
    for (const r of v.results) {
      lines.push(`- ${r.holds ? '✓' : '✗'} ${describeCheck(r.check)}`);
      for (const e of r.evidence) lines.push(`  - \`${e.replace(/`/g, "'")}\``);
    }
    lines.push('');
  }
  return lines.filter((l, i, a) => !(l === '' && a[i - 1] === '')).join('\n');
}
