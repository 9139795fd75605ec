import type { Inventory, Manifest, TypeDecl } from '../inventory/schema.js';
import type { PyInventory } from '../inventory/python/schema.js';
import { describeCheck, type Verdict } from '../api/claims.js';
import { esc, label, prose } from './html.js';
import type { Translations } from './i18n.js';
import type { PageSpec } from './layout.js';
import { nestedName, typePath, type JavaContext } from './java.js';
import type { PyContext } from './python.js';

export function homePage(java: Inventory, py: PyInventory | undefined, tr: Translations, versions: string[], target?: string): PageSpec {
  const members = java.types.reduce((n, t) => n + t.members.length, 0);
  return {
    path: 'index.html',
    title: `AgentScope API manual — Java ${java.version}`,
    body: `<h1>AgentScope API</h1>
${prose(tr.ui('ui.home.intro'))}
<ul>
<li><a href="java/index.html">AgentScope Java ${esc(java.version)}</a> — ${java.artifacts.length} artifacts, ${java.types.length} types, ${members} members${target && target !== java.version ? ` <span class="muted">(target ${esc(target)})</span>` : ''}</li>
${py ? `<li><a href="python/index.html">AgentScope Python ${esc(py.version)}</a> — ${py.modules.length} modules</li>` : ''}
<li><a href="artifacts.html">${label(tr.ui('ui.nav.artifacts'))}</a></li>
<li><a href="concepts.html">${label(tr.ui('ui.nav.concepts'))}</a></li>
<li><a href="verdicts.html">${label(tr.ui('ui.nav.verdicts'))}</a></li>
<li><a href="coverage.html">${label(tr.ui('ui.nav.coverage'))}</a></li>
</ul>
<h2>${label(tr.ui('ui.home.badges'))}</h2>
${prose(tr.ui('ui.home.badgesText'))}
<p><code>${esc(versions.join(', '))}</code></p>`,
  };
}

function dependencyXml(artifactId: string, version?: string): string {
  return `<dependency>\n  <groupId>io.agentscope</groupId>\n  <artifactId>${artifactId}</artifactId>${version ? `\n  <version>${version}</version>` : ''}\n</dependency>`;
}

export function artifactsPage(c: JavaContext, manifest: Manifest | undefined): PageSpec {
  const inv = c.inv;
  const tr = c.tr;
  const bom = manifest?.discovery === 'bom';
  const packages = new Map<string, Set<string>>();
  for (const t of inv.types) (packages.get(t.artifact) ?? packages.set(t.artifact, new Set()).get(t.artifact)!).add(t.package);
  const bomBlock = bom
    ? `${prose(tr.ui('ui.artifacts.bom'))}<pre>${esc(`<dependencyManagement>\n  <dependencies>\n    <dependency>\n      <groupId>io.agentscope</groupId>\n      <artifactId>agentscope-bom</artifactId>\n      <version>${inv.version}</version>\n      <type>pom</type>\n      <scope>import</scope>\n    </dependency>\n  </dependencies>\n</dependencyManagement>`)}</pre>`
    : prose(tr.ui('ui.artifacts.noBom'));
  const sections = inv.artifacts
    .map((a) => {
      const pk = [...(packages.get(a.artifactId) ?? [])].sort();
      return `<section class="member" id="${esc(a.artifactId)}"><h3>${esc(a.artifactId)}</h3>
<pre>${esc(dependencyXml(a.artifactId, bom ? undefined : inv.version))}</pre>
<p class="loc">${a.types} types · ${a.javaFiles} .java files · sources jar sha1 ${esc(a.sha1)}</p>
<p>${pk.map((p) => `<a href="java/${esc(p)}/index.html">${esc(p)}</a>`).join(', ')}</p></section>`;
    })
    .join('\n');
  const missing = manifest?.unavailable?.length
    ? `<h2>${label(tr.ui('ui.artifacts.unavailable'))}</h2><p class="loc">${manifest.unavailable.map((u) => esc(u.artifactId)).join(', ')}</p>`
    : '';
  return {
    path: 'artifacts.html',
    title: `Artifacts — AgentScope Java ${inv.version}`,
    body: `<h1>${label(tr.ui('ui.nav.artifacts'))} <span class="muted">io.agentscope ${esc(inv.version)}</span></h1>
${bomBlock}
${sections}
${missing}`,
  };
}

export function verdictsPage(c: JavaContext, verdicts: Verdict[]): PageSpec {
  const tr = c.tr;
  const held = verdicts.filter((v) => v.holds).length;
  const items = verdicts
    .map(
      (v) => `<section class="member" id="${esc(v.claim.id)}"><h3><span class="${v.holds ? 'holds' : 'fails'}">${v.holds ? '✓' : '✗'}</span> ${esc(v.claim.id)}</h3>
${prose({ en: v.claim.text })}
<p class="loc">${esc(v.claim.source)}</p>
<ul>${v.results.map((r) => `<li><span class="${r.holds ? 'holds' : 'fails'}">${r.holds ? 'holds' : 'does not hold'}</span> <code>${esc(describeCheck(r.check))}</code>${r.evidence.length ? `<pre>${esc(r.evidence.join('\n'))}</pre>` : ''}</li>`).join('')}</ul>
${v.claim.note ? prose({ en: v.claim.note }) : ''}</section>`,
    )
    .join('\n');
  return {
    path: 'verdicts.html',
    title: `Seed 000 verdicts — AgentScope Java ${c.inv.version}`,
    body: `<h1>${label(tr.ui('ui.nav.verdicts'))}</h1>
${prose(tr.ui('ui.verdicts.intro'))}
<p><strong>${held}/${verdicts.length}</strong> ${label(tr.ui('ui.verdicts.hold'))} ${esc(c.inv.version)}</p>
${items}`,
  };
}

const pct = (a: number, b: number) => (b ? `${((100 * a) / b).toFixed(1)}%` : '—');

export function coveragePage(c: JavaContext, p: PyContext | undefined, tr: Translations): PageSpec {
  const rows = [...c.docCount.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([a, k]) => `<tr><td><a href="artifacts.html#${esc(a)}">${esc(a)}</a></td><td class="num">${k.typesDoc}/${k.types}</td><td class="num">${k.membersDoc}</td><td class="num">${k.members - k.membersDoc}</td><td class="num">${pct(k.membersDoc, k.members)}</td></tr>`)
    .join('\n');
  const pyRows = p
    ? [...p.docCount.entries()]
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([o, k]) => `<tr><td><a href="python/${esc(o)}.html">${esc(o)}</a></td><td class="num">${k.documented}</td><td class="num">${k.items - k.documented}</td><td class="num">${pct(k.documented, k.items)}</td></tr>`)
        .join('\n')
    : '';
  const asked = [...tr.docAsked];
  const hit = [...tr.docHit];
  const javaAsked = asked.filter((i) => i.startsWith('java:')).length;
  const javaHit = hit.filter((i) => i.startsWith('java:')).length;
  const pyAsked = asked.filter((i) => i.startsWith('py:')).length;
  const pyHit = hit.filter((i) => i.startsWith('py:')).length;
  const ui = tr.uiIds();
  const uiZh = ui.filter((i) => tr.entries.get(i)!.zh).length;
  const orphans = [...tr.entries.keys()].filter((i) => !i.startsWith('ui.') && !tr.docAsked.has(i)).sort();
  return {
    path: 'coverage.html',
    title: `Coverage — AgentScope Java ${c.inv.version}`,
    body: `<h1>${label(tr.ui('ui.nav.coverage'))}</h1>
<h2>${label(tr.ui('ui.coverage.docs'))} — Java ${esc(c.inv.version)}</h2>
<table><thead><tr><th>artifact</th><th class="num">${label(tr.ui('ui.coverage.typesDoc'))}</th><th class="num">${label(tr.ui('ui.coverage.documented'))}</th><th class="num">${label(tr.ui('ui.coverage.undocumented'))}</th><th class="num">%</th></tr></thead><tbody>
${rows}
</tbody></table>
${p ? `<h2>${label(tr.ui('ui.coverage.docs'))} — Python ${esc(p.inv.version)}</h2>
<table><thead><tr><th>package</th><th class="num">${label(tr.ui('ui.coverage.documented'))}</th><th class="num">${label(tr.ui('ui.coverage.undocumented'))}</th><th class="num">%</th></tr></thead><tbody>
${pyRows}
</tbody></table>` : ''}
<h2 id="translations">${label(tr.ui('ui.coverage.translations'))}</h2>
${prose(tr.ui('ui.coverage.translationsText'))}
<table><tbody>
<tr><td>${label(tr.ui('ui.coverage.uiTexts'))}</td><td class="num">${uiZh}/${ui.length}</td><td class="num">${pct(uiZh, ui.length)}</td></tr>
<tr><td>Java ${label(tr.ui('ui.coverage.summaries'))}</td><td class="num">${javaHit}/${javaAsked}</td><td class="num">${pct(javaHit, javaAsked)}</td></tr>
<tr><td>Python ${label(tr.ui('ui.coverage.summaries'))}</td><td class="num">${pyHit}/${pyAsked}</td><td class="num">${pct(pyHit, pyAsked)}</td></tr>
<tr><td>${label(tr.ui('ui.coverage.stale'))}</td><td class="num">${tr.stale.size}</td><td class="loc">${esc([...tr.stale].sort().join(', '))}</td></tr>
<tr><td>${label(tr.ui('ui.coverage.orphans'))}</td><td class="num">${orphans.length}</td><td class="loc">${esc(orphans.join(', '))}</td></tr>
</tbody></table>`,
  };
}

/**
 * Shared concepts and the names each edition uses for them. Candidates are simple names;
 * only those found in the inventories are shown, so the page never names what does not exist.
 */
export const CONCEPTS: { id: string; java: string[]; python: string[] }[] = [
  { id: 'agent', java: ['Agent', 'ReActAgent', 'AgentBase', 'HarnessAgent', 'UserAgent'], python: ['Agent', 'A2AAgent', 'RealtimeAgent'] },
  { id: 'toolkit', java: ['Toolkit', 'ToolGroup'], python: ['Toolkit', 'ToolGroup'] },
  { id: 'tool', java: ['Tool', 'ToolParam', 'AgentTool', 'ToolResultBlock', 'ToolUseBlock'], python: ['ToolBase', 'FunctionTool', 'ToolResponse', 'ToolResultBlock', 'ToolCallBlock', 'ToolUseBlock'] },
  { id: 'middleware', java: ['MiddlewareBase', 'MiddlewareChain', 'Hook'], python: ['MiddlewareBase', 'ToolMiddlewareBase'] },
  { id: 'mcp', java: ['McpClientBuilder', 'McpClientWrapper', 'McpTool'], python: ['MCPClient', 'StdioMCPConfig', 'HttpMCPConfig', 'MCPTool'] },
  { id: 'memory', java: ['Memory', 'InMemoryMemory', 'LongTermMemory', 'AgentState'], python: ['AgentState', 'AgenticMemoryMiddleware', 'Mem0Middleware', 'ReMeMiddleware'] },
  { id: 'message', java: ['Msg', 'TextBlock'], python: ['Msg', 'TextBlock'] },
  { id: 'model', java: ['Model', 'ChatModelBase', 'OpenAIChatModel'], python: ['ChatModelBase', 'OpenAIChatModel'] },
  { id: 'formatter', java: ['Formatter'], python: ['FormatterBase'] },
];

export function conceptsPage(c: JavaContext, p: PyContext | undefined, tr: Translations): PageSpec {
  const bySimple = new Map<string, TypeDecl[]>();
  for (const t of c.inv.types) if (!t.outer) (bySimple.get(t.name) ?? bySimple.set(t.name, []).get(t.name)!).push(t);
  const pyByName = new Map<string, { href: string; publicName: string }[]>();
  if (p) for (const [qual, w] of [...p.where.entries()].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const name = qual.slice(qual.lastIndexOf('.') + 1);
    (pyByName.get(name) ?? pyByName.set(name, []).get(name)!).push(w);
  }
  const rows = CONCEPTS.map((k) => {
    const j = k.java.flatMap((n) => bySimple.get(n) ?? []).map((t) => `<li><a href="${typePath(t)}"><code>${esc(nestedName(t))}</code></a> <span class="loc">${esc(t.package)}</span></li>`);
    const py = k.python.flatMap((n) => pyByName.get(n) ?? []).map((w) => `<li><a href="${esc(w.href)}"><code>${esc(w.publicName.slice(w.publicName.lastIndexOf('.') + 1))}</code></a> <span class="loc">${esc(w.publicName.slice(0, w.publicName.lastIndexOf('.')))}</span></li>`);
    return `<tr id="${k.id}"><th>${label(tr.ui(`ui.concept.${k.id}`))}</th><td><ul class="plain">${j.join('') || '<li class="muted">—</li>'}</ul></td><td><ul class="plain">${py.join('') || '<li class="muted">—</li>'}</ul></td></tr>`;
  });
  return {
    path: 'concepts.html',
    title: 'Java ↔ Python concepts',
    body: `<h1>${label(tr.ui('ui.nav.concepts'))}</h1>
${prose(tr.ui('ui.concepts.intro'))}
<table><thead><tr><th></th><th>Java ${esc(c.inv.version)}</th><th>Python ${p ? esc(p.inv.version) : ''}</th></tr></thead><tbody>
${rows.join('\n')}
</tbody></table>`,
  };
}

