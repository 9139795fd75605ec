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

type Lang = 'en' | 'zh';

/** The report's own words; findings, signatures and diffs stay English (they are data). */
const WORDS = {
  en: {
    parentPom: (at: string) => `  the version is declared in a parent pom; paths are relative to ${at}`,
    noVersion: '  pom.xml: no AgentScope version found to bump',
    addDependency: (pom: string, a: string, by: string) => `  ${pom}: add dependency io.agentscope:${a} (needed by ${by})`,
    markerHeading: 'Generated files (provenance marker):',
    untouched: 'untouched  ',
    edited: 'user-edited',
    canRegenerate: (to: string) => `  -> can be regenerated for ${to}`,
    reviewByHand: '  -> review by hand',
    counts: (fixes: number, todos: number, files: number) => `${fixes} mechanical fix(es), ${todos} line(s) to change by hand, in ${files} file(s).`,
    conflicts: (n: number) => `${n} conflict(s) between your edits and the new templates.`,
    regenHeading: (to: string, tool: string) => `Regeneration: the generated files rendered again for ${to} with the templates of ${tool}`,
    inferred: `  no ${PROJECT_FILE}: the answers were inferred from the provenance markers and the pom (written to ${PROJECT_FILE}):`,
    answers: `  answers: ${PROJECT_FILE}`,
    failed: (f: string) => `  could not render again: ${f}`,
    sameCount: (n: number) => `  ${n} generated file(s) already as the new templates render them`,
    refusal: (n: number) => `Nothing was written: ${n} conflict(s) above. Edit those lines so the new templates apply, or run again with --write --allow-conflicts to write the files with conflict markers and resolve them in your editor.`,
    writeHint: 'Run again with --write to bump the version and apply the fixes.',
    label: { same: 'same     ', replace: 'replace  ', merge: 'merge    ', conflict: 'CONFLICT ', create: 'new      ', kept: 'kept     ', deleted: 'deleted  ', own: 'yours    ' } satisfies Record<RegenStatus, string>,
    note: {
      same: () => '',
      replace: () => 'untouched since generated: replaced by the new render',
      merge: (base: string) => `your edits and the template changes merged (base: ${base})`,
      conflict: (base: string, n: number) => `${n} hunk(s) where your edits and the template changes overlap (base: ${base})`,
      create: () => 'new in these templates',
      kept: () => 'no longer generated: left as it is',
      deleted: () => 'you deleted it: not generated again',
      own: () => 'no @generated marker: yours, left as it is',
    },
    base: { render: 'rendered from the recorded answers', git: 'git history', none: 'not found, whole file compared' },
  },
  zh: {
    parentPom: (at: string) => `  版本声明在父 pom 中；以下路径相对于 ${at}`,
    noVersion: '  pom.xml：没有找到可升级的 AgentScope 版本',
    addDependency: (pom: string, a: string, by: string) => `  ${pom}：添加依赖 io.agentscope:${a}（${by} 需要它）`,
    markerHeading: '生成的文件（来源标记）：',
    untouched: '未修改     ',
    edited: '已被修改   ',
    canRegenerate: (to: string) => `  -> 可为 ${to} 重新生成`,
    reviewByHand: '  -> 请手动检查',
    counts: (fixes: number, todos: number, files: number) => `${fixes} 处自动修复，${todos} 行需要手动修改，涉及 ${files} 个文件。`,
    conflicts: (n: number) => `你的修改与新模板之间有 ${n} 处冲突。`,
    regenHeading: (to: string, tool: string) => `重新生成：用 ${tool} 的模板为 ${to} 重新渲染生成的文件`,
    inferred: `  没有 ${PROJECT_FILE}：已根据来源标记和 pom 推断出当初的选项（写入 ${PROJECT_FILE}）：`,
    answers: `  选项：${PROJECT_FILE}`,
    failed: (f: string) => `  无法重新渲染：${f}`,
    sameCount: (n: number) => `  ${n} 个生成的文件已与新模板的渲染结果一致`,
    refusal: (n: number) => `未写入任何文件：上面有 ${n} 处冲突。修改这些行使新模板能够应用，或加上 --write --allow-conflicts 重新运行，写入带冲突标记的文件后在编辑器中解决。`,
    writeHint: '加上 --write 重新运行，以升级版本并应用修复。',
    label: { same: '相同     ', replace: '替换     ', merge: '合并     ', conflict: '冲突     ', create: '新增     ', kept: '保留     ', deleted: '已删除   ', own: '你的文件 ' } satisfies Record<RegenStatus, string>,
    note: {
      same: () => '',
      replace: () => '生成后未被修改：用新的渲染结果替换',
      merge: (base: string) => `你的修改与模板的变化已合并（基准：${base}）`,
      conflict: (base: string, n: number) => `${n} 处你的修改与模板变化重叠（基准：${base}）`,
      create: () => '新模板新增的文件',
      kept: () => '不再生成：保持原样',
      deleted: () => '你已删除它：不再生成',
      own: () => '没有 @generated 标记：属于你的文件，保持原样',
    },
    base: { render: '由记录的选项渲染', git: 'git 历史', none: '未找到，按整个文件比较' },
  },
};

/** The report above the plan: version sites, dependencies to add, lines per file, generated files, counts. */
export function formatReport(plan: UpgradePlan, cwd: string, lang: Lang = 'en'): string[] {
  const w = WORDS[lang];
  const out: string[] = [];
  out.push(`AgentScope Java upgrade ${plan.from} -> ${plan.to}  (${relative(cwd, plan.pom) || plan.pom})`);
  if (plan.tree.root !== plan.root) out.push(w.parentPom(relative(cwd, plan.tree.root) || '.'));
  if (!plan.declaration.sites.length) out.push(w.noVersion);
  for (const s of plan.declaration.sites) out.push(`  ${planPath(plan, s.file)}:${s.line}  ${SITE_LABEL[s.kind](s)} ${s.value} -> ${plan.to}`);
  const modulePom = planPath(plan, plan.pom);
  for (const d of plan.addDependencies) out.push(w.addDependency(modulePom, d.artifactId, d.because.map((t) => t.replace(/^([a-z_$][\w$]*\.)+/, '')).join(', ')));
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
  if (plan.regeneration) out.push(...formatRegeneration(plan, lang));
  else if (plan.generated.length) {
    out.push('', w.markerHeading);
    for (const g of plan.generated) {
      out.push(`  ${g.untouched ? w.untouched : w.edited}  ${g.file}  (${g.generator} template=${g.template} version=${g.version})${g.untouched ? w.canRegenerate(plan.to) : w.reviewByHand}`);
    }
  }
  if (out.at(-1) !== '') out.push('');
  out.push(w.counts(plan.counts.fixes, plan.counts.todos, plan.counts.files));
  if (plan.regeneration?.conflicts) out.push(w.conflicts(plan.regeneration.conflicts));
  out.push('');
  return out;
}

function regenNote(f: RegenFile, lang: Lang): string {
  const n = WORDS[lang].note;
  const base = WORDS[lang].base[f.base ?? 'none'];
  return f.status === 'merge' ? n.merge(base) : f.status === 'conflict' ? n.conflict(base, f.conflicts.length) : n[f.status]();
}

/** The regeneration: where the answers came from, each generated file's outcome, each conflict hunk. */
function formatRegeneration(plan: UpgradePlan, lang: Lang): string[] {
  const w = WORDS[lang];
  const r = plan.regeneration!;
  const out: string[] = ['', w.regenHeading(plan.to, r.answers.tool)];
  if (r.inferred) {
    out.push(w.inferred);
    for (const line of r.inferred) out.push(`    ${line}`);
  } else out.push(w.answers);
  for (const f of r.failed) out.push(w.failed(f));
  for (const f of r.files) if (f.status !== 'same') out.push(`  ${w.label[f.status]} ${f.file}  ${regenNote(f, lang)}`);
  const same = r.files.filter((f) => f.status === 'same').length;
  if (same) out.push(w.sameCount(same));
  for (const f of r.files) {
    for (const h of f.conflicts) {
      out.push('', `CONFLICT ${f.file}:${h.line}`);
      out.push('<<<<<<< yours', ...h.ours, '||||||| base', ...h.base, '=======', ...h.theirs, `>>>>>>> agentscope-cli ${plan.to}`);
    }
  }
  return out;
}

/** Printed when --write meets conflicts without --allow-conflicts. */
export const CONFLICT_REFUSAL = (n: number, lang: Lang = 'en') => WORDS[lang].refusal(n);

/** Printed after a dry run's plan. */
export const writeHint = (lang: Lang = 'en') => WORDS[lang].writeHint;

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
