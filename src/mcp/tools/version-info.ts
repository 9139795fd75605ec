import { z } from 'zod';
import { readPin } from '../../inventory/pin.js';
import { availableAgentKinds, availableProviders } from '../../../generators/_core/providers.js';
import { FEATURE_KINDS } from '../../../generators/_core/options.js';
import { listInventories } from '../inventories.js';
import type { ToolDef } from './tool.js';

export const versionInfo: ToolDef = {
  name: 'version_info',
  title: 'AgentScope versions, providers and agent kinds',
  description:
    'Which AgentScope Java version this project uses and which one answers (the project\'s when its inventory is here, ' +
    'else the pinned one), the pinned and target versions, the inventories on this machine, and what the version offers: ' +
    'model providers (prefix, artifact, API-key variable) and agent kinds. Call it first when you need to know what version ' +
    'to write for or which providers exist.',
  input: {},
  output: {
    pinned: z.string(),
    target: z.string().optional(),
    project: z.object({ root: z.string(), pom: z.string().optional(), agentscopeVersion: z.string().optional(), answeringVersion: z.string(), note: z.string().optional() }),
    inventories: z.array(z.object({ version: z.string(), where: z.string(), types: z.number(), members: z.number(), artifacts: z.number() })),
    artifacts: z.array(z.string()),
    providers: z.array(z.object({ prefix: z.string(), artifactId: z.string(), providerClass: z.string(), apiKeyEnv: z.string(), defaultModel: z.string() })),
    agentKinds: z.array(z.object({ kind: z.string(), available: z.boolean(), reason: z.string().optional() })),
    genKinds: z.array(z.string()),
  },
  readOnly: true,
  async run(ctx) {
    const pin = readPin();
    const pv = ctx.projectVersion();
    const inv = ctx.inventory(pv.version);
    const providers = availableProviders(inv).map((p) => ({ prefix: p.prefix, artifactId: p.artifactId, providerClass: p.providerClass, apiKeyEnv: p.apiKeyEnv, defaultModel: p.defaultModel }));
    const agentKinds = availableAgentKinds(inv);
    const data = {
      pinned: pin.version,
      ...(pin.target ? { target: pin.target } : {}),
      project: { root: ctx.root, ...(ctx.pomPath ? { pom: ctx.pomPath } : {}), ...(pv.projectVersion ? { agentscopeVersion: pv.projectVersion } : {}), answeringVersion: pv.version, ...(pv.note ? { note: pv.note } : {}) },
      inventories: listInventories(ctx.env),
      artifacts: inv.artifacts.map((a) => `${a.artifactId}:${inv.version}`),
      providers,
      agentKinds,
      genKinds: [...FEATURE_KINDS, 'provider'],
    };
    const lines = [
      `pinned AgentScope Java ${pin.version}${pin.target && pin.target !== pin.version ? ` (target ${pin.target})` : ''}`,
      `project: ${ctx.root}${pv.projectVersion ? `, AgentScope ${pv.projectVersion}` : ''}; answering for ${pv.version}${pv.note ? ` (${pv.note})` : ''}`,
      `inventories here: ${data.inventories.map((i) => `${i.version} (${i.where}, ${i.types} types)`).join(', ')}`,
      `artifacts of ${inv.version}: ${data.artifacts.join(', ')}`,
      `providers: ${providers.map((p) => `${p.prefix} (${p.artifactId}${p.apiKeyEnv ? `, ${p.apiKeyEnv}` : ''})`).join(', ') || 'none'}`,
      `agent kinds: ${agentKinds.map((k) => (k.available ? k.kind : `${k.kind} (unavailable: ${k.reason})`)).join(', ')}`,
      `gen kinds (plan_generation): ${data.genKinds.join(', ')}`,
    ];
    return { text: lines.join('\n'), data };
  },
};
