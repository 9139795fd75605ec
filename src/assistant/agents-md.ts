/**
 * AGENTS.md for a generated project: the facts assistants get wrong most about this AgentScope
 * version (from the checker's curated wrong names and trap rules), how to check and test, and how
 * to add the MCP server. Everything version-specific is computed from the inventory.
 */
import type { Inventory } from '../inventory/schema.js';
import { inventoryIdentity } from '../inventory/store.js';
import { withProvenance } from '../core/provenance.js';
import { GLOBAL_INSTALL, NPX_AGENTSCOPE, PACKAGE_NAME } from '../core/run-command.js';
import { activeTraps, signatureBlock, signatures, wrongNames } from './facts.js';
import { CLIENTS, DIR_NOTE } from './clients.js';

export const AGENTS_MD = 'AGENTS.md';
/** Provenance ids: `upgrade` and `init-assistant` recognise an untouched file by them. */
export const AGENTS_MD_GENERATOR = 'assistant';
const AGENTS_MD_TEMPLATE = 'AGENTS.md';

/** The API an assistant reaches for first in an AgentScope project: shown with real signatures. */
const KEY_SIGNATURES = [
  'ReActAgent#call',
  'MiddlewareBase',
  'ToolResultBlock#text',
  'ToolResultBlock#error',
  'ToolResultBlock#withState',
  'Toolkit#registerTool',
  'Toolkit#registration',
  'Toolkit.ToolRegistration#mcpClient',
  'Toolkit.ToolRegistration#enableTools',
  'Toolkit.ToolRegistration#disableTools',
  'Toolkit.ToolRegistration#apply',
  'McpClientBuilder#create',
  'McpClientBuilder#stdioTransport',
  'McpClientBuilder#streamableHttpTransport',
  'McpClientBuilder#sseTransport',
  'McpClientBuilder#buildAsync',
  'McpClientBuilder#buildSync',
];

/**
 * The bodies `npm run build` computed for the shipped inventories, by version, with the identity of
 * the inventory each was computed from (scripts/bundle.mjs defines it in dist/cli.cjs and dist/main.cjs, built
 * from the same sources in the same step): `create` then needs no type of the inventory at all.
 */
declare const __AGENTS_MD_BUILT__: Record<string, { inventory: string; body: string }> | undefined;

function builtBody(inv: Inventory): string | undefined {
  let bodies: typeof __AGENTS_MD_BUILT__;
  try {
    bodies = __AGENTS_MD_BUILT__; // named once: the bundler writes the value where the name stands
  } catch {
    return undefined; // the ES modules of dist/ and the sources: not defined, computed
  }
  const built = bodies?.[inv.version];
  return built && built.inventory === inventoryIdentity(inv) ? built.body : undefined;
}

/** The body computed from the inventory (the build uses it to fill __AGENTS_MD_BUILT__). */
export function agentsMdBody(inv: Inventory): string {
  const v = inv.version;
  const wrong = wrongNames(inv);
  const traps = activeTraps(inv);
  const groups = signatures(inv, KEY_SIGNATURES);
  // a look-up the reader can try: the first key member this version really has
  const example = groups.length ? `${groups[0].owner.split('.').pop()}#${/(\w+)\(/.exec(groups[0].lines[0])?.[1] ?? ''}` : undefined;
  const hasType = (fqn: string) => inv.types.some((t) => t.fqn === fqn);
  const lines: string[] = [
    `# AGENTS.md: AgentScope Java ${v}`,
    '',
    `This project is built on AgentScope Java ${v} (\`agentscope.version\` in pom.xml). Write only API that exists in ${v}:`,
    'much of what is online (and in model memory) describes other versions. When unsure, look it up instead of guessing:',
    `\`${NPX_AGENTSCOPE} api ${example ?? '<Type>'}\`, or the \`api_lookup\` tool of the \`agentscope\` MCP server (set-up below).`,
    '',
    `The \`agentscope\` command comes with the npm package ${PACKAGE_NAME}: run it as \`${NPX_AGENTSCOPE} <command>\`, or as`,
    `\`agentscope <command>\` after \`${GLOBAL_INSTALL}\`; always name that package: the npm package named agentscope is another tool.`,
    '',
    `This file is generated from the ${v} API inventory by \`${NPX_AGENTSCOPE} init-assistant\`; regenerate it rather than edit it.`,
    '',
  ];
  if (wrong.length) {
    lines.push(`## Names that do not exist in ${v}`, '', '| do not write | write instead |', '| --- | --- |');
    for (const w of wrong) lines.push(`| \`${w.wrong}\` | ${codeSpans(w.instead)} |`);
    lines.push('');
  }
  if (traps.length) {
    lines.push('## Traps (`agentscope check` warns about them)', '');
    for (const t of traps) lines.push(`- **${t.rule} ${t.name}**: ${t.advice}`);
    lines.push('');
  }
  if (groups.length) {
    lines.push(`## Real signatures in ${v}`, '');
    if (hasType('io.agentscope.core.middleware.MiddlewareBase') && hasType('io.agentscope.core.agent.RuntimeContext')) {
      lines.push('Middleware hooks take a `RuntimeContext`; check the exact `call` overloads before calling an agent.', '');
    }
    lines.push('```java', signatureBlock(groups), '```', '');
  }
  lines.push(
    '## Check and test',
    '',
    `- \`${NPX_AGENTSCOPE} check\` checks every .java file of the project against the AgentScope API of its version (unknown types and`,
    '  members, wrong argument counts, the traps above) in well under a second, without compiling. Run it after every change.',
    '- `mvn -q test` runs the tests; they use a scripted model: no API key and no network calls to a model.',
    `- \`${NPX_AGENTSCOPE} gen tool|middleware|mcp|...\` adds checked, tested code; \`--dry-run\` shows the plan first.`,
    '',
    '## MCP server for assistants',
    '',
    '`agentscope mcp` serves `api_lookup`, `check_java`, `plan_generation`, `api_diff` and `version_info` over stdio. It never writes',
    'without an explicit `plan_generation` call with `write: true`, and never runs project code.',
    '',
  );
  for (const c of CLIENTS) lines.push(`**${c.client}**: ${c.where}`, '', '```' + c.lang, c.snippet, '```', '');
  lines.push(DIR_NOTE, '');
  return lines.join('\n');
}

/** The file as written: the body with a provenance marker (an HTML comment, invisible when rendered). */
export function agentsMdFile(inv: Inventory): string {
  return withProvenance(builtBody(inv) ?? agentsMdBody(inv), { generator: AGENTS_MD_GENERATOR, template: AGENTS_MD_TEMPLATE, version: inv.version, style: 'xml' });
}

/** `McpClientBuilder.create(name).sseTransport(url)` -> code spans around Java-looking runs, prose left as is. */
function codeSpans(text: string): string {
  return text.replace(/(?:new\s+)?(?:[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)?(?:\.?[a-z]\w*\([^()]*(?:\([^()]*\)[^()]*)*\))+(?:\.[A-Z_]+\b)?/g, (m) => (/[(.]/.test(m) ? `\`${m.trim()}\`` : m));
}
