/**
 * Can the project's test runner run JUnit 5 tests? Surefire runs the JUnit Platform from 2.22.0
 * on; Maven 3.8 binds surefire 2.12.4 to `test` when no pom of the chain declares a version, and
 * that version finds no JUnit 5 test at all (`Tests run: 0`, the build still passes). The
 * effective surefire is read from the pom chain on disk (build/plugins, then pluginManagement,
 * nearest pom first); a parent that is only in a repository (spring-boot-starter-parent, a
 * company parent) may manage it, so the answer is then unknown and nothing is added.
 */
import { readFileSync } from 'node:fs';
import { child, children, interpolate, parsePom, textOf, type Inherited, type PomModel } from './pom.js';
import { readPomChain } from './parents.js';

/** What Maven 3.8 runs when no pom declares a surefire version. */
const MAVEN_DEFAULT_SUREFIRE = '2.12.4';
const FIRST_WITH_JUNIT5 = [2, 22, 0];

export type SurefireState =
  | { status: 'ok'; version: string; from: string }
  | { status: 'old'; version: string; from: string }
  | { status: 'default'; version: string }
  | { status: 'unknown'; parent: string };

function declaredVersion(pom: PomModel, props: PomModel): string | undefined | null {
  const build = child(pom.project, 'build');
  for (const plugins of [child(build, 'plugins'), child(child(build, 'pluginManagement'), 'plugins')]) {
    for (const p of children(plugins, 'plugin')) {
      if (textOf(pom.text, child(p, 'artifactId'))?.trim() !== 'maven-surefire-plugin') continue;
      const v = textOf(pom.text, child(p, 'version'))?.trim();
      if (v) return interpolate(v, props);
    }
  }
  return undefined;
}

function atLeast(version: string, min: number[]): boolean {
  const parts = version.split(/[.-]/).map((s) => Number.parseInt(s, 10));
  for (let i = 0; i < min.length; i++) {
    const n = Number.isFinite(parts[i]) ? parts[i] : 0;
    if (n !== min[i]) return n > min[i];
  }
  return true;
}

/** The surefire the pom at `pomPath` runs, as far as the poms on disk tell. */
export function surefireState(pomPath: string): SurefireState {
  const chain = readPomChain(pomPath);
  const effective = parsePom(readFileSync(pomPath, 'utf8'), inheritedProps(chain.map((l) => l.pom)));
  for (const layer of chain) {
    const v = declaredVersion(layer.pom, effective);
    if (v) return { ...(atLeast(v, FIRST_WITH_JUNIT5) ? { status: 'ok' } : { status: 'old' }), version: v, from: layer.path } as SurefireState;
  }
  const last = chain.at(-1)!.pom;
  const parentEl = child(last.project, 'parent');
  if (parentEl) return { status: 'unknown', parent: `${textOf(last.text, child(parentEl, 'groupId')) ?? ''}:${textOf(last.text, child(parentEl, 'artifactId')) ?? ''}` };
  return { status: 'default', version: MAVEN_DEFAULT_SUREFIRE };
}

function inheritedProps(layers: PomModel[]): Inherited {
  const properties: Record<string, string> = {};
  for (const l of [...layers].reverse()) Object.assign(properties, l.properties);
  return { properties, managed: [], chain: [] };
}

/** True when the project's JUnit 5 tests would not run: an old or Maven's default surefire. */
export function surefireCannotRunJunit5(state: SurefireState): state is Extract<SurefireState, { status: 'old' | 'default' }> {
  return state.status === 'old' || state.status === 'default';
}

/**
 * Declares maven-surefire-plugin at `version` in the pom's build/plugins (a minimal textual edit,
 * indented like the file), or raises the version of the one declared there. Returns the text
 * unchanged when the pom's own declaration is already that version.
 */
export function pinSurefire(text: string, version: string): string {
  const pom = parsePom(text);
  const nl = text.includes('\r\n') ? '\r\n' : '\n';
  const build = child(pom.project, 'build');
  const plugins = child(build, 'plugins');
  const own = children(plugins, 'plugin').find((p) => textOf(text, child(p, 'artifactId'))?.trim() === 'maven-surefire-plugin');
  const ver = own && child(own, 'version');
  if (ver) return text.slice(0, ver.openEnd) + version + text.slice(ver.closeStart);
  const indentAt = (offset: number) => /([ \t]*)$/.exec(text.slice(text.lastIndexOf('\n', offset - 1) + 1, offset))![1];
  const unit = (/\n([ \t]+)</.exec(text.slice(pom.project.openEnd))?.[1]) || '    ';
  const pluginXml = (ind: string) =>
    [`${ind}<plugin>`, `${ind}${unit}<groupId>org.apache.maven.plugins</groupId>`, `${ind}${unit}<artifactId>maven-surefire-plugin</artifactId>`, `${ind}${unit}<version>${version}</version>`, `${ind}</plugin>`].join(nl);
  if (own) {
    // declared without a version: add one after its artifactId
    const art = child(own, 'artifactId')!;
    return text.slice(0, art.end) + nl + indentAt(art.start) + `<version>${version}</version>` + text.slice(art.end);
  }
  if (plugins && plugins.openEnd !== plugins.closeStart) {
    const ind = indentAt(plugins.start) + unit;
    const at = plugins.closeStart - indentAt(plugins.closeStart).length;
    return text.slice(0, at) + pluginXml(ind) + nl + text.slice(at);
  }
  const pi = indentAt(pom.project.start);
  if (build && build.openEnd !== build.closeStart) {
    const bi = indentAt(build.start) + unit;
    const at = build.closeStart - indentAt(build.closeStart).length;
    return text.slice(0, at) + [`${bi}<plugins>`, pluginXml(bi + unit), `${bi}</plugins>`].join(nl) + nl + text.slice(at);
  }
  const bi = pi + unit;
  const block = [`${bi}<build>`, `${bi}${unit}<plugins>`, pluginXml(bi + unit + unit), `${bi}${unit}</plugins>`, `${bi}</build>`].join(nl);
  const at = pom.project.closeStart - indentAt(pom.project.closeStart).length;
  return text.slice(0, at) + block + nl + text.slice(at);
}
