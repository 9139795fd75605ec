import { HEAD_SCRIPT } from './assets.js';
import { esc, label, rel } from './html.js';
import type { Translations } from './i18n.js';

export interface PageSpec {
  /** Site path, e.g. java/io.agentscope.core/ReActAgent.html */
  path: string;
  title: string;
  body: string;
}

/** Wraps a page body in the shared shell: head (mode script first), header with nav, search, modes. */
export function renderPage(p: PageSpec, tr: Translations, footer: string): string {
  const r = (to: string) => rel(p.path, to);
  const root = r('');
  const nav = [
    ['index.html', 'ui.nav.home'],
    ['guide/index.html', 'ui.nav.guide'],
    ['java/index.html', 'ui.nav.java'],
    ['python/index.html', 'ui.nav.python'],
    ['artifacts.html', 'ui.nav.artifacts'],
    ['concepts.html', 'ui.nav.concepts'],
    ['providers.html', 'ui.nav.providers'],
    ['rules.html', 'ui.nav.rules'],
    ['verdicts.html', 'ui.nav.verdicts'],
    ['coverage.html', 'ui.nav.coverage'],
  ]
    .map(([href, id]) => `<a href="${r(href)}">${label(tr.ui(id))}</a>`)
    .join('');
  const placeholder = tr.ui('ui.search.placeholder');
  const emptyHtml = label(tr.ui('ui.search.empty'));
  return `<!doctype html>
<html lang="zh-Hans" data-lang="mixed" data-root="${esc(root)}">
<head>
<meta charset="utf-8">
<script>${HEAD_SCRIPT}</script>
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(p.title)}</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="${r('assets/manual.css')}">
<script defer src="${r('assets/manual.js')}"></script>
</head>
<body>
<a class="skip" href="#content">${label(tr.ui('ui.skip'))}</a>
<header class="top">
<a class="home" href="${r('index.html')}">AgentScope API</a>
<div class="search" role="search"><input id="q" type="search" role="combobox" aria-autocomplete="list" aria-expanded="false" aria-haspopup="listbox" autocomplete="off" spellcheck="false" placeholder="${esc(`${placeholder.zh ?? ''} ${placeholder.en}`.trim())}" aria-label="${esc(placeholder.en)}" aria-controls="results"><ul id="results" role="listbox" aria-label="${esc(tr.ui('ui.search.results').en)}" data-empty="${esc(emptyHtml)}"></ul></div>
<div class="modes" role="group" aria-label="${esc(tr.ui('ui.mode.label').en)}"><button type="button" data-set-lang="mixed">${esc(tr.ui('ui.mode.mixed').zh ?? 'mixed')}</button><button type="button" data-set-lang="zh">中文</button><button type="button" data-set-lang="en">English</button><button type="button" class="theme" data-toggle-theme aria-label="${esc(tr.ui('ui.theme').en)}" title="${esc(`${tr.ui('ui.theme').zh ?? ''} ${tr.ui('ui.theme').en}`.trim())}">◐</button></div>
</header>
<main>
<nav class="site" aria-label="${esc(tr.ui('ui.nav.label').en)}">${nav}</nav>
<div id="content" tabindex="-1">
${p.body}
</div>
<footer>${footer}</footer>
</main>
</body>
</html>
`;
}
