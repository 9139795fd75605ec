/**
 * Version facts for assistants, all computed from an inventory: the wrong names the checker
 * knows (only those really absent, with a replacement that really exists), the semantic traps
 * whose rules are active, and blocks of real signatures. Shared by AGENTS.md and the prompts.
 */
import type { BehaviourFacts, Inventory } from '../inventory/schema.js';
import { loadFacts } from '../inventory/store.js';
import { CURATED, TRAP_REQUIREMENTS, hasApi, trapEnabled } from '../checker/curated.js';
import { intendedState, Premises } from '../checker/premises.js';
import { indexInventory } from '../checker/inventory-index.js';
import { RULES } from '../checker/rules.js';
import { ApiIndex } from '../api/lookup.js';
import { memberSignature } from '../api/format.js';

export interface WrongName {
  /** `ToolResultBlock.success` */
  wrong: string;
  ownerFqn: string;
  member: string;
  instead: string;
}

export function wrongNames(inv: Inventory): WrongName[] {
  const idx = indexInventory(inv);
  const out: WrongName[] = [];
  for (const e of CURATED) {
    if (hasApi(idx, { type: e.type, member: e.wrong }) || !e.uses.every((u) => hasApi(idx, u))) continue;
    const owner = idx.type(e.type)!;
    out.push({ wrong: `${e.type.slice(owner.package.length + 1)}.${e.wrong}`, ownerFqn: e.type, member: e.wrong, instead: e.instead });
  }
  return out;
}

/** What to do about each trap, in words that name only API the rule itself requires. */
const TRAP_ADVICE: Record<Exclude<keyof typeof TRAP_REQUIREMENTS, 'AS101'>, string> = {
  AS102:
    'A pause with `GenerateReason.PERMISSION_ASKING` resumes from `ConfirmResult` objects in the metadata key `Msg.METADATA_CONFIRM_RESULTS`, not from a text reply such as "yes".',
  AS103:
    '`PermissionMode.DONT_ASK` turns only the final default ASK into DENY; ask rules still pause. Add explicit rules (`PermissionContextState.Builder#addDenyRule`, `PermissionContextState.Builder#addAllowRule`) and handle `GenerateReason.PERMISSION_ASKING`.',
  AS104:
    'Two MCP servers registered into one `Toolkit` can collide on tool names (a later tool replaces an earlier one): keep the names disjoint with `Toolkit.ToolRegistration#enableTools` / `Toolkit.ToolRegistration#disableTools`, or give each server its own `Toolkit`.',
};

export interface Trap {
  rule: string;
  name: string;
  advice: string;
}

/**
 * AS101's advice is the version's own facts (facts.json, read from its ToolResultBlock and
 * ReActAgent sources): which factories leave RUNNING, and what the agent settles such a result as
 * (`error(..)` sets ERROR itself in 2.0.2; in 2.0.0 it stays RUNNING and is settled as SUCCESS).
 * Advice only where a factory's result ends in another state than its name says, as the rule.
 */
function toolResultAdvice(facts: BehaviourFacts | undefined, premises: Premises): string | undefined {
  const states = (facts?.toolResultStates ?? []).filter((f) => f.factory === 'text' || f.factory === 'error');
  const wrong = [...new Set(states.filter((f) => premises.endsOtherwise(f.factory, f.state)).map((f) => f.factory))];
  if (!wrong.length) return undefined;
  const at = states.find((f) => f.state === 'RUNNING')!.at;
  const fixes = wrong.map((f) => `\`.withState(ToolResultState.${intendedState(f)})\``).join(' / ');
  const settled = premises.settled(wrong[0]);
  const how = settled ? `, and ReActAgent settles a RUNNING result as \`${settled.state}\`${settled.errorPrefix ? ` unless its text starts with \`${settled.errorPrefix.value}\`` : ''} (${settled.at.at.path.split('/').pop()}:${settled.at.at.line})` : '';
  const setters = [...new Set(states.filter((f) => f.state !== 'RUNNING').map((f) => `\`ToolResultBlock.${f.factory}(..)\` sets \`${f.state}\` itself`))];
  return (
    `${wrong.map((f) => `\`ToolResultBlock.${f}(..)\``).join(' and ')} ${wrong.length > 1 ? 'leave' : 'leaves'} the state at \`ToolResultState.RUNNING\` in ${facts!.version} (${at.path.split('/').pop()}:${at.line})${how}: end such a tool result with ${fixes}.` +
    (setters.length ? ` ${setters.join('; ')}.` : '')
  );
}

export function activeTraps(inv: Inventory): Trap[] {
  const idx = indexInventory(inv);
  const facts = loadFacts(inv);
  const premises = new Premises(facts, inv.version);
  const out: Trap[] = [];
  for (const r of Object.keys(TRAP_REQUIREMENTS) as (keyof typeof TRAP_REQUIREMENTS)[]) {
    if (!trapEnabled(idx, r)) continue;
    // AS102-AS104 advise only where the version's recorded flow facts hold (as the rules themselves)
    const holds = r === 'AS102' ? premises.resume() : r === 'AS103' ? premises.dontAsk() : r === 'AS104' ? premises.toolNames() : true;
    const advice = r === 'AS101' ? toolResultAdvice(facts, premises) : holds ? TRAP_ADVICE[r] : undefined;
    if (advice) out.push({ rule: r, name: RULES[r].name, advice });
  }
  return out;
}

/** One group of real signatures: the owner's FQN and each matching member, short type names. */
export interface SignatureGroup {
  owner: string;
  lines: string[];
}

/**
 * Signatures for refs like `MiddlewareBase` (every public member) or `McpClientBuilder#create`
 * (every overload, inherited ones included). Refs the inventory lacks are skipped, so the result
 * is always true for the version.
 */
export function signatures(inv: Inventory, refs: string[], index = new ApiIndex(inv)): SignatureGroup[] {
  const groups = new Map<string, Set<string>>();
  for (const ref of refs) {
    for (const hit of index.lookup(ref).hits.slice(0, 1)) {
      const lines = groups.get(hit.type.fqn) ?? new Set<string>();
      const seen = new Set<string>();
      for (const { member, declaredIn } of hit.members) {
        if (member.modifiers.includes('private') || member.kind === 'field' || member.generated) continue;
        if (!ref.includes('#') && member.kind === 'constructor') continue;
        // nearest declaration first: an override hides what it overrides
        const key = `${member.name}(${(member.params ?? []).map((p) => p.type.replace(/<.*$/s, '')).join(',')})`;
        if (seen.has(key)) continue;
        seen.add(key);
        lines.add(memberSignature(declaredIn, member, true).replace(/^public (default |static |abstract )?/, '$1'));
      }
      groups.set(hit.type.fqn, lines);
    }
  }
  return [...groups].filter(([, l]) => l.size).map(([owner, l]) => ({ owner, lines: [...l] }));
}

export function signatureBlock(groups: SignatureGroup[]): string {
  return groups.map((g) => [`// ${g.owner}`, ...g.lines].join('\n')).join('\n\n');
}
