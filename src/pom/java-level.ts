/**
 * The Java level a module compiles for, read from its build as written (Maven is never run):
 * `--release N` (maven.compiler.release, the compiler plugin's `<release>`, Gradle's
 * `options.release` or a toolchain's `JavaLanguageVersion.of(N)`), which fixes both the language
 * and the JDK API javac accepts; or only `-source N` (maven.compiler.source, `<source>`, Spring
 * Boot's `java.version`, Gradle's `sourceCompatibility`), which fixes the language while the API
 * is that of whichever JDK compiles. Undefined whenever the build does not say for certain.
 */
import { inheritedFromChain, readPomChain, type PomLayer } from './parents.js';
import { child, children, interpolate, textOf, type PomModel, type XmlElement } from './pom.js';
import { gradleScriptIn, withoutComments } from './gradle.js';
import { readTextBounded } from '../core/fsread.js';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

export interface JavaLevel {
  /** The feature release: 17 for `17`, 8 for `1.8`. */
  level: number;
  /** `--release` (the JDK API is that release's too), not only `-source`. */
  release: boolean;
  /** Where the build says it, for messages: `maven.compiler.release 17 (pom.xml)`. */
  from: string;
}

/** `17`, `1.8`, `JavaVersion.VERSION_17`, `VERSION_1_8` -> 17, 8; undefined for anything else. */
function featureRelease(value: string): number | undefined {
  const m = /^(?:JavaVersion\.)?(?:VERSION_)?(?:1[._])?(\d+)$/.exec(value.trim().replace(/^['"]|['"]$/g, ''));
  if (!m) return undefined;
  const n = Number(m[1]);
  return n >= 5 && n <= 99 ? n : undefined;
}

/** The compiler plugin's configuration elements in a pom (build/plugins, then build/pluginManagement). */
function compilerConfig(pom: PomModel): (XmlElement | undefined)[] {
  const build = child(pom.project, 'build');
  const plugins = [...children(child(build, 'plugins'), 'plugin'), ...children(child(child(build, 'pluginManagement'), 'plugins'), 'plugin')];
  return plugins.filter((p) => textOf(pom.text, child(p, 'artifactId')) === 'maven-compiler-plugin').map((p) => child(p, 'configuration'));
}

/** Spring Boot's starter parent: `java.version` is its `-source` (17 from Boot 3 on when unset). */
function springBootParent(chain: PomLayer[]): { version: string } | undefined {
  const last = chain[chain.length - 1].pom;
  const parent = child(last.project, 'parent');
  if (textOf(last.text, child(parent, 'groupId')) !== 'org.springframework.boot' || textOf(last.text, child(parent, 'artifactId')) !== 'spring-boot-starter-parent') return undefined;
  const version = textOf(last.text, child(parent, 'version'));
  return version ? { version } : undefined;
}

/** The level of the module whose pom chain (nearest first) is `chain`. */
function javaLevelOfPomChain(chain: PomLayer[]): JavaLevel | undefined {
  // the effective properties: the module's own over those it inherits
  const properties = { ...inheritedFromChain(chain).properties, ...chain[0].pom.properties };
  const effective: PomModel = { ...chain[0].pom, properties };
  const value = (raw: string | undefined): number | undefined | null => {
    if (raw === undefined) return null;
    const v = interpolate(raw, effective);
    return v.includes('${') ? undefined : featureRelease(v);
  };
  const name = (l: PomLayer) => l.path.split(/[\\/]/).slice(-2).join('/');
  // the plugin's own configuration wins over the properties (its parameters' defaults)
  for (const l of chain) {
    for (const conf of compilerConfig(l.pom)) {
      for (const [el, release] of [['release', true], ['source', false]] as const) {
        const v = value(textOf(l.pom.text, child(conf, el)));
        if (v === undefined) return undefined;
        if (v !== null) return { level: v, release, from: `maven-compiler-plugin <${el}>${v}</${el}> (${name(l)})` };
      }
    }
  }
  for (const [prop, release] of [['maven.compiler.release', true], ['maven.compiler.source', false]] as const) {
    const v = value(properties[prop]);
    if (v === undefined) return undefined;
    if (v !== null) return { level: v, release, from: `${prop} ${v} (${name(chain.find((l) => prop in l.pom.properties) ?? chain[0])})` };
  }
  const boot = springBootParent(chain);
  if (boot) {
    const v = value(properties['java.version']);
    if (v === undefined) return undefined;
    if (v !== null) return { level: v, release: false, from: `java.version ${v} with spring-boot-starter-parent` };
    const major = Number(boot.version.split('.')[0]);
    if (major >= 3) return { level: 17, release: false, from: `spring-boot-starter-parent ${boot.version} (java.version 17 by default)` };
  }
  return undefined;
}

/** The level a Gradle build script states, when it states exactly one. */
function javaLevelOfGradle(script: string): JavaLevel | undefined {
  const text = withoutComments(script);
  const found: JavaLevel[] = [];
  const each = (re: RegExp, release: boolean, what: string) => {
    for (const m of text.matchAll(re)) {
      const v = featureRelease(m[1]);
      if (v === undefined) return false;
      found.push({ level: v, release, from: `${what} ${v} (build script)` });
    }
    return true;
  };
  const ok =
    each(/\boptions\.release(?:\s*=\s*|\.set\(\s*)(\w+)/g, true, 'options.release') &&
    each(/\blanguageVersion(?:\s*=\s*|\.set\(\s*)JavaLanguageVersion\.of\(\s*['"]?(\w+)['"]?\s*\)/g, true, 'toolchain languageVersion') &&
    each(/\bsourceCompatibility\s*=\s*(['"]?[\w.]+['"]?)/g, false, 'sourceCompatibility');
  if (!ok || !found.length) return undefined;
  // a release (a toolchain's JDK) decides over sourceCompatibility; two different ones: unknown
  const releases = found.filter((f) => f.release);
  const pick = releases.length ? releases : found;
  return pick.every((f) => f.level === pick[0].level) ? pick[0] : undefined;
}

/**
 * The level of the module in `dir`: its pom.xml when it has one (`pom`, read through `read`), else
 * its Gradle build script.
 */
export function javaLevelOfModule(dir: string, pom = existsSync(join(dir, 'pom.xml')) ? join(dir, 'pom.xml') : undefined, read: (path: string) => string = readTextBounded): JavaLevel | undefined {
  if (pom !== undefined) {
    try {
      return javaLevelOfPomChain(readPomChain(pom, 10, read));
    } catch {
      // a pom that is not well-formed says nothing for certain
      return undefined;
    }
  }
  const script = gradleScriptIn(dir);
  return script === undefined ? undefined : javaLevelOfGradle(script);
}
