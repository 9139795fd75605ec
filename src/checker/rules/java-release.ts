/**
 * AS019 and AS114: code newer than the Java level its module compiles for (../../pom/java-level.ts),
 * the Java 21 idioms tutorials and assistants write into AgentScope's Java 17 projects.
 * - Language (below 21, whether the build sets `--release` or only `-source`): a pattern or `null`
 *   in a switch label and a record pattern, which javac's parser rejects (it then reports nothing
 *   else of the compilation: the file is not judged further), and a qualified enum constant as a
 *   case label (`case MsgRole.USER:`).
 * - JDK API (a module at 17): a method or type JDK 17 lacks (`List.getLast()`, `Thread.ofVirtual()`,
 *   `import java.util.SequencedCollection`). With `--release 17` javac rejects it (AS019); with
 *   only `-source 17` it compiles on a newer JDK and fails on a Java 17 runtime (AS114, a warning).
 */
import type { SyntaxNode as Node } from '../analysis/syntax-tree.js';
import type { AnalyzerBase } from '../analysis/base.js';
import type { TypeCtx } from '../analysis/model.js';
import { field, kids } from '../analysis/syntax.js';
import { shortName } from '../jtype.js';
import { NOT_IN_JDK17_METHODS, NOT_IN_JDK17_TYPES } from '../jdk-release.js';
import type { JavaLevel } from '../../pom/java-level.js';
import type { FindingSubject } from '../rules.js';

/**
 * Text that may hold one of the features below (`case TextBlock t ->`, `case null`, `case
 * MsgRole.USER:`, `instanceof Point(..)`): a file without any is not walked (most files).
 */
const LANGUAGE_HINT = /\bcase\s+(?:null\b|[\w.]+(?:<[^>]*>)?\s*\(|[\w.]+(?:<[^>]*>\s*|\s+)[A-Za-z_$][\w$]*\s*(?:->|:|when\b)|\w+\.[\w.]+\s*[:,-])|\binstanceof\s+[\w.]+(?:<[^>]*>)?\s*\(/;

/** The release that made a pattern or `null` in a switch, record patterns and qualified enum labels standard. */
const PATTERN_SWITCH_RELEASE = 21;

/** What to write on Java 17 instead of a method JDK 17 lacks. */
const JAVA17_EQUIVALENT: Readonly<Record<string, string>> = {
  getFirst: 'get(0)',
  getLast: 'get(list.size() - 1)',
  removeFirst: 'remove(0)',
  removeLast: 'remove(list.size() - 1)',
  addFirst: 'add(0, e)',
  addLast: 'add(e)',
  reversed: 'a copy reversed with Collections.reverse(copy)',
  newVirtualThreadPerTaskExecutor: 'Executors.newCachedThreadPool() (platform threads)',
  newThreadPerTaskExecutor: 'Executors.newCachedThreadPool(factory)',
  ofVirtual: 'new Thread(runnable) (a platform thread)',
  startVirtualThread: 'new Thread(runnable).start() (a platform thread)',
  threadId: 'getId()',
};

const levelText = (l: JavaLevel) => `Java ${l.level} (${l.from})`;

/** Per JDK type, the methods JDK 17 has no overload of (split once: asked at every JDK call of a module at 17). */
let notInJdk17: Map<string, ReadonlySet<string>> | undefined;

/** Is `name` a method JDK 17's `fqn` lacks, in a module compiled for 17? */
export function newerJdkMethod(level: JavaLevel | undefined, fqn: string, name: string): boolean {
  if (level?.level !== 17) return false;
  notInJdk17 ??= new Map(Object.entries(NOT_IN_JDK17_METHODS).map(([t, names]) => [t, new Set(names.split(' '))]));
  return notInJdk17.get(fqn)?.has(name) ?? false;
}

/**
 * `what` (a method or type JDK 17 lacks) in a module at 17: with `--release` javac does not find
 * it (AS019); with a source level only, the Java 17 runtime does not (AS114, `fails`).
 */
function reportNewerJdk(a: AnalyzerBase, at: Node, what: string, level: JavaLevel, fails: string, fix: string, subject: FindingSubject) {
  if (level.release) a.report(at, 'AS019', `${what} is not in the JDK 17 API, and this module compiles for ${levelText(level)}: cannot find symbol`, fix, subject);
  else a.report(at, 'AS114', `${what} is not in the JDK 17 API: this module targets ${levelText(level)} without --release, so it compiles only on a newer JDK and fails on a Java 17 runtime (${fails})`, fix, subject);
}

/** `msgs.getLast()` in a module at 17: javac "cannot find symbol" with `--release 17`. */
export function reportNewerJdkMethod(a: AnalyzerBase, nameNode: Node, fqn: string, name: string, level: JavaLevel) {
  const instead = JAVA17_EQUIVALENT[name];
  reportNewerJdk(a, nameNode, `${shortName(fqn)}.${name}()`, level, 'NoSuchMethodError', `${instead ? `on Java 17: ${instead}; ` : ''}or build for Java 21+`, { type: fqn, member: name });
}

/** `import java.util.SequencedCollection;` in a module at 17. */
export function checkNewerJdkImport(a: AnalyzerBase, at: Node, fqn: string) {
  const level = a.javaLevel;
  if (level?.level === 17 && NOT_IN_JDK17_TYPES.has(fqn)) reportNewerJdk(a, at, fqn, level, 'NoClassDefFoundError', 'build for a newer Java, or do without it', { type: fqn });
}

/**
 * The language features of the file above its module's level. Returns whether javac's parser
 * rejects the file (a pattern or `null` in a switch label, a record pattern): javac then reports
 * those and nothing else, so the file is not judged further.
 */
export function checkLanguageLevel(a: AnalyzerBase, root: Node, ctx: TypeCtx): boolean {
  const level = a.javaLevel;
  if (!level || level.level >= PATTERN_SWITCH_RELEASE || !LANGUAGE_HINT.test(a.unit.content)) return false;
  let patterns = false;
  let nulls = false;
  let parseError = false;
  const stack: Node[] = [root];
  while (stack.length) {
    const n = stack.pop()!;
    if (n.type === 'switch_label') {
      const label = kids(n);
      // javac reports each preview feature once per file
      if (label.some((k) => k.type === 'pattern') && !patterns) {
        patterns = parseError = true;
        a.report(n, 'AS019', `a pattern in a switch label needs Java 21, and this module compiles for ${levelText(level)}: patterns in switch statements are a preview feature and are disabled by default`, 'test with instanceof (if (b instanceof TextBlock t) ..), or build for Java 21+');
      }
      if (label.some((k) => k.type === 'null_literal') && !nulls) {
        nulls = parseError = true;
        a.report(n, 'AS019', `case null needs Java 21, and this module compiles for ${levelText(level)}: null in switch cases is a preview feature and is disabled by default`, 'test for null before the switch, or build for Java 21+');
      }
      if (label.length === 1 && label[0].type === 'field_access') checkQualifiedEnumLabel(a, label[0], ctx, level);
    } else if (n.type === 'record_pattern' && n.parent?.type === 'instanceof_expression') {
      parseError = true;
      a.report(n, 'AS019', `a record pattern needs Java 21, and this module compiles for ${levelText(level)}: javac reads a syntax error`, 'test with instanceof and read the components through their accessors, or build for Java 21+');
    }
    for (const c of kids(n)) stack.push(c);
  }
  return parseError;
}

/** `case MsgRole.USER:` below Java 21: "an enum switch case label must be the unqualified name of an enumeration constant". */
function checkQualifiedEnumLabel(a: AnalyzerBase, label: Node, ctx: TypeCtx, level: JavaLevel) {
  const q = field(label, 'object');
  if (!q || (q.type !== 'identifier' && q.type !== 'field_access' && q.type !== 'scoped_identifier')) return;
  const t = q.type === 'identifier' ? a.resolveSimple(q.text, ctx) : a.resolveQualified(q.text.replace(/\s+/g, ''));
  if (t?.k !== 'class') return;
  const isEnum = a.idx.type(t.fqn)?.kind === 'enum' || a.srcByFqn.get(t.fqn)?.kind === 'enum';
  if (!isEnum) return;
  const constant = field(label, 'field')?.text ?? '';
  a.report(label, 'AS019', `a qualified enum constant as a case label needs Java 21, and this module compiles for ${levelText(level)}: an enum switch case label must be the unqualified name of an enumeration constant`, `case ${constant}:`, { type: t.fqn, member: constant });
}
