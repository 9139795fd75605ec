import { requireVersion } from '../../core/versions.js';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { readdirSync, statSync } from 'node:fs';
import { readTextBounded } from '../../core/fsread.js';
import type { Io } from '../../core/io.js';
import { UsageError } from '../../core/errors.js';
import { loadInventoryAsync } from '../../inventory/store.js';
import { readPin } from '../../inventory/pin.js';
import { judgedVersionName } from '../../inventory/nearest.js';
import { RULES, type RuleId } from '../../checker/rules.js';
import { collectJavaFiles, declaredPackage, importsOf, readSources, sourceChars, type SourceFile } from '../../checker/files.js';
import { isJava, listFiles } from '../../core/files.js';
import { reactorRoot, reactorSourceRoots } from '../../pom/modules.js';
import { formatJson, formatSarif, formatText } from '../../checker/format.js';
import { packageUrls, packageVersion } from '../version.js';
import { commandArgs, pick } from '../lang.js';
import { describeGroups, versionGroups } from '../check-modules.js';
import { checkInWorkers, checkShare, fileSizes, mergeRuns, workerCount, type CheckRun } from '../check-worker.js';
import type { Finding } from '../../checker/rules.js';
import type { Inventory } from '../../inventory/schema.js';

const HELP = {
  en: `Usage: agentscope check [PATH...] [--agentscope-version V] [--json | --format sarif] [--rules IDS] [--no-warnings]

Checks Java files against an AgentScope API inventory without a JDK, Maven or network:
unknown io.agentscope types and members, wrong argument counts, @Override that overrides
nothing, missing implementations, deprecated-for-removal use, and known semantic traps.
Other code is judged only where the checked sources declare it (a member or constructor of
your own classes); an unknown receiver type is skipped.

Arguments:
  PATH             .java files or directories (default: src/main/java and src/test/java of
                   the Maven or Gradle project around the current directory)

Options:
  --agentscope-version V
                   check against the inventory of AgentScope Java V (default: the version each
                   file's module builds with, read from its pom chain or Gradle build script; the
                   nearest inventory of that major version when this machine has none of it,
                   with a note, and between two inventories both, reporting what both agree on;
                   the pin, <pin>, when the build names none)
  --json           machine-readable findings (JSON)
  --format F       text (default; colour on a terminal) or sarif (SARIF 2.1.0)
  --rules IDS      only these rule ids, comma separated (e.g. AS001,AS002)
  --no-warnings    report errors only
  --no-daemon      check in this process, not through the check daemon
  --lang en|zh     language of help and messages (default: from LANG/LC_ALL)
  -h, --help       show this help

Rules: ${Object.values(RULES).map((r) => `${r.id} ${r.name}`).join(', ')}. See docs/checker.md.

Environment:
  AGENTSCOPE_CLI_HOME        cache directory (pulled inventories, the code cache of this
                             command); default ~/.cache/agentscope-cli
  AGENTSCOPE_NO_CODE_CACHE=1 do not use or write the code cache (slower start, same result)
  AGENTSCOPE_NO_DAEMON=1     never use the check daemon. After two checks within 10 minutes
                             (same cache directory), a daemon starts in the background and
                             answers later checks, skipping start-up (same result); it ends
                             after 10 idle minutes. Off on Windows and when CI is set.
  AGENTSCOPE_CHECK_WORKERS=N check in N worker threads (0: in the main thread); default:
                             one per two cores, up to 2, above ~13k lines of source
                             (one above ~50k lines on fewer than 4 cores)

Exit codes: 0 no error findings, 1 error findings, 2 bad usage.`,
  zh: `用法：agentscope check [路径...] [--agentscope-version V] [--json | --format sarif] [--rules IDS] [--no-warnings]

不需要 JDK、Maven 或网络，按 AgentScope API 清单检查 Java 文件：未知的 io.agentscope
类型和成员、参数个数错误、没有覆盖任何方法的 @Override、缺少的实现、已弃用且将移除的
用法，以及已知的语义陷阱。其他代码只在被检查的源码自己声明时才评判（你自己的类的成员或构造器）；接收者类型未知时跳过。

参数：
  路径             .java 文件或目录（默认：当前目录所在 Maven 或 Gradle 项目的
                   src/main/java 与 src/test/java）

选项：
  --agentscope-version V
                   按 AgentScope Java V 的清单检查（默认：每个文件所在模块的 pom 链或 Gradle
                   构建脚本声明的版本；本机没有该版本清单时改用同一主版本中最接近的清单并给出提示，
                   介于两个清单之间时两者都用、只报告两者一致的问题；未声明时用固定版本 <pin>）
  --json           机器可读的检查结果（JSON）
  --format F       text（默认；终端中带颜色）或 sarif（SARIF 2.1.0）
  --rules IDS      只用这些规则 id，逗号分隔（如 AS001,AS002）
  --no-warnings    只报告错误
  --no-daemon      在本进程中检查，不经检查守护进程
  --lang en|zh     帮助与消息的语言（默认取自 LANG/LC_ALL）
  -h, --help       显示此帮助

规则：${Object.values(RULES).map((r) => `${r.id} ${r.name}`).join(', ')}。详见 docs/checker.md。

环境变量：
  AGENTSCOPE_CLI_HOME        缓存目录（拉取的清单、本命令的代码缓存）；
                             默认 ~/.cache/agentscope-cli
  AGENTSCOPE_NO_CODE_CACHE=1 不使用也不写入代码缓存（启动较慢，结果相同）
  AGENTSCOPE_NO_DAEMON=1     不使用检查守护进程。10 分钟内（同一缓存目录）检查两次后，
                             后台会启动一个守护进程来回答之后的检查，省去启动时间（结果相同）；
                             空闲 10 分钟后退出。Windows 上和设置了 CI 时不启用。
  AGENTSCOPE_CHECK_WORKERS=N 用 N 个工作线程检查（0：在主线程中）；默认：源码超过约
                             1.3 万行时每两个 CPU 核一个，最多 2 个（少于 4 核时，
                             超过约 5 万行用一个）

退出码：0 没有错误级发现，1 有错误级发现，2 用法错误。`,
};

export async function run(argv: string[], io: Io): Promise<number> {
  const args = commandArgs('check', argv, {
    'agentscope-version': { type: 'string' },
    format: { type: 'string' },
    rules: { type: 'string' },
    'no-warnings': { type: 'boolean' },
    // read by bin/check-daemon.js before this runs
    'no-daemon': { type: 'boolean' },
  }, (lang) => HELP[lang].replace('<pin>', readPin().version), io);
  if (!args) return 0;
  const { values, positionals } = args;
  const format = values.format ?? 'text';
  if (!['text', 'json', 'sarif'].includes(format)) throw new UsageError({ en: `unknown --format "${format}"`, zh: `未知的 --format "${format}"` }, { en: 'use text or sarif, or --json', zh: '可用 text 或 sarif，或 --json' });
  let rules: Set<RuleId> | undefined;
  if (values.rules) {
    const ids = values.rules.split(',').map((s) => s.trim().toUpperCase()).filter(Boolean);
    const bad = ids.filter((i) => !(i in RULES));
    if (bad.length) throw new UsageError({ en: `unknown rule id ${bad.join(', ')}`, zh: `未知的规则 id ${bad.join(', ')}` }, { en: `rules: ${Object.keys(RULES).join(', ')}`, zh: `可用规则：${Object.keys(RULES).join(', ')}` });
    rules = new Set(ids as RuleId[]);
  }
  if (values['agentscope-version'] !== undefined) requireVersion(values['agentscope-version'], '--agentscope-version');
  const { files, root } = collectJavaFiles(positionals, io.cwd);
  // a file named alone is judged with its package's other files lent (javac -sourcepath sees them)
  const lent = lentFiles(files, positionals, io.cwd);
  const paths = [...files, ...lent];
  const sizes = fileSizes(paths);
  // Each file is judged against the AgentScope version its module builds with (check-modules.ts).
  const explicit = values['agentscope-version'];
  const grouped = explicit === undefined ? versionGroups(root, files, readPin().version, io.env) : undefined;
  for (const n of grouped?.notes ?? []) io.err(`note: ${pick(n, args.lang)}`);
  const groups = grouped?.groups.length ? grouped.groups : [{ version: explicit ?? readPin().version, modules: [], files: new Set(files) }];
  // one run per version; the other files lend their declarations (inside a Maven project each file
  // sees only the io.agentscope artifacts of its module: checker/project.ts)
  // (a version between two inventories has a second run, whose findings only confirm the first's)
  const runs: CheckRun[] = groups.flatMap((g) => {
    const context = paths.filter((f) => !g.files.has(f));
    return g.confirm ? [{ version: g.version, context }, { version: g.confirm, context, confirms: true }] : [{ version: g.version, context }];
  });
  const bytes = sizes.reduce((a, b) => a + b, 0);
  const workers = workerCount(bytes, io.env);
  // Start-up dominates a check of a normal project, so its three slow parts overlap: the parser's
  // WebAssembly compiles on V8's threads, the inventory is read and unzipped on libuv's, and the
  // analyzer's modules load meanwhile (bench/check.mjs measures the whole command).
  let sources: SourceFile[] | undefined;
  let inventories: Inventory[] | undefined;
  const inProcess = async () => {
    sources ??= readSources(paths);
    const [, invs] = await Promise.all([
      import('../../checker/parser.js').then((m) => m.initJavaParser(sourceChars(sources!))),
      // indexed while the WebAssembly compiles
      inventories ?? Promise.all(runs.map((r) => loadInventoryAsync(r.version, io.env))).then(async (loaded) => loaded.map((await import('../../checker/index.js')).prepareInventory)),
    ]);
    return { sources, inventories: (inventories = invs) };
  };
  const loading = import('../../checker/index.js');
  let versions: string[] | undefined;
  // A large input is checked in workers, each judging a share of the files (check-worker.ts); they
  // read the files themselves, and the main thread needs no parser and no inventory.
  const judge = async (wholeText?: string[]): Promise<Finding[][][]> => {
    const inWorkers = workers > 0 ? checkInWorkers(paths, sizes, runs, io.env, rules, workers, wholeText) : undefined;
    const [checker, answers, local] = await Promise.all([loading, inWorkers?.answers, inWorkers ? undefined : inProcess()]);
    const parts: Finding[][][] = [];
    if (local) parts.push(checkShare(checker, local.sources, local.inventories, runs, rules, undefined, wholeText));
    for (const [i, a] of (answers ?? []).entries()) {
      if (a) parts.push(a.findings);
      else {
        // this share's worker ran out of its heap (or could not start): the main thread checks it
        const here = await inProcess();
        const share = inWorkers!.shares.length > 1 ? new Set(inWorkers!.shares[i]) : undefined;
        parts.push(checkShare(checker, here.sources, here.inventories, runs, rules, share, wholeText));
      }
    }
    versions = answers?.find((a) => a)?.versions ?? inventories!.map((i) => i.version);
    if (io.env.AGENTSCOPE_CHECK_TRACE) {
      const back = (answers ?? []).filter((a) => !a).length;
      io.err(`trace: ${workers} worker(s)${inWorkers ? ` judging ${inWorkers.shares.map((s) => s.length).join(' + ')} file(s)` : ''}${back ? `; ${back} share(s) handed back to the main thread` : ''}`);
      for (const a of answers ?? []) if (a?.trace) io.err(`trace: worker ${a.trace}`);
      const m = process.memoryUsage();
      io.err(`trace: main thread heap ${Math.round(m.heapUsed / 1048576)} MB used of ${Math.round(m.heapTotal / 1048576)} MB; process RSS ${Math.round(m.rss / 1048576)} MB`);
    }
    return parts;
  };
  let parts = await judge();
  // A file that does not parse lends no declarations. Only the run that judges it parses it whole;
  // the other shares and version runs read its skeleton (checker/analysis/skeleton.ts), which has no
  // bodies and so may parse: they judge again with that file read whole, as one run would.
  const broken = [...new Set(parts.flat(2).filter((f) => f.rule === 'AS000').map((f) => f.file))];
  const checker = await loading;
  const skeletons = bytes > checker.KEEP_TREES_MAX_CHARS; // bytes >= characters
  if (broken.length && skeletons && (parts.length > 1 || runs.length > 1)) parts = await judge(broken);
  // each run's findings are in report order; several runs and shares are merged into it
  // several shares or versions: a flow finding of one stands only if no other reports an error
  let findings = checker.flowAfterAttribution(mergeRuns(checker, parts, runs));
  const inventory = { version: groups.length > 1 ? describeGroups(groups) : judgedVersionName(versions![0], groups[0].confirm) };
  if (values['no-warnings']) findings = findings.filter((f) => f.severity === 'error');
  const display = findings.map((f) => ({ ...f, file: relative(io.cwd, f.file) || f.file }));
  if (format === 'json') io.out(formatJson(display, { version: inventory.version, files: files.length }));
  else if (format === 'sarif') {
    const urls = packageUrls();
    io.out(formatSarif(findings, { version: inventory.version, toolVersion: packageVersion(), informationUri: urls.home, rulesDoc: urls.file('docs/checker.md'), baseDir: root }));
  }
  else io.out(formatText(display, { color: io.color, files: files.length, version: inventory.version }));
  return checker.hasErrors(findings) ? 1 : 0;
}

const MAIN_ROOT = `${sep}src${sep}main${sep}java${sep}`;
const TEST_ROOT = `${sep}src${sep}test${sep}java${sep}`;

/** The same package's directory under the module's other source root (`from` -> `to`), if `dir` is under `from`. */
function counterpart(dir: string, from: string, to: string): string | undefined {
  const i = dir.lastIndexOf(from);
  if (i >= 0) return dir.slice(0, i) + to + dir.slice(i + from.length);
  return dir.endsWith(from.slice(0, -1)) ? dir.slice(0, dir.length - from.length + 1) + to.slice(0, -1) : undefined;
}

/**
 * What `file`'s imports name in its own source root (its directory less its package's): `import
 * a.b.C;` and `import static a.b.C.m;` the file `a/b/C.java`, `import a.b.*;` the package `a/b`.
 */
function importedSources(file: string): { files: string[]; packages: string[] } {
  const out = { files: [] as string[], packages: [] as string[] };
  let text: string;
  try {
    // (bounded, regular files only: a FIFO or a device named X.java is its own finding, never waited on)
    text = readTextBounded(file);
  } catch {
    return out;
  }
  const pkg = declaredPackage(text);
  const dir = dirname(file);
  const tail = pkg ? join(...pkg.split('.')) : '';
  if (pkg && !dir.endsWith(`${sep}${tail}`)) return out;
  const root = pkg ? dir.slice(0, dir.length - tail.length - 1) : dir;
  for (const { name, isStatic, onDemand } of importsOf(text)) {
    const parts = name.split('.');
    if (onDemand && !isStatic) {
      out.packages.push(join(root, ...parts));
      continue;
    }
    // the longest prefix that is a file: `a.b.C.Inner` and `a.b.C.member` are in a/b/C.java
    for (let i = parts.length; i > 1; i--) {
      const p = `${join(root, ...parts.slice(0, i))}.java`;
      if (statSync(p, { throwIfNoEntry: false })?.isFile()) {
        out.files.push(p);
        break;
      }
    }
  }
  return out;
}

/**
 * Lent as context, not judged: the other .java files of each explicitly named file's package (its
 * directory, and the same package under the module's other source root), and for every test
 * source the same package under its module's main source root (Maven compiles tests against the
 * main classes: `check src/test/java` sees the classes its tests call without an import), what
 * the build generated beside each module's sources, and, for a module of a reactor, the main
 * sources of the reactor's other modules, and the files of its own source root its imports name.
 */
function lentFiles(files: string[], positionals: string[], cwd: string): string[] {
  const named = new Set(positionals.map((p) => resolve(cwd, p)).filter((p) => p.endsWith('.java')));
  const judged = new Set(files);
  const dirs = new Set<string>();
  const imported = new Set<string>();
  for (const f of named) {
    const dir = dirname(f);
    dirs.add(dir);
    // and what it imports from its own source root (other packages of the module)
    const sources = importedSources(f);
    for (const p of sources.files) imported.add(p);
    for (const p of sources.packages) dirs.add(p);
    for (const [a, b] of [[MAIN_ROOT, TEST_ROOT], [TEST_ROOT, MAIN_ROOT]]) {
      const c = counterpart(dir, a, b);
      if (c) dirs.add(c);
    }
  }
  const modules = new Set<string>();
  for (const dir of new Set(files.map((f) => dirname(f)))) {
    const c = counterpart(dir, TEST_ROOT, MAIN_ROOT);
    if (c) dirs.add(c);
    for (const root of [MAIN_ROOT, TEST_ROOT]) {
      const i = `${dir}${sep}`.lastIndexOf(root);
      if (i >= 0) modules.add(dir.slice(0, i));
    }
  }
  const roots = new Set<string>();
  const reactors = new Set<string>();
  for (const module of modules) {
    // what the build generates beside a module's sources (annotation processors, OpenAPI,
    // protobuf) is compiled with them: Maven's target/generated-*sources, Gradle's build/generated
    for (const g of [['target', 'generated-sources'], ['target', 'generated-test-sources'], ['build', 'generated']]) roots.add(join(module, ...g));
    const reactor = reactorRoot(module);
    if (reactor !== module) reactors.add(reactor);
  }
  // a module of a reactor is compiled against its sibling modules' classes (as jars): the main
  // sources of the modules not checked are lent (a package may be split across modules)
  const MAIN = `${sep}src${sep}main${sep}java`;
  for (const reactor of reactors) for (const r of reactorSourceRoots(reactor)) if (r.endsWith(MAIN) && !modules.has(r.slice(0, -MAIN.length))) roots.add(r);
  const out = new Set<string>();
  for (const r of roots) if (statSync(r, { throwIfNoEntry: false })?.isDirectory()) for (const f of listFiles(r, isJava)) if (!judged.has(f)) out.add(f);
  for (const p of imported) if (!judged.has(p)) out.add(p);
  for (const d of dirs) {
    let names: string[];
    try {
      names = readdirSync(d);
    } catch {
      continue;
    }
    for (const n of names) {
      const p = join(d, n);
      if (n.endsWith('.java') && !judged.has(p) && statSync(p, { throwIfNoEntry: false })?.isFile()) out.add(p);
    }
  }
  return [...out].sort();
}
