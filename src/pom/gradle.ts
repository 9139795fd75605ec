/**
 * The AgentScope version a Gradle build declares, read from its files as written (Groovy or
 * Kotlin DSL; Gradle itself is never run): an `io.agentscope` dependency or platform in
 * `group:name:version` or map notation, its version a literal or a variable defined in the build
 * scripts or a `gradle.properties` from the project up to the build's root, or a version catalog
 * (`gradle/libs.versions.toml`). A subproject that names none takes the one its parent projects
 * declare (`subprojects { }` / `allprojects { }` blocks of the root script).
 */
import { readFileSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { BUILD_FILES } from '../core/files.js';

const SETTINGS_FILES: readonly string[] = BUILD_FILES.filter((f) => f.startsWith('settings.'));
const GRADLE_BUILD_FILES: readonly string[] = BUILD_FILES.filter((f) => f.startsWith('build.'));

function readIfFile(path: string): string | undefined {
  try {
    return isFile(path) ? readFileSync(path, 'utf8') : undefined;
  } catch {
    return undefined;
  }
}

function isFile(path: string): boolean {
  try {
    return statSync(path, { throwIfNoEntry: false })?.isFile() ?? false;
  } catch {
    return false;
  }
}

/** The text of the Gradle build script of `dir`, if it has one. */
export function gradleScriptIn(dir: string): string | undefined {
  for (const name of GRADLE_BUILD_FILES) {
    const text = readIfFile(join(dir, name));
    if (text !== undefined) return text;
  }
  return undefined;
}

/** A Gradle build or settings script (the files BUILD_FILES names after pom.xml). */
export function isGradleBuildFile(path: string): boolean {
  return GRADLE_BUILD_FILES.includes(basename(path)) || SETTINGS_FILES.includes(basename(path));
}

/** Comments removed (strings kept as written: a `//` inside a URL string stays). */
export function withoutComments(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"' || c === "'") {
      const end = text.indexOf(c, i + 1);
      const stop = end < 0 ? text.length : end + 1;
      out += text.slice(i, stop);
      i = stop - 1;
    } else if (c === '/' && text[i + 1] === '/') {
      const nl = text.indexOf('\n', i);
      i = (nl < 0 ? text.length : nl) - 1;
    } else if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      i = (end < 0 ? text.length : end + 2) - 1;
    } else out += c;
  }
  return out;
}

/** The version texts of io.agentscope coordinates in a script (literal or `$name` references). */
function declaredVersions(script: string): string[] {
  const out: string[] = [];
  // 'io.agentscope:agentscope-core:2.0.2', "io.agentscope:agentscope-bom:${v}"
  for (const m of script.matchAll(/["']io\.agentscope:[\w.-]+:([^"'@\s]+)["']/g)) out.push(m[1]);
  // group: 'io.agentscope', name: 'agentscope-core', version: '2.0.2' (Kotlin: group = "...", ...)
  for (const m of script.matchAll(/group\s*[:=]\s*["']io\.agentscope["'][^)\n]*?version\s*[:=]\s*(["'][^"']+["']|[\w.]+)/g)) out.push(m[1].replace(/^["']|["']$/g, ''));
  return out;
}

/** `name = value` definitions a script makes (ext, extra, val/def, set(...)), and properties files' `name=value`. */
function definitions(script: string): Map<string, string> {
  const out = new Map<string, string>();
  const patterns = [
    /(?:^|[\s{;(])(?:(?:val|var|def|String)\s+)?(?:ext\.|project\.ext\.|rootProject\.ext\.)?([A-Za-z_][\w.]*)\s*=\s*["']([^"'$]+)["']/gm,
    /extra\[\s*["']([\w.]+)["']\s*\]\s*=\s*["']([^"'$]+)["']/g,
    /(?:extra\.)?set\(\s*["']([\w.]+)["']\s*,\s*["']([^"'$]+)["']\s*\)/g,
  ];
  for (const re of patterns) for (const m of script.matchAll(re)) if (!out.has(m[1])) out.set(m[1], m[2]);
  return out;
}

function propertiesFile(text: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const line of text.split(/\r?\n/)) {
    const m = /^\s*([\w.-]+)\s*[=:]\s*(.*?)\s*$/.exec(line);
    if (m && !line.trimStart().startsWith('#') && !line.trimStart().startsWith('!')) out.set(m[1], m[2]);
  }
  return out;
}

/** The directories from the project's up to the build's root (the one with a settings script), nearest first. */
function buildDirs(projectDir: string): string[] {
  const dirs: string[] = [];
  for (let d = projectDir; ; d = dirname(d)) {
    dirs.push(d);
    if (SETTINGS_FILES.some((s) => isFile(join(d, s)))) return dirs;
    if (dirname(d) === d || dirs.length > 12) return [projectDir];
  }
}

/** io.agentscope versions of a version catalog: `[libraries]` entries of that group, their version or version.ref. */
function catalogVersions(toml: string): string[] {
  const versions = new Map<string, string>();
  const section = (name: string) => {
    const m = new RegExp(`^\\[${name}\\]\\s*$([\\s\\S]*?)(?=^\\[|(?![\\s\\S]))`, 'm').exec(toml);
    return m ? m[1] : '';
  };
  for (const m of section('versions').matchAll(/^\s*([\w.-]+)\s*=\s*["']([^"']+)["']/gm)) versions.set(m[1], m[2]);
  const out: string[] = [];
  for (const line of section('libraries').split(/\r?\n/)) {
    if (!/io\.agentscope[:"']/.test(line)) continue;
    const literal = /["']io\.agentscope:[\w.-]+:([^"']+)["']/.exec(line) ?? /version\s*=\s*["']([^"']+)["']/.exec(line);
    const ref = /version\.ref\s*=\s*["']([\w.-]+)["']/.exec(line);
    const v = literal?.[1] ?? (ref ? versions.get(ref[1]) : undefined);
    if (v) out.push(v);
  }
  return out;
}

/**
 * The AgentScope version the Gradle project of `buildFile` declares, as written or resolved
 * through the variables and catalogs above; undefined when it names none. A reference that
 * cannot be resolved is returned as written (`$agentscopeVersion`), which no version validator accepts.
 */
export function gradleAgentscopeVersion(buildFile: string): string | undefined {
  const dirs = buildDirs(dirname(buildFile));
  const scripts = dirs.map((d, i) => withoutComments((i === 0 ? readIfFile(buildFile) : gradleScriptIn(d)) ?? ''));
  const defs = new Map<string, string>();
  // nearest first: a subproject's definitions win over the root's, a script's over gradle.properties
  dirs.forEach((d, i) => {
    for (const [k, v] of definitions(scripts[i])) if (!defs.has(k)) defs.set(k, v);
    const props = readIfFile(join(d, 'gradle.properties'));
    if (props) for (const [k, v] of propertiesFile(props)) if (!defs.has(k)) defs.set(k, v);
  });
  const resolve = (v: string): string => {
    const ref = /^\$\{?(?:project\.|rootProject\.|ext\.|extra\.)?([\w.]+)\}?$/.exec(v) ?? /^\$\{(?:property|findProperty)\(["']([\w.]+)["']\)\}$/.exec(v);
    const name = ref?.[1] ?? (/^[A-Za-z_][\w.]*$/.test(v) && !/^\d/.test(v) ? v : undefined);
    return name && defs.has(name) ? defs.get(name)! : v;
  };
  for (const script of scripts) {
    const found = declaredVersions(script);
    if (found.length) return resolve(found[0]);
    if (/\blibs\.[\w.]*agentscope/i.test(script)) {
      const root = dirs[dirs.length - 1];
      const toml = readIfFile(join(root, 'gradle', 'libs.versions.toml'));
      const fromCatalog = toml ? catalogVersions(toml) : [];
      if (fromCatalog.length) return fromCatalog[0];
    }
  }
  return undefined;
}
