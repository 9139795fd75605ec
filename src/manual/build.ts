import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { Inventory, Manifest } from '../inventory/schema.js';
import type { PyInventory } from '../inventory/python/schema.js';
import type { Verdict } from '../api/claims.js';
import { CSS, clientScript } from './assets.js';
import { esc, label, prose } from './html.js';
import { History } from './history.js';
import { compareVersions } from '../core/versions.js';
import { processAlive } from '../core/write.js';
import type { Translations } from './i18n.js';
import { javaContext, javaPages } from './java.js';
import { checkExamples } from './examples.js';
import { renderPage, type PageSpec } from './layout.js';
import { checkLinks, type BrokenLink } from './links.js';
import { artifactsPage, conceptsPage, coveragePage, homePage, providersPage } from './pages.js';
import { ApiRefs, guidePages, type Chapter } from './chapters.js';
import { CHAPTERS } from './guide-text.js';
import { registerNotes, rulesPage, verdictsPage } from './traps.js';
import { pyContext, pythonPages } from './python.js';
import { searchIndexScript, type SearchEntry } from './search.js';

/** Everything a manual is generated from; loading it is the command's job. */
export interface ManualInput {
  java: Inventory;
  manifest?: Manifest;
  /** Other held Java inventories, for the since / changed-in badges (older ones are used). */
  held: Inventory[];
  python?: PyInventory;
  tr: Translations;
  verdicts: Verdict[];
  target?: string;
  /** The guide's chapters (default: CHAPTERS); a test plants a wrong one here. */
  chapters?: Chapter[];
}

export interface Site {
  /** Site path -> content, in a fixed order. */
  files: Map<string, string>;
  pages: number;
  searchEntries: number;
  linksChecked: number;
  broken: BrokenLink[];
}

/** Generates the whole site in memory (pure: same input, same bytes) and link-checks it. */
export async function generateManual(input: ManualInput): Promise<Site> {
  const { java, tr } = input;
  const older = input.held.filter((h) => h.version !== java.version);
  const history = new History(java, older.filter((h) => compareVersions(h.version, java.version) < 0));
  // every Javadoc example checked in one checker run, before the pages that flag them
  const jc = javaContext(java, tr, history, await checkExamples(java));
  registerNotes(jc, input.verdicts);
  const pc = input.python ? pyContext(input.python, tr) : undefined;
  // the chapters, as they read for this version, have their references checked against it
  // first, so a chapter naming what the version lacks fails before anything else is generated
  const guideEntries: SearchEntry[] = [];
  const specs: PageSpec[] = guidePages(input.chapters ?? CHAPTERS, new ApiRefs(jc, pc), tr, guideEntries, java.version);
  specs.push(...javaPages(jc));
  if (pc) specs.push(...pythonPages(pc));
  else specs.push({ path: 'python/index.html', title: 'AgentScope Python', body: `<h1>AgentScope Python</h1>${prose(tr.ui('ui.python.missing'))}` });
  specs.push(artifactsPage(jc, input.manifest), verdictsPage(jc, input.verdicts), conceptsPage(jc, pc, tr), providersPage(jc), rulesPage(jc));
  specs.push(homePage(java, input.python, tr, history.versions, input.target));
  // last: it reports what the other pages asked of the translations
  specs.push(coveragePage(jc, pc, tr));
  const src = label(tr.ui('ui.footer.sources'));
  const footer = `AgentScope Java ${esc(java.version)} (${java.artifacts.length} ${label(tr.ui('ui.count.artifacts'))}, ${src})${input.python ? ` · AgentScope Python ${esc(input.python.version)} (${esc(input.python.wheel.file)})` : ''} · ${label(tr.ui('ui.footer.generated'))} <code>agentscope manual</code>`;
  const files = new Map<string, string>();
  for (const s of [...specs].sort((a, b) => (a.path < b.path ? -1 : 1))) {
    if (files.has(s.path)) throw new Error(`two pages at ${s.path}`);
    files.set(s.path, renderPage(s, tr, footer));
  }
  const entries = [...guideEntries, ...jc.entries, ...(pc?.entries ?? [])];
  files.set('assets/manual.css', CSS);
  files.set('assets/manual.js', clientScript());
  files.set('assets/search-index.js', searchIndexScript(entries));
  const { checked, broken } = checkLinks(files);
  return { files, pages: specs.length, searchEntries: entries.length, linksChecked: checked, broken };
}

/**
 * The file that marks a folder as a manual this command wrote: `--out` replaces only such a
 * folder (or an empty or missing one), never anything else.
 */
export const MANUAL_MARKER = '.agentscope-manual';

/** Whether `out` may be replaced by a manual: missing, an empty folder, or one holding MANUAL_MARKER. */
export function manualFolderState(out: string): 'missing' | 'empty' | 'ours' | 'foreign' | 'not-a-folder' {
  let st;
  try {
    st = statSync(out);
  } catch {
    return 'missing';
  }
  if (!st.isDirectory()) return 'not-a-folder';
  const names = readdirSync(out);
  if (!names.length) return 'empty';
  return names.includes(MANUAL_MARKER) && statSync(join(out, MANUAL_MARKER)).isFile() ? 'ours' : 'foreign';
}

/** The pid in the name of a sibling `<out>.tmp-<pid>-…` / `<out>.old-<pid>-…`, when it is one. */
function leftoverPid(out: string, kind: 'tmp' | 'old', name: string): number {
  const prefix = `${basename(out)}.${kind}-`;
  return name.startsWith(prefix) ? Number(/^(\d+)-/.exec(name.slice(prefix.length))?.[1]) : NaN;
}

/**
 * Writes the site into a sibling temp dir unique to the run, then swaps it in: never a
 * half-written manual. What a killed run left is cleaned up first (its temp dir removed; a
 * manual moved aside just before the kill put back).
 */
export function writeSite(out: string, files: Map<string, string>): void {
  const parent = dirname(out);
  mkdirSync(parent, { recursive: true });
  for (const name of readdirSync(parent)) {
    for (const kind of ['tmp', 'old'] as const) {
      const pid = leftoverPid(out, kind, name);
      if (!pid || processAlive(pid)) continue;
      if (kind === 'old' && !existsSync(out)) renameSync(join(parent, name), out);
      else rmSync(join(parent, name), { recursive: true, force: true });
    }
  }
  const tag = `${process.pid}-${Math.random().toString(36).slice(2, 10)}`;
  const tmp = `${out}.tmp-${tag}`;
  try {
    const dirs = new Set<string>();
    for (const [path, text] of [...files, [MANUAL_MARKER, 'Written by `agentscope manual`: this folder is replaced as a whole when the manual is written again.\n'] as const]) {
      const file = join(tmp, path);
      const dir = dirname(file);
      if (!dirs.has(dir)) {
        mkdirSync(dir, { recursive: true });
        dirs.add(dir);
      }
      writeFileSync(file, text);
    }
    const old = `${out}.old-${tag}`;
    const state = manualFolderState(out);
    if (state === 'foreign' || state === 'not-a-folder') throw new Error(`${out} is not a manual written before`);
    if (state !== 'missing') renameSync(out, old);
    renameSync(tmp, out);
    rmSync(old, { recursive: true, force: true });
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

