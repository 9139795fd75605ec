/**
 * `gen mcp` wires its connections into the project's Main the way `create --features mcp`
 * writes it: right after `Toolkit toolkit = AgentFactory.createToolkit();` the rest of main()
 * runs inside `try (Mcp mcp = Mcp.fromEnvironment(toolkit)) { ... }` with a shutdown hook, so
 * the clients (and stdio server processes) are closed when main ends and on Ctrl-C.
 * The edit is recognised by `Mcp.fromEnvironment(`: a second run changes nothing. When the
 * anchor or main()'s end cannot be found unambiguously (the file was rewritten by hand),
 * nothing is edited and the caller prints the lines to add.
 */

export interface MainWireResult {
  text: string;
  /** true: the file now holds the wiring (or already did). */
  wired: boolean;
  /** true: this call edited the text. */
  changed: boolean;
}

const TOOLKIT_LINE = /^([ \t]*)Toolkit toolkit = AgentFactory\.createToolkit\(\);[ \t]*$/;

/** The lines `create` writes, for the printed instruction when the edit cannot be made. */
export function mcpMainLines(cls: string): string[] {
  return [`try (${cls} mcp = ${cls}.fromEnvironment(toolkit)) {`, 'Runtime.getRuntime().addShutdownHook(new Thread(mcp::close));'];
}

export function wireMcpMain(text: string, cls: string, lang: 'en' | 'zh'): MainWireResult {
  if (text.includes(`${cls}.fromEnvironment(`)) return { text, wired: true, changed: false };
  const nl = text.includes('\r\n') ? '\r\n' : '\n';
  const lines = text.split(/\r?\n/);
  const anchors = lines.flatMap((l, i) => (TOOLKIT_LINE.test(l) ? [i] : []));
  if (anchors.length !== 1) return { text, wired: false, changed: false };
  const at = anchors[0];
  const indent = TOOLKIT_LINE.exec(lines[at])![1];
  if (indent.length < 4 || /\t/.test(indent)) return { text, wired: false, changed: false };
  // main()'s closing brace: the first later line at one level less; every line between must be
  // blank or at least as deep as the anchor, else the shape is not the generated one.
  const outer = indent.slice(4);
  let end = -1;
  for (let i = at + 1; i < lines.length; i++) {
    const l = lines[i];
    if (l === `${outer}}`) {
      end = i;
      break;
    }
    if (l.trim() && !l.startsWith(indent)) return { text, wired: false, changed: false };
  }
  // A local already called `mcp` would clash with the resource variable.
  if (end < 0 || lines.slice(at + 1, end).some((l) => /\bmcp\b/.test(l))) return { text, wired: false, changed: false };
  const comment =
    lang === 'zh'
      ? 'MCP 客户端（以及 stdio 子进程）归本进程所有：main 结束或 Ctrl-C 时关闭。'
      : 'MCP clients (and stdio server processes) belong to this process: closed when main ends and on Ctrl-C.';
  const [open, hook] = mcpMainLines(cls);
  const body = lines.slice(at + 1, end).map((l) => (l.trim() ? `    ${l}` : l));
  const out = [...lines.slice(0, at + 1), `${indent}// ${comment}`, `${indent}${open}`, `${indent}    ${hook}`, ...body, `${indent}}`, ...lines.slice(end)];
  return { text: out.join(nl), wired: true, changed: true };
}

/** One line whose match is the only one of the file; -1: none or several (not the generated shape). */
function onlyLine(lines: string[], re: RegExp): number {
  const at = lines.flatMap((l, i) => (re.test(l) ? [i] : []));
  return at.length === 1 ? at[0] : -1;
}

/** The lines `create --features structured` writes into Main, for the printed instruction when the edit cannot be made. */
export function structuredMainLines(cls: string): { field: string; flag: string; branch: string } {
  return {
    field: 'boolean structured;',
    flag: 'chat.structured = Arrays.asList(args).contains("--structured");',
    branch: `if (structured) { out.line(String.valueOf(${cls}.ask(agent, question, ctx))); return true; }`,
  };
}

/**
 * `gen structured` wires its record into Main the way `create --features structured` writes it:
 * a `structured` field set from the `--structured` argument, and in ask() every question is
 * answered as the record. Recognised by `Cls.ask(agent, question, ctx)`: a second run changes
 * nothing. A Main that already answers with another record, or whose anchors (the constructor,
 * run()'s `if (words.isEmpty())`, ask()'s `try {`) are not found once each, is left alone.
 */
export function wireStructuredMain(text: string, cls: string, lang: 'en' | 'zh'): MainWireResult {
  if (text.includes(`${cls}.ask(agent, question, ctx)`)) return { text, wired: true, changed: false };
  const no = { text, wired: false, changed: false };
  if (/\bboolean structured\b/.test(text)) return no;
  const nl = text.includes('\r\n') ? '\r\n' : '\n';
  const lines = text.split(/\r?\n/);
  const ctor = onlyLine(lines, /^ {4}Main\(ReActAgent agent\b/);
  const words = onlyLine(lines, /^ {8}if \(words\.isEmpty\(\)\) \{$/);
  const ask = onlyLine(lines, /^ {4}boolean ask\(String question\) \{$/);
  if (ctor < 0 || words < 0 || ask < 0 || lines[ask + 1] !== '        try {' || !/^import java\.util\.Arrays;$/m.test(text)) return no;
  const { field, flag } = structuredMainLines(cls);
  const doc = lang === 'zh' ? `--structured：每个问题都以 ${cls} record 作答。` : `--structured: every question is answered as a ${cls} record.`;
  const out = [
    ...lines.slice(0, ctor),
    `    /** ${doc} */`,
    `    ${field}`,
    '',
    ...lines.slice(ctor, words),
    `        ${flag}`,
    ...lines.slice(words, ask + 2),
    '            if (structured) {',
    `                out.line(String.valueOf(${cls}.ask(agent, question, ctx)));`,
    '                return true;',
    '            }',
    ...lines.slice(ask + 2),
  ];
  return { text: out.join(nl), wired: true, changed: true };
}

type PolicyList = 'ALLOW' | 'ASK' | 'DENY';

const policyList = (name: PolicyList) => new RegExp(`(public\\s+static\\s+final\\s+List<String>\\s+${name}\\s*=\\s*List\\.of\\()([^)]*)(\\))`);

/** The names of a policy class's ALLOW, ASK and DENY lists; undefined: not a policy of the generated shape. */
export function policyListsOf(text: string): Record<PolicyList, string[]> | undefined {
  const out = {} as Record<PolicyList, string[]>;
  for (const name of ['ALLOW', 'ASK', 'DENY'] as const) {
    const m = policyList(name).exec(text);
    if (!m) return undefined;
    out[name] = [...m[2].matchAll(/"([^"]*)"/g)].map((q) => q[1]);
  }
  return out;
}

/**
 * Adds tool names to one list (ALLOW or ASK) of a policy class `gen permission`/`create` wrote.
 * A name already in ALLOW, ASK or DENY is the user's decision and is left alone; nothing else of
 * the file changes. undefined: no policy of that shape (the caller says what to add instead).
 */
export function addToPolicy(text: string, list: PolicyList, names: string[]): { text: string; added: string[] } | undefined {
  const lists = policyListsOf(text);
  if (!lists) return undefined;
  const listed = new Set([...lists.ALLOW, ...lists.ASK, ...lists.DENY]);
  const added = [...new Set(names)].filter((n) => !listed.has(n));
  if (!added.length) return { text, added };
  const m = policyList(list).exec(text)!;
  const body = m[2];
  const items = added.map((n) => JSON.stringify(n)).join(', ');
  const next = body.trim() ? `${body.trimEnd()}, ${items}${body.slice(body.trimEnd().length)}` : items;
  return { text: text.slice(0, m.index) + m[1] + next + m[3] + text.slice(m.index + m[0].length), added };
}

/** The trusted MCP tool names join ALLOW, as `create --features mcp` lists them (see addToPolicy). */
export function allowInPolicy(text: string, names: string[]): { text: string; added: string[] } | undefined {
  return addToPolicy(text, 'ALLOW', names);
}
