/**
 * Artifact resolution through the user's own `mvn` (so settings.xml, mirrors, proxies and
 * MAVEN_OPTS apply). Uses maven-dependency-plugin's `copy` goal with an explicit plugin version
 * (the default 2.8 bound to the bare `dependency:` prefix is broken here) and copies the
 * resolved file into a directory we own, so the local repository location does not matter.
 */
import { execa } from 'execa';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

export const DEPENDENCY_PLUGIN = 'org.apache.maven.plugins:maven-dependency-plugin:3.8.1';

export interface Coords {
  groupId: string;
  artifactId: string;
  version: string;
  type?: string;
  classifier?: string;
}

export type ResolveResult = { ok: true; file: string } | { ok: false; error: string };

export interface MavenOptions {
  /** The mvn executable (default: `mvn`, or $AGENTSCOPE_MVN). */
  mvn?: string;
  /** Extra arguments for every mvn call (e.g. `-Dmaven.repo.local=...`, `-s settings.xml`, `-o`). */
  args?: string[];
  env?: NodeJS.ProcessEnv;
  cwd?: string;
}

function coordsString(c: Coords): string {
  const type = c.type ?? 'jar';
  return c.classifier ? `${c.groupId}:${c.artifactId}:${c.version}:${type}:${c.classifier}` : `${c.groupId}:${c.artifactId}:${c.version}:${type}`;
}

export function fileName(c: Coords): string {
  return `${c.artifactId}-${c.version}${c.classifier ? `-${c.classifier}` : ''}.${c.type ?? 'jar'}`;
}

/**
 * Tool errors are quoted without repository URLs (they name a registry's host): a URL in
 * parentheses is dropped ("in central (URL)" → "in central"), a bare one becomes "<url>".
 */
export function withoutUrls(text: string): string {
  return text
    .replace(/\s*\((?:https?|file):\/\/[^)\s]*\)/g, '')
    .replace(/(?:https?|file):\/\/[^\s,;)\]]+/g, '<url>');
}

/**
 * The one-line reason from mvn's output: the text of its first `[ERROR]` line, without the
 * "Failed to execute goal ... :" preamble, the "-> [Help 1]" tail and repository URLs.
 */
export function mavenError(output: string): string {
  const lines = output.split(/\r?\n/).map((l) => l.replace(/\x1b\[[0-9;]*m/g, ''));
  const err = lines.find((l) => /^\[ERROR\] \S/.test(l));
  if (!err) return withoutUrls(lines.filter((l) => l.trim()).slice(-3).join(' ').trim()) || 'mvn failed without output';
  return errorLineReason(err);
}

/** The reason in one `[ERROR] Failed to execute goal ... on project P: reason -> [Help 1]` line. */
export function errorLineReason(line: string): string {
  return withoutUrls(
    line
      .replace(/^\[ERROR\]\s*/, '')
      .replace(/^Failed to execute goal \S+ \([^)]*\) on project [^:]+:\s*/, '')
      .replace(/^Unable to find\/resolve artifact\.\s*/, '')
      .replace(/\s*->\s*\[Help \d+\]\s*$/, '')
      .trim(),
  );
}

/**
 * Each probe is a short-lived mvn JVM; C1-only JIT and the serial GC roughly halve its start-up.
 * Appended to the user's MAVEN_OPTS (their settings still apply), unless they chose a JIT level.
 */
export function fastJvm(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const opts = env.MAVEN_OPTS ?? '';
  if (/TieredStopAtLevel|UseSerialGC|UseParallelGC|UseG1GC|UseZGC/.test(opts)) return env;
  return { ...env, MAVEN_OPTS: `${opts} -XX:TieredStopAtLevel=1 -XX:+UseSerialGC`.trim() };
}

/** The words the manifest uses for an artifact none of the user's repositories has. */
export const NOT_FOUND = 'was not found in the remote repositories';

/**
 * mvn words a missing artifact differently on the first attempt ("Could not find artifact X in
 * central (URL)") and while the failure is cached ("X was not found in URL during a previous
 * attempt. ..."); the manifest stores one stable form, without the repository's URL, so that
 * repeated pulls stay identical whichever mirror answered: "X was not found in the remote repositories".
 */
export function stableMavenError(error: string): string {
  const first = /^Could not find artifact (\S+) in \S+(?: \(\S+\))?$/.exec(error);
  if (first) return `${first[1]} ${NOT_FOUND}`;
  const cached = /^(\S+) was not found in \S+ during a previous attempt\./.exec(error);
  if (cached) return `${cached[1]} ${NOT_FOUND}`;
  return withoutUrls(error);
}

/** Resolves one artifact through mvn and copies it into `outDir`. */
export async function resolveArtifact(c: Coords, outDir: string, opts: MavenOptions = {}): Promise<ResolveResult> {
  const env = opts.env ?? process.env;
  const mvn = opts.mvn ?? env.AGENTSCOPE_MVN ?? 'mvn';
  const args = ['-B', ...(opts.args ?? []), `${DEPENDENCY_PLUGIN}:copy`, `-Dartifact=${coordsString(c)}`, `-DoutputDirectory=${outDir}`, '-Dmdep.overWriteReleases=true', '-Dtransitive=false'];
  try {
    const r = await execa(mvn, args, { env: fastJvm(env), cwd: opts.cwd ?? outDir, reject: false, all: true, stdin: 'ignore' });
    const file = join(outDir, fileName(c));
    if (r.exitCode === 0 && existsSync(file)) return { ok: true, file };
    if ((r as { code?: string }).code === 'ENOENT' || r.failed && r.exitCode === undefined) {
      return { ok: false, error: `cannot run ${mvn}: ${r.shortMessage ?? 'not found'}` };
    }
    return { ok: false, error: mavenError(r.all ?? `${r.stdout}\n${r.stderr}`) };
  } catch (e) {
    return { ok: false, error: `cannot run ${mvn}: ${(e as Error).message}` };
  }
}

/** `<packaging>` of a pom (default jar). */
export function pomPackaging(pomXml: string): string {
  const noParent = pomXml.replace(/<parent>[\s\S]*?<\/parent>/, '').replace(/<dependencyManagement>[\s\S]*?<\/dependencyManagement>/, '');
  return /<packaging>\s*([^<\s]+)\s*<\/packaging>/.exec(noParent)?.[1] ?? 'jar';
}

/** artifactIds in a BOM's dependencyManagement for the given groupId. */
export function bomArtifacts(pomXml: string, groupId: string): string[] {
  const dm = /<dependencyManagement>([\s\S]*?)<\/dependencyManagement>/.exec(pomXml.replace(/<!--[\s\S]*?-->/g, ''))?.[1] ?? '';
  const out: string[] = [];
  for (const d of dm.matchAll(/<dependency>([\s\S]*?)<\/dependency>/g)) {
    const g = /<groupId>\s*([^<\s]+)\s*<\/groupId>/.exec(d[1])?.[1];
    const a = /<artifactId>\s*([^<\s]+)\s*<\/artifactId>/.exec(d[1])?.[1];
    const type = /<type>\s*([^<\s]+)\s*<\/type>/.exec(d[1])?.[1];
    if (a && (g === groupId || g === '${project.groupId}') && type !== 'pom' && !out.includes(a)) out.push(a);
  }
  return out;
}

/** Runs `fn` over `items` with at most `limit` in flight; results keep the input order. */
export async function mapLimit<T, R>(items: T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i], i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}
