/**
 * The Java templates render already formatted (generators/_core/layout.ts): for every combination
 * of flavor, agent kind, provider set, feature set and language, and for every `gen` kind, with
 * each user-chosen value at the narrow and at the wide end of its verified width range,
 * prettier-java leaves every rendered Java file unchanged. formatJava is replaced by the identity
 * here, so what is checked is the raw render that `create` and `gen` write without prettier.
 */
import { describe, expect, it, vi } from 'vitest';
import * as prettier from 'prettier';
import javaPlugin from 'prettier-plugin-java';
import { Tree } from '../../generators/_core/tree.js';
import type { AgentKind, CreateOptions, FeatureKind, Flavor, Lang, ProviderChoice } from '../../generators/_core/options.js';
import { FEATURE_KINDS } from '../../generators/_core/options.js';
import { generateFeature, generateProject } from '../../generators/index.js';
import { unsupportedFeatures } from '../../generators/_core/agent-kinds.js';
import { springBootProblem } from '../../generators/spring-boot/support.js';
import { CLASS_NAME_RANGES, FORMAT_ALWAYS, LAYOUT_RANGES, layoutRange, writtenAsRendered } from '../../generators/_core/layout.js';
import { parseProvenance } from '../../src/core/provenance.js';
import { createOptions, inventory, providerChoices } from '../maven/support.js';

vi.mock('../../generators/_core/render.js', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../generators/_core/render.js')>()),
  formatJava: async (source: string) => source,
}));

const format = (s: string) => prettier.format(s, { parser: 'java', plugins: [javaPlugin], printWidth: 100, tabWidth: 4 });

type Corner = 'default' | 'narrow' | 'wide';
const CORNERS: Corner[] = ['default', 'narrow', 'wide'];
const end = (key: keyof typeof LAYOUT_RANGES, corner: Corner) => LAYOUT_RANGES[key][corner === 'narrow' ? 0 : 1];
const text = (width: number, ch = 'x') => ch.repeat(width);

/** A package of exactly `width` columns. */
function pkgOf(width: number): string {
  if (width < 4) return text(width, 'p');
  return `com.${text(width - 4, 'p')}`;
}

interface Combo {
  lang: Lang;
  flavor: Flavor;
  agent: AgentKind;
  providers: ProviderChoice[];
  features: FeatureKind[];
}

function combos(): Combo[] {
  const all = providerChoices();
  const out: Combo[] = [];
  const featureSets: FeatureKind[][] = [[], ...FEATURE_KINDS.map((f) => [f]), [...FEATURE_KINDS]];
  for (const lang of ['en', 'zh'] as const) {
    for (const agent of ['react', 'harness'] as const) {
      for (const providers of [all.slice(0, 1), all.slice(0, 2)]) {
        for (const features of featureSets) {
          const ok = features.filter((f) => !unsupportedFeatures(agent, [f], lang).length);
          if (features.length === 1 && !ok.length) continue;
          out.push({ lang, flavor: 'maven', agent, providers, features: ok });
        }
      }
    }
    for (const p of all) {
      for (const features of featureSets) {
        const c: Combo = { lang, flavor: 'spring-boot', agent: 'react', providers: [p], features };
        const problem = springBootProblem({ providers: c.providers, agent: { kind: 'react', name: 'a', systemPrompt: 'a' }, features }, inventory(), all.map((x) => x.prefix), lang);
        if (!problem) out.push(c);
      }
    }
  }
  return out;
}

/** Options for one combination with every user-chosen value at `corner`. */
function optionsAt(c: Combo, corner: Corner): CreateOptions {
  const base = createOptions('/nonexistent-agentscope-test/formatted', { name: 'formatted', lang: c.lang, agent: c.agent, features: c.features, providers: c.providers });
  if (corner === 'default') return { ...base, flavor: c.flavor, providers: providerChoices().filter((p) => c.providers.some((q) => q.prefix === p.prefix)) };
  const pkg = pkgOf(end('pkg', corner));
  const modelWidth = end('modelId', corner);
  return {
    ...base,
    flavor: c.flavor,
    packageName: pkg,
    packagePath: pkg.replace(/\./g, '/'),
    agent: { kind: c.agent, name: text(end('agentName', corner)), systemPrompt: text(end('systemPrompt', corner)) },
    // the maven flavor writes `prefix:model`, spring-boot the model alone: each at the end of the range
    providers: c.providers.map((p) => ({ ...p, model: text(c.flavor === 'spring-boot' ? modelWidth : Math.max(1, modelWidth - p.prefix.length - 1), 'm') })),
    maxRetries: corner === 'narrow' ? 2 : 99,
  };
}

/**
 * Checks every Java file (of a template whose class-name range holds `classNameWidth`, when given);
 * returns how many were checked, adding the templates that fail to `failing`.
 */
async function expectFormatted(files: { path: string; content: string }[], failing: Set<string>, classNameWidth?: number) {
  let checked = 0;
  for (const f of files.filter((x) => x.path.endsWith('.java'))) {
    const template = `${parseProvenance(f.content)!.template}.ejs`;
    if (FORMAT_ALWAYS.has(template)) continue;
    if (classNameWidth !== undefined) {
      const [lo, hi] = layoutRange(template, 'className');
      if (classNameWidth < lo || classNameWidth > hi) continue;
    }
    const body = f.content.slice(f.content.indexOf('\n') + 1); // the provenance line is added after rendering
    const formatted = await format(body);
    if (formatted !== body) {
      // name the template and its first line prettier-java lays out differently
      const a = body.split('\n');
      const b = formatted.split('\n');
      const i = a.findIndex((line, k) => line !== b[k]);
      failing.add(`${template} (${f.path} line ${i + 2}: ${JSON.stringify(a[i])} -> ${JSON.stringify(b[i])})`);
    }
    checked++;
  }
  return checked;
}

describe('Java templates render in prettier-java layout', () => {
  it('the corners used below are inside the verified ranges, so create and gen write them unformatted', () => {
    for (const corner of ['narrow', 'wide'] as const) {
      const pkg = pkgOf(end('pkg', corner));
      expect(pkg.length).toBe(end('pkg', corner));
      expect(writtenAsRendered('project/AgentFactory.java.ejs', { pkg, agentName: text(end('agentName', corner)), systemPrompt: text(end('systemPrompt', corner)), maxRetries: corner === 'narrow' ? 2 : 99, primary: { modelId: text(end('modelId', corner)) } })).toBe(true);
      expect(writtenAsRendered('feature/tool/Tool.java.ejs', { pkg, className: text(end('className', corner), 'X'), toolName: text(end('toolName', corner)) })).toBe(true);
    }
    expect(writtenAsRendered('feature/tool/Tool.java.ejs', { className: text(end('className', 'wide') + 1, 'X') })).toBe(false);
    expect(writtenAsRendered('project/AgentFactory.java.ejs', { systemPrompt: 'say "hi"' })).toBe(false);
    expect(writtenAsRendered('project/AgentFactory.java.ejs', { systemPrompt: '你是一个乐于助人的助手。' })).toBe(true);
  });

  it.each(CORNERS)('create: every combination, user values at %s', async (corner) => {
    let checked = 0;
    const failing = new Set<string>();
    for (const c of combos()) {
      const opts = optionsAt(c, corner);
      const tree = new Tree(opts.directory);
      await generateProject(tree, opts, { inventory: inventory() });
      checked += await expectFormatted(tree.list(), failing);
    }
    expect([...failing].join('\n'), 'templates whose render prettier-java changes').toBe('');
    expect(checked).toBeGreaterThan(500);
  }, 300_000);

  // each template's class-name range at its own ends: the narrow ends with every other value narrow, the wide ends with every other value wide
  const classNameEnds = (corner: 'narrow' | 'wide') => [...new Set([LAYOUT_RANGES.className, ...Object.values(CLASS_NAME_RANGES)].map((r) => r[corner === 'narrow' ? 0 : 1]))];

  it.each(CORNERS)('gen <kind>: every kind and language, class name at %s', async (corner) => {
    let checked = 0;
    const failing = new Set<string>();
    const widths = corner === 'default' ? [undefined] : classNameEnds(corner);
    for (const width of widths) {
      for (const lang of ['en', 'zh'] as const) {
        for (const kind of [...FEATURE_KINDS, 'provider'] as const) {
          const base = optionsAt({ lang, flavor: 'maven', agent: 'react', providers: providerChoices().slice(0, 1), features: [] }, corner);
          const className = width === undefined ? `My${kind[0].toUpperCase()}${kind.slice(1)}` : text(width, 'X');
          const tree = new Tree('/nonexistent-agentscope-test/formatted-gen');
          await generateFeature(tree, { ...base, kind, className, mcpTransports: kind === 'mcp' ? ['stdio', 'http', 'sse'] : [], provider: kind === 'provider' ? base.providers[0] : undefined, force: false }, { inventory: inventory() });
          checked += await expectFormatted(tree.list(), failing, width);
        }
      }
    }
    expect([...failing].join('\n'), 'templates whose render prettier-java changes').toBe('');
    expect(checked).toBeGreaterThan(30);
  }, 120_000);
});
