import { cls, parseTypeString, substitute, type JType, UNKNOWN } from './jtype.js';
import { fullyKnown, mentionsTypeVar } from './expr-types.js';

/**
 * A handful of JDK / Reactor (and Mockito) generic methods, so that `agent.call(msg).block()` or
 * `list.stream().filter(b -> ...)` keep their AgentScope element type. Calls on these types
 * are never judged (they are not AgentScope API); unknown methods simply yield `unknown`.
 */
interface ExtType {
  typeParams: string[];
  methods: Record<string, { params: string[]; ret: string }[]>;
  /**
   * Static factories whose result is an instance of the type itself, whatever the arguments
   * (`List.of(msg)` is a `List`; javac infers its type arguments from the arguments and the target).
   */
  factories?: string[];
}

const F = 'java.util.function.';
const MONO = 'reactor.core.publisher.Mono';
const FLUX = 'reactor.core.publisher.Flux';
const STEP = 'reactor.test.StepVerifier.Step';
const ONGOING = 'org.mockito.stubbing.OngoingStubbing';
const BDD_ONGOING = 'org.mockito.BDDMockito.BDDMyOngoingStubbing';

/** The stubbings whose one-argument method takes the stubbed call's result type (`thenReturn(T)`): checked like an assignment (AS013). */
export const STUBBED_VALUE: Readonly<Record<string, string>> = { [ONGOING]: 'thenReturn', [BDD_ONGOING]: 'willReturn' };

/** Methods whose result is `ret` whatever their arguments, one signature per argument count (the arguments are not followed). */
function returning(ret: string, methods: Record<string, number[]>): ExtType['methods'] {
  return Object.fromEntries(Object.entries(methods).map(([name, counts]) => [name, counts.map((c) => ({ params: Array<string>(c).fill('?'), ret }))]));
}
/** Operators of both publishers that keep the element type (Reactor 3's signatures, the same since 3.0 or, contextWrite, 3.4). */
const KEEPING: Record<string, number[]> = {
  subscribeOn: [1], publishOn: [1], timeout: [1], doOnError: [1], doFinally: [1], doOnSubscribe: [1], doOnCancel: [1], doOnTerminate: [1],
  onErrorResume: [1], onErrorMap: [1], contextWrite: [1], cache: [0], log: [0],
  retry: [0, 1], hide: [0], checkpoint: [0, 1],
};
/** The error operators of a publisher `pub` (as KEEPING), with the Throwable their function takes: `onErrorResume(e -> ..)`'s e. */
function onError(pub: string): ExtType['methods'] {
  const th = 'java.lang.Throwable';
  return {
    doOnError: [{ params: [`${F}Consumer<? super ${th}>`], ret: `${pub}<T>` }],
    // the fallback's elements are T's (a Mono's fallback a Mono, a Flux's any Publisher), the mapped error a Throwable
    onErrorResume: [{ params: [`${F}Function<? super ${th}, ? extends ${pub.endsWith('.Mono') ? pub : 'org.reactivestreams.Publisher'}<? extends T>>`], ret: `${pub}<T>` }],
    onErrorMap: [{ params: [`${F}Function<? super ${th}, ? extends ${th}>`], ret: `${pub}<T>` }],
  };
}
/** StepVerifier's steps: what keeps the step (and its element type), what ends the script, what runs it. */
const STEPS: ExtType['methods'] = {
  assertNext: [{ params: [`${F}Consumer<? super T>`], ret: `${STEP}<T>` }],
  consumeNextWith: [{ params: [`${F}Consumer<? super T>`], ret: `${STEP}<T>` }],
  expectNextMatches: [{ params: [`${F}Predicate<? super T>`], ret: `${STEP}<T>` }],
  thenConsumeWhile: [{ params: [`${F}Predicate<T>`], ret: `${STEP}<T>` }],
  // each expected value is a T (`expectNext("hi")` on a step over Msg is AS013)
  expectNext: [1, 2, 3, 4].map((n) => ({ params: Array<string>(n).fill('T'), ret: `${STEP}<T>` })),
  ...returning(`${STEP}<T>`, { expectNextCount: [1], expectNextSequence: [1], thenRequest: [1], thenAwait: [0, 1], then: [1], expectNoEvent: [1] }),
  ...returning('reactor.test.StepVerifier', { expectComplete: [0], expectError: [0, 1], expectErrorMessage: [1], expectErrorMatches: [1], consumeErrorWith: [1], thenCancel: [0], expectTimeout: [1] }),
  ...returning('java.time.Duration', { verifyComplete: [0], verifyError: [0, 1], verifyErrorMessage: [1], verifyErrorMatches: [1], verifyErrorSatisfies: [1], verifyTimeout: [1] }),
};

const ELEMENTS = 'java.util.Collection';
/** What every collection declares: `add(E)` and `addAll(Collection<? extends E>)` take the receiver's element type (judged, AS013). */
const COLLECTION: ExtType['methods'] = {
  forEach: [{ params: [`${F}Consumer<? super E>`], ret: 'void' }],
  stream: [{ params: [], ret: 'java.util.stream.Stream<E>' }],
  removeIf: [{ params: [`${F}Predicate<? super E>`], ret: 'boolean' }],
  add: [{ params: ['E'], ret: 'boolean' }],
  addAll: [{ params: [`${ELEMENTS}<? extends E>`], ret: 'boolean' }],
  size: [{ params: [], ret: 'int' }],
  isEmpty: [{ params: [], ret: 'boolean' }],
  iterator: [{ params: [], ret: 'java.util.Iterator<E>' }],
};
/** One description for an interface and the JDK classes that implement it with the same type parameters. */
function alias(fqns: string[], t: ExtType): Record<string, ExtType> {
  // static factories are the interface's own (`List.of`): a static interface method is not inherited
  return Object.fromEntries(fqns.map((f, i) => [f, i === 0 ? t : { typeParams: t.typeParams, methods: t.methods }]));
}

const ext: Record<string, ExtType> = {
  'reactor.core.publisher.Mono': {
    typeParams: ['T'],
    methods: {
      block: [{ params: [], ret: 'T' }, { params: ['java.time.Duration'], ret: 'T' }],
      blockOptional: [{ params: [], ret: 'java.util.Optional<T>' }],
      doOnNext: [{ params: [`${F}Consumer<? super T>`], ret: 'reactor.core.publisher.Mono<T>' }],
      doOnSuccess: [{ params: [`${F}Consumer<? super T>`], ret: 'reactor.core.publisher.Mono<T>' }],
      filter: [{ params: [`${F}Predicate<? super T>`], ret: 'reactor.core.publisher.Mono<T>' }],
      map: [{ params: [`${F}Function<? super T, ? extends R>`], ret: 'reactor.core.publisher.Mono<R>' }],
      flatMap: [{ params: [`${F}Function<? super T, ?>`], ret: `${MONO}<R>` }],
      flatMapMany: [{ params: [`${F}Function<? super T, ?>`], ret: `${FLUX}<R>` }],
      flatMapIterable: [{ params: [`${F}Function<? super T, ?>`], ret: `${FLUX}<R>` }],
      subscribe: [{ params: [`${F}Consumer<? super T>`], ret: 'reactor.core.Disposable' }],
      // the fallback is a T (receiverTypedParams: `defaultIfEmpty("none")` on a Mono<Msg> is AS013)
      defaultIfEmpty: [{ params: ['T'], ret: `${MONO}<T>` }],
      onErrorReturn: [{ params: ['T'], ret: `${MONO}<T>` }, { params: ['?', 'T'], ret: `${MONO}<T>` }],
      switchIfEmpty: [{ params: [`${MONO}<? extends T>`], ret: `${MONO}<T>` }],
      ...returning(`${MONO}<T>`, { ...KEEPING, delayElement: [1] }),
      ...onError(MONO),
      ...returning(`${FLUX}<T>`, { flux: [0], repeat: [0] }),
      ...returning(`${MONO}<java.lang.Void>`, { then: [0] }),
      ...returning(`${MONO}<java.lang.Boolean>`, { hasElement: [0] }),
      ...returning('java.util.concurrent.CompletableFuture<T>', { toFuture: [0] }),
    },
  },
  'reactor.core.publisher.Flux': {
    typeParams: ['T'],
    methods: {
      blockFirst: [{ params: [], ret: 'T' }],
      blockLast: [{ params: [], ret: 'T' }],
      doOnNext: [{ params: [`${F}Consumer<? super T>`], ret: 'reactor.core.publisher.Flux<T>' }],
      filter: [{ params: [`${F}Predicate<? super T>`], ret: 'reactor.core.publisher.Flux<T>' }],
      map: [{ params: [`${F}Function<? super T, ? extends R>`], ret: 'reactor.core.publisher.Flux<R>' }],
      flatMap: [{ params: [`${F}Function<? super T, ?>`], ret: `${FLUX}<R>` }],
      concatMap: [{ params: [`${F}Function<? super T, ?>`], ret: `${FLUX}<R>` }],
      flatMapSequential: [{ params: [`${F}Function<? super T, ?>`], ret: `${FLUX}<R>` }],
      switchMap: [{ params: [`${F}Function<? super T, ?>`], ret: `${FLUX}<R>` }],
      flatMapIterable: [{ params: [`${F}Function<? super T, ?>`], ret: `${FLUX}<R>` }],
      subscribe: [{ params: [`${F}Consumer<? super T>`], ret: 'reactor.core.Disposable' }],
      collectList: [{ params: [], ret: 'reactor.core.publisher.Mono<java.util.List<T>>' }],
      collectSortedList: [{ params: [], ret: 'reactor.core.publisher.Mono<java.util.List<T>>' }, { params: ['?'], ret: 'reactor.core.publisher.Mono<java.util.List<T>>' }],
      // (buffer's two-argument forms include buffer(int, Supplier<C>), a Flux<C>: not listed)
      buffer: [{ params: [], ret: `${FLUX}<java.util.List<T>>` }, { params: ['?'], ret: `${FLUX}<java.util.List<T>>` }],
      toIterable: [{ params: [], ret: 'java.lang.Iterable<T>' }],
      defaultIfEmpty: [{ params: ['T'], ret: `${FLUX}<T>` }],
      onErrorReturn: [{ params: ['T'], ret: `${FLUX}<T>` }, { params: ['?', 'T'], ret: `${FLUX}<T>` }],
      switchIfEmpty: [{ params: ['org.reactivestreams.Publisher<? extends T>'], ret: `${FLUX}<T>` }],
      concatWith: [{ params: ['org.reactivestreams.Publisher<? extends T>'], ret: `${FLUX}<T>` }],
      mergeWith: [{ params: ['org.reactivestreams.Publisher<? extends T>'], ret: `${FLUX}<T>` }],
      ...returning(`${FLUX}<T>`, {
        ...KEEPING, take: [1], takeLast: [1], skip: [1], doOnComplete: [1], doAfterTerminate: [1], distinct: [0],
        onBackpressureBuffer: [0], delayElements: [1], share: [0], repeat: [0, 1], limitRate: [1], sort: [0, 1], takeUntil: [1], takeWhile: [1],
      }),
      ...onError(FLUX),
      ...returning(`${MONO}<T>`, { next: [0], last: [0], single: [0], elementAt: [1] }),
      ...returning(`${MONO}<java.lang.Long>`, { count: [0] }),
      ...returning(`${MONO}<java.lang.Boolean>`, { hasElements: [0] }),
      ...returning(`${MONO}<java.lang.Void>`, { then: [0] }),
    },
  },
  // reactor-test: `StepVerifier.create(agent.call(msg)).assertNext(m -> ..)` (create is typed by its argument: ARGUMENT_TYPED)
  'reactor.test.StepVerifier.FirstStep': { typeParams: ['T'], methods: { ...STEPS, ...returning(`${STEP}<T>`, { expectSubscription: [0] }) } },
  [STEP]: { typeParams: ['T'], methods: STEPS },
  'reactor.test.StepVerifier': { typeParams: [], methods: returning('java.time.Duration', { verify: [0, 1] }) },
  'java.util.Optional': {
    typeParams: ['T'],
    factories: ['of', 'ofNullable', 'empty'],
    methods: {
      get: [{ params: [], ret: 'T' }],
      orElseThrow: [{ params: [], ret: 'T' }, { params: ['?'], ret: 'T' }],
      orElse: [{ params: ['T'], ret: 'T' }],
      ifPresent: [{ params: [`${F}Consumer<? super T>`], ret: 'void' }],
      map: [{ params: [`${F}Function<? super T, ? extends R>`], ret: 'java.util.Optional<R>' }],
      filter: [{ params: [`${F}Predicate<? super T>`], ret: 'java.util.Optional<T>' }],
    },
  },
  ...alias(['java.util.List', 'java.util.ArrayList', 'java.util.LinkedList', 'java.util.concurrent.CopyOnWriteArrayList'], {
    typeParams: ['E'],
    factories: ['of', 'copyOf'],
    methods: {
      ...COLLECTION,
      get: [{ params: ['int'], ret: 'E' }],
      getFirst: [{ params: [], ret: 'E' }],
      getLast: [{ params: [], ret: 'E' }],
      add: [{ params: ['E'], ret: 'boolean' }, { params: ['int', 'E'], ret: 'void' }],
      addAll: [{ params: [`${ELEMENTS}<? extends E>`], ret: 'boolean' }, { params: ['int', `${ELEMENTS}<? extends E>`], ret: 'boolean' }],
      set: [{ params: ['int', 'E'], ret: 'E' }],
      sort: [{ params: ['java.util.Comparator<? super E>'], ret: 'void' }],
      replaceAll: [{ params: [`${F}UnaryOperator<E>`], ret: 'void' }],
    },
  }),
  'java.util.Collection': { typeParams: ['E'], methods: COLLECTION },
  ...alias(['java.util.Set', 'java.util.HashSet', 'java.util.LinkedHashSet', 'java.util.TreeSet'], { typeParams: ['E'], factories: ['of', 'copyOf'], methods: COLLECTION }),
  ...alias(['java.util.Queue', 'java.util.Deque', 'java.util.ArrayDeque', 'java.util.concurrent.BlockingQueue', 'java.util.concurrent.LinkedBlockingQueue'], {
    typeParams: ['E'],
    methods: { ...COLLECTION, offer: [{ params: ['E'], ret: 'boolean' }], peek: [{ params: [], ret: 'E' }], poll: [{ params: [], ret: 'E' }] },
  }),
  ...alias(['java.util.Map', 'java.util.HashMap', 'java.util.LinkedHashMap', 'java.util.TreeMap', 'java.util.concurrent.ConcurrentHashMap', 'java.util.concurrent.ConcurrentMap'], {
    typeParams: ['K', 'V'],
    factories: ['of', 'ofEntries', 'copyOf'],
    methods: {
      get: [{ params: ['java.lang.Object'], ret: 'V' }],
      getOrDefault: [{ params: ['java.lang.Object', 'V'], ret: 'V' }],
      put: [{ params: ['K', 'V'], ret: 'V' }],
      putIfAbsent: [{ params: ['K', 'V'], ret: 'V' }],
      forEach: [{ params: [`${F}BiConsumer<? super K, ? super V>`], ret: 'void' }],
      values: [{ params: [], ret: 'java.util.Collection<V>' }],
      keySet: [{ params: [], ret: 'java.util.Set<K>' }],
      entrySet: [{ params: [], ret: 'java.util.Set<java.util.Map.Entry<K, V>>' }],
      computeIfAbsent: [{ params: ['K', `${F}Function<? super K, ? extends V>`], ret: 'V' }],
      computeIfPresent: [{ params: ['K', `${F}BiFunction<? super K, ? super V, ? extends V>`], ret: 'V' }],
      compute: [{ params: ['K', `${F}BiFunction<? super K, ? super V, ? extends V>`], ret: 'V' }],
      merge: [{ params: ['K', 'V', `${F}BiFunction<? super V, ? super V, ? extends V>`], ret: 'V' }],
      remove: [{ params: ['java.lang.Object'], ret: 'V' }],
      size: [{ params: [], ret: 'int' }],
      isEmpty: [{ params: [], ret: 'boolean' }],
    },
  }),
  // SLF4J's logging methods return nothing, whatever their arguments (a message, a format and values, a Throwable, a Marker)
  'org.slf4j.Logger': {
    typeParams: [],
    methods: Object.fromEntries(['trace', 'debug', 'info', 'warn', 'error'].map((m) => [m, [1, 2, 3, 4].map((n) => ({ params: Array<string>(n).fill('?'), ret: 'void' }))])),
  },
  'java.io.PrintStream': { typeParams: [], methods: { println: [{ params: [], ret: 'void' }, { params: ['?'], ret: 'void' }], print: [{ params: ['?'], ret: 'void' }], flush: [{ params: [], ret: 'void' }] } },
  'java.util.Iterator': { typeParams: ['E'], methods: { next: [{ params: [], ret: 'E' }], hasNext: [{ params: [], ret: 'boolean' }] } },
  'java.util.Map.Entry': {
    typeParams: ['K', 'V'],
    methods: { getKey: [{ params: [], ret: 'K' }], getValue: [{ params: [], ret: 'V' }], setValue: [{ params: ['V'], ret: 'V' }] },
  },
  'java.util.stream.Stream': {
    typeParams: ['T'],
    factories: ['of', 'empty', 'concat', 'ofNullable'],
    methods: {
      filter: [{ params: [`${F}Predicate<? super T>`], ret: 'java.util.stream.Stream<T>' }],
      map: [{ params: [`${F}Function<? super T, ? extends R>`], ret: 'java.util.stream.Stream<R>' }],
      flatMap: [{ params: [`${F}Function<? super T, ?>`], ret: 'java.util.stream.Stream<R>' }],
      forEach: [{ params: [`${F}Consumer<? super T>`], ret: 'void' }],
      peek: [{ params: [`${F}Consumer<? super T>`], ret: 'java.util.stream.Stream<T>' }],
      anyMatch: [{ params: [`${F}Predicate<? super T>`], ret: 'boolean' }],
      allMatch: [{ params: [`${F}Predicate<? super T>`], ret: 'boolean' }],
      noneMatch: [{ params: [`${F}Predicate<? super T>`], ret: 'boolean' }],
      toList: [{ params: [], ret: 'java.util.List<T>' }],
      findFirst: [{ params: [], ret: 'java.util.Optional<T>' }],
      findAny: [{ params: [], ret: 'java.util.Optional<T>' }],
      sorted: [{ params: [], ret: 'java.util.stream.Stream<T>' }, { params: ['java.util.Comparator<? super T>'], ret: 'java.util.stream.Stream<T>' }],
      max: [{ params: ['java.util.Comparator<? super T>'], ret: 'java.util.Optional<T>' }],
      min: [{ params: ['java.util.Comparator<? super T>'], ret: 'java.util.Optional<T>' }],
      collect: [{ params: ['java.util.stream.Collector<? super T, ?, ?>'], ret: '?' }],
      mapToInt: [{ params: [`${F}ToIntFunction<? super T>`], ret: 'java.util.stream.IntStream' }],
      mapToLong: [{ params: [`${F}ToLongFunction<? super T>`], ret: 'java.util.stream.LongStream' }],
      mapToDouble: [{ params: [`${F}ToDoubleFunction<? super T>`], ret: 'java.util.stream.DoubleStream' }],
      takeWhile: [{ params: [`${F}Predicate<? super T>`], ret: 'java.util.stream.Stream<T>' }],
      dropWhile: [{ params: [`${F}Predicate<? super T>`], ret: 'java.util.stream.Stream<T>' }],
      reduce: [{ params: [`${F}BinaryOperator<T>`], ret: 'java.util.Optional<T>' }, { params: ['T', `${F}BinaryOperator<T>`], ret: 'T' }],
      distinct: [{ params: [], ret: 'java.util.stream.Stream<T>' }],
      limit: [{ params: ['long'], ret: 'java.util.stream.Stream<T>' }],
      skip: [{ params: ['long'], ret: 'java.util.stream.Stream<T>' }],
    },
  },
  // the JDK values a tool's code makes most (`String.format(..)`, `text.trim()`, `Duration.ofSeconds(3)`): typed, so
  // where they are passed or assigned is judged (a result only: their own arguments are not)
  'java.lang.String': {
    typeParams: [],
    methods: {
      ...returning('java.lang.String', { trim: [0], strip: [0], toUpperCase: [0], toLowerCase: [0], substring: [1, 2], concat: [1], repeat: [1], valueOf: [1], format: [1, 2, 3, 4, 5, 6, 7, 8], join: [2, 3, 4, 5, 6], formatted: [0, 1, 2, 3, 4, 5] }),
      ...returning('int', { length: [0] }),
      ...returning('boolean', { isEmpty: [0], isBlank: [0], contains: [1], startsWith: [1], endsWith: [1], equals: [1], equalsIgnoreCase: [1] }),
      ...returning('java.lang.String[]', { split: [1, 2] }),
    },
  },
  'java.lang.Integer': { typeParams: [], methods: returning('int', { parseInt: [1, 2] }) },
  'java.lang.Long': { typeParams: [], methods: returning('long', { parseLong: [1, 2] }) },
  'java.lang.Boolean': { typeParams: [], methods: returning('boolean', { parseBoolean: [1] }) },
  'java.time.Duration': { typeParams: [], methods: returning('java.time.Duration', { ofMillis: [1], ofSeconds: [1, 2], ofMinutes: [1], ofHours: [1], ofDays: [1] }) },
  'java.util.function.Function': { typeParams: ['T', 'R'], methods: { apply: [{ params: ['T'], ret: 'R' }] } },
  'java.util.function.BiFunction': { typeParams: ['T', 'U', 'R'], methods: { apply: [{ params: ['T', 'U'], ret: 'R' }] } },
  'java.util.function.Supplier': { typeParams: ['T'], methods: { get: [{ params: [], ret: 'T' }] } },
  // what tests hold a reply in (`AtomicReference<Msg> seen`, `agent.call(msg).toFuture()`)
  'java.util.concurrent.atomic.AtomicReference': {
    typeParams: ['V'],
    methods: {
      get: [{ params: [], ret: 'V' }],
      getAndSet: [{ params: ['V'], ret: 'V' }],
      set: [{ params: ['V'], ret: 'void' }],
      updateAndGet: [{ params: [`${F}UnaryOperator<V>`], ret: 'V' }],
      getAndUpdate: [{ params: [`${F}UnaryOperator<V>`], ret: 'V' }],
    },
  },
  'java.util.concurrent.CompletableFuture': {
    typeParams: ['T'],
    methods: {
      get: [{ params: [], ret: 'T' }, { params: ['long', 'java.util.concurrent.TimeUnit'], ret: 'T' }],
      join: [{ params: [], ret: 'T' }],
      getNow: [{ params: ['T'], ret: 'T' }],
      complete: [{ params: ['T'], ret: 'boolean' }],
      thenApply: [{ params: [`${F}Function<? super T, ? extends R>`], ret: 'java.util.concurrent.CompletableFuture<R>' }],
      thenAccept: [{ params: [`${F}Consumer<? super T>`], ret: 'java.util.concurrent.CompletableFuture<java.lang.Void>' }],
      whenComplete: [{ params: [`${F}BiConsumer<? super T, ? super java.lang.Throwable>`], ret: 'java.util.concurrent.CompletableFuture<T>' }],
      exceptionally: [{ params: [`${F}Function<java.lang.Throwable, ? extends T>`], ret: 'java.util.concurrent.CompletableFuture<T>' }],
    },
  },
  // a stubbing: `when(agent.call(msg))` is an OngoingStubbing<Mono<Msg>> (ARGUMENT_TYPED `stub0`), whose thenReturn takes a Mono<Msg>
  [ONGOING]: {
    typeParams: ['T'],
    methods: { thenReturn: [{ params: ['T'], ret: `${ONGOING}<T>` }], ...returning(`${ONGOING}<T>`, { thenThrow: [1, 2, 3], thenAnswer: [1], then: [1], thenCallRealMethod: [0] }) },
  },
  [BDD_ONGOING]: {
    typeParams: ['T'],
    methods: { willReturn: [{ params: ['T'], ret: `${BDD_ONGOING}<T>` }], ...returning(`${BDD_ONGOING}<T>`, { willThrow: [1, 2, 3], willAnswer: [1], will: [1], willCallRealMethod: [0] }) },
  },
  // `Mono.zip(a, b).block()`: a Tuple2 whose getT1() and getT2() are a's and b's values (Tuple3 has getT1() to getT3(), ...)
  ...Object.fromEntries(
    [2, 3, 4, 5, 6, 7, 8].map((n): [string, ExtType] => {
      const ts = Array.from({ length: n }, (_, i) => `T${i + 1}`);
      return [`reactor.util.function.Tuple${n}`, { typeParams: ts, methods: Object.fromEntries(ts.map((t) => [`get${t}`, [{ params: [], ret: t }]])) }];
    }),
  ),
  // Mockito's captor: `captor.getValue().getTextContent()` is a call on the captured type
  'org.mockito.ArgumentCaptor': {
    typeParams: ['T'],
    methods: { getValue: [{ params: [], ret: 'T' }], capture: [{ params: [], ret: 'T' }], getAllValues: [{ params: [], ret: 'java.util.List<T>' }] },
  },
};

/** How many type parameters a described library type declares (`Mono`: 1), undefined for one not described. */
export function describedTypeParamCount(fqn: string): number | undefined {
  return Object.hasOwn(ext, fqn) ? ext[fqn].typeParams.length : undefined;
}

/**
 * Functional interfaces outside AgentScope that its API takes: parameter and return types of the
 * single abstract method (`?`: a type not modelled, so not compared).
 */
const fn: Record<string, { typeParams: string[]; params: string[]; ret: string }> = {
  [`${F}Function`]: { typeParams: ['T', 'R'], params: ['T'], ret: 'R' },
  [`${F}BiFunction`]: { typeParams: ['T', 'U', 'R'], params: ['T', 'U'], ret: 'R' },
  [`${F}Consumer`]: { typeParams: ['T'], params: ['T'], ret: 'void' },
  [`${F}BiConsumer`]: { typeParams: ['T', 'U'], params: ['T', 'U'], ret: 'void' },
  [`${F}Predicate`]: { typeParams: ['T'], params: ['T'], ret: 'boolean' },
  [`${F}BiPredicate`]: { typeParams: ['T', 'U'], params: ['T', 'U'], ret: 'boolean' },
  [`${F}UnaryOperator`]: { typeParams: ['T'], params: ['T'], ret: 'T' },
  [`${F}BinaryOperator`]: { typeParams: ['T'], params: ['T', 'T'], ret: 'T' },
  [`${F}Supplier`]: { typeParams: ['T'], params: [], ret: 'T' },
  [`${F}ToIntFunction`]: { typeParams: ['T'], params: ['T'], ret: 'int' },
  [`${F}ToLongFunction`]: { typeParams: ['T'], params: ['T'], ret: 'long' },
  [`${F}ToDoubleFunction`]: { typeParams: ['T'], params: ['T'], ret: 'double' },
  'java.lang.Runnable': { typeParams: [], params: [], ret: 'void' },
  'java.util.concurrent.Callable': { typeParams: ['V'], params: [], ret: 'V' },
  'java.util.Comparator': { typeParams: ['T'], params: ['T', 'T'], ret: 'int' },
  // McpClientBuilder.httpRequestCustomizer's (AgentScope 2.0.x is built with MCP SDK 0.17.0):
  // customize(builder, method, endpoint, body, context), the context's class not compared
  'io.modelcontextprotocol.client.transport.customizer.McpSyncHttpClientRequestCustomizer': { typeParams: [], params: ['java.net.http.HttpRequest.Builder', 'java.lang.String', 'java.net.URI', 'java.lang.String', '?'], ret: 'void' },
};

function bindings(typeParams: string[], args: JType[]): Map<string, JType> {
  const m = new Map<string, JType>();
  typeParams.forEach((p, i) => m.set(p, args[i] ?? UNKNOWN));
  return m;
}

function unwrap(t: JType): JType {
  return t.k === 'wild' ? (t.bound ?? UNKNOWN) : t;
}

/**
 * A described method of `t` with `argc` arguments: its parameter and return types with `t`'s type
 * arguments substituted. `exact`: the return type depends on `t`'s type arguments alone (no method
 * type variable, `R`, is inferred) and `t` has all of them as class types, or on an exactly inferred
 * R alone (`map(k -> ToolResultBlock.text(k))` is a Mono<ToolResultBlock> whatever the receiver's
 * T), so the result type is exactly what javac gives it when `t` is the receiver's exact type.
 */
export function externalMethod(t: JType, name: string, argc: number, r?: { t: JType; exact: boolean }): { params: JType[]; ret: JType; exact: boolean; inferred: boolean; ownParams: boolean; paramResult: boolean } | undefined {
  if (t.k !== 'class') return undefined;
  const e = Object.hasOwn(ext, t.fqn) ? ext[t.fqn] : undefined;
  // own properties only: `toString`, `constructor` are names of Object.prototype too
  const sigs = e && Object.hasOwn(e.methods, name) ? e.methods[name].filter((s) => s.params.length === argc) : undefined;
  if (!e || !sigs || sigs.length !== 1) return undefined;
  // R: the method's own type variable (`map`'s), unknown unless the caller inferred it (a lambda's
  // body); not where R is the type's own parameter (Function<T, R>.apply: the receiver binds it)
  const methodR = !e.typeParams.includes('R');
  const vars = new Set([...e.typeParams, 'R']);
  const b = bindings(e.typeParams, t.args.map(unwrap));
  if (methodR) b.set('R', r?.t ?? UNKNOWN);
  const inferred = methodR && /\bR\b/.test(sigs[0].ret);
  const declared = sigs[0].ret === '?' ? UNKNOWN : parseTypeString(sigs[0].ret, vars);
  const ret = substitute(declared, b);
  // (a result that names none of the type's own parameters, `map`'s Mono<R>, does not depend on them)
  const ownParams = mentionsTypeVar(declared, (v) => e.typeParams.includes(v));
  const receiverKnown = t.args.length === e.typeParams.length && t.args.every((x) => x.k === 'class' && fullyKnown(x));
  const exact = sigs[0].ret !== '?' && (!inferred || (r?.exact === true && fullyKnown(r.t))) && (receiverKnown || (inferred && !ownParams));
  // (a result that is one of the type's own parameters, `E get(int)`: an Object on a raw receiver)
  const paramResult = declared.k === 'tv' && e.typeParams.includes(declared.name);
  return { params: sigs[0].params.map((p) => (p === '?' ? UNKNOWN : substitute(parseTypeString(p, vars), b))), ret, exact, inferred, ownParams, paramResult };
}

/** What an argument must be where the receiver's type arguments decide it: a value of the type, a collection of elements of it, or a publisher of it. */
/** `capture`: the parameter is a type argument written as `? extends B` or `?` (`t`: B, or Object), which takes no value but null. */
export type ReceiverTyped = { k: 'value' | 'elements' | 'published' | 'capture'; t: JType };

/**
 * The parameters of a described method of `t` that the receiver's own type arguments type:
 * `add(E)` of a `List<Msg>` takes a Msg, `put(K, V)` of a `Map<String, Msg>` a String and a Msg,
 * `addAll(Collection<? extends E>)` a collection of Msg, `add(E)` of a `List<? super TextBlock>` a
 * TextBlock; undefined at the other positions, and where a type argument is not a fully known class
 * type or `? super` one (another wildcard, a type variable, a raw type).
 */
export function receiverTypedParams(t: JType, name: string, argc: number): (ReceiverTyped | undefined)[] {
  if (t.k !== 'class') return [];
  const e = Object.hasOwn(ext, t.fqn) ? ext[t.fqn] : undefined;
  const sigs = e && Object.hasOwn(e.methods, name) ? e.methods[name].filter((s) => s.params.length === argc) : undefined;
  if (!e || !sigs || sigs.length !== 1 || t.args.length !== e.typeParams.length) return [];
  const bound = (v: string): JType | undefined => {
    let x: JType | undefined = t.args[e.typeParams.indexOf(v)];
    // `List<? super TextBlock>`: its E is a capture whose lower bound is TextBlock, so what a
    // parameter E (or Collection<? extends E>) takes is what TextBlock takes
    if (x?.k === 'wild' && x.sup) x = x.bound;
    return x?.k === 'class' && fullyKnown(x) ? x : undefined;
  };
  // `List<? extends ContentBlock>`, `List<?>`: its E is a capture of the wildcard, a type no value is known to be
  const captured = (v: string): JType | undefined => {
    const x = t.args[e.typeParams.indexOf(v)];
    if (x?.k !== 'wild' || x.sup) return undefined;
    return !x.bound ? cls('java.lang.Object') : x.bound.k === 'class' && fullyKnown(x.bound) ? x.bound : undefined;
  };
  return sigs[0].params.map((p): ReceiverTyped | undefined => {
    const v = e.typeParams.includes(p) ? bound(p) : undefined;
    if (v) return { k: 'value', t: v };
    const c = e.typeParams.includes(p) ? captured(p) : undefined;
    if (c) return { k: 'capture', t: c };
    const m = /^(java\.util\.Collection|reactor\.core\.publisher\.Mono|org\.reactivestreams\.Publisher)<\? extends (\w+)>$/.exec(p);
    const el = m && e.typeParams.includes(m[2]) ? bound(m[2]) : undefined;
    return el ? { k: m![1] === 'java.util.Collection' ? 'elements' : 'published', t: el } : undefined;
  });
}

/**
 * The type of a static factory call `T.name(..)` of a described type that makes a `T` (ExtType.factories):
 * `T` with its type arguments unknown, so an overload taking another type does not fit.
 */
export function externalFactory(t: JType, name: string): JType | undefined {
  if (t.k !== 'class') return undefined;
  const e = Object.hasOwn(ext, t.fqn) ? ext[t.fqn] : undefined;
  return e?.factories?.includes(name) ? cls(t.fqn, e.typeParams.map(() => UNKNOWN)) : undefined;
}

/**
 * What each argument of a JDK static generic method is in terms of the method's T, which javac
 * infers from the call's target alone where the call is an argument (an implicitly typed lambda is
 * not pertinent to applicability, JLS 15.12.2.2): `fn`, a function of T (a lambda's one parameter
 * is a T); `pred`, a predicate of T; `cmp`, a comparator of T (either); `down`, a collector of T;
 * `?`, unrelated to T. One shape per argument count. So `msgs.stream().collect(groupingBy(m -> ..))`
 * types `m` as the stream's element, as javac does.
 */
const TARGET_TYPED: Record<string, Record<string, TargetTypedArg[][]>> = {
  'java.util.stream.Collectors': {
    groupingBy: [['fn'], ['fn', 'down'], ['fn', '?', 'down']],
    groupingByConcurrent: [['fn'], ['fn', 'down'], ['fn', '?', 'down']],
    partitioningBy: [['pred'], ['pred', 'down']],
    toMap: [['fn', 'fn'], ['fn', 'fn', '?'], ['fn', 'fn', '?', '?']],
    toUnmodifiableMap: [['fn', 'fn'], ['fn', 'fn', '?']],
    toConcurrentMap: [['fn', 'fn'], ['fn', 'fn', '?'], ['fn', 'fn', '?', '?']],
    mapping: [['fn', '?']],
    flatMapping: [['fn', '?']],
    filtering: [['pred', 'down']],
    summingInt: [['fn']], summingLong: [['fn']], summingDouble: [['fn']],
    averagingInt: [['fn']], averagingLong: [['fn']], averagingDouble: [['fn']],
    summarizingInt: [['fn']], summarizingLong: [['fn']], summarizingDouble: [['fn']],
    minBy: [['cmp']], maxBy: [['cmp']],
    collectingAndThen: [['down', '?']],
  },
  'java.util.Comparator': {
    comparing: [['fn'], ['fn', '?']],
    comparingInt: [['fn']], comparingLong: [['fn']], comparingDouble: [['fn']],
  },
};
export type TargetTypedArg = 'fn' | 'pred' | 'cmp' | 'down' | '?';

/** The shape of `owner.name(..)` with `argc` arguments in TARGET_TYPED, or undefined. */
export function targetTypedArgs(owner: string, name: string, argc: number): TargetTypedArg[] | undefined {
  const m = Object.hasOwn(TARGET_TYPED, owner) ? TARGET_TYPED[owner] : undefined;
  return m && Object.hasOwn(m, name) ? m[name].find((s) => s.length === argc) : undefined;
}

/** The T a Collector<? super T, ..> or Comparator<? super T> parameter takes from the receiver, when it is a class type; else undefined. */
export function targetElement(p: JType | undefined): JType | undefined {
  if (p?.k !== 'class' || (p.fqn !== 'java.util.stream.Collector' && p.fqn !== 'java.util.Comparator')) return undefined;
  const x = p.args[0] && unwrap(p.args[0]);
  return x?.k === 'class' && fullyKnown(x) ? x : undefined;
}

/**
 * The methods whose R is the element of what their function returns (`flatMap(m -> agent.call(m))`:
 * the Mono's element), and the types that function may return, by receiver type.
 */
const PUBLISHER_BODIES = [MONO, FLUX];
const ITERABLE_BODIES = ['java.util.List', 'java.util.Collection', 'java.util.Set', 'java.lang.Iterable'];
const FLATTENING: Record<string, Record<string, string[]>> = {
  'java.util.stream.Stream': { flatMap: ['java.util.stream.Stream'] },
  [MONO]: { flatMap: [MONO], flatMapMany: PUBLISHER_BODIES, flatMapIterable: ITERABLE_BODIES },
  [FLUX]: { flatMap: PUBLISHER_BODIES, concatMap: PUBLISHER_BODIES, flatMapSequential: PUBLISHER_BODIES, switchMap: PUBLISHER_BODIES, flatMapIterable: ITERABLE_BODIES },
};

/** What a flattening `owner.name(f)`'s function must return, whatever its element: `Flux.concatMap`'s a Publisher, `Mono.flatMap`'s a Mono. */
export function flattenedKind(owner: string, name: string): string | undefined {
  if (!flattens(owner, name)) return undefined;
  if (name === 'flatMapIterable') return 'java.lang.Iterable';
  if (owner === 'java.util.stream.Stream') return 'java.util.stream.Stream';
  return owner === MONO && name === 'flatMap' ? MONO : 'org.reactivestreams.Publisher';
}

/** Does `owner.name` flatten what its function returns (FLATTENING)? */
export function flattens(owner: string, name: string): boolean {
  return Object.hasOwn(FLATTENING, owner) && Object.hasOwn(FLATTENING[owner], name);
}

/** The Mono and Flux operators whose function returns a publisher they flatten (FLATTENING), by name. */
const PUBLISHER_FLATTENING: ReadonlySet<string> = new Set([MONO, FLUX].flatMap((o) => Object.entries(FLATTENING[o]).filter(([, kinds]) => kinds !== ITERABLE_BODIES).map(([name]) => name)));

/** Does a Reactor operator of this name flatten the publisher its function returns (`flatMap`, `flatMapMany`, `concatMap`, ..)? */
export function flattensPublisher(name: string): boolean {
  return PUBLISHER_FLATTENING.has(name);
}

/** R of a flattening `owner.name(f)` whose function returns `body`: its element, a class type; else undefined. */
export function flattenedElement(owner: string, name: string, body: JType): JType | undefined {
  const kinds = flattens(owner, name) ? FLATTENING[owner][name] : [];
  const x = body.k === 'class' && kinds.includes(body.fqn) && body.args.length === 1 ? unwrap(body.args[0]) : undefined;
  return x?.k === 'class' ? x : undefined;
}

/** Is `t` one of the JDK / Reactor generic types described here (its T-returning methods listed, the others returning no T)? */
export function describedExternalType(t: JType): boolean {
  return t.k === 'class' && Object.hasOwn(ext, t.fqn);
}

/** Does the method of `t`, a JDK functional interface described here, declare no exception (all but Callable's `call() throws Exception`)? */
export function functionThrowsNothing(t: JType): boolean {
  return t.k === 'class' && Object.hasOwn(fn, t.fqn) && (t.fqn.startsWith('java.util.function.') || t.fqn === 'java.lang.Runnable' || t.fqn === 'java.util.Comparator');
}

/** Does the method of `t`, a functional interface described here, return a value (Function's R, Predicate's boolean; not Consumer's void)? */
export function functionReturnsValue(t: JType): boolean {
  return t.k === 'class' && Object.hasOwn(fn, t.fqn) && fn[t.fqn].ret !== 'void';
}

/** A primitive result of a functional interface's method, or none. */
const PRIMITIVE_RESULTS = new Set(['boolean', 'int', 'long', 'double', 'void']);

/**
 * The arity of a described functional interface's method, and its result: a primitive's name
 * (`void` too), or the index of the interface's type parameter it returns (Function's R: 1).
 */
export function functionalShape(fqn: string): { arity: number; result: number | 'boolean' | 'int' | 'long' | 'double' | 'void' } | undefined {
  if (!Object.hasOwn(fn, fqn)) return undefined;
  const f = fn[fqn];
  const i = f.typeParams.indexOf(f.ret);
  if (i >= 0) return { arity: f.params.length, result: i };
  return PRIMITIVE_RESULTS.has(f.ret) ? { arity: f.params.length, result: f.ret as 'boolean' | 'int' | 'long' | 'double' | 'void' } : undefined;
}

export function lambdaParamsOf(t: JType): { params: JType[]; ret?: JType } | undefined {
  if (t.k !== 'class') return undefined;
  const f = fn[t.fqn];
  if (!f) return undefined;
  const vars = new Set(f.typeParams);
  const b = bindings(f.typeParams, t.args.map(unwrap));
  return {
    params: f.params.map((p) => unwrap(substitute(parseTypeString(p, vars), b))),
    ret: unwrap(substitute(parseTypeString(f.ret, vars), b)),
  };
}

/**
 * Test libraries' methods whose result is typed by an argument: `verify(mock)` and
 * `doReturn(x).when(mock)` are the mock's type, `mock(X.class)` an `X`, `StepVerifier.create(flux)`
 * a step over the publisher's element type, so the calls written after them are judged as javac
 * types them. `arg0`: the first argument's type; `mock0`: the same, the call standing for the mock in
 * a verification or stubbing (what is called on it runs nothing); `class0`: the class its first argument names (a
 * class literal, else unknown); `elem0:G`: `G` of the first argument's element type (a Flux's or
 * Mono's type argument); `stub0:G`: `G` of the first argument's type when that is an AgentScope
 * call's exact result (`when(agent.call(msg))`: javac infers T from the argument alone), else of an unknown type; `target`: without arguments a poly expression that fits every reference
 * type (an overload choice it leaves open is ambiguous, as for a null), with a class literal that class; otherwise the type named. Only these signatures, which Mockito has had since 1.x: an overload
 * whose type is inferred from the target (`mock()`, `mock(answer)` in Mockito 5) stays unknown.
 */
const STUBBER = 'org.mockito.stubbing.Stubber';
const stubbers = { doReturn: STUBBER, doThrow: STUBBER, doAnswer: STUBBER, doNothing: STUBBER, doCallRealMethod: STUBBER };
/** `any()`, `isNull()`, `notNull()`: `<T> T`, typed by the target alone; with a class literal (`any(Msg.class)`), that class. */
const matchers = {
  any: 'target', isNull: 'target', notNull: 'target', isNotNull: 'target',
  // typed matchers, raw: their element types are inferred from the target
  anyString: 'java.lang.String', anyList: 'java.util.List', anySet: 'java.util.Set', anyMap: 'java.util.Map', anyCollection: 'java.util.Collection', anyIterable: 'java.lang.Iterable',
};
const mockitoStatics: Record<string, string> = { verify: 'mock0', spy: 'arg0', mock: 'class0', inOrder: 'org.mockito.InOrder', lenient: 'org.mockito.stubbing.LenientStubber', ...stubbers, ...matchers };
const ARGUMENT_TYPED: Record<string, Record<string, string>> = {
  'org.mockito.Mockito': { ...mockitoStatics, when: `stub0:${ONGOING}` },
  'org.mockito.BDDMockito': { ...mockitoStatics, when: `stub0:${ONGOING}`, given: `stub0:${BDD_ONGOING}` },
  'org.mockito.ArgumentMatchers': matchers,
  [STUBBER]: { when: 'mock0', ...stubbers },
  'org.mockito.stubbing.LenientStubber': stubbers,
  'org.mockito.InOrder': { verify: 'mock0' },
  'reactor.test.StepVerifier': { create: 'elem0:reactor.test.StepVerifier.FirstStep' },
};

/** How the result of `owner.name(..)` takes its type (see ARGUMENT_TYPED), or undefined when it is not described. */
export function argumentTypedResult(owner: string, name: string): string | undefined {
  const m = Object.hasOwn(ARGUMENT_TYPED, owner) ? ARGUMENT_TYPED[owner] : undefined;
  return m && Object.hasOwn(m, name) ? m[name] : undefined;
}

/** The JDK's static fields an application reads most (`System.out`), with their types. */
const JDK_STATIC_FIELDS: Readonly<Record<string, string>> = {
  'java.lang.System.out': 'java.io.PrintStream',
  'java.lang.System.err': 'java.io.PrintStream',
};

/** The type of the JDK static field `owner.name`, when listed. */
export function jdkStaticField(owner: string, name: string): JType | undefined {
  const key = `${owner}.${name}`;
  return Object.hasOwn(JDK_STATIC_FIELDS, key) ? cls(JDK_STATIC_FIELDS[key]) : undefined;
}
