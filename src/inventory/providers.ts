/**
 * Model providers, derived from the sources: every META-INF/services/<ModelProvider SPI> file
 * of a sources jar names implementations; for each, the model-string prefix is the string
 * literal `providerId()` returns (or the PREFIX constant, colon stripped), and the environment
 * variables are the `System.getenv("...")` literals of the provider class and of the classes of
 * the same artifact it references by name (one level deep).
 */
import type { ProviderInfo } from './schema.js';
import type { ParsedFile } from './extract/syntax.js';
import type { Resolver } from './extract/resolve.js';

const MODEL_PROVIDER_SPI = 'io.agentscope.core.model.spi.ModelProvider';
const SERVICE_FILE = `META-INF/services/${MODEL_PROVIDER_SPI}`;

interface ServiceFile {
  artifactId: string;
  path: string;
  text: string;
}

/** Implementations listed in a service file (comments and blank lines dropped). */
function serviceEntries(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((l) => l.replace(/#.*/, '').trim())
    .filter(Boolean);
}

const STRING = String.raw`"((?:[^"\\]|\\.)*)"`;

/** Values of `static final String NAME = "..."` constants declared in a source file. */
function stringConstants(source: string): Map<string, string> {
  const out = new Map<string, string>();
  const re = new RegExp(String.raw`\bString\s+([A-Za-z_$][\w$]*)\s*=\s*` + STRING + String.raw`\s*;`, 'g');
  for (const m of source.matchAll(re)) out.set(m[1], m[2]);
  return out;
}

/** The prefix a provider registers: providerId()'s literal, else the PREFIX constant. */
function providerPrefix(source: string): string | undefined {
  const consts = stringConstants(source);
  const body = /\bString\s+providerId\s*\(\s*\)\s*\{([\s\S]*?)\}/.exec(source)?.[1];
  if (body) {
    const lit = new RegExp(String.raw`return\s+` + STRING + String.raw`\s*;`).exec(body);
    if (lit) return lit[1].replace(/:$/, '');
    const id = /return\s+([A-Za-z_$][\w$]*)\s*;/.exec(body);
    if (id && consts.has(id[1])) return consts.get(id[1])!.replace(/:$/, '');
  }
  const prefix = consts.get('PREFIX');
  return prefix?.replace(/:$/, '');
}

/** `System.getenv("X")` literals, and `System.getenv(CONST)` where CONST is a string constant of the file. */
export function envVarsIn(source: string): string[] {
  const consts = stringConstants(source);
  const out = new Set<string>();
  for (const m of source.matchAll(/System\s*\.\s*getenv\s*\(\s*(?:"((?:[^"\\]|\\.)*)"|([A-Za-z_$][\w$]*))\s*\)/g)) {
    if (m[1] !== undefined) out.add(m[1]);
    else if (m[2] && consts.has(m[2])) out.add(consts.get(m[2])!);
  }
  // `resolveApiKey(context, System::getenv)` then `env.apply("ZAI_API_KEY")`: the lookup passed as
  // a function (GLMModelProvider, 2.0.2). Only upper-case names, so other apply(...) calls do not count.
  if (/System\s*::\s*getenv/.test(source)) {
    for (const m of source.matchAll(/\.\s*apply\s*\(\s*"([A-Z][A-Z0-9_]*)"\s*\)/g)) out.add(m[1]);
  }
  return [...out];
}

/** Strips comments (keeping string literals intact) so that Javadoc examples do not count as reads. */
function code(source: string): string {
  return source.replace(/"(?:[^"\\\n]|\\.)*"|\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, (m) => (m.startsWith('"') ? m : ' '));
}

export function deriveProviders(services: ServiceFile[], files: ParsedFile[], resolver: Resolver): ProviderInfo[] {
  const byFqn = new Map<string, ParsedFile>();
  for (const f of files) {
    for (const t of f.unit.types) {
      const fqn = f.unit.pkg ? `${f.unit.pkg}.${t.name}` : t.name;
      if (!byFqn.has(fqn) || f.artifactId === byFqn.get(fqn)!.artifactId) byFqn.set(fqn, f);
    }
  }
  const out: ProviderInfo[] = [];
  for (const s of services) {
    if (s.path !== SERVICE_FILE) continue;
    for (const cls of serviceEntries(s.text)) {
      const file = [...files].find((f) => f.artifactId === s.artifactId && f.unit.types.some((t) => `${f.unit.pkg}.${t.name}` === cls)) ?? byFqn.get(cls);
      if (!file) continue;
      const src = code(file.source);
      const prefix = providerPrefix(src);
      if (!prefix) continue;
      const env = new Set(envVarsIn(src));
      // One level into the same artifact's classes the provider names (Foo.bar(), new Foo(...)).
      const scope = { pkg: file.unit.pkg, imports: file.unit.imports, types: [cls], typeVars: new Set<string>() };
      const names = new Set([...src.matchAll(/\b(?:new\s+)?([A-Z][\w$]*)\s*(?:\.|\()/g)].map((m) => m[1]));
      for (const n of [...names].sort()) {
        const fqn = resolver.resolveSimple(n, scope);
        const other = fqn ? byFqn.get(fqn.split('.').slice(0, fqn.split('.').findIndex((p) => /^[A-Z]/.test(p)) + 1).join('.')) : undefined;
        if (other && other !== file && other.artifactId === s.artifactId) for (const e of envVarsIn(code(other.source))) env.add(e);
      }
      out.push({ prefix, artifactId: s.artifactId, providerClass: cls, envVars: [...env].sort(), registeredIn: s.path });
    }
  }
  return out.sort((a, b) => (a.prefix < b.prefix ? -1 : a.prefix > b.prefix ? 1 : a.providerClass < b.providerClass ? -1 : 1));
}
