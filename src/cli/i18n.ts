import type { Lang } from '../../generators/_core/options.js';

/**
 * zh/en messages for `create` and `gen`: prompts, help, plan headers, next steps and
 * the errors a user is expected to hit. Technical details inside a message (a Java
 * keyword, a path, a version) stay as they are in both languages.
 */

export type { Lang };

/** --lang wins; else LC_ALL, LC_MESSAGES, LANG (zh_CN.UTF-8 -> zh); else en. */
export function detectLang(flag: string | undefined, env: NodeJS.ProcessEnv): Lang {
  if (flag !== undefined) return parseLang(flag);
  for (const v of [env.LC_ALL, env.LC_MESSAGES, env.LANG]) {
    if (!v) continue;
    return /^zh/i.test(v) ? 'zh' : 'en';
  }
  return 'en';
}

function parseLang(value: string): Lang {
  const v = value.toLowerCase();
  if (v === 'zh' || v.startsWith('zh-') || v.startsWith('zh_')) return 'zh';
  if (v === 'en' || v.startsWith('en-') || v.startsWith('en_')) return 'en';
  throw new Error(`unknown language "${value}" (use en or zh)`);
}

type Params = Record<string, string | number>;
type Entry = { en: string; zh: string };

const M = {
  // prompts
  'prompt.directory': { en: 'Project directory', zh: '项目目录' },
  'prompt.groupId': { en: 'Maven groupId', zh: 'Maven groupId' },
  'prompt.artifactId': { en: 'Maven artifactId', zh: 'Maven artifactId' },
  'prompt.packageName': { en: 'Java base package', zh: 'Java 基础包名' },
  'help.noGit': { en: 'do not make the project a git repository (default: git init + a first commit, unless inside a repository already)', zh: '不初始化 git 仓库（默认：若不在已有仓库内，则 git init 并提交首个 commit）' },
  'git.committed': { en: 'git: initialised a repository with a first commit', zh: 'git：已初始化仓库并提交首个 commit' },
  'git.initialised': { en: 'git: initialised a repository; commit it yourself (git has no user.name/user.email here)', zh: 'git：已初始化仓库；请自行提交（此处 git 未配置 user.name/user.email）' },
  'git.inside-repository': { en: 'git: the project is inside an existing repository; nothing initialised', zh: 'git：项目位于已有仓库内，未初始化新仓库' },
  'git.failed': { en: 'git: could not initialise a repository (the project files are written)', zh: 'git：无法初始化仓库（项目文件已写入）' },
  'git.commitMessage': { en: 'Initial commit from agentscope create', zh: 'Initial commit from agentscope create' },
  'prompt.java': { en: 'Java release', zh: 'Java 版本' },
  'prompt.java.newer': { en: '(your JDK is {jdk}: mvn here cannot build it)', zh: '（本机 JDK 为 {jdk}：此处的 mvn 无法构建）' },
  'warn.jdkTooOld': {
    en: 'warning: the project targets Java {release}, but the JDK that mvn uses here is {jdk} ({home}, from {from}); `mvn test` will fail with "release version {release} not supported" until JAVA_HOME points at a JDK {release}+',
    zh: '警告：项目目标为 Java {release}，但此处 mvn 使用的 JDK 是 {jdk}（{home}，来自 {from}）；在 JAVA_HOME 指向 JDK {release}+ 之前，`mvn test` 会报 "release version {release} not supported"',
  },
  'prompt.providers': { en: 'Model provider', zh: '模型提供方' },
  'prompt.fallback': { en: 'Fallback provider (used when the first fails)', zh: '备用提供方（主模型失败时使用）' },
  'prompt.none': { en: 'none', zh: '无' },
  'prompt.multiselect.hint': { en: 'space to select, enter to confirm', zh: '空格选择，回车确认' },
  'prompt.model': { en: 'Model for {provider}', zh: '{provider} 使用的模型' },
  'prompt.flavor': { en: 'Project shape', zh: '项目形态' },
  'prompt.flavor.maven': { en: 'a plain Maven project with a command-line chat', zh: '普通 Maven 项目，命令行对话' },
  'prompt.flavor.springBoot': { en: 'a Spring Boot application (POST /chat) on the AgentScope starters', zh: '基于 AgentScope starter 的 Spring Boot 应用（POST /chat）' },
  'prompt.agent': { en: 'Agent kind', zh: '智能体类型' },
  'prompt.name': { en: 'Agent name', zh: '智能体名称' },
  'prompt.systemPrompt': { en: 'System prompt', zh: '系统提示词' },
  'prompt.features': { en: 'Features to include', zh: '要包含的功能' },
  'prompt.mcp': { en: 'MCP transports', zh: 'MCP 传输方式' },
  'prompt.select.hint': { en: '↑/↓ to choose, Enter to confirm', zh: '↑/↓ 选择，回车确认' },
  'prompt.confirmWrite': { en: 'Write these {n} file(s)?', zh: '写入以上 {n} 个文件？' },
  'plan.declined': { en: 'Nothing was written.', zh: '未写入任何文件。' },
  'prompt.otherDirectory': { en: 'Another directory for the project', zh: '换一个项目目录' },
  'prompt.nonEmpty': {
    en: 'Directory {dir} is not empty. Write the project into it anyway (nothing is deleted; differing files are overwritten)?',
    zh: '目录 {dir} 非空。仍要写入吗？（不会删除任何文件；内容不同的文件会被覆盖）',
  },
  'prompt.gen.kind': { en: 'What to add', zh: '要添加什么' },
  'prompt.gen.className': { en: 'Class name', zh: '类名' },
  'prompt.unavailable': { en: 'not available: {reason}', zh: '不可用：{reason}' },

  // help descriptions (one per flag)
  'help.usage.create': { en: 'Usage: agentscope create [DIR] [options]\n       npm create agentscope-app [DIR] -- [options]', zh: '用法：agentscope create [目录] [选项]\n      npm create agentscope-app [目录] -- [选项]' },
  'help.intro.create': {
    en: 'Creates a Maven project for AgentScope Java {version}. On a terminal it asks for anything not given\nas a flag; with --yes, in CI or without a terminal it uses the defaults and never prompts.',
    zh: '创建一个基于 AgentScope Java {version} 的 Maven 项目。在终端中会询问未通过参数给出的选项；\n使用 --yes、在 CI 中或没有终端时使用默认值，从不等待输入。',
  },
  'help.options': { en: 'Options:', zh: '选项：' },
  'help.default': { en: 'default', zh: '默认' },
  'help.choices': { en: 'one of', zh: '可选' },
  'help.directory': { en: 'target directory (positional)', zh: '目标目录（位置参数）' },
  'help.groupId': { en: 'Maven groupId', zh: 'Maven groupId' },
  'help.artifactId': { en: 'Maven artifactId', zh: 'Maven artifactId' },
  'help.packageName': { en: 'Java base package', zh: 'Java 基础包名' },
  'help.default.artifactId': { en: 'the directory name', zh: '目录名' },
  'help.default.packageName': { en: 'groupId.artifactId made a legal package', zh: '由 groupId.artifactId 转换成的合法包名' },
  'help.java': { en: 'Java release', zh: 'Java 版本' },
  'help.providers': { en: 'model provider(s), repeatable or comma list; first primary, second fallback', zh: '模型提供方，可重复或逗号分隔；第一个为主，第二个为备用' },
  'help.models': { en: 'model per provider, e.g. openai=gpt-4o-mini (repeatable)', zh: '每个提供方的模型，如 openai=gpt-4o-mini（可重复）' },
  'help.agent': { en: 'agent kind', zh: '智能体类型' },
  'help.name': { en: 'agent name', zh: '智能体名称' },
  'help.systemPrompt': { en: 'system prompt of the agent', zh: '智能体的系统提示词' },
  'help.features': { en: 'comma list of features', zh: '功能列表（逗号分隔）' },
  'help.flavor': { en: 'project shape: plain Maven, or a Spring Boot application on the AgentScope starters (one provider that has a starter, a ReActAgent; a feature it cannot wire is refused with the supported list)', zh: '项目形态：普通 Maven，或基于 AgentScope starter 的 Spring Boot 应用（一个有 starter 的模型提供方、ReActAgent；无法装配的功能会被拒绝并列出支持的功能）' },
  'help.mcp': { en: 'MCP transports (implies the mcp feature)', zh: 'MCP 传输方式（隐含 mcp 功能）' },
  'help.agentscopeVersion': {
    en: 'the AgentScope Java version to generate for: any version whose inventory is shipped or can be pulled through your Maven (every file is checked against it before anything is written); default: {version}',
    zh: '生成代码所针对的 AgentScope Java 版本：任何随工具附带清单、或能通过你的 Maven 拉取清单的版本（写入前每个文件都按该版本检查）；默认：{version}',
  },
  'help.agentNoFeature': { en: 'no {feature}: {reason}', zh: '不支持 {feature}：{reason}' },
  'help.lang': { en: 'language of prompts and messages: en or zh (default: from LANG/LC_ALL)', zh: '提示与消息语言：en 或 zh（默认取自 LANG/LC_ALL）' },
  'help.force': { en: 'write into a non-empty directory / overwrite differing files (never deletes)', zh: '允许写入非空目录或覆盖内容不同的文件（从不删除）' },
  'help.dryRun': { en: 'print what would be written (with diffs) and write nothing', zh: '只打印将写入的内容（含 diff），不写任何文件' },
  'help.yes': { en: 'take every default without prompting', zh: '全部使用默认值，不再询问' },
  'help.help': { en: 'show this help', zh: '显示此帮助' },
  'help.providersAvailable': { en: 'Providers in the AgentScope Java {version} inventory: {list}', zh: 'AgentScope Java {version} 清单中的提供方：{list}' },

  // gen
  'help.usage.gen': { en: 'Usage: agentscope gen <kind> [Name] [options]', zh: '用法：agentscope gen <类型> [名称] [选项]' },
  'help.intro.gen': {
    en: 'Adds code to the Maven project around the current directory (pom.xml is found upward).\nExisting files are never overwritten without --force; a second identical run changes nothing.\nOn a terminal it asks for what is not given; with --yes or without a terminal it uses the defaults and never prompts.',
    zh: '向当前目录所在的 Maven 项目添加代码（向上查找 pom.xml）。\n没有 --force 时从不覆盖已有文件；相同命令再次运行不会有任何改动。\n在终端中会询问未给出的内容；使用 --yes 或没有终端时使用默认值，从不等待输入。',
  },
  'help.kinds': { en: 'Kinds:', zh: '类型：' },
  'help.usage': { en: 'Usage: ', zh: '用法：' },
  'help.example': { en: 'Example:', zh: '示例：' },
  'help.gen.defaultName': { en: 'Without a Name the class is {name}.', zh: '未给名称时类名为 {name}。' },
  'help.gen.kindHelp': { en: 'A kind\'s options and an example: agentscope gen <kind> --help', zh: '某个类型的选项与示例：agentscope gen <类型> --help' },
  'help.gen.force': { en: 'overwrite differing files; proceed on another AgentScope version', zh: '覆盖内容不同的文件；在其他 AgentScope 版本的项目上继续' },
  'help.gen.mcp': { en: 'for `gen mcp`: transports, comma list', zh: '用于 `gen mcp`：传输方式（逗号分隔）' },
  'help.gen.model': { en: 'for `gen provider`: the model name', zh: '用于 `gen provider`：模型名称' },
  'help.gen.yes': { en: 'take the defaults without prompting (a kind is still required)', zh: '使用默认值，不再询问（仍需指定类型）' },
  'help.gen.module': { en: 'at the root of a multi-module build: the module to add to (its directory or artifactId)', zh: '在多模块构建的根目录：要添加到哪个模块（目录名或 artifactId）' },
  'err.aggregator': { en: '{root} is a multi-module build: Maven compiles none of its own sources', zh: '{root} 是多模块构建：Maven 不编译它自身的源码' },
  'err.aggregator.hint': { en: 'nothing was written; choose a module with --module NAME (modules: {list})', zh: '未写入任何文件；请用 --module 名称 选择模块（模块：{list}）' },
  'err.noModule': { en: 'no module "{name}" in {root}', zh: '{root} 中没有模块 "{name}"' },
  'err.moduleOutside': { en: '--module is for the root of a multi-module build; {root} is a single project', zh: '--module 只用于多模块构建的根目录；{root} 是单个项目' },
  'prompt.gen.module': { en: 'This is a multi-module build. Add to which module?', zh: '这是多模块构建。添加到哪个模块？' },
  'help.gen.lang': { en: 'language of messages and of the generated comments (default: the project\'s, else LANG/LC_ALL)', zh: '消息与生成注释的语言（默认取项目的语言，否则取自 LANG/LC_ALL）' },
  'help.gen.dir': { en: 'start the pom.xml search here instead of the current directory', zh: '从此目录（而非当前目录）开始查找 pom.xml' },

  // progress and results
  'plan.dryRun': { en: 'Dry run: nothing was written.', zh: '演练模式：未写入任何文件。' },
  'plan.nothing': { en: 'Nothing to change: everything is already there.', zh: '无需改动：所有内容都已存在。' },
  'plan.written': { en: 'Wrote {n} file(s).', zh: '已写入 {n} 个文件。' },
  'create.heading': { en: 'Creating {dir} (AgentScope Java {version})', zh: '正在创建 {dir}（AgentScope Java {version}）' },
  'gen.heading': { en: 'Adding {kind} {name} to {root} (package {pkg}, AgentScope Java {version})', zh: '正在向 {root} 添加 {kind} {name}（包 {pkg}，AgentScope Java {version}）' },
  'create.providerFallback': {
    en: 'note: the default provider {pinDefault} is not in AgentScope Java {version}; using {chosen} (choose with --provider <name>)',
    zh: '注意：默认提供方 {pinDefault} 不在 AgentScope Java {version} 中；改用 {chosen}（可用 --provider <名称> 选择）',
  },
  'create.derivedArtifactId': {
    en: 'note: artifactId "{artifactId}" and package {pkg} were derived from the directory name "{dir}": Maven artifactIds and Java packages here use ASCII only, so accents were removed and other letters dropped (pass --artifact-id / --package to choose them)',
    zh: '提示：artifactId "{artifactId}" 与包名 {pkg} 由目录名 "{dir}" 推导而来：Maven artifactId 与 Java 包名在此只用 ASCII，因此去掉了重音符号并略去了其他文字（可用 --artifact-id / --package 自行指定）',
  },
  'next.title': { en: 'Next steps:', zh: '后续步骤：' },
  'next.env': { en: 'export {env}=<your key>', zh: 'export {env}=<你的密钥>' },
  'next.test': { en: 'mvn -q test                 # offline: a scripted model, no API key needed', zh: 'mvn -q test                 # 离线测试：脚本化模型，无需 API Key' },
  'next.run': { en: 'mvn -q compile exec:java    # runs the agent against the real model', zh: 'mvn -q compile exec:java    # 用真实模型运行智能体' },
  'next.run.spring': { en: 'mvn -q spring-boot:run      # serves POST /chat {"message": "..."} with the real model', zh: 'mvn -q spring-boot:run      # 用真实模型提供 POST /chat {"message": "..."}' },
  'next.later': { en: 'Add features later, inside the project (`gen --help` lists the kinds), and check the code:', zh: '以后在项目内添加功能（`gen --help` 列出全部类型），并检查代码：' },
  'next.later.global': { en: '(or once `{install}`, then `agentscope gen ...`, `agentscope check`)', zh: '（或先执行一次 `{install}`，之后用 `agentscope gen ...`、`agentscope check`）' },
  'next.notes': { en: 'Notes:', zh: '说明：' },

  // errors
  'err.cancelled': { en: 'cancelled; nothing was written', zh: '已取消；未写入任何文件' },
  'err.interrupted': { en: 'interrupted; the write completed atomically before stopping', zh: '已中断；写入在停止前已原子完成' },
  'err.nonEmpty': { en: 'target directory {dir} is not empty', zh: '目标目录 {dir} 非空' },
  'err.nonEmpty.hint': { en: 'choose another directory, or pass --force to write into it (nothing is deleted)', zh: '请选择其他目录，或使用 --force 写入（不会删除任何文件）' },
  'err.projectExists': { en: '{dir} is already there: a project created by agentscope create (AgentScope Java {version})', zh: '{dir} 已存在：这是 agentscope create 创建的项目（AgentScope Java {version}）' },
  'err.projectExists.hint': { en: 'to add code to it, run `agentscope gen <kind>` inside it; to write the project over it again, pass --force (nothing is deleted)', zh: '要向其中添加代码，请在其中运行 `agentscope gen <kind>`；要重新写入整个项目，请使用 --force（不会删除任何文件）' },
  'err.notDir': { en: 'cannot create {dir}: {blocker} is not a directory', zh: '无法创建 {dir}：{blocker} 不是目录' },
  'err.unwritable': { en: 'cannot write to {dir}: {reason}', zh: '无法写入 {dir}：{reason}' },
  'err.unknownProvider': { en: 'unknown provider "{name}"', zh: '未知的提供方 "{name}"' },
  'err.providers.available': { en: 'available in AgentScope Java {version}: {list}', zh: 'AgentScope Java {version} 中可用：{list}' },
  'err.tooManyProviders': { en: 'at most two providers: the primary and one fallback (got {list})', zh: '最多两个提供方：一个主模型和一个备用模型（收到 {list}）' },
  'err.duplicateProvider': { en: 'provider "{name}" given twice', zh: '提供方 "{name}" 重复' },
  'err.modelFor': { en: '--model {value}: expected PROVIDER=MODEL, or a model name when there is one provider', zh: '--model {value}：应为 提供方=模型，或仅有一个提供方时直接写模型名' },
  'err.modelUnknownProvider': { en: '--model {value}: provider "{name}" is not among the chosen providers ({list})', zh: '--model {value}：提供方 "{name}" 不在所选提供方中（{list}）' },
  'err.spring.noStarter': { en: '--flavor spring-boot: AgentScope Java {version} has no agentscope-spring-boot-starter', zh: '--flavor spring-boot：AgentScope Java {version} 没有 agentscope-spring-boot-starter' },
  'err.spring.provider': { en: '--flavor spring-boot: provider "{provider}" has no Spring Boot starter in AgentScope Java {version} (starters: {list})', zh: '--flavor spring-boot：AgentScope Java {version} 中提供方 "{provider}" 没有 Spring Boot starter（有 starter 的：{list}）' },
  'err.spring.fallback': { en: '--flavor spring-boot takes one provider, got {list}: the starters supply a single Model bean, so there is no fallback model', zh: '--flavor spring-boot 只接受一个提供方，收到 {list}：starter 只提供一个 Model bean，没有备用模型' },
  'err.spring.agent': { en: '--flavor spring-boot builds a ReActAgent (what agentscope-spring-boot-starter configures), not --agent {kind}', zh: '--flavor spring-boot 生成 ReActAgent（agentscope-spring-boot-starter 所配置的类型），不支持 --agent {kind}' },
  'err.spring.features': { en: '--flavor spring-boot does not support {list} ({why}); supported: {supported}', zh: '--flavor spring-boot 不支持 {list}（{why}）；支持：{supported}' },
  'err.spring.hint': { en: 'use --flavor maven (the default) for this combination', zh: '这种组合请使用 --flavor maven（默认）' },
  'err.agentUnavailable': { en: 'agent kind "{kind}" is not available with AgentScope Java {version}: {reason}', zh: '智能体类型 "{kind}" 在 AgentScope Java {version} 中不可用：{reason}' },
  'err.badChoice': { en: '{flag}: "{value}" is not one of {list}', zh: '{flag}："{value}" 不是以下之一：{list}' },
  'err.invalid': { en: '{flag}: {problem}', zh: '{flag}：{problem}' },
  'err.unknownOption': { en: "Unknown option '{flag}'", zh: "未知选项 '{flag}'" },
  'err.needsValue': { en: "option '{flag}' needs a value", zh: "选项 '{flag}' 需要一个值" },
  'err.seeHelp': { en: 'see `agentscope {command} --help`', zh: '参见 `agentscope {command} --help`' },
  'err.didYouMean': { en: 'did you mean', zh: '你是不是想要' },
  'err.emptyText': { en: '{flag} must not be empty', zh: '{flag} 不能为空' },
  'err.checker': { en: 'the generated Java does not pass the checker against AgentScope Java {version}; nothing was written', zh: '生成的 Java 代码未通过针对 AgentScope Java {version} 的检查；未写入任何文件' },
  'err.unknownKind': { en: 'unknown kind "{kind}"', zh: '未知类型 "{kind}"' },
  'err.kinds': { en: 'kinds: {list}', zh: '可用类型：{list}' },
  'err.noKind': { en: 'which kind? one of: {list}', zh: '请指定类型，可选：{list}' },
  'err.manyVersions.hint': {
    en: 'nothing was written; make the pom use one agentscope.version (or pass --force to generate for the first one)',
    zh: '未写入任何文件；请让 pom 只使用一个 agentscope.version（或使用 --force 按第一个版本生成）',
  },
  'err.noAgentscope': {
    en: 'this pom.xml has no io.agentscope dependency and no agentscope.version property',
    zh: '该 pom.xml 没有 io.agentscope 依赖，也没有 agentscope.version 属性',
  },
  'err.noAgentscope.hint': { en: 'nothing was written; pass --force to add AgentScope Java {pinned} code anyway', zh: '未写入任何文件；使用 --force 仍按 {pinned} 添加代码' },
  'err.manyVersions': { en: 'this pom.xml mentions several AgentScope versions: {list}', zh: '该 pom.xml 包含多个 AgentScope 版本：{list}' },
  'err.badVersion': { en: '--agentscope-version: "{value}" is not a version (e.g. 2.0.2)', zh: '--agentscope-version："{value}" 不是版本号（例如 2.0.2）' },
  'err.agentFeatures': { en: '--agent {kind} does not generate: {list}', zh: '--agent {kind} 不生成：{list}' },
  'err.agentFeatures.hint': { en: 'nothing was written; drop these features or use --agent react', zh: '未写入任何文件；去掉这些功能，或使用 --agent react' },
  'err.extraArgs': { en: 'unexpected argument(s): {list}', zh: '多余的参数：{list}' },
  'err.genFlagOnly': { en: '{flag} applies only to {only}, not to `gen {kind}`', zh: '{flag} 只适用于 {only}，不适用于 `gen {kind}`' },
  'err.nameRequired': { en: '`gen {kind}` needs a class name (every project already has the default one); nothing was written', zh: '`gen {kind}` 需要类名（每个项目都已有默认类）；未写入任何文件' },
  'err.nameRequired.hint': { en: 'e.g. `agentscope gen {kind} {example}`', zh: '例如 `agentscope gen {kind} {example}`' },
  'err.providerName': { en: '`gen provider` needs a provider name', zh: '`gen provider` 需要提供方名称' },
} satisfies Record<string, Entry>;

export type MsgKey = keyof typeof M;

export function t(lang: Lang, key: MsgKey, params: Params = {}): string {
  const entry: Entry = M[key];
  return entry[lang].replace(/\{(\w+)\}/g, (m, k: string) => (k in params ? String(params[k]) : m));
}

/** For tests: every key has both languages and the same placeholders in each. */
export function messageKeys(): MsgKey[] {
  return Object.keys(M) as MsgKey[];
}
