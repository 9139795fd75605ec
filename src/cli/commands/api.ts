import type { Io } from '../../core/io.js';
import { parseCommandArgs } from '../args.js';
import { CliError, UsageError } from '../../core/errors.js';
import { loadInventory } from '../../inventory/store.js';
import { readPin } from '../../inventory/pin.js';
import { ApiIndex, type TypeHit } from '../../api/lookup.js';
import { location, memberSignature, typeSignature } from '../../api/format.js';

const HELP = `Usage: agentscope api <Name|FQN|Name#member> [options]

Prints the matching declarations of the pinned AgentScope Java API with full signatures,
defaults, Javadoc summary and artifact:path:line.

Examples:
  agentscope api ToolResultBlock                       a type and all its members
  agentscope api ToolResultBlock#text                  one member (own and inherited)
  agentscope api McpClientBuilder#streamableHttpTransport
  agentscope api io.agentscope.core.ReActAgent.Builder

Options:
  --version <v>   use another pulled inventory instead of the pin
  --short         print simple type names instead of fully qualified ones
  --json          machine-readable output
  -h, --help      show this help`;

export async function run(argv: string[], io: Io): Promise<number> {
  const { values, positionals } = parseCommandArgs('api', argv, {
    version: { type: 'string' },
    short: { type: 'boolean' },
    json: { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  });
  if (values.help) {
    io.out(HELP);
    return 0;
  }
  if (positionals.length !== 1 || !positionals[0].trim()) throw new UsageError('expected exactly one name, e.g. `agentscope api ToolResultBlock#text`');
  const version = values.version ?? readPin().version;
  const index = new ApiIndex(loadInventory(version, io.env));
  const result = index.lookup(positionals[0]);
  if (values.json) {
    io.out(JSON.stringify({ version, query: result.query, suggestions: result.suggestions, hits: result.hits.map(jsonHit) }, null, 2));
    return result.hits.length ? 0 : 1;
  }
  if (!result.hits.length) {
    throw new CliError(
      `"${positionals[0]}" is not in the AgentScope Java ${version} API`,
      1,
      result.suggestions.length ? `did you mean: ${result.suggestions.join(', ')}?` : 'no similar name in the inventory',
    );
  }
  const short = Boolean(values.short);
  const memberQuery = positionals[0].includes('#');
  for (const hit of result.hits) {
    const t = hit.type;
    io.out(`${typeSignature(t, short)}`);
    io.out(`    ${location(t, t.line)}`);
    if (t.doc) io.out(`    ${t.doc}`);
    if (t.deprecated) io.out(`    @Deprecated${t.deprecated.forRemoval ? '(forRemoval = true)' : ''}${t.deprecated.note ? ': ' + t.deprecated.note : ''}`);
    for (const { member, declaredIn } of hit.members) {
      if (member.modifiers.includes('private')) continue;
      const inherited = declaredIn.fqn !== t.fqn ? `  (inherited from ${declaredIn.fqn})` : '';
      const gen = member.generated ? `  [generated: ${member.generated}]` : '';
      io.out(`  ${memberSignature(declaredIn, member, short)}${gen}${inherited}`);
      if (memberQuery || member.doc) {
        if (member.doc) io.out(`      ${member.doc}`);
        if (member.deprecated) io.out(`      @Deprecated${member.deprecated.forRemoval ? '(forRemoval = true)' : ''}`);
        if (memberQuery) io.out(`      ${location(declaredIn, member.line)}`);
      }
    }
    io.out('');
  }
  return 0;
}

function jsonHit(hit: TypeHit) {
  const { members: _ignored, ...type } = hit.type;
  return {
    type,
    location: location(hit.type, hit.type.line),
    members: hit.members.map(({ member, declaredIn }) => ({
      ...member,
      declaredIn: declaredIn.fqn,
      signature: memberSignature(declaredIn, member, false),
      location: location(declaredIn, member.line),
    })),
  };
}
