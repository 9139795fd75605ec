import { SEARCH_SOURCE } from './search.js';

/** localStorage key of the language mode; the inline head script and manual.js share it. */
const LANG_KEY = 'agentscope-manual.lang';

/**
 * Runs in <head> before the body is parsed, so the remembered mode applies before first paint
 * (no flash of the wrong language).
 */
/** localStorage key of the colour theme ('light' / 'dark'; absent: follow the system). */
const THEME_KEY = 'agentscope-manual.theme';

/**
 * Runs in <head> before the body is parsed, so the remembered mode (and theme) applies before
 * first paint (no flash of the wrong language); <html lang> follows the mode.
 */
export const HEAD_SCRIPT = `(function(){var d=document.documentElement;try{var l=localStorage.getItem('${LANG_KEY}');if(l==='zh'||l==='en'||l==='mixed'){d.setAttribute('data-lang',l);d.setAttribute('lang',l==='en'?'en':'zh-Hans')}var t=localStorage.getItem('${THEME_KEY}');if(t==='light'||t==='dark')d.setAttribute('data-theme',t)}catch(e){}})();`;

const DARK = '--fg:#dde3ea;--muted:#98a3b0;--line:#343c46;--bg:#15191e;--side:#1c2228;--link:#7cb7ff;--code:#1f262e;--accent:#f0a070;--hl:#3a3320;--pop:#1c2228;--act:#25364a;--badge:#2a323c;--badgefg:#c8d2dc;--trap:#33260f;--trapline:#c98a1d';

export const CSS = `:root{color-scheme:light dark;--fg:#1d232a;--muted:#6b7480;--line:#dde2e8;--bg:#fff;--side:#f6f8fa;--link:#0b5cad;--code:#f3f5f7;--accent:#b8430f;--hl:#fff8e1;--pop:#fff;--act:#e8f0fb;--badge:#e7ecf2;--badgefg:#34495e;--trap:#fff6e0;--trapline:#d48a00}
@media (prefers-color-scheme:dark){:root:not([data-theme=light]){${DARK}}}
:root[data-theme=dark]{${DARK}}
:root[data-theme=light]{color-scheme:light}
@media (prefers-color-scheme:dark){:root:not([data-theme=light]) .badge{filter:brightness(.75) saturate(1.2)}}
:root[data-theme=dark] .badge{filter:brightness(.75) saturate(1.2)}
*{box-sizing:border-box}
html{scroll-padding-top:64px}
[id]{scroll-margin-top:64px}
.skip{position:absolute;left:-9999px;top:0;z-index:10;background:var(--bg);padding:6px 10px}.skip:focus{left:8px}
#content:focus{outline:none}
body{margin:0;font:15px/1.55 system-ui,-apple-system,"Segoe UI","PingFang SC","Noto Sans CJK SC","Microsoft YaHei",sans-serif;color:var(--fg);background:var(--bg)}
a{color:var(--link);text-decoration:none}a:hover{text-decoration:underline}
header.top{position:sticky;top:0;z-index:5;display:flex;gap:12px;align-items:center;padding:8px 16px;background:#12324f;color:#fff}
header.top a.home{color:#fff;font-weight:600;white-space:nowrap}
header.top nav a{color:#d6e6f5;margin-right:10px;white-space:nowrap}
.search{position:relative;flex:1;max-width:520px}
.search input{width:100%;padding:6px 10px;border-radius:6px;border:0;font-size:14px}
.search ul{position:absolute;left:0;right:0;top:34px;margin:0;padding:0;list-style:none;background:var(--pop);color:var(--fg);border:1px solid var(--line);border-radius:6px;max-height:70vh;overflow:auto;box-shadow:0 6px 24px rgba(0,0,0,.18)}
.search ul:empty{display:none}
.search li a{display:block;padding:5px 10px;color:var(--fg)}
.search li.active a,.search li a:hover{background:var(--act);text-decoration:none}
.search li.empty{padding:6px 10px;color:var(--muted)}
.search ul[hidden]{display:none}
.search li .k{display:inline-block;min-width:74px;color:var(--muted);font-size:12px}
.search li .c{color:var(--muted);font-size:12px;margin-left:6px}
.modes{display:flex;gap:4px}
.modes button{border:1px solid #5d7a96;background:transparent;color:#fff;border-radius:5px;padding:3px 8px;cursor:pointer;font-size:13px}
.modes button[aria-pressed=true]{background:#fff;color:#12324f}
main{max-width:1100px;margin:0 auto;padding:18px 24px 60px}
h1{font-size:26px;margin:8px 0 6px}h2{font-size:19px;margin:28px 0 8px;border-bottom:1px solid var(--line);padding-bottom:4px}h3{font-size:16px;margin:16px 0 6px}
code,pre,.sig{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:13px}
pre,.sig{background:var(--code);padding:8px 10px;border-radius:6px;overflow-x:auto;white-space:pre-wrap;word-break:break-word;margin:4px 0}
.member{border-top:1px solid var(--line);padding:10px 0}
.member:target{background:var(--hl)}
.loc{color:var(--muted);font-size:12px;font-family:ui-monospace,Menlo,Consolas,monospace}
.badge{display:inline-block;font-size:11px;line-height:16px;padding:0 6px;border-radius:8px;margin-left:6px;vertical-align:middle;background:var(--badge);color:var(--badgefg)}
.badge.dep{background:#fde2e1;color:#a32020}.badge.since{background:#e3f4e6;color:#1f6f33}.badge.changed{background:#fff0d6;color:#8a5300}.badge.gen{background:#ece7fb;color:#4b3a8c}.badge.async{background:#e0f0ff;color:#0b4f8a}.badge.preview{background:#fff0d6;color:#8a5300}.badge.legacy{background:#eceff3;color:#555}
table{border-collapse:collapse;width:100%;margin:8px 0}th,td{border-bottom:1px solid var(--line);text-align:left;padding:5px 8px;vertical-align:top;font-size:14px}
.num{text-align:right;font-variant-numeric:tabular-nums}
.holds{color:#1f6f33;font-weight:600}.fails{color:#a32020;font-weight:600}
.tx p,.tx div{margin:4px 0}
html[data-lang=en] .lang-zh{display:none}
html[data-lang=zh] .lang-en{display:none}
html[data-lang=zh] .nozh .lang-en{display:revert}
html[data-lang=zh] .tx.nozh .lang-en::before{content:"EN";display:inline-block;font:11px/16px system-ui,sans-serif;padding:0 5px;margin-right:6px;border-radius:4px;background:var(--badge);color:var(--badgefg)}
.tx.hd>div>h2{margin-bottom:2px}html[data-lang=mixed] .tx.hd .lang-en h2{border:0;font-size:15px;margin-top:0}
html[data-lang=mixed] .hasz .lang-en{color:var(--muted)}
html[data-lang=mixed] .tx.hasz .lang-en{font-size:.92em;margin-top:0}
html[data-lang=mixed] .ui.hasz .lang-en::before{content:" \\00b7 "}
.ui .lang-zh,.ui .lang-en{display:inline}
html[data-lang=en] .ui .lang-zh,html[data-lang=zh] .ui.hasz .lang-en{display:none}
ul.plain{list-style:none;padding-left:0}ul.cols{columns:2 320px}
.muted{color:var(--muted)}
nav.site{margin:0 0 14px;font-size:14px}nav.site a{margin-right:16px;white-space:nowrap}
h4{margin:10px 0 4px;font-size:14px}dl{margin:4px 0}dt{margin-top:4px}dd{margin-left:20px}
pre.doc{background:none;padding:0;font:inherit;white-space:pre-wrap}
dl.jd{display:grid;grid-template-columns:max-content minmax(0,1fr);gap:2px 12px;margin:6px 0;font-size:14px}dl.jd dt{grid-column:1;margin:0;color:var(--muted)}dl.jd dd{grid-column:2;margin:0}
pre.example{white-space:pre;word-break:normal}
.deprecated{border-left:3px solid #a32020;padding-left:10px;margin:6px 0}
.example-fails{color:#a32020;margin:4px 0}
table.facts th{width:200px}
aside.trap{border-left:4px solid var(--trapline);background:var(--trap);padding:6px 12px;margin:8px 0;border-radius:0 6px 6px 0}
aside.trap pre{margin:2px 0 4px}
p.claim,p.trap-ref{font-size:14px;margin:4px 0}
.evidence{margin:2px 0 6px}
pre.diagram{white-space:pre;word-break:normal;line-height:1.35}
.wide{overflow-x:auto;max-width:100%}
table.summary td:first-child{width:30%}
p.inherited{font-size:14px;line-height:1.9}
.chapter-nav{margin-top:28px;display:flex;justify-content:space-between;gap:12px}
main a.api code{background:none;padding:0}
.modes button.theme{font-size:15px;padding:1px 7px}
@media (max-width:760px){
header.top{flex-wrap:wrap;gap:6px 8px;padding:6px 10px}
.search{order:3;flex:1 1 100%;max-width:none}
.modes{margin-left:auto}
.modes button{padding:3px 6px}
main{padding:12px 12px 40px}
h1{font-size:21px;word-break:break-word}
nav.site a{margin-right:10px;display:inline-block}
table{display:block;overflow-x:auto;max-width:100%}
dl.jd{grid-template-columns:minmax(0,1fr)}dl.jd dt,dl.jd dd{grid-column:1}
table.facts th{width:auto}
ul.cols{columns:1}
.sig,pre{max-width:100%}
code{word-break:break-word}
main{overflow-wrap:anywhere}
table.summary,table.summary tbody,table.summary tr,table.summary td{display:block;width:auto}table.summary tr{border-bottom:1px solid var(--line);padding:4px 0}table.summary td{border:0;padding:1px 4px}table.summary td:first-child{width:auto}
main,main>#content{max-width:100vw;min-width:0}
}
footer{color:var(--muted);font-size:12px;border-top:1px solid var(--line);margin-top:40px;padding-top:10px}
`;

/** The page script: language switch and search. Plain ES2017, no modules (file:// safe). */
export function clientScript(): string {
  // SEARCH_SOURCE declares prepareIndex and searchIndex inside this function scope
  return `(function(){
'use strict';
var LANG_KEY=${JSON.stringify(LANG_KEY)};
${SEARCH_SOURCE}var root=document.documentElement.getAttribute('data-root')||'';
var THEME_KEY=${JSON.stringify(THEME_KEY)};
var de=document.documentElement;
function setLang(l){de.setAttribute('data-lang',l);de.setAttribute('lang',l==='en'?'en':'zh-Hans');try{localStorage.setItem(LANG_KEY,l)}catch(e){}sync()}
function dark(){var t=de.getAttribute('data-theme');return t?t==='dark':!!(window.matchMedia&&window.matchMedia('(prefers-color-scheme: dark)').matches)}
function toggleTheme(){var t=dark()?'light':'dark';de.setAttribute('data-theme',t);try{localStorage.setItem(THEME_KEY,t)}catch(e){}sync()}
function sync(){var cur=de.getAttribute('data-lang');var bs=document.querySelectorAll('[data-set-lang]');for(var i=0;i<bs.length;i++)bs[i].setAttribute('aria-pressed',String(bs[i].getAttribute('data-set-lang')===cur));var tb=document.querySelector('[data-toggle-theme]');if(tb)tb.setAttribute('aria-pressed',String(dark()))}
document.addEventListener('click',function(e){var b=e.target.closest&&e.target.closest('[data-set-lang]');if(b)setLang(b.getAttribute('data-set-lang'));if(e.target.closest&&e.target.closest('[data-toggle-theme]'))toggleTheme()});
sync();
var input=document.getElementById('q'),list=document.getElementById('results');
if(!input||!list)return;
var prepared=null,loading=false,active=-1,hits=[];
function load(){if(prepared||loading)return;loading=true;var s=document.createElement('script');s.src=root+'assets/search-index.js';s.onload=function(){prepared=prepareIndex(window.AGENTSCOPE_MANUAL_INDEX||[]);run()};document.head.appendChild(s)}
function esc(t){return t.replace(/[&<>"]/g,function(c){return{'&':'&amp;','<':'&lt;','>':'&gt;','"':'&quot;'}[c]})}
function open(o){input.setAttribute('aria-expanded',String(o));if(o)list.removeAttribute('hidden');else list.setAttribute('hidden','')}
function run(){if(!prepared){load();return}hits=searchIndex(prepared,input.value,30);active=hits.length?0:-1;render(false)}
function render(scroll){var h='';for(var i=0;i<hits.length;i++){var e=hits[i].entry;h+='<li id="r-'+i+'"'+(i===active?' class="active" aria-selected="true"':' aria-selected="false"')+' role="option"><a tabindex="-1" href="'+esc(root+e[3])+'"><span class="k">'+esc(e[1])+'</span>'+esc(e[0])+(e[4]?esc(e[4]):'')+'<span class="c">'+esc(e[2])+'</span></a></li>'}
if(!hits.length&&input.value.trim())h='<li class="empty" role="option" aria-disabled="true">'+(list.getAttribute('data-empty')||'')+'</li>';
list.innerHTML=h;open(!!h);if(active>=0)input.setAttribute('aria-activedescendant','r-'+active);else input.removeAttribute('aria-activedescendant');
if(scroll){var a=list.querySelector('li.active');if(a&&a.scrollIntoView)a.scrollIntoView({block:'nearest'})}}
list.addEventListener('mousedown',function(e){e.preventDefault()});
input.addEventListener('blur',function(){open(false)});
input.addEventListener('focus',load);
input.addEventListener('input',run);
input.addEventListener('keydown',function(e){
if(e.key==='ArrowDown'){if(hits.length){active=(active+1)%hits.length;render(true)}e.preventDefault()}
else if(e.key==='ArrowUp'){if(hits.length){active=(active-1+hits.length)%hits.length;render(true)}e.preventDefault()}
else if(e.key==='Enter'){if(active>=0&&hits[active]){location.href=root+hits[active].entry[3]}e.preventDefault()}
else if(e.key==='Escape'){input.value='';hits=[];render(false)}});
input.addEventListener('focus',function(){if(list.innerHTML)open(true)});
document.addEventListener('keydown',function(e){if(e.key==='/'&&document.activeElement!==input){e.preventDefault();input.focus()}});
})();
`;
}
