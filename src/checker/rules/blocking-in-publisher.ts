/**
 * AS106 blocking-in-publisher: `block()`, `blockFirst()`, `blockLast()` or `toFuture().get()` inside
 * a method that returns a Reactor publisher to the framework: an `@Override` (a middleware hook
 * onAgent/onReasoning/onActing/onModelCall/onSystemPrompt, a ToolBase `callAsync`, ...) or a `@Tool`
 * method returning Mono/Flux. The framework subscribes to what it returns on its own non-blocking
 * threads, where Reactor refuses `block*()` ("block()/blockFirst()/blockLast() are blocking, which
 * is not supported in thread parallel-N") and a blocked thread stalls every other call. Judged:
 * the method's own statements and the lambdas it passes to Reactor operators (code that runs in the
 * returned publisher); not lambdas handed to anything else (executors, tasks). A method that moves
 * its work to another scheduler (`subscribeOn`/`publishOn`, `boundedElastic`) is left alone.
 */
import type { SyntaxNode as Node } from '../analysis/syntax-tree.js';
import type { JType } from '../jtype.js';
import type { AnalyzerBase } from '../analysis/base.js';
import type { FileUnit } from '../analysis/model.js';
import { annotationNames, callOfArgument, field, kids } from '../analysis/syntax.js';

const PUBLISHER_TYPES = new Set(['reactor.core.publisher.Mono', 'reactor.core.publisher.Flux', 'org.reactivestreams.Publisher']);
const BLOCKING = new Set(['block', 'blockFirst', 'blockLast', 'blockOptional']);
const OFFLOADED = /\b(subscribeOn|publishOn|boundedElastic)\b/;

/** Publisher-returning methods of each file, noted while the methods are visited. */
const publisherMethods = new WeakMap<FileUnit, Node[]>();

/** Reactor operators and factories whose lambda runs inside the publisher. */
const OPERATORS = /^(map|flatMap|flatMapMany|flatMapIterable|concatMap|switchMap|handle|filter|doOnNext|doOnSuccess|doOnEach|doOnComplete|doOnError|doOnSubscribe|doFinally|doOnTerminate|then|thenMany|zipWith|onErrorResume|onErrorMap|onErrorReturn|switchIfEmpty|defaultIfEmpty|defer|fromCallable|fromSupplier|fromRunnable|create|generate|using|transform|reduce|collect|expand|delayUntil|filterWhen|takeUntil|takeWhile|repeatWhen|retryWhen|subscribe)$/;

export function notePublisherMethod(a: AnalyzerBase, m: Node, ret: JType | undefined) {
  if (ret?.k !== 'class' || !PUBLISHER_TYPES.has(ret.fqn)) return;
  const ann = annotationNames(m);
  if (!ann.includes('Override') && !ann.includes('Tool')) return;
  const list = publisherMethods.get(a.unit) ?? [];
  list.push(m);
  publisherMethods.set(a.unit, list);
}

function blockingCall(n: Node): string | undefined {
  if (n.type !== 'method_invocation') return undefined;
  const name = field(n, 'name')?.text ?? '';
  const args = field(n, 'arguments');
  if (BLOCKING.has(name) && field(n, 'object') && args && kids(args).length <= 1) return `${name}()`;
  const obj = field(n, 'object');
  if (name === 'get' && obj?.type === 'method_invocation' && field(obj, 'name')?.text === 'toFuture') return 'toFuture().get()';
  return undefined;
}

/** At the end of a file. */
export function reportBlockingInPublishers(a: AnalyzerBase) {
  const methods = publisherMethods.get(a.unit);
  if (!methods) return;
  publisherMethods.delete(a.unit);
  for (const m of methods) {
    const body = field(m, 'body');
    if (!body || OFFLOADED.test(body.text)) continue;
    const name = field(m, 'name')?.text ?? '';
    const stack: Node[] = [body];
    while (stack.length) {
      const n = stack.pop()!;
      // a nested class's methods are judged on their own; a lambda only when a Reactor operator runs it
      if (n.type === 'class_body') continue;
      if (n.type === 'lambda_expression' || n.type === 'method_reference') {
        const call = callOfArgument(n);
        if (!call || !OPERATORS.test(field(call, 'name')?.text ?? '')) continue;
      }
      const what = blockingCall(n);
      if (what) {
        a.report(
          field(n, 'name')!,
          'AS106',
          `${what} inside ${name}(..), which returns a publisher to its caller: the framework subscribes on its non-blocking threads, where Reactor rejects blocking calls (IllegalStateException) or the thread stalls`,
          'compose instead of blocking: flatMap/then/map on the publisher and return it; if a blocking API is unavoidable, wrap it in Mono.fromCallable(..).subscribeOn(Schedulers.boundedElastic())',
        );
      }
      for (const k of kids(n)) stack.push(k);
    }
  }
}
