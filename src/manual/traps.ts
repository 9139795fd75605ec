/**
 * Version traps where users read: the checker's trap rules (AS1xx) and the checked claims of
 * seed 000 as notes on the type and member pages they concern, the rules page and the verdicts
 * page, in both languages.
 */
import { describeCheck, parseRef, type Check, type Verdict } from '../api/claims.js';
import { RULES } from '../checker/rules.js';
import type { Member, TypeDecl } from '../inventory/schema.js';
import { esc, label, prose, proseMd, rel, type Text } from './html.js';
import type { Translations } from './i18n.js';
import { memberAnchors, typePath, type JavaContext } from './java.js';
import type { PageSpec } from './layout.js';

/** A trap rule's note: the members it concerns (fqn#name, every overload), what goes wrong and the fix. */
interface TrapNote {
  rule: keyof typeof RULES;
  members: string[];
  text: Text & { zh: string };
  fix: string;
}

/** The notes of the trap rules (docs/checker.md states each rule's facts and the versions read). */
const TRAP_NOTES: TrapNote[] = [
  {
    rule: 'AS101',
    members: ['io.agentscope.core.message.ToolResultBlock#text', 'io.agentscope.core.message.ToolResultBlock#error'],
    text: {
      en: 'text(..) leaves the block in its default state RUNNING; a ReActAgent settles a RUNNING tool result as SUCCESS, or as ERROR when its text starts with "[ERROR]". error(..) passes ERROR itself from 2.0.2 on; in 2.0.0 it leaves RUNNING with the text "Error: ...", which the agent settles as SUCCESS, so the failure reaches the model as a success. Code that reads the block before an agent settles it (a Toolkit called directly, your own loop) sees RUNNING: give a result its state.',
      zh: 'text(..) 创建的块保持默认状态 RUNNING；ReActAgent 会把处于 RUNNING 的工具结果定为 SUCCESS，文本以“[ERROR]”开头时定为 ERROR。从 2.0.2 起 error(..) 自己传入 ERROR；在 2.0.0 中它保持 RUNNING，文本为“Error: ...”，智能体会把它定为 SUCCESS，于是失败被当作成功告诉模型。在智能体定下状态之前读取该块的代码（直接调用 Toolkit、自己的循环）看到的是 RUNNING：请显式设置结果的状态。',
    },
    fix: 'ToolResultBlock.text("...").withState(ToolResultState.SUCCESS)\nToolResultBlock.error("...").withState(ToolResultState.ERROR)',
  },
  {
    rule: 'AS102',
    members: ['io.agentscope.core.message.GenerateReason#PERMISSION_ASKING', 'io.agentscope.core.message.Msg#METADATA_CONFIRM_RESULTS'],
    text: {
      en: 'A reply paused with PERMISSION_ASKING resumes from ConfirmResult objects in the message metadata under Msg.METADATA_CONFIRM_RESULTS, not from a "yes" text message.',
      zh: '因 PERMISSION_ASKING 暂停的回复，要从消息元数据 Msg.METADATA_CONFIRM_RESULTS 下的 ConfirmResult 对象恢复，而不是从“yes”之类的文本消息恢复。',
    },
    fix: 'Msg.builder().metadata(Map.of(Msg.METADATA_CONFIRM_RESULTS, List.of(new ConfirmResult(true, toolUse))))',
  },
  {
    rule: 'AS103',
    members: ['io.agentscope.core.permission.PermissionMode#DONT_ASK'],
    text: {
      en: 'DONT_ASK only turns the final default ASK into DENY: ask rules and a tool\'s own safety check still pause the reply. Add explicit allow/deny rules for tools that may ask, and handle PERMISSION_ASKING.',
      zh: 'DONT_ASK 只把最终的默认 ASK 变为 DENY：ask 规则和工具自身的安全检查仍会暂停回复。请为可能询问的工具添加显式的 allow/deny 规则，并处理 PERMISSION_ASKING。',
    },
    fix: 'PermissionContextState.builder().mode(PermissionMode.DONT_ASK).addDenyRule(..)',
  },
  {
    rule: 'AS104',
    members: ['io.agentscope.core.tool.Toolkit#registerMcpClient'],
    text: {
      en: 'Two MCP servers registered into one Toolkit keep their tools\' names: a later tool of the same name replaces an earlier one. Keep the names apart (enableTools / disableTools, or one Toolkit per server).',
      zh: '向同一个 Toolkit 注册两个 MCP 服务器时，远程工具保留原名：同名的后注册工具会替换先注册的。请让名称不重叠（enableTools / disableTools，或每个服务器一个 Toolkit）。',
    },
    fix: 'toolkit.registration().mcpClient(client).enableTools(List.of("a", "b")).apply()',
  },
];

function addNote(c: JavaContext, key: string, html: string): void {
  (c.notes.get(key) ?? c.notes.set(key, []).get(key)!).push(html);
}

function trapHtml(n: TrapNote, from: string, tr: Translations): string {
  const r = RULES[n.rule];
  return `<aside class="trap" role="note"><strong>${label(tr.ui('ui.trap.title'))}</strong> <a href="${rel(from, 'rules.html')}#${r.id}"><code>${r.id} ${esc(r.name)}</code></a>${prose(n.text)}<div class="fix"><span class="muted">${label(tr.ui('ui.trap.fix'))}</span><pre>${esc(n.fix)}</pre></div></aside>`;
}

/** The type and member of a claim check's reference, when this version has them. */
function claimTargets(c: JavaContext, check: Check): { type: TypeDecl; members: Member[] } | undefined {
  const ref = Object.values(check)[0] as string;
  let parsed;
  try {
    parsed = parseRef(ref);
  } catch {
    return undefined;
  }
  const type = c.by.get(parsed.type) ?? (c.bySimple.get(parsed.type.split('.')[0])?.length === 1 ? c.by.get(c.bySimple.get(parsed.type.split('.')[0])![0].fqn + parsed.type.slice(parsed.type.split('.')[0].length)) : undefined);
  if (!type) return undefined;
  return { type, members: parsed.name ? type.members.filter((m) => m.name === parsed.name) : [] };
}

/**
 * Registers the notes on c.notes before the pages render: each trap rule's members, and the
 * type (and members) every seed claim checks, linked to its verdict.
 */
export function registerNotes(c: JavaContext, verdicts: Verdict[]): void {
  for (const n of TRAP_NOTES) {
    for (const ref of n.members) {
      const [fqn, name] = ref.split('#');
      const t = c.by.get(fqn);
      if (!t) continue;
      for (const id of memberAnchors(c, t, name)) addNote(c, `${t.fqn}#${id}`, trapHtml(n, typePath(t), c.tr));
      addNote(c, t.fqn, `<p class="trap-ref">${label(c.tr.ui('ui.trap.onMember'))} <a href="#${esc(memberAnchors(c, t, name)[0] ?? 'top')}"><code>${esc(name)}</code></a> · <a href="${rel(typePath(t), 'rules.html')}#${n.rule}">${n.rule}</a></p>`);
    }
  }
  for (const v of verdicts) {
    const seen = new Set<string>();
    for (const r of v.results) {
      const hit = claimTargets(c, r.check);
      if (!hit) continue;
      const keys = hit.members.length ? hit.members.flatMap((m) => memberAnchors(c, hit.type, m.name).map((id) => `${hit.type.fqn}#${id}`)) : [hit.type.fqn];
      for (const key of keys) {
        if (seen.has(key)) continue;
        seen.add(key);
        const from = typePath(hit.type);
        addNote(c, key, `<p class="claim"><span class="${v.holds ? 'holds' : 'fails'}">${v.holds ? '✓' : '✗'}</span> ${label(c.tr.ui('ui.claim.note'))} <a href="${rel(from, 'verdicts.html')}#${esc(v.claim.id)}">${esc(v.claim.id)}</a>: ${label(c.tr.doc(`claim:${v.claim.id}`, v.claim.text))}</p>`);
      }
    }
  }
}

/** The trap rules of the checker with the notes the pages show. */
export function rulesPage(c: JavaContext): PageSpec {
  const tr = c.tr;
  const items = TRAP_NOTES.map((n) => {
    const r = RULES[n.rule];
    const where = n.members
      .map((ref) => {
        const [fqn, name] = ref.split('#');
        const t = c.by.get(fqn);
        const id = t ? memberAnchors(c, t, name)[0] : undefined;
        return t && id ? `<a href="${typePath(t)}#${esc(id)}"><code>${esc(t.name)}.${esc(name)}</code></a>` : `<code>${esc(ref.replace(/^.*\./, ''))}</code> <span class="muted">(${label(tr.ui('ui.trap.absent'))})</span>`;
      })
      .join(', ');
    return `<section class="member" id="${r.id}"><h2>${r.id} <code>${esc(r.name)}</code> <span class="badge">${esc(r.severity)}</span></h2>
${prose({ en: r.summary, zh: tr.ui(`ui.rule.${r.id}`).zh })}
<p>${where}</p>
${prose(n.text)}<pre>${esc(n.fix)}</pre></section>`;
  });
  return {
    path: 'rules.html',
    title: `Version traps — AgentScope Java ${c.inv.version}`,
    body: `<h1>${label(tr.ui('ui.nav.rules'))}</h1>
${prose(tr.ui('ui.rules.intro'))}
<pre>agentscope check src/main/java</pre>
${items.join('\n')}`,
  };
}

/** Evidence lines `signature  (artifact:path:line)` with the declaration's type linked. */
function evidenceHtml(c: JavaContext, lines: string[], check: Check): string {
  const hit = claimTargets(c, check);
  const link = hit ? `<a href="${typePath(hit.type)}${hit.members[0] ? `#${esc(memberAnchors(c, hit.type, hit.members[0].name)[0])}` : ''}">${esc(hit.type.name)}${hit.members[0] ? `.${esc(hit.members[0].name)}` : ''}</a> ` : '';
  return lines.length ? `<div class="evidence">${link}<pre>${esc(lines.join('\n'))}</pre></div>` : link ? `<div class="evidence">${link}</div>` : '';
}

/** The seed-000 claims against this version, both languages, evidence linked. */
export function verdictsPage(c: JavaContext, verdicts: Verdict[]): PageSpec {
  const tr = c.tr;
  const held = verdicts.filter((v) => v.holds).length;
  const verdict = (ok: boolean) => `<span class="${ok ? 'holds' : 'fails'}">${ok ? '✓' : '✗'} ${label(tr.ui(ok ? 'ui.verdicts.holds' : 'ui.verdicts.fails'))}</span>`;
  const items = verdicts.map(
    (v) => `<section class="member" id="${esc(v.claim.id)}"><h3>${verdict(v.holds)} ${esc(v.claim.id)}</h3>
${proseMd(tr.doc(`claim:${v.claim.id}`, v.claim.text))}
<p class="loc">${esc(v.claim.source)}</p>
<ul>${v.results.map((r) => `<li>${verdict(r.holds)} <code>${esc(describeCheck(r.check))}</code>${evidenceHtml(c, r.evidence, r.check)}</li>`).join('')}</ul>
${v.claim.note ? proseMd({ en: v.claim.note }) : ''}</section>`,
  );
  return {
    path: 'verdicts.html',
    title: `Claims checked — AgentScope Java ${c.inv.version}`,
    body: `<h1>${label(tr.ui('ui.nav.verdicts'))}</h1>
${prose(tr.ui('ui.verdicts.intro'))}
${prose(tr.ui('ui.verdicts.target'))}
<p><strong>${held}/${verdicts.length}</strong> ${label(tr.ui('ui.verdicts.hold'))} ${esc(c.inv.version)}</p>
${items.join('\n')}`,
  };
}
