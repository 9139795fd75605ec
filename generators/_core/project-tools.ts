import { readTextIfRegular } from '../../src/core/fsread.js';
import { relative, sep } from 'node:path';
import { isJava, listFiles, compareCodeUnits } from '../../src/core/files.js';
import type { PolicyLists } from '../feature-module.js';

export interface ProjectTool {
  name: string;
  readOnly: boolean;
  /** Source file, relative to the scanned directory. */
  file: string;
}

const TOOL_ANNOTATION = /@Tool\s*\(([^)]*)\)/g;
const TOOLBASE_NAME = /\.name\(\s*("[^"]+"|[A-Za-z_][\w.]*)\s*\)/g;
/** The MCP connections class of `gen mcp`/`create`: the remote tools the user trusts. */
const TRUSTED_MCP_TOOLS = /static\s+final\s+List<String>\s+TRUSTED_TOOLS\s*=\s*List\.of\(([^)]*)\)/;

/** A string literal, or a `static final String X = "..."` constant of the same file. */
function literalOf(expr: string, src: string): string | undefined {
  const quoted = /^"([^"]+)"$/.exec(expr.trim());
  if (quoted) return quoted[1];
  const ident = expr.trim().split('.').pop()!;
  return new RegExp(`static\\s+final\\s+String\\s+${ident}\\s*=\\s*"([^"]+)"`).exec(src)?.[1];
}

/**
 * The tools an existing project already defines, read from its sources: `@Tool(name = ..)`
 * methods (readOnly from the annotation) and ToolBase subclasses (their first `.name(..)`;
 * literals or same-file String constants; treated as writing unless `.readOnly(true)`). A heuristic on purpose: it only
 * seeds the permission policy `gen permission` writes, which the user then edits.
 */
export function scanProjectTools(javaRoot: string): ProjectTool[] {
  const found = new Map<string, ProjectTool>();
  for (const abs of listFiles(javaRoot, isJava)) {
    const file = relative(javaRoot, abs).split(sep).join('/');
    const src = readTextIfRegular(abs);
    if (src === undefined) continue;
    for (const m of src.matchAll(TOOL_ANNOTATION)) {
      const expr = /\bname\s*=\s*("[^"]+"|[A-Za-z_][\w.]*)/.exec(m[1])?.[1];
      const name = expr && literalOf(expr, src);
      if (name) found.set(name, { name, readOnly: /\breadOnly\s*=\s*true\b/.test(m[1]), file });
    }
    // Trusted MCP tools are allowed, as `create --features mcp` lists them in the policy.
    const trusted = TRUSTED_MCP_TOOLS.exec(src)?.[1];
    for (const m of trusted?.matchAll(/"([^"]+)"/g) ?? []) found.set(m[1], { name: m[1], readOnly: true, file });
    if (/\bextends\s+ToolBase\b/.test(src)) {
      // The first .name(..) of a ToolBase subclass is the tool's own (its builder call).
      const first = [...src.matchAll(TOOLBASE_NAME)].map((m) => literalOf(m[1], src)).find(Boolean);
      const readOnly = /\.readOnly\(\s*true\s*\)/.test(src);
      if (first) found.set(first, { name: first, readOnly, file });
    }
  }
  return [...found.values()].sort((a, b) => compareCodeUnits(a.name, b.name));
}

/** Read-only tools run without asking; everything else asks a human. Nothing is denied by guesswork. */
export function policyFromTools(tools: ProjectTool[]): PolicyLists {
  return {
    allow: tools.filter((t) => t.readOnly).map((t) => t.name),
    ask: tools.filter((t) => !t.readOnly).map((t) => t.name),
    deny: [],
  };
}
