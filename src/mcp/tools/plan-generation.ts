import { z } from 'zod';
import { FEATURE_KINDS, type McpTransport, type ProviderChoice } from '../../../generators/_core/options.js';
import { nameExampleOf } from '../../../generators/_core/kinds.js';
import { projectLang } from '../../upgrade/project-lang.js';
import { recordAnswers } from '../../upgrade/answers.js';
import { describeProblem, validateClassName } from '../../../generators/_core/names.js';
import { readProject } from '../../../generators/_core/project.js';
import { availableProviders } from '../../../generators/_core/providers.js';
import type { GenKind } from '../../../generators/_core/feature-plan.js';
import { unifiedDiff } from '../../../generators/_core/plan-output.js';
import { readPin } from '../../inventory/pin.js';
import { withProjectLock } from '../../core/lock.js';
import { holdSignals } from '../../core/signals.js';
import { ToolInputError } from '../context.js';
import type { ToolDef } from './tool.js';

const KINDS = [...FEATURE_KINDS, 'provider'] as unknown as [GenKind, ...GenKind[]];
const TRANSPORTS = ['stdio', 'http', 'sse'] as const;

export const planGeneration: ToolDef = {
  name: 'plan_generation',
  title: 'Plan (and on request write) an `agentscope gen` change',
  description:
    'Plan what `agentscope gen <kind>` would add to the Maven project: the new Java files (compiled-and-tested templates for ' +
    'this AgentScope version, already checked against its API) and the pom.xml edits, as a list of changes and a unified diff. ' +
    'Prefer this over writing AgentScope boilerplate by hand for: tool (@Tool class), toolbase (ToolBase subclass), middleware, ' +
    'permission (policy), hitl (human-in-the-loop), mcp (MCP clients), structured (structured output), toolgroups, provider ' +
    '(model provider; give `provider`). Nothing is written unless `write` is true; then the same guards as `gen` apply: existing ' +
    'files that differ are refused unless `force`, and a project on another AgentScope version is refused unless `force`.',
  input: {
    kind: z.enum(KINDS).describe('What to generate'),
    className: z.string().max(200).optional().describe('Java class name (UpperCamelCase); required for kind=tool (every project has the default one), else the kind\'s default'),
    provider: z.string().max(100).optional().describe('For kind=provider: the provider prefix, e.g. openai, anthropic (see version_info)'),
    model: z.string().max(200).optional().describe('For kind=provider: the model name (default: a suggested one)'),
    mcpTransports: z.array(z.enum(TRANSPORTS)).optional().describe('For kind=mcp: transports to wire (default ["stdio"])'),
    path: z.string().max(4096).optional().describe('A directory inside the Maven project (default: the project root)'),
    lang: z.enum(['en', 'zh']).optional().describe('Language of generated comments (default: the project\'s, else en)'),
    force: z.boolean().optional().describe('Overwrite differing files / accept a project on another version (as `gen --force`)'),
    write: z.boolean().optional().describe('Write the planned changes (default false: dry run). Only when the user asked for it.'),
  },
  output: {
    root: z.string(),
    kind: z.string(),
    className: z.string(),
    agentscopeVersion: z.string(),
    written: z.boolean(),
    changes: z.array(z.object({ path: z.string(), kind: z.string(), bytes: z.number() })),
    diff: z.string(),
    notes: z.array(z.string()),
  },
  readOnly: false,
  async run(ctx, args) {
    const kind = args.kind as GenKind;
    const force = args.force === true;
    const write = args.write === true;
    const dir = ctx.resolveInside((args.path as string | undefined) ?? '.');
    const pin = readPin().version;
    let project;
    try {
      project = readProject(dir);
    } catch (e) {
      throw new ToolInputError((e as Error).message, 'create a project first with `agentscope create`');
    }
    ctx.resolveInside(project.root, 'project');
    if (!force) {
      if (project.agentscopeVersions.length > 1) throw new ToolInputError(`the pom mentions several AgentScope versions: ${project.agentscopeVersions.join(', ')}`, `the templates are verified against ${pin}; pass force to generate anyway`);
      if (!project.agentscopeVersion) throw new ToolInputError('the pom uses no AgentScope version', `pass force to add AgentScope Java ${pin} code anyway`);
      if (project.agentscopeVersion !== pin) throw new ToolInputError(`the project uses AgentScope ${project.agentscopeVersion}, the templates are verified against ${pin}`, 'move the project with `agentscope upgrade`, or pass force');
    }
    const className = args.className as string | undefined;
    if (className !== undefined) {
      const p = validateClassName(className);
      if (p) throw new ToolInputError(`className: ${describeProblem(p)}`);
    }
    const inventory = ctx.inventory(pin);
    // the generators bring EJS, the templates and (for Java) prettier: loaded by the first plan only
    const [{ defaultFeatureClassName, featureOptions, planFeature, providerClassName }, { applyChanges }] = await Promise.all([
      import('../../../generators/_core/feature-plan.js'),
      import('../../../generators/_core/tree.js'),
    ]);
    let provider: ProviderChoice | undefined;
    let name: string;
    if (kind === 'provider') {
      const offers = availableProviders(inventory);
      const wanted = (args.provider as string | undefined)?.toLowerCase();
      const offer = offers.find((o) => o.prefix === wanted);
      if (!offer) throw new ToolInputError(wanted ? `no provider "${wanted}" in AgentScope ${pin}` : 'kind=provider needs `provider`', `available: ${offers.map((o) => o.prefix).join(', ')}`);
      const model = (args.model as string | undefined) ?? offer.defaultModel;
      if (!model) throw new ToolInputError(`no default model for ${offer.prefix}`, 'pass `model`');
      provider = { prefix: offer.prefix, artifactId: offer.artifactId, apiKeyEnv: offer.apiKeyEnv, model };
      name = className ?? providerClassName(offer);
    } else {
      const example = nameExampleOf(kind);
      if (className === undefined && example) throw new ToolInputError(`kind=${kind} needs \`className\` (every project already has the default ${defaultFeatureClassName(kind)})`, `e.g. className "${example}"`);
      name = className ?? defaultFeatureClassName(kind);
    }
    const transports = [...new Set((args.mcpTransports as McpTransport[] | undefined) ?? [])];
    if (kind === 'mcp' && !transports.length) transports.push('stdio');

    const lang = (args.lang as 'en' | 'zh' | undefined) ?? projectLang(project.root) ?? 'en';
    const opts = featureOptions(project, { kind, className: name, mcpTransports: transports, provider, lang, force, agentscopeVersion: pin });
    // a write holds the project's lock from plan to write (as `gen` does), and the signals that
    // end the server wait for the write to finish
    const plan = async () => {
      const { tree, result, context } = await planFeature(project, opts, inventory);
      recordAnswers(tree, { gen: opts }); // .agentscope/project.json, as `gen` records it for `upgrade`
      const changes = tree.list();
      // the same gate as `gen`: Java the checker rejects is never offered, let alone written
      const java = changes.filter((c) => c.path.endsWith('.java') && c.kind !== 'unchanged').map((c) => ({ path: c.path, content: c.content }));
      if (java.length) {
        const { checkSources } = await import('../../checker/index.js');
        // the project's own sources are what the edit refers to: lent, not judged
        const around = context.filter((f) => !changes.some((c) => c.path === f.path));
        const errors = (await checkSources([...java, ...around], inventory, { context: new Set(around.map((f) => f.path)), partialPackages: true })).filter((f) => f.severity === 'error');
        if (errors.length) throw new ToolInputError(`the generated Java does not check against AgentScope ${pin}: ${errors.map((f) => `${f.file}:${f.line} ${f.rule} ${f.message}`).join('; ')}`);
      }
      if (write) {
        const hold = holdSignals();
        try {
          applyChanges(tree);
        } finally {
          const sig = await hold.release();
          // the write is complete: now the signal ends the server as it asked
          if (sig) process.kill(process.pid, sig);
        }
      }
      return { changes, result };
    };
    const { changes, result } = write ? await withProjectLock(project.root, plan, ctx.env) : await plan();
    const diff = changes
      .filter((c) => c.kind !== 'unchanged')
      .flatMap((c) => unifiedDiff(c.before ?? '', c.content, c.kind === 'create' ? '/dev/null' : `a/${c.path}`, `b/${c.path}`))
      .join('\n');
    const data = {
      root: project.root,
      kind,
      className: name,
      agentscopeVersion: pin,
      written: write,
      changes: changes.map((c) => ({ path: c.path, kind: c.kind, bytes: Buffer.byteLength(c.content) })),
      diff,
      notes: result.notes ?? [],
    };
    const head = changes.map((c) => `${c.kind.toUpperCase().padEnd(9)} ${c.path}`);
    const tail = write ? `written into ${project.root}` : 'dry run: nothing was written (call again with write: true to apply, when the user wants it)';
    return { text: [...head, '', diff, '', tail, ...data.notes.map((n) => `note: ${n}`)].join('\n'), data };
  },
};
