/**
 * Resolves many artifacts in ONE mvn run, with each artifact's failure kept apart.
 *
 * A throw-away reactor is generated in a temp dir: one module per artifact, each binding
 * maven-dependency-plugin's `copy` to `validate` — first the pom, then (if asked) the
 * -sources.jar — into a directory we own. `mvn -fae` lets every module run even when others
 * fail and prints one "[ERROR] Failed to execute goal ... on project <artifactId>: <reason>"
 * line per failed module, so each artifact gets Maven's own reason. `-T` resolves several
 * modules at once (parallel downloads on a cold local repository). It is still the user's
 * `mvn`: settings.xml, mirrors, proxies and MAVEN_OPTS apply; no repository URL is built here.
 *
 * A `gate` module (agentscope-core) can be made an upstream of all the others: when it fails,
 * Maven skips them (reported as `attempted: false`), so a version that is not served at all
 * costs one pom look-up per gate instead of one per candidate.
 */
import { execa } from 'execa';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEPENDENCY_PLUGIN, errorLineReason, fastJvm, fileName, mavenError, type Coords, type MavenOptions } from './maven.js';

export interface ReactorRequest {
  artifactId: string;
  /** Also fetch the -sources.jar (after the pom; not attempted when the pom fails). */
  sources: boolean;
  /** Runs even when the gate fails (the BOM: it decides whether the version exists). */
  ungated?: boolean;
}

export interface ReactorResult {
  artifactId: string;
  /** False when Maven skipped the module because the gate failed. */
  attempted: boolean;
  pom?: string;
  sources?: string;
  /** Maven's reason (URLs removed) for the first file that did not resolve. */
  error?: string;
}

export interface ReactorOptions extends MavenOptions {
  groupId: string;
  version: string;
  /** Where the reactor and the copied files go (created; the caller removes it). */
  dir: string;
  /** artifactId every other module (but the `ungated`) depends on, so that its failure skips them. */
  gate?: string;
  /** mvn -T: modules resolved at once (default 4). */
  threads?: number;
  /** Called as Maven starts each module: (started, total, artifactId). */
  onModule?: (started: number, total: number, artifactId: string) => void;
}

const REACTOR_GROUP = 'local.agentscope-pull';
const [PLUGIN_GROUP, PLUGIN_ARTIFACT, PLUGIN_VERSION] = DEPENDENCY_PLUGIN.split(':');

const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

function copyExecution(id: string, c: Coords, out: string): string {
  return `<execution><id>${id}</id><phase>validate</phase><goals><goal>copy</goal></goals><configuration>
  <artifactItems><artifactItem><groupId>${xml(c.groupId)}</groupId><artifactId>${xml(c.artifactId)}</artifactId><version>${xml(c.version)}</version><type>${c.type ?? 'jar'}</type>${c.classifier ? `<classifier>${c.classifier}</classifier>` : ''}</artifactItem></artifactItems>
  <outputDirectory>${xml(out)}</outputDirectory></configuration></execution>`;
}

function modulePom(req: ReactorRequest, opts: ReactorOptions, files: string): string {
  const base = { groupId: opts.groupId, artifactId: req.artifactId, version: opts.version };
  const executions = [copyExecution('pom', { ...base, type: 'pom' }, files)];
  if (req.sources) executions.push(copyExecution('sources', { ...base, type: 'jar', classifier: 'sources' }, files));
  const gate = opts.gate && opts.gate !== req.artifactId && !req.ungated
    ? `<dependencies><dependency><groupId>${REACTOR_GROUP}</groupId><artifactId>${xml(opts.gate)}</artifactId><version>0</version><type>pom</type></dependency></dependencies>`
    : '';
  return `<project><modelVersion>4.0.0</modelVersion>
<groupId>${REACTOR_GROUP}</groupId><artifactId>${xml(req.artifactId)}</artifactId><version>0</version><packaging>pom</packaging><name>${xml(req.artifactId)}</name>
${gate}
<build><plugins><plugin><groupId>${PLUGIN_GROUP}</groupId><artifactId>${PLUGIN_ARTIFACT}</artifactId><version>${PLUGIN_VERSION}</version>
<executions>${executions.join('\n')}</executions></plugin></plugins></build></project>
`;
}

/** An artifactId safe as a directory and module name (BOM contents are input). */
const SAFE_ID = /^[A-Za-z0-9][A-Za-z0-9_.-]*$/;

/** Writes the reactor for `requests` into opts.dir; returns the directory copied files land in. */
function writeReactor(requests: ReactorRequest[], opts: ReactorOptions): string {
  const files = join(opts.dir, 'files');
  mkdirSync(files, { recursive: true });
  for (const r of requests) {
    mkdirSync(join(opts.dir, r.artifactId), { recursive: true });
    writeFileSync(join(opts.dir, r.artifactId, 'pom.xml'), modulePom(r, opts, files));
  }
  // The gate first, so Maven's reactor order (and -T) starts with it.
  const order = [...requests].sort((a, b) => Number(b.artifactId === opts.gate) - Number(a.artifactId === opts.gate));
  writeFileSync(
    join(opts.dir, 'pom.xml'),
    `<project><modelVersion>4.0.0</modelVersion>
<groupId>${REACTOR_GROUP}</groupId><artifactId>reactor</artifactId><version>0</version><packaging>pom</packaging>
<modules>${order.map((r) => `<module>${xml(r.artifactId)}</module>`).join('')}</modules></project>
`,
  );
  return files;
}

/** Per-module outcome from mvn's output: failed modules' reasons and the skipped modules. */
export function parseReactorOutput(output: string): { errors: Map<string, string>; skipped: Set<string> } {
  const errors = new Map<string, string>();
  const skipped = new Set<string>();
  for (const raw of output.split(/\r?\n/)) {
    const line = raw.replace(/\x1b\[[0-9;]*m/g, '');
    const failed = /^\[ERROR\] Failed to execute goal \S+ \([^)]*\) on project ([^:\s]+):/.exec(line);
    if (failed && !errors.has(failed[1])) errors.set(failed[1], errorLineReason(line));
    const skip = /^\[INFO\] (\S+) .*\bSKIPPED\s*$/.exec(line);
    if (skip) skipped.add(skip[1]);
  }
  return { errors, skipped };
}

/** Runs the reactor once and reports every requested artifact. */
export async function resolveInOneRun(all: ReactorRequest[], opts: ReactorOptions): Promise<ReactorResult[]> {
  const requests = all.filter((r) => SAFE_ID.test(r.artifactId));
  const invalid = all.filter((r) => !SAFE_ID.test(r.artifactId)).map((r) => ({ artifactId: r.artifactId, attempted: true, error: `not a valid artifactId: ${JSON.stringify(r.artifactId)}` }));
  if (!requests.length) return invalid;
  const files = writeReactor(requests, opts);
  const env = opts.env ?? process.env;
  const mvn = opts.mvn ?? env.AGENTSCOPE_MVN ?? 'mvn';
  const args = ['-B', '-fae', '-T', String(opts.threads ?? 4), '-f', join(opts.dir, 'pom.xml'), ...(opts.args ?? []), 'validate'];
  let output = '';
  let runError: string | undefined;
  try {
    const child = execa(mvn, args, { env: fastJvm(env), cwd: opts.dir, reject: false, all: true, stdin: 'ignore', buffer: false });
    let started = 0;
    let pending = '';
    child.all?.setEncoding('utf8');
    child.all?.on('data', (chunk: string) => {
      output += chunk;
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const l of lines) {
        const m = /^\[INFO\] Building (\S+) 0\b/.exec(l);
        if (m && m[1] !== 'reactor') opts.onModule?.(++started, requests.length, m[1]);
      }
    });
    const r = await child;
    if ((r as { code?: string }).code === 'ENOENT' || (r.failed && r.exitCode === undefined)) runError = `cannot run ${mvn}: ${r.shortMessage ?? 'not found'}`;
  } catch (e) {
    runError = `cannot run ${mvn}: ${(e as Error).message}`;
  }
  const { errors, skipped } = parseReactorOutput(output);
  // A failure before any module ran (bad settings.xml, plugin not resolvable offline) has no
  // per-project line: every artifact then gets that one reason.
  const general = runError ?? mavenError(output);
  return [...invalid, ...requests.map((req): ReactorResult => {
    const base = { groupId: opts.groupId, artifactId: req.artifactId, version: opts.version };
    const pom = join(files, fileName({ ...base, type: 'pom' }));
    const sources = join(files, fileName({ ...base, type: 'jar', classifier: 'sources' }));
    const out: ReactorResult = { artifactId: req.artifactId, attempted: !skipped.has(req.artifactId) };
    if (existsSync(pom)) out.pom = pom;
    if (req.sources && existsSync(sources)) out.sources = sources;
    if (out.attempted && (!out.pom || (req.sources && !out.sources))) out.error = errors.get(req.artifactId) ?? general;
    return out;
  })];
}
