/**
 * The index structure: Java artifacts by kind (core / extension / starter / runtime /
 * integration), Python packages by group, preview/legacy marks of versions.
 */
import { label, prose } from './html.js';
import type { Translations } from './i18n.js';

export const ARTIFACT_KINDS = ['core', 'extension', 'starter', 'runtime', 'integration'] as const;
export type ArtifactKind = (typeof ARTIFACT_KINDS)[number];

/** The kind of an artifact, from its id (the naming convention of the io.agentscope group). */
function artifactKind(artifactId: string): ArtifactKind {
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
function versionMark(version: string): 'preview' | 'legacy' | undefined {
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
