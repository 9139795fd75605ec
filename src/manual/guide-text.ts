/**
 * The guide's chapters, written for AgentScope Java 2.x (facts from the framework's own 2.0.2
 * documentation and the sources of each shipped version). Every [[reference]] is resolved against
 * the inventory when the manual is built (src/manual/chapters.ts): a name the version lacks fails
 * the build. What differs between versions is written per version ({{since V: ...}} /
 * {{before V: ...}}); the chapters about what 2.x introduced have `since: '2.0.0'`.
 */
import type { Chapter } from './chapters.js';

const architecture: Chapter = {
  id: 'architecture',
  since: '2.0.0',
  title: { en: 'Architecture', zh: '架构' },
  keywords: 'architecture layers taxonomy asyncio reactor 架构 分层 分类',
  en: `
This chapter covers how the framework is layered: the model both editions share, how the Python edition groups its packages, and how the Java edition splits into Maven artifacts. It tells you where an extension point lives before you look for it in the reference.

## Two editions, one conceptual model

The Python and Java editions are not translations of each other line by line. They are two runtimes built around the same ideas: an agent ([[ReActAgent]] in Java, [[py:agentscope.agent]] in Python) that reasons and acts in a loop; messages ([[Msg]]) made of content blocks ([[TextBlock]], [[ToolUseBlock]], [[ToolResultBlock]]); models behind a common interface ([[Model]]); formatters that turn messages into a vendor request ([[Formatter]]); a toolkit ([[Toolkit]]); middleware ([[MiddlewareBase]]); session state ([[AgentState]]) and permissions ([[PermissionEngine]]).

Concurrency is where they differ most. Python is built on asyncio, Java on Project Reactor. When you read a signature, translate the return type: a Python \`async def\` returning a value corresponds to a Java method returning \`Mono<T>\` (one value, later), and an async generator corresponds to \`Flux<T>\` (a stream of values). [[ReActAgent#call]] returns \`Mono<Msg>\`; [[ReActAgent#streamEvents]] returns \`Flux<AgentEvent>\`. Nothing runs until the \`Mono\` or \`Flux\` is subscribed (\`block()\` in a \`main\` method, or returned to Spring WebFlux).

## Python package groups

The public packages of the Python edition fall into four groups. The core runtime: [[py:agentscope.agent]], [[py:agentscope.message]], [[py:agentscope.model]], [[py:agentscope.formatter]], [[py:agentscope.tool]], [[py:agentscope.state]], [[py:agentscope.middleware]], [[py:agentscope.event]], [[py:agentscope.permission]].

Capabilities: retrieval ([[py:agentscope.rag]], [[py:agentscope.embedding]]), external tools, skills and procedures ([[py:agentscope.mcp]], [[py:agentscope.skill]], [[py:agentscope.sop]]), isolated workspaces ([[py:agentscope.workspace]]) and voice ([[py:agentscope.realtime]], [[py:agentscope.asr]], [[py:agentscope.tts]], [[py:agentscope.classifier]]). The application layer is [[py:agentscope.app]] and its sub-packages (channels, message bus, storage, knowledge bases, workspaces, access). Developer experience: [[py:agentscope.console]], [[py:agentscope.tui]], [[py:agentscope.exception]], [[py:agentscope.types]].

Dependencies point one way: capabilities depend on the core runtime, the application layer on capabilities, and the core runtime knows nothing of the application layer. The [Python index](../python/index.html) is laid out in these groups.

## Java artifact taxonomy

The Java edition ships as Maven artifacts of the group \`io.agentscope\`, which the [artifacts page](../artifacts.html) and the [Java index](../java/index.html) group in five kinds:

- **core**: [[artifact:agentscope-core]]: agents, messages, the model SPI, tools, state, memory, the RAG abstractions, permissions, hooks and middleware, tracing;
- **extension**: the \`agentscope-extensions-*\` artifacts: model providers ([[artifact:agentscope-extensions-model-openai]], [[artifact:agentscope-extensions-model-dashscope]], ...), RAG stores, A2A, AG-UI, sandboxes, channels, state stores and skill repositories;
- **starter**: the Spring Boot starters (\`*-spring-boot-starter\`, \`*-web-starter\`), auto-configuration for models, agents and protocols;
- **runtime**: \`agentscope-runtime-*\` artifacts, when a version has them;
- **integration**: everything built on top of the core that is none of the above, such as [[artifact:agentscope-harness]] ([[HarnessAgent]]).

A class can be found in more than one sources jar. The manual gives each fully qualified name one owner: an umbrella artifact never owns a class, then the artifact whose name shares a word with the package wins, then the longer (more specific) artifact id, then alphabetical order. The [artifacts page](../artifacts.html#dedup) says how many names this rule resolved in this version.
`,
  zh: `
本章介绍框架的分层：两个版本共享的概念模型、Python 版如何划分包、Java 版如何拆分为 Maven 构件。在参考手册中查找扩展点之前，先从这里知道它在哪一层。

## 两个版本，一个概念模型

Python 版与 Java 版并非逐行互译，而是围绕同一组概念构建的两套运行时：在循环中推理并行动的智能体（Java 的 [[ReActAgent]]，Python 的 [[py:agentscope.agent]]）；由内容块（[[TextBlock]]、[[ToolUseBlock]]、[[ToolResultBlock]]）组成的消息 [[Msg]]；统一接口之后的模型 [[Model]]；把消息转换为厂商请求的格式化器 [[Formatter]]；工具集 [[Toolkit]]；中间件 [[MiddlewareBase]]；会话状态 [[AgentState]] 与权限 [[PermissionEngine]]。

两者差别最大的是并发模型：Python 基于 asyncio，Java 基于 Project Reactor。阅读签名时请换算返回类型：返回一个值的 Python \`async def\` 对应返回 \`Mono<T>\` 的 Java 方法（稍后得到一个值），异步生成器对应 \`Flux<T>\`（一串值）。[[ReActAgent#call]] 返回 \`Mono<Msg>\`；[[ReActAgent#streamEvents]] 返回 \`Flux<AgentEvent>\`。在订阅 \`Mono\`/\`Flux\` 之前什么都不会执行（在 \`main\` 方法里调用 \`block()\`，或交给 Spring WebFlux 返回）。

## Python 包分组

Python 版的公开包分为四组。核心运行时：[[py:agentscope.agent]]、[[py:agentscope.message]]、[[py:agentscope.model]]、[[py:agentscope.formatter]]、[[py:agentscope.tool]]、[[py:agentscope.state]]、[[py:agentscope.middleware]]、[[py:agentscope.event]]、[[py:agentscope.permission]]。

能力层：检索（[[py:agentscope.rag]]、[[py:agentscope.embedding]]），外部工具、技能与标准作业流程（[[py:agentscope.mcp]]、[[py:agentscope.skill]]、[[py:agentscope.sop]]），隔离工作区（[[py:agentscope.workspace]]）以及语音（[[py:agentscope.realtime]]、[[py:agentscope.asr]]、[[py:agentscope.tts]]、[[py:agentscope.classifier]]）。应用层是 [[py:agentscope.app]] 及其子包（渠道、消息总线、存储、知识库、工作区、访问控制）。开发体验：[[py:agentscope.console]]、[[py:agentscope.tui]]、[[py:agentscope.exception]]、[[py:agentscope.types]]。

依赖只有一个方向：能力层依赖核心运行时，应用层依赖能力层，核心运行时对应用层一无所知。[Python 索引](../python/index.html)按这四组排列。

## Java 构件分类

Java 版以 \`io.agentscope\` 组下的 Maven 构件发布，[构件页](../artifacts.html)和 [Java 索引](../java/index.html)把它们分为五类：

- **core（核心）**：[[artifact:agentscope-core]]：智能体、消息、模型 SPI、工具、状态、记忆、RAG 抽象、权限、钩子与中间件、链路追踪；
- **extension（扩展）**：\`agentscope-extensions-*\` 构件：模型提供方（[[artifact:agentscope-extensions-model-openai]]、[[artifact:agentscope-extensions-model-dashscope]] 等）、RAG 存储、A2A、AG-UI、沙箱、渠道、状态存储与技能仓库；
- **starter（启动器）**：Spring Boot 启动器（\`*-spring-boot-starter\`、\`*-web-starter\`），为模型、智能体与协议提供自动配置；
- **runtime（运行时）**：\`agentscope-runtime-*\` 构件（若该版本有）；
- **integration（集成）**：建立在核心之上、又不属于以上几类的构件，例如 [[artifact:agentscope-harness]]（[[HarnessAgent]]）。

同一个类可能出现在多个 sources jar 中。手册为每个全限定名只选一个归属构件：伞形（umbrella）构件从不作为归属；其次选名称与包名有共同词的构件；再选构件 id 更长（更具体）的；最后按字母顺序。[构件页](../artifacts.html#dedup)给出此规则在本版本中解决的重复数量。
`,
};

const lifecycle: Chapter = {
  id: 'lifecycle',
  since: '2.0.0',
  title: { en: 'Lifecycle of one reply', zh: '一次回复的生命周期' },
  keywords: 'lifecycle reply call loop react 生命周期 回复 调用 循环',
  en: `
What happens between \`agent.call(msgs, runtimeContext)\` and the \`Msg\` it returns, using [[ReActAgent#call]] (the Python \`reply\` has the same shape).

\`\`\`
call(msgs, runtimeContext)
  |
  |- per-session gate: same (userId, sessionId) serialised, others in parallel
  |- resolve the AgentState (cache or AgentStateStore, by userId + sessionId)
  |- merge system prompt, history and the new input
  |- tool schemas of the active tool groups only
  |- the middleware chain wraps the whole reply (onAgent)
  |
  |- loop: iter = 0 .. maxIters
  |    |- compress the context if needed
  |    |- Formatter: Msg[] -> vendor request          (onReasoning, onSystemPrompt)
  |    |- Model: streaming call                        (onModelCall)
  |    |- accumulators: deltas -> thinking / text / tool calls
  |    |- tool calls?
  |    |    |- PermissionEngine: allow / ask / deny
  |    |    |- run the tools (serial or concurrent)    (onActing)
  |    |    |- each result is a ToolResultBlock in the context; next round
  |    |- no tool calls: the final Msg, stop
  |
  |- save the AgentState (when a state store is configured)
  '- return the Msg (call) or emit the events (streamEvents)
\`\`\`

## The steps and their types

- **State**: the agent instance holds only configuration; everything about a conversation lives in an [[AgentState]], addressed by the [[RuntimeContext]]'s user and session ids and saved through an [[AgentStateStore]] ([[InMemoryAgentStateStore]] by default, [[JsonFileAgentStateStore]] or an extension's store). Inside middleware and tools, [[RuntimeContext#getAgentState]] gives the state of this call.
- **Prompt and tools**: the system prompt is assembled per round and passes through [[MiddlewareBase#onSystemPrompt]]; the model sees the schemas ([[ToolSchema]]) of the [[Toolkit]]'s active groups only ([[Toolkit#getActiveGroups]]).
- **Reasoning**: a [[Formatter]] turns the messages into the provider's request, the [[Model]] streams the answer ([[Model#stream]]), and accumulators such as [[ToolCallsAccumulator]] and [[TextAccumulator]] join the streamed deltas into complete blocks.
- **Acting**: each [[ToolUseBlock]] is checked by the [[PermissionEngine]] ([[PermissionEngine#checkPermission]]): allowed tools run, denied ones return an error to the model, and an "ask" pauses the reply with a [[RequireUserConfirmEvent]] ([[GenerateReason]] \`PERMISSION_ASKING\`). A tool's answer is a [[ToolResultBlock]] written back into the context.
- **End**: the loop stops when the model answers without tool calls or after [[ReActAgent.Builder#maxIters]] rounds; the state is saved, and [[ReActAgent#call]] completes its \`Mono<Msg>\`.

## Design points

- **One path for streaming and non-streaming.** \`call\` aggregates the same event stream that [[ReActAgent#streamEvents]] emits; there are not two implementations.
- **Tool calls are part of the context.** Results are written back as [[ToolResultBlock]]s, not kept on the side, so compression, persistence and replay all see the whole trajectory. Give every result its final state ([[ToolResultBlock#withState]]): see the note on [[ToolResultBlock#text]].
- **An interruption is recoverable state.** [[ReActAgent#interrupt]] stops the reply; the reply position and pending tool calls stay in the [[AgentState]], and the next call continues from there.
- **Concurrency is serialised per session.** Calls sharing \`(userId, sessionId)\` run one after the other; distinct sessions run in parallel on the same agent instance. [[RuntimeContext]] is per call, not shared mutable state.
`,
  zh: `
从 \`agent.call(msgs, runtimeContext)\` 到它返回的 \`Msg\` 之间发生了什么，以 [[ReActAgent#call]] 为例（Python 的 \`reply\` 结构相同）。

~

## 各步骤及其类型

- **状态**：智能体实例只保存配置；一次会话的一切都在 [[AgentState]] 中，按 [[RuntimeContext]] 的用户 id 与会话 id 定位，通过 [[AgentStateStore]] 保存（默认 [[InMemoryAgentStateStore]]，也可用 [[JsonFileAgentStateStore]] 或扩展提供的存储）。在中间件和工具里，[[RuntimeContext#getAgentState]] 给出本次调用的状态。
- **提示词与工具**：系统提示词在每一轮组装，并经过 [[MiddlewareBase#onSystemPrompt]]；模型只看到 [[Toolkit]] 中已激活分组（[[Toolkit#getActiveGroups]]）的工具 schema（[[ToolSchema]]）。
- **推理**：[[Formatter]] 把消息转换为提供方的请求，[[Model]] 以流式返回结果（[[Model#stream]]），[[ToolCallsAccumulator]]、[[TextAccumulator]] 等累加器把流式增量拼成完整的块。
- **行动**：每个 [[ToolUseBlock]] 先由 [[PermissionEngine]] 检查（[[PermissionEngine#checkPermission]]）：允许的工具执行，拒绝的向模型返回错误，“询问”则以 [[RequireUserConfirmEvent]] 暂停回复（[[GenerateReason]] 为 \`PERMISSION_ASKING\`）。工具的结果是写回上下文的 [[ToolResultBlock]]。
- **结束**：模型不再调用工具，或达到 [[ReActAgent.Builder#maxIters]] 轮时循环结束；保存状态，[[ReActAgent#call]] 的 \`Mono<Msg>\` 完成。

## 设计要点

- **流式与非流式共用一条执行路径。** \`call\` 聚合的正是 [[ReActAgent#streamEvents]] 发出的事件流，并没有两套实现。
- **工具调用是上下文的一部分。** 结果以 [[ToolResultBlock]] 写回上下文，而不是另存一处，因此压缩、持久化与回放都能看到完整轨迹。请为每个结果设置最终状态（[[ToolResultBlock#withState]]）：参见 [[ToolResultBlock#text]] 上的说明。
- **中断是可恢复的状态。** [[ReActAgent#interrupt]] 停止回复；回复位置与未完成的工具调用保留在 [[AgentState]] 中，下一次调用从断点继续。
- **并发按会话串行。** 相同 \`(userId, sessionId)\` 的调用依次执行；不同会话在同一个智能体实例上并行。[[RuntimeContext]] 属于单次调用，不是共享的可变状态。
`,
};

const compression: Chapter = {
  id: 'compression',
  since: '2.0.0',
  title: { en: 'Context compression', zh: '上下文压缩' },
  keywords: 'compression compaction summary token window evict 压缩 摘要 上下文',
  en: `
A model's context window is finite: a long conversation either shrinks its context in time or ends in a "context length exceeded" error. In AgentScope Java 2.x the compression stack is part of [[artifact:agentscope-harness]] and works on the same [[AgentState]] that the state store saves.

## Where the compressed history lives

[[AgentState]] holds both the current window and the compressed past: [[AgentState#getContext]] (and [[AgentState#contextMutable]] for in-place changes) is the conversation the model sees; [[AgentState#getSummary]] is the summary of what was compressed away. Compression changes the state in memory, and the [[AgentStateStore]] writes it at the end of the call, so the store always sees the state after compression.

## The strategies

- **Conversation summarization** ([[CompactionMiddleware]], configured by [[CompactionConfig]] through [[HarnessAgent.Builder#compaction]]): before a reasoning step, when the message count or the estimated tokens cross the threshold, one model call distils the older part of the conversation into a structured summary; the most recent messages are kept verbatim and the summary replaces the rest.
- **Large tool-result eviction** ([[ToolResultEvictionMiddleware]], [[ToolResultEvictionConfig]]): a tool result above the threshold is written to the workspace and replaced in the context by its head and tail plus a pointer the agent can read back.
- **Overflow safety net**: when the model still reports a context overflow, [[HarnessAgent]] runs a forced compaction and retries once, provided compaction is configured.
- **Argument truncation**: a cheap pass without a model call that shortens oversized tool-call arguments before summarizing.

## What is kept

The system prompt, the latest turns, pending tool calls and the task state are never summarized away. Summarization runs as middleware ([[MiddlewareBase#onReasoning]]), so it composes with your own middleware; its events ([[PreSummaryEvent]], [[PostSummaryEvent]]) can be observed. All four strategies are off until you enable them on the builder.
`,
  zh: `
模型的上下文窗口是有限的：长对话要么及时收缩上下文，要么以“上下文超长”错误告终。在 AgentScope Java 2.x 中，压缩功能属于 [[artifact:agentscope-harness]]，作用于状态存储所保存的同一个 [[AgentState]]。

## 压缩后的历史放在哪里

[[AgentState]] 同时保存当前窗口与被压缩的过去：[[AgentState#getContext]]（以及用于原地修改的 [[AgentState#contextMutable]]）是模型看到的对话；[[AgentState#getSummary]] 是被压缩掉部分的摘要。压缩在内存中修改状态，[[AgentStateStore]] 在调用结束时写入，因此存储看到的总是压缩之后的状态。

## 压缩策略

- **对话摘要**（[[CompactionMiddleware]]，通过 [[HarnessAgent.Builder#compaction]] 以 [[CompactionConfig]] 配置）：在推理步骤之前，当消息数或估算的 token 数超过阈值时，用一次模型调用把较早的对话提炼为结构化摘要；最近的消息原样保留，摘要替换其余部分。
- **大工具结果卸载**（[[ToolResultEvictionMiddleware]]、[[ToolResultEvictionConfig]]）：超过阈值的工具结果写入工作区，上下文中只保留首尾片段和一个可回读的指针。
- **溢出兜底**：模型仍然报告上下文溢出时，[[HarnessAgent]] 强制压缩一次并重试一次（前提是已配置压缩）。
- **参数截断**：在摘要之前执行的一次不调用模型的廉价处理，截短过长的工具调用参数。

## 保留什么

系统提示词、最近几轮、未完成的工具调用与任务状态永远不会被摘要掉。摘要以中间件形式运行（[[MiddlewareBase#onReasoning]]），因此能与你自己的中间件组合；它的事件（[[PreSummaryEvent]]、[[PostSummaryEvent]]）可以被观察。四种策略在构建器上启用之前都是关闭的。
`,
};

const extensions: Chapter = {
  id: 'extensions',
  since: '2.0.0',
  title: { en: 'Extension points', zh: '扩展点' },
  keywords: 'extension spi provider implement custom 扩展 自定义 实现',
  en: `
Implement an interface or extend a base class rather than changing a core class: the runtime reaches these capabilities only through their abstractions. Each type page lists its known implementations and subclasses in this version.

## The points

- **Models**: implement [[Model]] or extend [[ChatModelBase]]; to make \`"prefix:model"\` strings resolve, register a [[ModelProvider]] (Java \`ServiceLoader\`) that [[ModelRegistry]] finds. The [providers page](../providers.html) lists the providers of this version.
- **Formatters**: implement [[Formatter]] (or extend [[AbstractBaseFormatter]]) to speak a new wire format.
- **Tools**: annotate methods with [[Tool]] and [[ToolParam]] and register the object ([[Toolkit#registerTool]]), or extend [[ToolBase]] / implement [[AgentTool]] for full control ([[ToolBase#callAsync]]). MCP servers come in through [[McpClientBuilder]] and [[Toolkit#registerMcpClient]].
- **Middleware**: implement [[MiddlewareBase]]: [[MiddlewareBase#onAgent]], [[MiddlewareBase#onReasoning]], [[MiddlewareBase#onActing]], [[MiddlewareBase#onModelCall]] wrap the next handler (onion); [[MiddlewareBase#onSystemPrompt]] transforms the prompt (pipeline). {{since 2.0.2: [[MiddlewareBase#order]] sets the nesting: higher is outermost, and middlewares of the same order keep the order they were added to the builder in.}}{{before 2.0.2: Their nesting is the order they were added to the builder in ([[ReActAgent.Builder#middleware]]): the first one added is the outermost; this version has no other way to place a middleware in the chain.}}
- **State**: implement [[AgentStateStore]] to keep [[AgentState]] elsewhere (the extensions ship Redis, MySQL, PostgreSQL, OSS and COS stores).
- **Memory and knowledge**: [[Memory]], [[LongTermMemory]] and [[Knowledge]] are the abstractions the agent calls.
- **Permissions**: rules ([[PermissionRule]]) and modes ([[PermissionMode]]) configure the [[PermissionEngine]] instead of code in your tools.
`,
  zh: `
优先实现接口或继承基类，而不是修改核心类：运行时只通过抽象访问这些能力。每个类型页都列出了它在本版本中已知的实现与子类。

## 扩展点

- **模型**：实现 [[Model]] 或继承 [[ChatModelBase]]；要让 \`"前缀:模型"\` 字符串可解析，注册一个 [[ModelProvider]]（Java \`ServiceLoader\`），由 [[ModelRegistry]] 发现。[提供方页面](../providers.html)列出本版本的提供方。
- **格式化器**：实现 [[Formatter]]（或继承 [[AbstractBaseFormatter]]）以支持新的请求格式。
- **工具**：用 [[Tool]] 和 [[ToolParam]] 注解方法并注册对象（[[Toolkit#registerTool]]），或继承 [[ToolBase]] / 实现 [[AgentTool]] 以完全控制（[[ToolBase#callAsync]]）。MCP 服务器通过 [[McpClientBuilder]] 与 [[Toolkit#registerMcpClient]] 接入。
- **中间件**：实现 [[MiddlewareBase]]：[[MiddlewareBase#onAgent]]、[[MiddlewareBase#onReasoning]]、[[MiddlewareBase#onActing]]、[[MiddlewareBase#onModelCall]] 包裹下一个处理器（洋葱式）；[[MiddlewareBase#onSystemPrompt]] 变换提示词（流水线式）。{{since 2.0.2: [[MiddlewareBase#order]] 决定嵌套顺序：值越大越靠外，顺序值相同的中间件保持它们加入构建器的先后。}}{{before 2.0.2: 嵌套顺序就是它们加入构建器（[[ReActAgent.Builder#middleware]]）的先后：最先加入的在最外层；本版本没有其他方式安排中间件在链中的位置。}}
- **状态**：实现 [[AgentStateStore]] 以把 [[AgentState]] 存到别处（扩展中已有 Redis、MySQL、PostgreSQL、OSS 与 COS 的实现）。
- **记忆与知识**：[[Memory]]、[[LongTermMemory]] 与 [[Knowledge]] 是智能体调用的抽象。
- **权限**：用规则（[[PermissionRule]]）与模式（[[PermissionMode]]）配置 [[PermissionEngine]]，而不是在工具里写代码。
`,
};

const sources: Chapter = {
  id: 'sources',
  title: { en: 'Version and source policy', zh: '版本与来源策略' },
  keywords: 'version source policy extraction preview legacy 版本 来源 预览 旧版',
  en: `
Every signature in this manual comes from the official sources of one pinned version, and every page shows the artifact, file and line it was read from.

## Sources

- **Java**: the \`-sources.jar\` of every artifact the version's BOM lists (or, for a version without a BOM, of a candidate list), downloaded by \`agentscope inventory pull\` and parsed without compiling and without a classpath. The [artifacts page](../artifacts.html) gives the sha1 of each jar.
- **Python**: the official wheel, downloaded by \`agentscope inventory pull-python\` and read with Python's \`ast\` module; the package is never imported, so none of its code runs.
- **Preview and legacy**: versions with a pre-release qualifier (\`-RC\`, \`-BETA\`, \`-M\`, \`-SNAPSHOT\`) are marked **preview**; 1.x versions are marked **legacy**. The [home page](../index.html) marks every version the manual knows.
- **Excluded**: examples, tests, build plugins and umbrella artifacts that repeat other modules; members that are private or package-private.

## Limits of static extraction

- Only what the sources declare is known: nothing is executed and third-party parents are not resolved, so a supertype outside AgentScope (such as \`AutoCloseable\` on [[ReActAgent]]) appears as text, not as a link, and its members are not listed as inherited.
- Record accessors and canonical constructors the source does not write (the record {{since 2.0.0: [[PermissionRule]]}}{{before 2.0.0: [[CloseInfo]]}} has them), and the implicit \`values()\` / \`valueOf\` of enums ([[MsgRole#values]]), are synthesized and marked as such.
- Annotation values, defaults, generic bounds and imports come from the syntax tree as written.
- Documentation keeps the structured Javadoc and docstring fields (summary, parameters, returns, throws, examples, deprecation); it does not recreate Javadoc's HTML.
`,
  zh: `
本手册中的每个签名都来自某个固定版本的官方源码，每个页面都标明读取它的构件、文件与行号。

## 来源

- **Java**：该版本 BOM 列出的每个构件（没有 BOM 的版本则为候选列表）的 \`-sources.jar\`，由 \`agentscope inventory pull\` 下载，不编译、不依赖 classpath 直接解析。[构件页](../artifacts.html)给出每个 jar 的 sha1。
- **Python**：官方 wheel，由 \`agentscope inventory pull-python\` 下载，用 Python 的 \`ast\` 模块读取；从不导入该包，因此它的代码一行也不会执行。
- **预览与旧版**：带预发布限定符（\`-RC\`、\`-BETA\`、\`-M\`、\`-SNAPSHOT\`）的版本标为 **预览**；1.x 版本标为 **旧版**。[首页](../index.html)标出手册所知的每个版本。
- **不包括**：示例、测试、构建插件以及重复其他模块的伞形构件；private 与包私有的成员。

## 静态提取的局限

- 只知道源码声明的内容：不执行任何代码，也不解析第三方父类，因此 AgentScope 之外的父类型（例如 [[ReActAgent]] 上的 \`AutoCloseable\`）以文本而非链接显示，其成员也不会列为继承成员。
- 源码未写出的 record 访问器与规范构造器（record {{since 2.0.0: [[PermissionRule]]}}{{before 2.0.0: [[CloseInfo]]}} 就有），以及枚举隐含的 \`values()\` / \`valueOf\`（[[MsgRole#values]]），由提取器合成并加以标记。
- 注解值、默认值、泛型边界与导入按语法树原样记录。
- 文档保留结构化的 Javadoc 与 docstring 字段（摘要、参数、返回值、异常、示例、弃用），不重现 Javadoc 的 HTML。
`,
};

const pipeline: Chapter = {
  id: 'pipeline',
  title: { en: 'How this manual is built', zh: '手册的构建流程' },
  keywords: 'build pipeline generator inventory link check 构建 流程 生成',
  en: `
The manual is generated by \`agentscope manual\` from files this tool ships or pulls; it needs no database and no online service.

\`\`\`
official -sources.jar files         official wheel
        |                                 |
  inventory pull                   inventory pull-python
        v                                 v
inventory/<version>/             inventory/python/<version>/
        |                                 |
        +------------+--------------------+
                     |   inventory/i18n/*.json (translations by stable id)
                     v
              agentscope manual
     chapters (API names resolved and checked)
     reference pages, providers, rules, verdicts, coverage
     search index (assets/search-index.js)
                     |
                link check (every href, anchor and index target)
                     v
              a static site: HTML, CSS, JS
\`\`\`

## What the build guarantees

- **The chapters cannot name what does not exist.** Every API name in a chapter is a reference resolved against the inventory of the version being built: [[ReActAgent#call]] links to the member's anchor, an inherited member such as [[ReActAgent#observe]] to the type that declares it, [[artifact:agentscope-core]] to its artifact. An unknown class, member or artifact stops the build with its name.
- **Each version's manual says what is true of that version.** Where versions differ, a chapter is written per version: the manual of each version shows the text about that version, its names checked against it. For example, {{since 2.0.2: in 2.0.2 and later [[MiddlewareBase#order]] places a middleware in the chain}}{{since 2.0.0 before 2.0.2: in this version the middleware chain follows the order of the [[ReActAgent.Builder#middleware]] calls}}{{before 2.0.0: this version has no middleware; hooks ([[Hook]], added with [[ReActAgent.Builder#hook]]) observe and intercept an agent}}. A chapter about what a later line of versions introduced is left out of an older version's manual and named on the [guide's index](index.html).
- **No broken link.** Every internal link and anchor of every page, and every target of the search index, is checked; one broken link and nothing is written.
- **Reproducible.** The same inventories and translations give the same bytes (no timestamps), so the site can be diffed, hosted offline and searched without a backend.
- **Translations cannot go stale silently.** A translation records the English it was made from; when a new version rewords a Javadoc, the old translation is not shown and the [coverage page](../coverage.html#translations) lists it.
`,
  zh: `
手册由 \`agentscope manual\` 根据本工具自带或下载的文件生成，不需要数据库，也不需要任何在线服务。

~

## 构建保证什么

- **章节不可能提到不存在的名字。** 章节中的每个 API 名称都是一个引用，按所构建版本的清单解析：[[ReActAgent#call]] 链接到该成员的锚点，继承来的成员（如 [[ReActAgent#observe]]）链接到声明它的类型，[[artifact:agentscope-core]] 链接到其构件。未知的类、成员或构件会使构建失败并报出其名称。
- **每个版本的手册只讲该版本成立的内容。** 版本之间有差异之处，章节按版本分别撰写：每个版本的手册显示关于该版本的那段文字，其中的名称也对照该版本核验。例如，{{since 2.0.2: 在 2.0.2 及以后的版本中，[[MiddlewareBase#order]] 决定中间件在链中的位置}}{{since 2.0.0 before 2.0.2: 在本版本中，中间件链按 [[ReActAgent.Builder#middleware]] 的调用先后排列}}{{before 2.0.0: 本版本没有中间件；由钩子（[[Hook]]，通过 [[ReActAgent.Builder#hook]] 添加）观察并拦截智能体}}。讲述后续版本系列所引入内容的章节不会出现在旧版本的手册中，并在[指南目录](index.html)中列出。
- **没有断链。** 每个页面的每个内部链接与锚点、搜索索引的每个目标都会被检查；只要有一个断链，就不写出任何文件。
- **可复现。** 相同的清单与翻译产生相同的字节（没有时间戳），因此网站可以比较差异、离线托管，搜索无需后端。
- **翻译不会悄悄过期。** 每条翻译记录了它所依据的英文；新版本改写 Javadoc 时，旧翻译不再显示，并列在[覆盖率页面](../coverage.html#translations)中。
`,
};

const modes: Chapter = {
  id: 'modes',
  title: { en: 'Language modes and display', zh: '语言模式与显示' },
  keywords: 'language mode chinese english dark theme 语言 中文 英文 深色',
  en: `
The buttons at the top right of every page choose one of three language modes; the choice is remembered for the whole site and applied before the page is drawn, so it never flashes in the wrong language.

- **中英 (mixed, the default)**: Chinese above, the English it was translated from below in a muted colour;
- **中文**: Chinese only; text without a translation is shown in English with an \`EN\` badge;
- **English**: English only.

Signatures, code, package and type names are never translated: on [[ToolResultBlock]] the summary is in both languages, the signature of [[ToolResultBlock#text]] stays as written. The page's \`lang\` attribute follows the mode, so screen readers and fonts pick the right language. The ◐ button switches between light and dark; without a choice the manual follows the system setting.
`,
  zh: `
每个页面右上角的按钮用于选择三种语言模式之一；选择对整个网站生效并被记住，且在页面绘制之前应用，因此不会先闪现错误的语言。

- **中英（混合，默认）**：中文在上，其所依据的英文在下并以浅色显示；
- **中文**：只显示中文；没有翻译的文字以英文显示，并带 \`EN\` 标记；
- **English**：只显示英文。

签名、代码、包名与类型名从不翻译：在 [[ToolResultBlock]] 页面上摘要有中英两种语言，而 [[ToolResultBlock#text]] 的签名保持原样。页面的 \`lang\` 属性随模式变化，屏幕阅读器与字体因此能选择正确的语言。◐ 按钮在浅色与深色之间切换；未选择时手册跟随系统设置。
`,
};

export const CHAPTERS: Chapter[] = [architecture, lifecycle, compression, extensions, sources, pipeline, modes];
