/**
 * `gen` wires what it adds into the project's agent assembly (AgentFactory), the way Nx and
 * Angular generators update a module: a minimal, idempotent text edit at the two places the
 * generated factory marks by its own code, `return toolkit;` of createToolkit() and
 * `.maxIters(MAX_ITERS);` ending builder(). A line already there is not added again; when an
 * anchor is gone (the file was rewritten by hand) nothing is edited and the caller says which
 * line to add where.
 */

export interface WireResult {
  text: string;
  /** Lines inserted by this edit. */
  added: string[];
  /** Lines that could not be placed (anchor missing), with where they belong. */
  manual: { line: string; where: string }[];
}

const TOOLKIT_ANCHOR = /^([ \t]*)return toolkit;[ \t]*$/m;
const BUILDER_ANCHOR = /^([ \t]*)\.maxIters\(MAX_ITERS\);[ \t]*$/m;

function present(text: string, line: string): boolean {
  const norm = (s: string) => s.replace(/\s+/g, '');
  return text.split('\n').some((l) => norm(l) === norm(line));
}

function insertBefore(text: string, anchor: RegExp, lines: string[]): string | undefined {
  const m = anchor.exec(text);
  if (!m) return undefined;
  const nl = text.includes('\r\n') ? '\r\n' : '\n';
  const indent = m[1];
  return text.slice(0, m.index) + lines.map((l) => `${indent}${l}${nl}`).join('') + text.slice(m.index);
}

/** Where the lines go, in a class of the project: its two anchors and how to name the places in a message. */
export interface WireSites {
  toolkitAnchor: RegExp;
  builderAnchor: RegExp;
  toolkitWhere: string;
  builderWhere: string;
}

export const AGENT_FACTORY: WireSites = {
  toolkitAnchor: TOOLKIT_ANCHOR,
  builderAnchor: BUILDER_ANCHOR,
  toolkitWhere: 'AgentFactory.createToolkit(), before `return toolkit;`',
  builderWhere: 'the agent builder chain in AgentFactory.builder()',
};

export function wireAgentFactory(text: string, toolkitLines: string[], builderLines: string[], sites: WireSites = AGENT_FACTORY): WireResult {
  let out = text;
  const added: string[] = [];
  const manual: WireResult['manual'] = [];
  const place = (lines: string[], anchor: RegExp, where: string) => {
    const missing = lines.filter((l) => !present(out, l));
    if (!missing.length) return;
    const next = insertBefore(out, anchor, missing);
    if (next === undefined) manual.push(...missing.map((line) => ({ line, where })));
    else {
      out = next;
      added.push(...missing);
    }
  };
  place(toolkitLines, sites.toolkitAnchor, sites.toolkitWhere);
  place(builderLines, sites.builderAnchor, sites.builderWhere);
  return { text: out, added, manual };
}
