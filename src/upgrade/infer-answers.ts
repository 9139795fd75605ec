/**
 * The answers of a project made before `.agentscope/project.json` existed, read back from what
 * the generators left: the provenance markers (which templates, which generators, which version),
 * the pom (coordinates, Java release) and the constants the templates write (agent name, system
 * prompt, models, retries). Every field says where it came from; the caller verifies the whole by
 * rendering it again and comparing the markers.
 */
import { readFileSync } from 'node:fs';
import { basename, relative, sep } from 'node:path';
import type { Inventory } from '../inventory/schema.js';
import { parseProvenance } from '../core/provenance.js';
import { listFiles } from '../core/files.js';
import { AGENTS_MD_GENERATOR } from '../assistant/agents-md.js';
import { readProject } from '../../generators/_core/project.js';
import { availableProviders } from '../../generators/_core/providers.js';
import { defaultClassName, FEATURE_KINDS, type FeatureKind, type GenKind } from '../../generators/_core/kinds.js';
import type { McpTransport, ProviderChoice } from '../../generators/_core/options.js';
import { toolId, type CreateAnswers, type GenAnswers, type ProjectAnswers } from './answers.js';

interface Marked {
  file: string;
  generator: string;
  template: string;
  text: string;
}

function markedFiles(root: string): Marked[] {
  const out: Marked[] = [];
  for (const abs of listFiles(root, () => true)) {
    const text = readFileSync(abs, 'utf8');
    const p = parseProvenance(text);
    if (p) out.push({ file: relative(root, abs).split(sep).join('/'), generator: p.generator, template: p.template, text });
  }
  return out;
}

const constant = (text: string | undefined, name: string) => (text ? new RegExp(`\\b${name}\\s*=\\s*("(?:[^"\\\\]|\\\\.)*"|\\d+)\\s*;`).exec(text)?.[1] : undefined);
const javaString = (lit: string | undefined) => (lit?.startsWith('"') ? (JSON.parse(lit) as string) : undefined);

/** The answers, and one line per inferred field naming its source; undefined when no generator (besides AGENTS.md) left a marker, or the version offers no provider. */
export function inferAnswers(root: string, inventory: Inventory): { answers: ProjectAnswers; inferred: string[] } | undefined {
  const marked = markedFiles(root);
  // only a project the generators made (an AGENTS.md of init-assistant alone is not one)
  const offers = availableProviders(inventory);
  if (!offers.length || !marked.some((m) => m.generator !== AGENTS_MD_GENERATOR)) return undefined;
  const inferred: string[] = [];
  const project = readProject(root);
  const templates = marked.map((m) => m.template);
  const find = (re: RegExp) => marked.find((m) => re.test(m.file))?.text;
  const say = (field: string, value: unknown, from: string) => inferred.push(`${field} = ${JSON.stringify(value)}  (from ${from})`);

  say('groupId', project.groupId, 'pom.xml');
  say('artifactId', project.artifactId, 'pom.xml');
  say('javaRelease', project.javaRelease, 'pom.xml');
  const projectVersion = project.pom.version ?? '0.1.0';
  say('projectVersion', projectVersion, 'pom.xml');
  say('packageName', project.basePackage, project.basePackageFrom === 'sources' ? 'the package of the sources' : 'the coordinates');
  const flavor = templates.some((t) => t.startsWith('spring-boot/')) ? 'spring-boot' : undefined;
  say('flavor', flavor ?? 'maven', 'the templates named in the markers');
  const kind = templates.some((t) => t.startsWith('harness/')) ? 'harness' : 'react';
  say('agent.kind', kind, 'the templates named in the markers');
  const lang = templates.some((t) => /README\.zh\.md$/.test(t)) ? 'zh' : 'en';
  say('lang', lang, 'the README template');

  const factory = find(/\/AgentFactory\.java$/);
  const name = javaString(constant(factory, 'AGENT_NAME')) ?? 'Assistant';
  const systemPrompt = javaString(constant(factory, 'SYSTEM_PROMPT')) ?? 'You are a helpful assistant.';
  say('agent.name', name, factory ? 'AgentFactory.AGENT_NAME' : 'the default');
  say('agent.systemPrompt', systemPrompt, factory ? 'AgentFactory.SYSTEM_PROMPT' : 'the default');
  const maxRetries = Number(constant(factory, 'MAX_RETRIES') ?? 2);
  say('maxRetries', maxRetries, factory && constant(factory, 'MAX_RETRIES') ? 'AgentFactory.MAX_RETRIES' : 'the default');

  const models = find(/\/ModelProviders\.java$/) ?? marked.map((m) => m.text).join('\n');
  const providers: ProviderChoice[] = [];
  for (const c of ['PRIMARY_MODEL', 'FALLBACK_MODEL']) {
    const id = javaString(constant(models, c));
    const offer = id && offers.find((o) => id.startsWith(`${o.prefix}:`));
    if (offer) providers.push({ prefix: offer.prefix, artifactId: offer.artifactId, apiKeyEnv: offer.apiKeyEnv, model: id.slice(offer.prefix.length + 1) });
  }
  if (!providers.length) {
    const offer = offers.find((o) => project.pom.dependencies.some((d) => d.artifactId === o.artifactId)) ?? offers[0];
    providers.push({ prefix: offer.prefix, artifactId: offer.artifactId, apiKeyEnv: offer.apiKeyEnv, model: offer.defaultModel });
  }
  say('providers', providers.map((p) => `${p.prefix}:${p.model}`), 'ModelProviders.PRIMARY_MODEL/FALLBACK_MODEL and the pom');

  // feature classes: their generator names the kind, their file the class
  const features: FeatureKind[] = [];
  const gen: GenAnswers[] = [];
  const isFeature = (k: string): k is FeatureKind => (FEATURE_KINDS as readonly string[]).includes(k);
  const mainFeature = marked.filter((m) => m.generator.startsWith('feature/') && m.file.startsWith('src/main/java/'));
  for (const m of mainFeature) {
    const k = m.generator.slice('feature/'.length);
    const className = basename(m.file, '.java');
    if (isFeature(k) && className === defaultClassName(k) && !features.includes(k)) features.push(k);
    else if (k !== 'provider') gen.push({ kind: k as GenKind, className, mcpTransports: k === 'mcp' ? mcpTransportsOf(m.text) : [], lang });
  }
  features.sort((x, y) => FEATURE_KINDS.indexOf(x) - FEATURE_KINDS.indexOf(y));
  say('features', features, 'files of feature generators with their default class names');
  const mcp = mainFeature.find((m) => m.generator === 'feature/mcp');
  const mcpTransports = features.includes('mcp') && mcp ? mcpTransportsOf(mcp.text) : [];
  if (features.includes('mcp')) say('mcpTransports', mcpTransports, `${basename(mcp!.file)}`);
  for (const g of gen) say('gen', `${g.kind} ${g.className}`, 'a feature class with another name');

  const create: CreateAnswers = {
    groupId: project.groupId, artifactId: project.artifactId, packageName: project.basePackage, javaRelease: project.javaRelease, lang, projectVersion,
    agent: { kind, name, systemPrompt }, providers, maxRetries, features, mcpTransports, ...(flavor ? { flavor } : {}),
  };
  return { answers: { schema: 1, tool: toolId(), agentscopeVersion: inventory.version, create, gen }, inferred };
}

/** The transports an MCP connections class was written for. */
function mcpTransportsOf(text: string): McpTransport[] {
  const out: McpTransport[] = [];
  if (/\bstdio\b/i.test(text)) out.push('stdio');
  if (/streamable|\bhttp\(/i.test(text)) out.push('http');
  if (/\bsse\b/i.test(text)) out.push('sse');
  return out.length ? out : ['stdio'];
}
