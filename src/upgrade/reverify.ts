/**
 * Re-verification for a pin move: renders every template with the generators' own render
 * path, checks the rendered Java against the new inventory (the checker, its findings explained
 * by the diff),
 * checks the API each checker rule relies on, and reports what no longer holds together with
 * the diff entries that explain it.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { listFiles } from '../core/files.js';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { TEMPLATES_DIR } from '../core/paths.js';
import type { Inventory } from '../inventory/schema.js';
import { CURATED, TRAP_REQUIREMENTS, hasApi, indexInventory, premiseChanges, rulePremises, RULES, type PremiseChange } from '../checker/index.js';
import { loadFacts } from '../inventory/store.js';
import type { ApiRef } from '../checker/curated.js';
import { generateProject } from '../../generators/create.js';
import { generateFeature } from '../../generators/feature.js';
import { availableAgentKinds, availableProviders } from '../../generators/_core/providers.js';
import { AGENT_KINDS } from '../../generators/_core/agent-kinds.js';
import { FEATURE_KINDS, type CreateOptions, type FeatureOptions, type ProviderChoice } from '../../generators/_core/options.js';
import { Tree } from '../../generators/_core/tree.js';
import { diffInventories, memberName, type Change, type InventoryDiff } from '../diff/diff.js';
import { classifyFindings } from './scan/index.js';
import { runChecker } from './checker-bridge.js';
import { parseProvenance } from '../core/provenance.js';
import { fragmentGaps } from './template-versions.js';

interface TemplateBreak {
  template: string;
  /** Path of the rendered file inside the scratch project. */
  file: string;
  line: number;
  col: number;
  text: string;
  /** 1-based line in templates/<template>.ejs when it can be located. */
  templateLine?: number;
  message: string;
  by: string;
  changes: Change[];
}

interface RuleBreak {
  rule: string;
  name: string;
  /** Declarations the rule relies on that the new inventory lacks. */
  missing: ApiRef[];
  /** For curated entries: the wrong name now exists (the advice would be wrong). */
  nowExists?: string;
  changes: Change[];
  /** Behaviour facts the rule relies on (facts.json) that the new version no longer has, or has with another value. */
  facts?: PremiseChange[];
}

export interface ReverifyResult {
  from: string;
  to: string;
  diff: InventoryDiff;
  templates: { rendered: string[]; files: number; breaks: TemplateBreak[]; renderErrors: { what: string; error: string }[] };
  rules: { checked: number; holding: string[]; breaks: RuleBreak[]; inventoryDriven: string[] };
  fragmentGaps: { kind: string; fragment: string; ranges: string[] }[];
  /** Template lines that state a fact "for <from>" in prose: API checks cannot re-verify them. */
  versionMentions: { template: string; line: number; text: string }[];
}

/** Lines of templates/ and generators/ that name the old version, e.g. "2.0.0 evaluates: ...". */
function versionMentions(version: string): { template: string; line: number; text: string }[] {
  const out: { template: string; line: number; text: string }[] = [];
  const literal = new RegExp(`(^|[^\\d.])${version.replace(/\./g, '\\.')}(?![\\d])`);
  for (const abs of listFiles(TEMPLATES_DIR, (name) => name.endsWith('.ejs'))) {
    const template = relative(TEMPLATES_DIR, abs).split(sep).join('/');
    readFileSync(abs, 'utf8').split('\n').forEach((text, i) => {
      if (literal.test(text)) out.push({ template, line: i + 1, text: text.trim().slice(0, 160) });
    });
  }
  return out;
}

function providerChoice(inv: Inventory): ProviderChoice | undefined {
  const p = availableProviders(inv)[0];
  return p ? { prefix: p.prefix, artifactId: p.artifactId, apiKeyEnv: p.apiKeyEnv, model: 'model-name' } : undefined;
}

/** Renders the full project (every feature) plus each standalone feature and the provider feature. */
async function renderAll(inv: Inventory, dir: string): Promise<{ files: { path: string; content: string }[]; errors: { what: string; error: string }[] }> {
  const errors: { what: string; error: string }[] = [];
  const files = new Map<string, string>();
  const provider = providerChoice(inv);
  const coords = {
    groupId: 'com.example', artifactId: 'pin-check', packageName: 'com.example.pincheck', packagePath: 'com/example/pincheck',
    javaRelease: 17 as const, agentscopeVersion: inv.version, lang: 'en' as const,
  };
  if (!provider) errors.push({ what: 'project', error: `no model provider in the ${inv.version} inventory` });
  else {
    const tree = new Tree(join(dir, 'project'));
    const opts: CreateOptions = {
      ...coords, directory: join(dir, 'project'), projectVersion: '0.1.0', agent: { kind: 'react', name: 'assistant', systemPrompt: 'You are helpful.' },
      providers: [provider], maxRetries: 0, features: [...FEATURE_KINDS], mcpTransports: ['stdio', 'http'], force: false,
    };
    try {
      await generateProject(tree, opts, { inventory: inv });
      for (const c of tree.list()) files.set(`project/${c.path}`, c.content);
    } catch (e) {
      errors.push({ what: 'project (all features)', error: (e as Error).message });
    }
    // The HarnessAgent templates, when the rendering inventory ships agentscope-harness.
    if (availableAgentKinds(inv).some((k) => k.kind === 'harness' && k.available)) {
      const htree = new Tree(join(dir, 'harness'));
      const features = FEATURE_KINDS.filter((f) => !AGENT_KINDS.harness.unsupported[f]);
      try {
        await generateProject(htree, { ...opts, directory: join(dir, 'harness'), agent: { ...opts.agent, kind: 'harness' }, features }, { inventory: inv });
        for (const c of htree.list()) files.set(`harness/${c.path}`, c.content);
      } catch (e) {
        errors.push({ what: 'harness project', error: (e as Error).message });
      }
    }
    const tree2 = new Tree(join(dir, 'provider'));
    const fopts: FeatureOptions = { ...coords, kind: 'provider', className: 'ExtraProvider', mcpTransports: [], provider, force: false };
    try {
      await generateFeature(tree2, fopts, { inventory: inv });
      for (const c of tree2.list()) files.set(`provider/${c.path}`, c.content);
    } catch (e) {
      errors.push({ what: 'feature provider', error: (e as Error).message });
    }
  }
  return { files: [...files].map(([path, content]) => ({ path, content })), errors };
}

const WORD = (s: string) => new RegExp(`(^|[^\\w$])${s.replace(/[$.]/g, '\\$&')}([^\\w$]|$)`);

/** Diff entries that plausibly explain a finding on this line (types and members named on it). */
export function relatedChanges(line: string, diff: InventoryDiff, max = 4): Change[] {
  const hits: Change[] = [];
  for (const c of diff.changes) {
    if (!c.breaksCaller && !c.breaksImplementer) continue;
    if (c.scope === 'type') {
      const simpleName = c.type.slice(c.type.lastIndexOf('.') + 1);
      if (line.includes(c.type) || WORD(simpleName).test(line)) hits.push(c);
    } else {
      const n = memberName(c);
      if (n && n !== '<init>' && (line.includes(`.${n}(`) || line.includes(`${n} =`) || line.includes(`.${n}`))) hits.push(c);
    }
  }
  // Prefer entries whose owner type is named on the line too.
  hits.sort((x, y) => Number(WORD(y.type.slice(y.type.lastIndexOf('.') + 1)).test(line)) - Number(WORD(x.type.slice(x.type.lastIndexOf('.') + 1)).test(line)));
  return hits.slice(0, max);
}

export function templateLineOf(template: string, renderedLine: string, renderedNo: number, token?: string): number | undefined {
  const file = join(TEMPLATES_DIR, template.endsWith('.ejs') ? template : `${template}.ejs`);
  if (!existsSync(file)) return undefined;
  const lines = readFileSync(file, 'utf8').split('\n');
  const t = renderedLine.trim();
  const nearest = (pred: (l: string) => boolean) => {
    let best: number | undefined;
    lines.forEach((l, i) => {
      if (pred(l) && (best === undefined || Math.abs(i + 1 - renderedNo) < Math.abs(best - renderedNo))) best = i + 1;
    });
    return best;
  };
  if (t.length > 3) {
    const exact = nearest((l) => l.trim() === t);
    if (exact) return exact;
  }
  if (!token) return undefined;
  const isImport = t.startsWith('import ');
  const ident = isImport ? token : token.slice(token.lastIndexOf('.') + 1);
  return nearest((l) => l.includes(ident) && l.trim().startsWith('import ') === isImport);
}

export function tokenOf(message: string, line: string): string | undefined {
  const m = /method (\w+)\(|no element (\w+)|(\w+)\(\.\.\)|constant (\w+)|io\.agentscope[\w.]*\w/.exec(message);
  if (m) return m[1] ?? m[2] ?? m[3] ?? m[4] ?? m[0];
  const call = /\.(\w+)\(/.exec(line);
  return call?.[1];
}

export async function reverify(a: Inventory, b: Inventory): Promise<ReverifyResult> {
  const diff = diffInventories(a, b);
  const dir = mkdtempSync(join(tmpdir(), 'agentscope-pin-'));
  const breaks: TemplateBreak[] = [];
  let rendered: { files: { path: string; content: string }[]; errors: { what: string; error: string }[] };
  try {
    rendered = await renderAll(a, dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const javaFiles = rendered.files.filter((f) => f.path.endsWith('.java'));
  const checker = await runChecker(javaFiles.map((f) => ({ path: f.path, text: f.content })), b);
  const templates = new Set<string>();
  for (const f of rendered.files) {
    const prov = parseProvenance(f.content);
    if (prov) templates.add(prov.template);
  }
  for (const f of javaFiles) {
    const prov = parseProvenance(f.content);
    const template = prov?.template ?? f.path;
    const lines = f.content.split('\n');
    const byLine = new Map<number, TemplateBreak>();
    const add = (line: number, col: number, message: string, by: string, change?: Change) => {
      const text = lines[line - 1] ?? '';
      const prev = byLine.get(line);
      if (prev) {
        if (!prev.message.includes(message)) prev.message += `; ${message}`;
        if (change && !prev.changes.includes(change)) prev.changes.unshift(change);
        return;
      }
      // the entry behind the finding first, then others the line names (an argument's removed
      // type is reported, javac-like, where the call's removed method is the other half of the story)
      const changes = [...new Set([...(change ? [change] : []), ...relatedChanges(text, diff)])].slice(0, 4);
      const brk: TemplateBreak = { template, file: f.path, line, col, text: text.trim(), templateLine: templateLineOf(template, text, line, tokenOf(message, text)), message: message.length > 240 ? message.slice(0, 237) + '...' : message, by, changes };
      byLine.set(line, brk);
      breaks.push(brk);
    };
    for (const i of classifyFindings(f.path, f.content, checker, { a, b, diff })) add(i.line, i.col, i.message, `checker ${i.rule}`, i.change);
  }
  breaks.sort((x, y) => x.template.localeCompare(y.template) || x.line - y.line);

  // Rules: each trap rule and curated entry declares the declarations it relies on.
  const ia = indexInventory(a);
  const ib = indexInventory(b);
  const ruleBreaks: RuleBreak[] = [];
  const holding: string[] = [];
  const refChanges = (refs: ApiRef[]) =>
    diff.changes.filter((c) => refs.some((r) => c.type === r.type && (c.scope === 'type' || r.member === undefined || memberName(c) === r.member || (r.kind === 'constructor' && memberName(c) === '<init>'))) && (c.breaksCaller || c.change === 'removed'));
  let checked = 0;
  for (const [rule, refs] of Object.entries(TRAP_REQUIREMENTS)) {
    checked++;
    const info = RULES[rule as keyof typeof RULES];
    const enabledBefore = refs.every((r) => hasApi(ia, r));
    const missing = refs.filter((r) => !hasApi(ib, r));
    if (enabledBefore && missing.length) ruleBreaks.push({ rule, name: info.name, missing, changes: refChanges(missing) });
    else if (enabledBefore) holding.push(rule);
  }
  // Behaviour facts: each AS1xx rule's premises, read from the method bodies of each version.
  const premisesA = rulePremises(a, loadFacts(a));
  const premisesB = rulePremises(b, loadFacts(b));
  const factChanges = premiseChanges(premisesA, premisesB);
  for (const rule of premisesA.keys()) {
    const changed = factChanges.filter((c) => c.rule === rule);
    const info = RULES[rule as keyof typeof RULES];
    if (!(rule in TRAP_REQUIREMENTS)) checked++;
    if (!changed.length) {
      if (!(rule in TRAP_REQUIREMENTS)) holding.push(rule);
      continue;
    }
    const i = holding.indexOf(rule);
    if (i >= 0) holding.splice(i, 1);
    const prior = ruleBreaks.find((r) => r.rule === rule);
    if (prior) prior.facts = changed;
    else ruleBreaks.push({ rule, name: info.name, missing: [], changes: [], facts: changed });
  }
  for (const e of CURATED) {
    checked++;
    const id = `curated ${e.type.slice(e.type.lastIndexOf('.') + 1)}.${e.wrong}`;
    const appliedBefore = !hasApi(ia, { type: e.type, member: e.wrong }) && e.uses.every((u) => hasApi(ia, u));
    if (!appliedBefore) continue;
    const missing = e.uses.filter((u) => !hasApi(ib, u));
    const nowExists = hasApi(ib, { type: e.type, member: e.wrong }) ? `${e.type}.${e.wrong} exists in ${b.version}: "use ${e.instead} instead" would be wrong` : undefined;
    if (missing.length || nowExists) ruleBreaks.push({ rule: id, name: `instead: ${e.instead}`, missing, nowExists, changes: refChanges([...missing, { type: e.type }]) });
    else holding.push(id);
  }
  const inventoryDriven = Object.values(RULES).filter((r) => !(r.id in TRAP_REQUIREMENTS) && !premisesA.has(r.id) && !premisesB.has(r.id)).map((r) => `${r.id} ${r.name}`);
  return {
    from: a.version,
    to: b.version,
    diff,
    templates: { rendered: [...templates].sort(), files: rendered.files.length, breaks, renderErrors: rendered.errors },
    rules: { checked, holding, breaks: ruleBreaks, inventoryDriven },
    fragmentGaps: fragmentGaps(b.version),
    versionMentions: a.version === b.version ? [] : versionMentions(a.version),
  };
}
