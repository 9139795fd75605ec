/**
 * The index structure: Java artifacts by kind (core / extension / starter / runtime /
 * integration), Python packages by group, preview/legacy marks of versions, and the provider
 * table (prefix -> artifact -> environment variables) from the inventory.
 */
import type { Inventory } from '../inventory/schema.js';
import { esc, label, prose } from './html.js';
import type { Translations } from './i18n.js';
import type { PageSpec } from './layout.js';
import { typePath, type JavaContext } from './java.js';

export const ARTIFACT_KINDS = ['core', 'extension', 'starter', 'runtime', 'integration'] as const;
export type ArtifactKind = (typeof ARTIFACT_KINDS)[number];

/** The kind of an artifact, from its id (the naming convention of the io.agentscope group). */
export function artifactKind(artifactId: string): ArtifactKind {
  if (artifactId === 'agentscope-core') return 'core';
  if (/-starter$/.test(artifactId)) return 'starter';
  if (/^agentscope-runtime(-|$)/.test(artifactId)) return 'runtime';
  if (/^agentscope-extensions-/.test(artifactId)) return 'extension';
  return 'integration';
}

/** Search and listing weight of an artifact: the core first, then extensions, integrations, starters. */
export function artifactWeight(artifactId: string): number {
  return { core: 0, extension: 1, integration: 2, runtime: 3, starter: 4 }[artifactKind(artifactId)];
}

/** Artifacts grouped by kind, each group sorted, empty groups kept (they say "none in this version"). */
export function byKind<T>(items: T[], id: (x: T) => string): Map<ArtifactKind, T[]> {
  const out = new Map<ArtifactKind, T[]>(ARTIFACT_KINDS.map((k) => [k, []]));
  for (const x of items) out.get(artifactKind(id(x)))!.push(x);
  return out;
}

export const PY_GROUPS = ['core', 'capabilities', 'app', 'devx', 'other'] as const;
export type PyGroup = (typeof PY_GROUPS)[number];

const PY_CORE = new Set(['agent', 'message', 'model', 'formatter', 'tool', 'state', 'middleware', 'event', 'permission', 'pipeline', 'credential']);
const PY_CAPABILITIES = new Set(['rag', 'embedding', 'mcp', 'skill', 'sop', 'workspace', 'realtime', 'asr', 'tts', 'classifier']);
const PY_DEVX = new Set(['console', 'tui', 'exception', 'types']);

/** The group of a public Python package (`agentscope.app.channel` -> app). */
export function pyGroup(owner: string): PyGroup {
  const first = owner.split('.')[1];
  if (first === undefined) return 'other';
  if (first === 'app') return 'app';
  if (PY_CORE.has(first)) return 'core';
  if (PY_CAPABILITIES.has(first)) return 'capabilities';
  if (PY_DEVX.has(first)) return 'devx';
  return 'other';
}

/** `preview` for pre-release qualifiers, `legacy` for the 1.x line, else undefined. */
export function versionMark(version: string): 'preview' | 'legacy' | undefined {
  if (/-(?:rc|beta|alpha|m|snapshot)/i.test(version)) return 'preview';
  if (/^[01]\./.test(version)) return 'legacy';
  return undefined;
}

export function versionBadge(version: string, tr: Translations): string {
  const m = versionMark(version);
  return m ? ` <span class="badge ${m}">${label(tr.ui(`ui.version.${m}`))}</span>` : '';
}

/** The heading of a kind or group with its one-line description (UI texts `ui.kind.*`, `ui.pygroup.*`). */
export function groupHeading(prefix: string, key: string, count: number, tr: Translations): string {
  return `<h2 id="${prefix}-${key}">${label(tr.ui(`ui.${prefix}.${key}`))} <span class="muted">${count}</span></h2>${prose(tr.ui(`ui.${prefix}.${key}.text`))}`;
}

/** The provider page: every ModelProvider registration the sources of this version hold. */
export function providersPage(c: JavaContext): PageSpec {
  const tr = c.tr;
  const inv: Inventory = c.inv;
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
