/**
 * Fast (no Maven): renders every template through generateProject / generateFeature for the
 * option combinations and checks what the generators promise: provenance on every file,
 * versions only through ${agentscope.version}, no API key in any file, the static checker's
 * verdict on all Java sources, and the dependencies/notes returned.
 */
import { describe, expect, it, beforeAll } from 'vitest';
import { Tree } from '../../generators/_core/tree.js';
import type { FeatureKind, FeatureOptions, Lang } from '../../generators/_core/options.js';
import { FEATURE_KINDS } from '../../generators/_core/options.js';
import { availableAgentKinds, availableProviders, generateFeature, generateProject } from '../../generators/index.js';
import { toolNameFor } from '../../generators/_core/java.js';
import { baseUrlEnvOf, bomAvailable, providerBaseUrlEnv } from '../../generators/_core/providers.js';
import { parseProvenance } from '../../src/core/provenance.js';
import { checkSources, initJavaParser } from '../../src/checker/index.js';
import { createOptions, inventory, providerChoices } from '../maven/support.js';

const ALL = [...FEATURE_KINDS];

async function render(name: string, spec: Omit<Parameters<typeof createOptions>[1], 'name'>) {
  const dir = `/nonexistent-agentscope-test/${name}`;
  const opts = createOptions(dir, { ...spec, name });
  const tree = new Tree(dir);
  const result = await generateProject(tree, opts);
  return { opts, tree, result, files: tree.list() };
}

const combos: { name: string; features: FeatureKind[]; lang: Lang; javaRelease: 17 | 21; providers: number }[] = [];
for (const lang of ['en', 'zh'] as const) {
  combos.push({ name: `none-${lang}`, features: [], lang, javaRelease: 17, providers: 1 });
  for (const f of ALL) combos.push({ name: `${f}-${lang}`, features: [f], lang, javaRelease: 17, providers: 1 });
  combos.push({ name: `all-${lang}`, features: ALL, lang, javaRelease: 21, providers: 2 });
}

beforeAll(async () => {
  await initJavaParser();
});

describe('availability comes from the inventory', () => {
  it('lists the providers the inventory registers, with their key variables', () => {
    const inv = inventory();
    const providers = availableProviders(inv);
    expect(providers.map((p) => p.prefix).sort()).toEqual(inv.providers.map((p) => p.prefix).sort());
    // preferred first: DashScope (most AgentScope users' provider) when served, then OpenAI
    const order = ['dashscope', 'openai', 'anthropic'].filter((x) => providers.some((p) => p.prefix === x));
    expect(providers.slice(0, order.length).map((p) => p.prefix)).toEqual(order);
    for (const p of providers) expect(p.defaultModel).not.toBe('');
    for (const p of providers) {
      expect(inv.artifacts.map((a) => a.artifactId)).toContain(p.artifactId);
      expect(p.apiKeyEnv === '' || inv.providers.find((x) => x.prefix === p.prefix)!.envVars.includes(p.apiKeyEnv)).toBe(true);
    }
  });

  it('gives every provider one base-URL variable: the one it reads itself, else derived from the prefix', () => {
    const inv = inventory();
    const providers = availableProviders(inv);
    for (const p of providers) {
      const own = inv.providers.find((x) => x.prefix === p.prefix)!.envVars.filter((v) => /BASE_URL$/.test(v));
      expect(own.length).toBeLessThanOrEqual(1);
      expect(p.baseUrlEnv).toBe(own[0] ?? `${p.prefix.toUpperCase()}_BASE_URL`);
      expect(p.baseUrlReadByProvider).toBe(own.length === 1);
    }
    expect(new Set(providers.map((p) => p.baseUrlEnv)).size).toBe(providers.length);
    // ollama reads OLLAMA_BASE_URL itself (2.0.2 OllamaModelProvider#create): no second name is invented
    const ollama = providers.find((p) => p.prefix === 'ollama');
    if (ollama) expect(ollama).toMatchObject({ apiKeyEnv: '', baseUrlEnv: 'OLLAMA_BASE_URL', baseUrlReadByProvider: true });
    expect(baseUrlEnvOf('openai')).toEqual({ baseUrlEnv: 'OPENAI_BASE_URL', baseUrlReadByProvider: false });
    expect(baseUrlEnvOf('my-llm', ['MY_LLM_API_KEY'])).toEqual({ baseUrlEnv: 'MY_LLM_BASE_URL', baseUrlReadByProvider: false });
  });

  it('offers harness only when the inventory has agentscope-harness, with a reason otherwise', () => {
    const inv = inventory();
    const kinds = availableAgentKinds(inv);
    const harness = kinds.find((k) => k.kind === 'harness')!;
    const hasHarness = inv.artifacts.some((a) => a.artifactId === 'agentscope-harness');
    expect(harness.available).toBe(hasHarness);
    if (!hasHarness) expect(harness.reason).toMatch(/agentscope-harness.*not part of/);
    expect(kinds.find((k) => k.kind === 'react')!.available).toBe(true);
  });
});

describe('providers without an API key', () => {
  it('an ollama project says it needs no key and names its base-URL variable in code, README and notes', async () => {
    const ollama = providerChoices().find((p) => p.prefix === 'ollama');
    if (!ollama) return; // the pinned version ships no ollama provider
    for (const lang of ['en', 'zh'] as const) {
      const { files, result } = await render(`ollama-${lang}`, { lang, providers: [ollama] });
      const models = files.find((f) => f.path.endsWith('/ModelProviders.java'))!.content;
      expect(models).toContain('PRIMARY_API_KEY_ENV = ""');
      expect(models).toContain('PRIMARY_BASE_URL_ENV = "OLLAMA_BASE_URL"');
      const readme = files.find((f) => f.path === 'README.md')!.content;
      expect(readme).toMatch(lang === 'zh' ? /不需要 API Key：它连接 `OLLAMA_BASE_URL`/ : /needs no API key: it talks to the server at `OLLAMA_BASE_URL`/);
      expect(result.notes.join('\n')).toMatch(lang === 'zh' ? /不需要 API Key：用 OLLAMA_BASE_URL/ : /needs no API key: OLLAMA_BASE_URL/);
      expect(result.notes.join('\n')).not.toMatch(/OLLAMA_BASE_URL.*OLLAMA_BASE_URL/);
    }
  });
});

describe.each(combos)('create $name', (combo) => {
  it('renders marked, checker-clean files with versions from the pin only', async () => {
    const { opts, files, result } = await render(combo.name, { lang: combo.lang, javaRelease: combo.javaRelease, features: combo.features, providers: providerChoices().slice(0, combo.providers) });
    const paths = files.map((f) => f.path);
    expect(paths).toEqual(expect.arrayContaining(['pom.xml', 'README.md', '.gitignore', `src/main/java/${opts.packagePath}/Main.java`, `src/test/java/${opts.packagePath}/ScriptedModel.java`]));

    for (const f of files) {
      expect(f.kind).toBe('create');
      const p = parseProvenance(f.content);
      expect(p, `${f.path} has a provenance marker`).toBeDefined();
      expect(p!.untouched).toBe(true);
      expect(p!.version).toBe(opts.agentscopeVersion);
      expect(f.content).not.toMatch(/<%|%>/);
      expect(f.content).not.toMatch(/sk-[A-Za-z0-9]{20,}/);
    }

    const pom = files.find((f) => f.path === 'pom.xml')!.content;
    expect(pom).toContain(`<agentscope.version>${opts.agentscopeVersion}</agentscope.version>`);
    expect(pom).toContain(`<maven.compiler.release>${combo.javaRelease}</maven.compiler.release>`);
    // One property: the BOM import when the version has a BOM, otherwise every dependency points at it.
    const agentscopeVersions = [...pom.matchAll(/<groupId>io\.agentscope<\/groupId>\s*<artifactId>[^<]+<\/artifactId>\s*<version>([^<]+)<\/version>/g)].map((m) => m[1]);
    expect(agentscopeVersions.length).toBeGreaterThan(0);
    expect(new Set(agentscopeVersions)).toEqual(new Set(['${agentscope.version}']));
    if (bomAvailable(inventory())) {
      expect(pom).toMatch(/<artifactId>agentscope-bom<\/artifactId>\s*<version>\$\{agentscope\.version\}<\/version>\s*<type>pom<\/type>\s*<scope>import<\/scope>/);
      expect(agentscopeVersions).toHaveLength(1); // the BOM's; the dependencies carry none
    } else expect(pom).not.toContain('agentscope-bom');
    for (const p of opts.providers) expect(pom).toContain(`<artifactId>${p.artifactId}</artifactId>`);
    expect(result.dependencies.map((d) => d.artifactId)).toEqual(expect.arrayContaining(['agentscope-core', ...opts.providers.map((p) => p.artifactId)]));

    const readme = files.find((f) => f.path === 'README.md')!.content;
    for (const p of opts.providers) expect(readme).toContain(p.apiKeyEnv);
    expect(readme).toMatch(combo.lang === 'zh' ? /运行/ : /## Run/);
    for (const p of opts.providers) expect(result.notes.join('\n')).toContain(p.apiKeyEnv);

    const java = files.filter((f) => f.path.endsWith('.java'));
    const models = java.find((f) => f.path.endsWith('/ModelProviders.java'))!.content;
    expect(models).toContain('context(modelId, apiKeyEnv, baseUrlEnv, System::getenv)');
    expect(models).toContain('context.baseUrl(');
    expect(models).not.toMatch(/https?:\/\//); // no URL is written into the code
    for (const p of opts.providers) {
      const { baseUrlEnv } = providerBaseUrlEnv(inventory(), p.prefix);
      expect(models).toContain(`"${baseUrlEnv}"`);
      expect(readme).toContain(`\`${baseUrlEnv}\``);
      expect(result.notes.join('\n')).toContain(baseUrlEnv);
    }
    const factory = java.find((f) => f.path.endsWith('/AgentFactory.java'))!.content;
    expect(factory.includes('.fallbackModel(') && factory.includes('.maxRetries(')).toBe(combo.providers > 1);

    const findings = await checkSources(java.map((f) => ({ path: f.path, content: f.content })), inventory());
    expect(findings, JSON.stringify(findings, null, 1)).toEqual([]);
  });
});

describe('gen <kind>', () => {
  const kinds: (FeatureKind | 'provider')[] = [...ALL, 'provider'];
  it.each(kinds)('%s writes a checker-clean class under the base package and names its dependencies', async (kind) => {
    const base = createOptions('/nonexistent-agentscope-test/gen', { name: 'gen' });
    const tree = new Tree('/nonexistent-agentscope-test/gen');
    const className = kind === 'provider' ? 'ExtraModel' : `My${kind[0].toUpperCase()}${kind.slice(1)}`;
    const opts: FeatureOptions = { ...base, kind, className, mcpTransports: kind === 'mcp' ? ['stdio', 'http', 'sse'] : [], provider: kind === 'provider' ? providerChoices()[0] : undefined, force: false };
    const result = await generateFeature(tree, opts);
    const files = tree.list();
    expect(files.map((f) => f.path)).toContain(`src/main/java/${base.packagePath}/${className}.java`);
    expect(files.map((f) => f.path)).toContain(`src/test/java/${base.packagePath}/${className}Test.java`);
    for (const f of files) expect(parseProvenance(f.content)?.generator).toMatch(/^(feature\/|shared)/);
    expect(result.dependencies.find((d) => d.artifactId === 'agentscope-core')?.version).toBe('${agentscope.version}');
    if (kind === 'provider') {
      expect(result.dependencies.map((d) => d.artifactId)).toContain(providerChoices()[0].artifactId);
      const { baseUrlEnv } = providerBaseUrlEnv(inventory(), providerChoices()[0].prefix);
      expect(files.find((f) => f.path.endsWith(`/${className}.java`))!.content).toContain(`BASE_URL_ENV = "${baseUrlEnv}"`);
      expect(result.notes.join('\n')).toContain(baseUrlEnv);
    }
    expect(result.notes.length).toBeGreaterThan(0);
    const java = files.filter((f) => f.path.endsWith('.java')).map((f) => ({ path: f.path, content: f.content }));
    expect(await checkSources(java, inventory())).toEqual([]);
  });

});

describe('naming', () => {
  it('derives tool names from class names', () => {
    expect(toolNameFor('GreetingTool')).toBe('greeting');
    expect(toolNameFor('NoteStoreTool')).toBe('note_store');
    expect(toolNameFor('HTTPFetchTools')).toBe('http_fetch');
    expect(toolNameFor('Weather')).toBe('weather');
  });
});
