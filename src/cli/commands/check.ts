import { relative } from 'node:path';
import type { Io } from '../../core/io.js';
import { parseCommandArgs } from '../args.js';
import { UsageError } from '../../core/errors.js';
import { loadInventoryAsync } from '../../inventory/store.js';
import { readPin } from '../../inventory/pin.js';
import { RULES, type RuleId } from '../../checker/rules.js';
import { collectJavaFiles, readSources, sourceChars } from '../../checker/files.js';
import { formatJson, formatSarif, formatText } from '../../checker/format.js';
import { packageVersion } from '../version.js';

const HELP = `Usage: agentscope check [PATH...] [--version V] [--format text|json|sarif] [--rules IDS] [--no-warnings]

Checks Java files against an AgentScope API inventory without a JDK, Maven or network:
unknown io.agentscope types and members, wrong argument counts, @Override that overrides
nothing, missing implementations, deprecated-for-removal use, and known semantic traps.
Code that is not AgentScope API is never judged; an unknown receiver type is skipped.

Arguments:
  PATH             .java files or directories (default: src/main/java and src/test/java of
                   the Maven project around the current directory)

Options:
  --version V      check against the inventory of AgentScope Java V (default: the pin, <pin>)
  --format F       text (default; colour on a terminal), json, or sarif (SARIF 2.1.0)
  --rules IDS      only these rule ids, comma separated (e.g. AS001,AS002)
  --no-warnings    report errors only
  -h, --help       show this help

Rules: ${Object.values(RULES).map((r) => `${r.id} ${r.name}`).join(', ')}. See docs/checker.md.

Environment:
  AGENTSCOPE_CLI_HOME        cache directory (pulled inventories, the code cache of this
                             command); default ~/.cache/agentscope-cli
  AGENTSCOPE_NO_CODE_CACHE=1 do not use or write the code cache (slower start, same result)

Exit codes: 0 no error findings, 1 error findings, 2 bad usage.`;

export async function run(argv: string[], io: Io): Promise<number> {
  const { values, positionals } = parseCommandArgs('check', argv, {
    version: { type: 'string' },
    format: { type: 'string' },
    rules: { type: 'string' },
    'no-warnings': { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  });
  if (values.help) {
    io.out(HELP.replace('<pin>', readPin().version));
    return 0;
  }
  const format = values.format ?? 'text';
  if (!['text', 'json', 'sarif'].includes(format)) throw new UsageError(`unknown --format "${format}"`, 'use text, json or sarif');
  let rules: Set<RuleId> | undefined;
  if (values.rules) {
    const ids = values.rules.split(',').map((s) => s.trim().toUpperCase()).filter(Boolean);
    const bad = ids.filter((i) => !(i in RULES));
    if (bad.length) throw new UsageError(`unknown rule id ${bad.join(', ')}`, `rules: ${Object.keys(RULES).join(', ')}`);
    rules = new Set(ids as RuleId[]);
  }
  const { files, root } = collectJavaFiles(positionals, io.cwd);
  const sources = readSources(files);
  // Start-up dominates a check of a normal project, so its three slow parts overlap: the parser's
  // WebAssembly compiles on V8's threads, the inventory is read and unzipped on libuv's, and the
  // analyzer's modules load meanwhile (bench/check.mjs measures the whole command).
  const [, inventory, checker] = await Promise.all([
    import('../../checker/parser.js').then((m) => m.initJavaParser(sourceChars(sources))),
    loadInventoryAsync(values.version, io.env),
    import('../../checker/index.js'),
  ]);
  let findings = checker.checkSourcesSync(sources, inventory, { rules });
  if (values['no-warnings']) findings = findings.filter((f) => f.severity === 'error');
  const display = findings.map((f) => ({ ...f, file: relative(io.cwd, f.file) || f.file }));
  if (format === 'json') io.out(formatJson(display, { version: inventory.version, files: files.length }));
  else if (format === 'sarif') io.out(formatSarif(findings, { version: inventory.version, toolVersion: packageVersion(), baseDir: root }));
  else io.out(formatText(display, { color: io.color, files: files.length, version: inventory.version }));
  return checker.hasErrors(findings) ? 1 : 0;
}
