import type { Inventory, Manifest, TypeDecl } from '../inventory/schema.js';
import type { PyInventory } from '../inventory/python/schema.js';
import { esc, label, prose } from './html.js';
import type { Translations } from './i18n.js';
import type { PageSpec } from './layout.js';
import { nestedName, typePath, type JavaContext } from './java.js';
import type { PyContext } from './python.js';
import { ARTIFACT_KINDS, byKind, groupHeading, versionBadge } from './taxonomy.js';

export function homePage(java: Inventory, py: PyInventory | undefined, tr: Translations, versions: string[], target?: string): PageSpec {
  const members = java.types.reduce((n, t) => n + t.members.length, 0);
  return {
    path: 'index.html',
    title: `AgentScope API manual — Java ${java.version}`,
    body: `<h1>AgentScope API</h1>
${prose(tr.ui('ui.home.intro'))}
<ul>
<li><a href="guide/index.html">${label(tr.ui('ui.nav.guide'))}</a></li>
<li><a href="java/index.html">AgentScope Java ${esc(java.version)}</a>${versionBadge(java.version, tr)} — ${java.artifacts.length} ${label(tr.ui('ui.count.artifacts'))}, ${java.types.length} ${label(tr.ui('ui.count.types'))}, ${members} ${label(tr.ui('ui.count.members'))}${target && target !== java.version ? ` <span class="muted">(${label(tr.ui('ui.home.target'))} ${esc(target)})</span>` : ''}</li>
${py ? `<li><a href="python/index.html">AgentScope Python ${esc(py.version)}</a> — ${py.modules.length} ${label(tr.ui('ui.count.modules'))}</li>` : ''}
<li><a href="artifacts.html">${label(tr.ui('ui.nav.artifacts'))}</a></li>
<li><a href="providers.html">${label(tr.ui('ui.nav.providers'))}</a></li>
<li><a href="rules.html">${label(tr.ui('ui.nav.rules'))}</a></li>
<li><a href="concepts.html">${label(tr.ui('ui.nav.concepts'))}</a></li>
<li><a href="verdicts.html">${label(tr.ui('ui.nav.verdicts'))}</a></li>
<li><a href="coverage.html">${label(tr.ui('ui.nav.coverage'))}</a></li>
</ul>
<h2>${label(tr.ui('ui.home.badges'))}</h2>
${prose(tr.ui('ui.home.badgesText'))}
<ul>${versions.map((v) => `<li><code>${esc(v)}</code>${versionBadge(v, tr)}</li>`).join('')}</ul>
${prose(tr.ui('ui.home.marks'))}`,
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
  const section = (list: typeof inv.artifacts) => list
    .map((a) => {
      const pk = [...(packages.get(a.artifactId) ?? [])].sort();
      return `<section class="member" id="${esc(a.artifactId)}"><h3>${esc(a.artifactId)}</h3>
<pre>${esc(dependencyXml(a.artifactId, bom ? undefined : inv.version))}</pre>
<p class="loc">${a.types} types · ${a.javaFiles} .java files · sources jar sha1 ${esc(a.sha1)}</p>
<p>${pk.map((p) => `<a href="java/${esc(p)}/index.html">${esc(p)}</a>`).join(', ')}</p></section>`;
    })
    .join('\n');
  const kinds = byKind(inv.artifacts, (a) => a.artifactId);
  const sections = ARTIFACT_KINDS.map((k) => `${groupHeading('kind', k, kinds.get(k)!.length, tr)}${kinds.get(k)!.length ? section(kinds.get(k)!) : `<p class="muted">${label(tr.ui('ui.kind.none'))}</p>`}`).join('\n');
  const toc = `<p>${ARTIFACT_KINDS.map((k) => `<a href="#kind-${k}">${label(tr.ui(`ui.kind.${k}`))}</a> <span class="muted">${kinds.get(k)!.length}</span>`).join(' · ')}</p>`;
  const dedup = `<h2 id="dedup">${label(tr.ui('ui.artifacts.dedup'))}</h2>${prose(tr.ui('ui.artifacts.dedupRule'))}<p><strong>${inv.duplicatesResolved}</strong> ${label(tr.ui('ui.artifacts.dedupCount'))}</p>`;
  const missing = manifest?.unavailable?.length
    ? `<h2>${label(tr.ui('ui.artifacts.unavailable'))}</h2><p class="loc">${manifest.unavailable.map((u) => esc(u.artifactId)).join(', ')}</p>`
    : '';
  return {
    path: 'artifacts.html',
    title: `Artifacts — AgentScope Java ${inv.version}`,
    body: `<h1>${label(tr.ui('ui.nav.artifacts'))} <span class="muted">io.agentscope ${esc(inv.version)}</span></h1>
${toc}
${bomBlock}
${sections}
${dedup}
${missing}`,
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
  const claimAsked = asked.filter((i) => i.startsWith('claim:')).length;
  const claimHit = hit.filter((i) => i.startsWith('claim:')).length;
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
<tr><td><a href="verdicts.html">${label(tr.ui('ui.nav.verdicts'))}</a></td><td class="num">${claimHit}/${claimAsked}</td><td class="num">${pct(claimHit, claimAsked)}</td></tr>
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
</tbody></table>
<h2 id="async">${label(tr.ui('ui.concepts.async'))}</h2>
${prose(tr.ui('ui.concepts.asyncText'))}
<table><thead><tr><th>Python (asyncio)</th><th>Java (Project Reactor)</th></tr></thead><tbody>
<tr><td><code>async def f() -&gt; T</code> · <code>await f()</code></td><td><code>Mono&lt;T&gt; f()</code> · <code>f().block()</code> / <code>.flatMap(..)</code></td></tr>
<tr><td><code>async def f() -&gt; AsyncGenerator[T]</code> · <code>async for x in f()</code></td><td><code>Flux&lt;T&gt; f()</code> · <code>.subscribe(..)</code> / <code>.collectList()</code></td></tr>
<tr><td><code>asyncio.gather(a, b)</code></td><td><code>Mono.zip(a, b)</code> / <code>Flux.merge(a, b)</code></td></tr>
<tr><td><code>await agent(msg)</code></td><td><code>agent.call(msg).block()</code></td></tr>
</tbody></table>`,
  };
}

/** The provider page: every ModelProvider registration the sources of this version hold. */
export function providersPage(c: JavaContext): PageSpec {
  const tr = c.tr;
  const inv = c.inv;
  const rows = [...inv.providers]
    .sort((a, b) => (a.prefix < b.prefix ? -1 : a.prefix > b.prefix ? 1 : 0))
    .map((p) => {
      const t = c.by.get(p.providerClass);
      const cls = t ? `<a href="${typePath(t)}" title="${esc(p.providerClass)}">${esc(t.name)}</a>` : `<code>${esc(p.providerClass)}</code>`;
      const keys = p.envVars.filter((v) => /KEY|TOKEN|SECRET/.test(v));
      const urls = p.envVars.filter((v) => !keys.includes(v));
      return `<tr id="${esc(p.prefix)}"><td><code>${esc(p.prefix)}:</code></td><td><a href="artifacts.html#${esc(p.artifactId)}">${esc(p.artifactId)}</a></td><td>${cls}</td><td>${keys.map((v) => `<code>${esc(v)}</code>`).join(' ') || '—'}</td><td>${urls.map((v) => `<code>${esc(v)}</code>`).join(' ') || '—'}</td></tr>`;
    });
  const example = inv.providers.length ? inv.providers.find((p) => p.prefix === 'openai') ?? inv.providers[0] : undefined;
  return {
    path: 'providers.html',
    title: `Model providers — AgentScope Java ${inv.version}`,
    body: `<h1>${label(tr.ui('ui.nav.providers'))} <span class="muted">${esc(inv.version)}</span></h1>
${prose(tr.ui('ui.providers.intro'))}
${example ? `<pre>${esc(`ReActAgent.builder()\n    .model("${example.prefix}:<model name>")   // needs io.agentscope:${example.artifactId}`)}</pre>` : ''}
<div class="wide"><table><thead><tr><th>${label(tr.ui('ui.providers.prefix'))}</th><th>${label(tr.ui('ui.col.artifacts'))}</th><th>${label(tr.ui('ui.providers.class'))}</th><th>${label(tr.ui('ui.providers.key'))}</th><th>${label(tr.ui('ui.providers.other'))}</th></tr></thead><tbody>
${rows.join('\n') || `<tr><td colspan="5">${label(tr.ui('ui.providers.none'))}</td></tr>`}
</tbody></table></div>
${prose(tr.ui('ui.providers.model'))}`,
  };
}
