import { RULES, type Finding, type RuleId } from './rules.js';

const C = { red: '\x1b[31m', yellow: '\x1b[33m', dim: '\x1b[2m', bold: '\x1b[1m', cyan: '\x1b[36m', reset: '\x1b[0m' };

export function formatText(findings: Finding[], opts: { color: boolean; files: number; version: string }): string {
  const c = (code: string, s: string) => (opts.color ? `${code}${s}${C.reset}` : s);
  const lines: string[] = [];
  for (const f of findings) {
    const sev = f.severity === 'error' ? c(C.red + C.bold, 'error') : c(C.yellow + C.bold, 'warning');
    lines.push(`${c(C.bold, `${f.file}:${f.line}:${f.col}`)}: ${sev} ${c(C.cyan, `${f.rule} ${RULES[f.rule].name}`)}: ${f.message}`);
    if (f.suggestion) lines.push(`    ${c(C.dim, 'fix:')} ${f.suggestion}`);
  }
  const errors = findings.filter((f) => f.severity === 'error').length;
  const warnings = findings.length - errors;
  lines.push(
    `${findings.length ? '' : 'ok: '}${opts.files} file(s) checked against AgentScope Java ${opts.version}: ${errors} error(s), ${warnings} warning(s)`,
  );
  return lines.join('\n');
}

export function formatJson(findings: Finding[], meta: { version: string; files: number }): string {
  return JSON.stringify(
    {
      agentscopeVersion: meta.version,
      files: meta.files,
      errors: findings.filter((f) => f.severity === 'error').length,
      warnings: findings.filter((f) => f.severity === 'warning').length,
      // the subject is for tools inside agentscope (the upgrade); the report format stays as documented
      findings: findings.map(({ subject: _subject, ...f }) => ({ ...f, ruleName: RULES[f.rule].name })),
    },
    null,
    2,
  );
}

/**
 * The anchor of a rule's section in docs/checker.md, as GitHub spells a heading's anchor: the
 * rules are headed `AS001 unknown-type (error)`, the semantic traps (AS1xx) `AS101 name`.
 */
function ruleAnchor(id: RuleId): string {
  const r = RULES[id];
  const heading = /^AS1\d\d$/.test(id) ? `${id} ${r.name}` : `${id} ${r.name} (${r.severity})`;
  return heading.toLowerCase().replace(/[^\w\- ]/g, '').replace(/ /g, '-');
}

/**
 * SARIF 2.1.0, one run, URIs relative to `baseUri` when given. `informationUri` is this tool's
 * page and `rulesDoc` the absolute URL of docs/checker.md (SARIF wants absolute help URIs).
 */
export function formatSarif(findings: Finding[], meta: { version: string; toolVersion: string; informationUri: string; rulesDoc: string; baseDir?: string }): string {
  const ids = Object.keys(RULES) as RuleId[];
  const rel = (p: string) => (meta.baseDir && p.startsWith(meta.baseDir + '/') ? p.slice(meta.baseDir.length + 1) : p);
  const sarif = {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'agentscope check',
            version: meta.toolVersion,
            informationUri: meta.informationUri,
            rules: ids.map((id) => ({
              id,
              name: RULES[id].name,
              shortDescription: { text: RULES[id].summary },
              defaultConfiguration: { level: RULES[id].severity },
              helpUri: `${meta.rulesDoc}#${ruleAnchor(id)}`,
            })),
          },
        },
        ...(meta.baseDir ? { originalUriBaseIds: { SRCROOT: { uri: `file://${meta.baseDir.replace(/\/?$/, '/')}` } } } : {}),
        properties: { agentscopeVersion: meta.version },
        results: findings.map((f) => ({
          ruleId: f.rule,
          ruleIndex: ids.indexOf(f.rule),
          level: f.severity,
          message: { text: f.suggestion ? `${f.message}. Fix: ${f.suggestion}` : f.message },
          locations: [
            {
              physicalLocation: {
                artifactLocation: meta.baseDir && f.file.startsWith(meta.baseDir + '/') ? { uri: rel(f.file), uriBaseId: 'SRCROOT' } : { uri: f.file },
                region: { startLine: f.line, startColumn: f.col, ...(f.endLine ? { endLine: f.endLine, endColumn: f.endCol } : {}) },
              },
            },
          ],
          ...(f.suggestion ? { properties: { suggestion: f.suggestion } } : {}),
        })),
      },
    ],
  };
  return JSON.stringify(sarif, null, 2);
}
