/**
 * The upgrade's own findings, for a person (text) and for tools (JSON). The file changes
 * themselves are printed by the generators' plan printer (generators/_core/plan-output.ts).
 */
import { relative, sep } from 'node:path';
import type { Change } from '../diff/diff.js';
import type { VersionSite } from '../pom/agentscope-version.js';
import { changedFiles, type UpgradePlan } from './upgrade.js';
import { PROJECT_FILE } from './answers.js';
import type { RegenFile, RegenStatus } from './regenerate.js';

function changeLine(c: Change | undefined): string | undefined {
  if (!c) return undefined;
  const owner = c.typeTo ?? c.type;
  const tag = c.breaksCaller && c.breaksImplementer ? 'breaks callers+implementers' : c.breaksCaller ? 'breaks callers' : c.breaksImplementer ? 'breaks implementers' : 'compatible';
  if (c.scope === 'type') return `${c.change} type ${c.type}${c.to ? ` -> ${c.to}` : ''} (${tag})`;
  return `${owner}: ${c.change} ${c.member}${c.to ? ` -> ${c.to}` : ''}${c.note ? ` [${c.note}]` : ''} (${tag})`;
}

const SITE_LABEL: Record<VersionSite['kind'], (s: VersionSite) => string> = {
  property: (s) => `<${s.name}>`,
  bom: (s) => `${s.name} (BOM import) <version>`,
  dependency: (s) => `${s.name} <version>`,
  parent: (s) => `<parent> ${s.name} <version>`,
};

/** Path of a file as the plan names it (relative to the tree root). */
const planPath = (plan: UpgradePlan, abs: string) => relative(plan.tree.root, abs).split(sep).join('/');

/** The report above the plan: version sites, dependencies to add, lines per file, generated files, counts. */
export function formatReport(plan: UpgradePlan, cwd: string): string[] {
  const out: string[] = [];
  out.push(`AgentScope Java upgrade ${plan.from} -> ${plan.to}  (${relative(cwd, plan.pom) || plan.pom})`);
  if (plan.tree.root !== plan.root) out.push(`  the version is declared in a parent pom; paths are relative to ${relative(cwd, plan.tree.root) || '.'}`);
  if (!plan.declaration.sites.length) out.push('  pom.xml: no AgentScope version found to bump');
  for (const s of plan.declaration.sites) out.push(`  ${planPath(plan, s.file)}:${s.line}  ${SITE_LABEL[s.kind](s)} ${s.value} -> ${plan.to}`);
  const modulePom = planPath(plan, plan.pom);
  for (const d of plan.addDependencies) out.push(`  ${modulePom}: add dependency io.agentscope:${d.artifactId} (needed by ${d.because.map((t) => t.replace(/^([a-z_$][\w$]*\.)+/, '')).join(', ')})`);
  out.push('');
  for (const f of plan.files) {
    out.push(f.file);
    for (const i of f.items) {
      out.push(`  ${`${i.line}:${i.col}`.padEnd(7)} ${i.status === 'fix' ? 'FIX ' : 'TODO'}  ${i.message}${i.fix ? `  -> ${i.fix}` : ''}`);
      out.push(`          | ${i.source}   [${i.by}]`);
      const cl = changeLine(i.change);
      if (cl) out.push(`          diff: ${cl}`);
    }
  }
  if (plan.regeneration) out.push(...formatRegeneration(plan));
  else if (plan.generated.length) {
    out.push('', 'Generated files (provenance marker):');
    for (const g of plan.generated) {
      out.push(`  ${g.untouched ? 'untouched  ' : 'user-edited'}  ${g.file}  (${g.generator} template=${g.template} version=${g.version})${g.untouched ? '  -> can be regenerated for ' + plan.to : '  -> review by hand'}`);
    }
  }
  if (out.at(-1) !== '') out.push('');
  out.push(`${plan.counts.fixes} mechanical fix(es), ${plan.counts.todos} line(s) to change by hand, in ${plan.counts.files} file(s).`);
  if (plan.regeneration?.conflicts) out.push(`${plan.regeneration.conflicts} conflict(s) between your edits and the new templates.`);
  out.push('');
  return out;
}

const REGEN_LABEL: Record<RegenStatus, string> = {
  same: 'same     ',
  replace: 'replace  ',
  merge: 'merge    ',
  conflict: 'CONFLICT ',
  create: 'new      ',
  kept: 'kept     ',
  deleted: 'deleted  ',
  own: 'yours    ',
};

const REGEN_NOTE: Record<RegenStatus, (f: RegenFile) => string> = {
  same: () => '',
  replace: () => 'untouched since generated: replaced by the new render',
  merge: (f) => `your edits and the template changes merged (base: ${BASE_NAME[f.base ?? 'none']})`,
  conflict: (f) => `${f.conflicts.length} hunk(s) where your edits and the template changes overlap (base: ${BASE_NAME[f.base ?? 'none']})`,
  create: () => 'new in these templates',
  kept: () => 'no longer generated: left as it is',
  deleted: () => 'you deleted it: not generated again',
  own: () => 'no @generated marker: yours, left as it is',
};
const BASE_NAME = { render: 'rendered from the recorded answers', git: 'git history', none: 'not found, whole file compared' };

/** The regeneration: where the answers came from, each generated file's outcome, each conflict hunk. */
function formatRegeneration(plan: UpgradePlan): string[] {
  const r = plan.regeneration!;
  const out: string[] = ['', `Regeneration: the generated files rendered again for ${plan.to} with the templates of ${r.answers.tool}`];
  if (r.inferred) {
    out.push(`  no ${PROJECT_FILE}: the answers were inferred from the provenance markers and the pom (written to ${PROJECT_FILE}):`);
    for (const line of r.inferred) out.push(`    ${line}`);
  } else out.push(`  answers: ${PROJECT_FILE}`);
  for (const f of r.failed) out.push(`  could not render again: ${f}`);
  for (const f of r.files) if (f.status !== 'same') out.push(`  ${REGEN_LABEL[f.status]} ${f.file}  ${REGEN_NOTE[f.status](f)}`);
  const same = r.files.filter((f) => f.status === 'same').length;
  if (same) out.push(`  ${same} generated file(s) already as the new templates render them`);
  for (const f of r.files) {
    for (const h of f.conflicts) {
      out.push('', `CONFLICT ${f.file}:${h.line}`);
      out.push('<<<<<<< yours', ...h.ours, '||||||| base', ...h.base, '=======', ...h.theirs, `>>>>>>> agentscope-cli ${plan.to}`);
    }
  }
  return out;
}

/** Printed when --write meets conflicts without --allow-conflicts. */
export const CONFLICT_REFUSAL = (n: number) =>
  `Nothing was written: ${n} conflict(s) above. Edit those lines so the new templates apply, or run again with --write --allow-conflicts to write the files with conflict markers and resolve them in your editor.`;

/** Printed after a dry run's plan. */
export const WRITE_HINT = 'Run again with --write to bump the version and apply the fixes.';

export function planJson(plan: UpgradePlan, written: boolean): unknown {
  return {
    root: plan.tree.root,
    pom: plan.pom,
    from: plan.from,
    to: plan.to,
    written,
    versionSites: plan.declaration.sites.map((s) => ({ file: planPath(plan, s.file), kind: s.kind, name: s.name, value: s.value, line: s.line })),
    addDependencies: plan.addDependencies,
    files: plan.files.map((f) => ({ file: f.file, items: f.items.map(({ edit, change, ...rest }) => ({ ...rest, edit: edit ? { text: edit.text } : undefined, diff: changeLine(change) })) })),
    generated: plan.generated,
    regeneration: plan.regeneration && { answers: plan.regeneration.answers, inferred: plan.regeneration.inferred, failed: plan.regeneration.failed, files: plan.regeneration.files, conflicts: plan.regeneration.conflicts },
    counts: plan.counts,
    changedFiles: changedFiles(plan),
  };
}
