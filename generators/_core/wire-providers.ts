/**
 * `gen provider X` in a project `create` wrote: the models are configured in one class,
 * ModelProviders (model ids, the API key and base URL variables, read through its `resolve`).
 * The new provider joins that class as constants and an accessor (`ModelProviders.openai()`)
 * instead of a second class that reads the environment its own way. Recognised by the
 * constant: a second run changes nothing; a provider that is already the primary or the
 * fallback model is left as it is.
 */

export interface ProviderEntry {
  prefix: string;
  modelId: string;
  apiKeyEnv: string;
  baseUrlEnv: string;
}

export type ModelProvidersEdit =
  | { status: 'added'; text: string; accessor: string; constant: string }
  | { status: 'present'; accessor: string; constant: string }
  | { status: 'configured'; as: 'PRIMARY_MODEL' | 'FALLBACK_MODEL' }
  /** Not the generated shape: the caller writes the standalone class instead. */
  | { status: 'unrecognised' };

const RESOLVE = /^ {4}static Model resolve\(String modelId, String apiKeyEnv, String baseUrlEnv\) \{$/m;
const CONSTRUCTOR = /^ {4}private ModelProviders\(\) \{\}$/m;

/** `openai` -> OPENAI / openai(); anything not a plain identifier is spelled with underscores. */
function names(prefix: string): { constant: string; method: string } {
  const id = prefix.replace(/[^A-Za-z0-9]+/g, '_').replace(/^(\d)/, '_$1');
  return { constant: id.toUpperCase(), method: id.toLowerCase() };
}

export function addProviderToModelProviders(text: string, p: ProviderEntry, lang: 'en' | 'zh'): ModelProvidersEdit {
  if (!RESOLVE.test(text) || !CONSTRUCTOR.test(text)) return { status: 'unrecognised' };
  for (const as of ['PRIMARY_MODEL', 'FALLBACK_MODEL'] as const) {
    const id = new RegExp(`public static final String ${as} = "([^"]*)";`).exec(text)?.[1];
    if (id?.startsWith(`${p.prefix}:`)) return { status: 'configured', as };
  }
  const { constant, method } = names(p.prefix);
  const accessor = `ModelProviders.${method}()`;
  if (text.includes(`public static final String ${constant}_MODEL =`)) return { status: 'present', accessor, constant: `${constant}_MODEL` };
  const nl = text.includes('\r\n') ? '\r\n' : '\n';
  const zh = lang === 'zh';
  const q = JSON.stringify;
  const constants = [
    `    /** ${zh ? `由 \`agentscope gen provider ${p.prefix}\` 加入的模型。` : `A model added by \`agentscope gen provider ${p.prefix}\`.`} */`,
    `    public static final String ${constant}_MODEL = ${q(p.modelId)};`,
    '',
    `    /** ${zh ? `${p.prefix} 的 API Key 所在的环境变量（为空：不需要 Key）。` : `Environment variable holding ${p.prefix}'s API key (empty: none needed).`} */`,
    `    public static final String ${constant}_API_KEY_ENV = ${q(p.apiKeyEnv)};`,
    '',
    `    /** ${zh ? `${p.prefix} 的 base URL 所在的环境变量；未设置时使用 provider 的默认地址。` : `Environment variable holding ${p.prefix}'s base URL; unset: the provider's default.`} */`,
    `    public static final String ${constant}_BASE_URL_ENV = ${q(p.baseUrlEnv)};`,
    '',
  ];
  const accessorLines = [
    '',
    `    /** ${zh ? `例如 AgentFactory.builder(${accessor}, toolkit)，或作为备用模型。` : `E.g. AgentFactory.builder(${accessor}, toolkit), or as the fallback model.`} */`,
    `    public static Model ${method}() {`,
    `        return resolve(${constant}_MODEL, ${constant}_API_KEY_ENV, ${constant}_BASE_URL_ENV);`,
    '    }',
  ];
  const lines = text.split(/\r?\n/);
  const at = lines.findIndex((l) => CONSTRUCTOR.test(l));
  const out = [...lines.slice(0, at), ...constants, lines[at], ...accessorLines, ...lines.slice(at + 1)];
  return { status: 'added', text: out.join(nl), accessor, constant: `${constant}_MODEL` };
}
