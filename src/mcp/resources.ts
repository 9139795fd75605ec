/**
 * Browsable resources: the inventory's packages and types (resource templates, listed for the
 * project's version, any local version readable), and the seed-verdict page per version.
 */
import { McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { McpContext } from './context.js';
import { location, memberSignature, typeSignature } from '../api/format.js';

const MD = 'text/markdown';

export function registerResources(server: McpServer, ctx: McpContext): void {
  const versions = (value: string) => ctx.availableVersions().filter((v) => v.startsWith(value));

  server.registerResource(
    'api-package',
    new ResourceTemplate('agentscope://api/{version}/package/{package}', {
      list: async () => {
        const inv = ctx.inventory();
        const packages = [...new Set(inv.types.map((t) => t.package))].sort();
        return {
          resources: packages.map((p) => ({
            uri: `agentscope://api/${inv.version}/package/${p}`,
            name: p,
            description: `${inv.types.filter((t) => t.package === p).length} types in AgentScope Java ${inv.version}`,
            mimeType: MD,
          })),
        };
      },
      complete: {
        version: versions,
        package: (value, c) => [...new Set(ctx.inventory(c?.arguments?.version).types.map((t) => t.package))].filter((p) => p.startsWith(value)).sort().slice(0, 100),
      },
    }),
    { title: 'AgentScope API package', description: 'The types of one package of the AgentScope Java API, with their signatures', mimeType: MD },
    async (uri, vars) => {
      const inv = ctx.inventory(String(vars.version));
      const types = inv.types.filter((t) => t.package === String(vars.package)).sort((a, b) => (a.fqn < b.fqn ? -1 : 1));
      if (!types.length) throw new Error(`no package ${vars.package} in AgentScope Java ${inv.version}`);
      const lines = [`# package ${vars.package} (AgentScope Java ${inv.version})`, ''];
      for (const t of types) lines.push(`- [\`${typeSignature(t, true)}\`](agentscope://api/${inv.version}/type/${t.fqn})${t.doc ? `: ${t.doc}` : ''}`);
      return { contents: [{ uri: uri.href, mimeType: MD, text: lines.join('\n') + '\n' }] };
    },
  );

  server.registerResource(
    'api-type',
    new ResourceTemplate('agentscope://api/{version}/type/{fqn}', {
      list: async () => {
        const inv = ctx.inventory();
        return {
          resources: inv.types.map((t) => ({ uri: `agentscope://api/${inv.version}/type/${t.fqn}`, name: t.fqn.slice(t.package.length + 1), title: t.fqn, mimeType: MD, ...(t.doc ? { description: t.doc } : {}) })),
        };
      },
      complete: {
        version: versions,
        fqn: (value, c) => ctx.inventory(c?.arguments?.version).types.map((t) => t.fqn).filter((f) => f.startsWith(value)).sort().slice(0, 100),
      },
    }),
    { title: 'AgentScope API type', description: 'One type of the AgentScope Java API: signature, Javadoc summary, members, source locations', mimeType: MD },
    async (uri, vars) => {
      const index = ctx.apiIndex(String(vars.version));
      const t = index.byFqn.get(String(vars.fqn));
      if (!t) throw new Error(`no type ${vars.fqn} in AgentScope Java ${index.inventory.version}`);
      const lines = [`# ${t.fqn} (AgentScope Java ${index.inventory.version})`, '', '```java', typeSignature(t, true), '```', '', `Source: ${location(t, t.line)}`, ''];
      if (t.doc) lines.push(t.doc, '');
      if (t.deprecated) lines.push(`**Deprecated**${t.deprecated.forRemoval ? ' for removal' : ''}${t.deprecated.note ? `: ${t.deprecated.note}` : ''}`, '');
      lines.push('## Members', '');
      for (const m of t.members) {
        if (m.modifiers.includes('private')) continue;
        lines.push(`- \`${memberSignature(t, m, true)}\` (line ${m.line})${m.deprecated ? ' **deprecated**' : ''}${m.doc ? `: ${m.doc}` : ''}`);
      }
      const supers = index.supertypes(t);
      if (supers.length) lines.push('', `Inherits from: ${supers.map((s) => `[${s.fqn}](agentscope://api/${index.inventory.version}/type/${s.fqn})`).join(', ')}`);
      return { contents: [{ uri: uri.href, mimeType: MD, text: lines.join('\n') + '\n' }] };
    },
  );

  server.registerResource(
    'seed-verdicts',
    new ResourceTemplate('agentscope://verdicts/{version}', {
      list: async () => ({
        resources: ctx.availableVersions().map((v) => ({ uri: `agentscope://verdicts/${v}`, name: `verdicts-${v}`, title: `Claims about AgentScope checked against ${v}`, mimeType: MD })),
      }),
      complete: { version: versions },
    }),
    {
      title: 'Which popular claims about AgentScope hold',
      description: 'The seed claims about AgentScope Java APIs (from a research note) judged against one version\'s inventory: which hold and which are wrong',
      mimeType: MD,
    },
    async (uri, vars) => {
      const inv = ctx.inventory(String(vars.version));
      const { seedVerdictsPage } = await import('../api/verdicts.js');
      const { readPin } = await import('../inventory/pin.js');
      return { contents: [{ uri: uri.href, mimeType: MD, text: seedVerdictsPage(inv, readPin().target) }] };
    },
  );
}
