/**
 * The upgrade's own findings, for a person (text) and for tools (JSON). The file changes
 * themselves are printed by the generators' plan printer (generators/_core/plan-output.ts).
 */
import { relative, sep } from 'node:path';
import type { Change } from '../diff/diff.js';
import type { VersionSite } from '../pom/agentscope-version.js';
import { changedFiles, type UpgradePlan } from './upgrade.js';

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
  if (plan.generated.length) {
    out.push('', 'Generated files (provenance marker):');
    for (const g of plan.generated) {
      out.push(`  ${g.untouched ? 'untouched  ' : 'user-edited'}  ${g.file}  (${g.generator} template=${g.template} version=${g.version})${g.untouched ? '  -> can be regenerated for ' + plan.to : '  -> review by hand'}`);
    }
  }
  if (out.at(-1) !== '') out.push('');
  out.push(`${plan.counts.fixes} mechanical fix(es), ${plan.counts.todos} line(s) to change by hand, in ${plan.counts.files} file(s).`);
  out.push('');
  return out;
}

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
    counts: plan.counts,
    changedFiles: changedFiles(plan),
  };
}
