/**
 * AS013 incompatible-result-type: the result of an AgentScope call assigned to a local variable of
 * a type it cannot be assigned to, as far as the declarations decide it (`Flux<Event>` to
 * `Flux<String>`). Calls record their exact result types (calls.ts); declarations check them here.
 */
import type { SyntaxNode as Node } from '../analysis/syntax-tree.js';
import type { FoundMember } from '../inventory-index.js';
import { asValueType, cls, innermost, type JType, typeToString, UNKNOWN } from '../jtype.js';
import { functionalShape, type ReceiverTyped } from '../external.js';
import { jdkOverloads } from '../jdk-results.js';
import { argInfo, binaryType, fullyKnown, genericArgsDiffer, mentionsAgentScope, mentionsTypeVar, promote, PUBLISHERS } from '../expr-types.js';
import { assignable, COLLECTION_CLASSES, elementsMiss, isFinalValueClass, simple as simpleType } from '../applicability.js';
import type { AnalyzerBase } from '../analysis/base.js';
import type { EVal, TypeCtx } from '../analysis/model.js';
import { callOfArgument, field, javacPosition, kids, LITERAL_TYPES } from '../analysis/syntax.js';

/**
 * Is the result type of a call decided by the declaration and the arguments alone? Yes without
 * method type parameters; with them, only when each one the return type mentions is pinned by an
 * argument in a type-argument position (`Class<T>`, `List<T>`: equality constraints target typing cannot change).
 */
export function resultIsExact(a: AnalyzerBase, f: FoundMember, argTypes: (JType | undefined)[], sourceTypeVar?: (name: string) => boolean): boolean {
  const tps = f.member.typeParams ?? [];
  if (!tps.length) return true;
  const vars = a.idx.typeVarsOf(f.owner, f.member);
  const ret = a.idx.parse(f.member.type ?? '', vars);
  const pinned = new Set<string>();
  (f.member.params ?? []).forEach((p, i) => {
    const pt = a.idx.parse(p.type, vars);
    const at = argTypes[i];
    if (pt.k !== 'class' || at?.k !== 'class' || pt.fqn !== at.fqn) return;
    // (a type variable of the source pins it too: `m.getFirstContentBlock(type)` with a Class<T> is a T)
    pt.args.forEach((x, j) => {
      const y = at.args[j];
      if (x.k === 'tv' && y && (fullyKnown(y) || (y.k === 'tv' && sourceTypeVar?.(y.name)))) pinned.add(x.name);
    });
  });
  return !mentionsTypeVar(ret, (v) => tps.some((p) => p.name === v) && !pinned.has(v));
}

/**
 * Where javac reports an argument its method cannot take: a generic method's call without type
 * arguments (a poly expression, `Mono.just(m)`, `List.copyOf(..)`, `then(..)`) fails the enclosing
 * call's inference, reported at that call; any other argument at itself.
 */
function argumentPosition(a: AnalyzerBase, value: Node): Node {
  const poly = value.type === 'method_invocation' && !field(value, 'type_arguments') && (a.factoryArgs.has(value.id) || field(value, 'name')?.text === 'then');
  const call = value.parent?.parent;
  return poly && call?.type === 'method_invocation' ? javacPosition(call) : javacPosition(value);
}

/** `"Weather in " + city`: a `+` with a string literal (or another such `+`) as an operand is a String (JLS 15.18.1). */
function concatenation(n: Node): boolean {
  if (n.type !== 'binary_expression' || field(n, 'operator')?.type !== '+') return false;
  return [field(n, 'left'), field(n, 'right')].some((o) => o !== null && (o.type === 'string_literal' || o.type === 'text_block' || concatenation(o)));
}

/**
 * `Mono.just(x)` where the target is `Mono<E>`: javac infers T = E, so x must be an E; the type of
 * x as the declarations decide it (a literal, an AgentScope call's exact result), or undefined.
 */
function factoryMismatch(a: AnalyzerBase, value: Node, target: JType, written?: WrittenType): JType | undefined {
  const f = value.type === 'method_invocation' || value.type === 'object_creation_expression' ? a.factoryArgs.get(value.id) : undefined;
  // (`new ArrayList<>(in)` where a List<E> is declared: the class hands its E to the List)
  const through = f && target.k === 'class' && target.fqn !== f.fqn && COLLECTION_CLASSES.has(f.fqn) && assignable({ k: 'type', t: cls(f.fqn) }, cls(target.fqn), a.facts) === 'yes';
  // (a Mono or Flux is the Publisher of its elements: `Flux.just("x")` where a `Publisher<? extends Msg>` is due)
  const published = f && target.k === 'class' && target.fqn === 'org.reactivestreams.Publisher' && PUBLISHERS.has(f.fqn);
  if (!f || target.k !== 'class' || (target.fqn !== f.fqn && !through && !published) || target.args.length !== 1) return undefined;
  // (`Mono<? extends Msg>`: any subtype of Msg, as for Msg itself)
  const e = asValueType(target.args[0]);
  if (e.k !== 'class' || !fullyKnown(e)) return undefined;
  // every argument is a candidate for the one type argument (an array passed alone is the varargs
  // array itself), or each argument's elements (`List.copyOf(coll)`)
  for (const arg of f.args) {
    let x = decidedType(a, arg, written);
    if (f.elements) x = x?.k === 'class' && COLLECTIONS.test(x.fqn) && x.args.length === 1 ? x.args[0] : undefined;
    if (x && (x.k === 'class' || x.k === 'prim') && fullyKnown(x) && assignable({ k: 'type', t: x }, e, a.facts) === 'no') return x;
  }
  return undefined;
}

/** How a call names its method in a message: `Mono.just` for a static call on a type, `thenReturn` for one on a value. */
function calleeName(call: Node): string {
  const o = field(call, 'object');
  const name = field(call, 'name')?.text ?? call.text.split('(')[0];
  return o && /^([a-z_]\w*\.)*[A-Z]\w*$/.test(o.text) ? `${o.text}.${name}` : name;
}

/**
 * The decided types of the elements of `List.of(..)` or `Set.of(..)` ([elements]), or of the keys
 * and values of `Map.of(..)` ([keys, values]), where `fqn` is the call's class; else undefined.
 */
export function factoryElements(a: AnalyzerBase, call: Node, fqn: string, written?: WrittenType): JType[][] | undefined {
  if (call.type !== 'method_invocation' || field(call, 'type_arguments') || field(call, 'name')?.text !== 'of') return undefined;
  const o = field(call, 'object')?.text ?? '';
  const map = fqn === 'java.util.Map';
  const simple = fqn.slice('java.util.'.length);
  // `List.of`, `java.util.List.of`, as the call's class says (not a `MyList.of`)
  if ((fqn !== 'java.util.List' && fqn !== 'java.util.Set' && !map) || (o !== simple && !o.endsWith(`.${simple}`))) return undefined;
  const args = kids(field(call, 'arguments')!);
  if (!args.length || (map && args.length % 2)) return undefined;
  const types = args.map((x) => decidedType(a, x, written));
  const decided = (ts: (JType | undefined)[]): ts is JType[] => ts.every((x) => x !== undefined && (x.k === 'class' || x.k === 'prim') && fullyKnown(x));
  if (!map) return decided(types) ? [types] : undefined;
  // the keys and the values each decide their own type argument: `Map.of(list, Msg.KEY)` has a List key
  const keys = types.filter((_, i) => i % 2 === 0);
  const values = types.filter((_, i) => i % 2 === 1);
  const ks = decided(keys) ? keys : [];
  const vs = decided(values) ? values : [];
  return ks.length || vs.length ? [ks, vs] : undefined;
}

/**
 * `List<Msg> history = List.of("hi")`, `Map<String, Object> meta = Map.of(results, "k")`: javac infers
 * E (K, V) from the declared type and the arguments together, "inference variable E has incompatible
 * bounds"; the element (key, value) that cannot be one, or undefined.
 */
function elementsMismatch(a: AnalyzerBase, value: Node, declared: JType, written?: WrittenType, anyTypes = false): { x: JType; e: JType; what: string } | undefined {
  const fqn = value.type === 'method_invocation' ? a.erasedResults.get(value.id) : undefined;
  const elements = fqn && declared.k === 'class' && declared.args.length ? factoryElements(a, value, fqn, written) : undefined;
  if (!elements || declared.k !== 'class' || assignable({ k: 'type', t: cls(fqn!), elements }, declared, a.facts) !== 'no') return undefined;
  for (const [i, xs] of elements.entries()) {
    const e = declared.args[i];
    const x = e?.k === 'class' ? xs.find((t) => assignable({ k: 'type', t }, e, a.facts) === 'no') : undefined;
    if (x && (anyTypes || mentionsAgentScope(x) || mentionsAgentScope(e))) return { x, e, what: elements.length === 1 ? 'an element' : i === 0 ? 'a key' : 'a value' };
  }
  return undefined;
}

/** A value of type `actual` cannot be assigned to `declared`: no widening makes it one, or their type arguments differ (generics are invariant). */
function rejects(a: AnalyzerBase, actual: JType, declared: JType): boolean {
  // (a collection class's elements against its supertype's: `new ArrayList<Msg>(in)` is no List<String>)
  const elements = actual.k === 'class' && declared.k === 'class' && actual.fqn !== declared.fqn && elementsMiss(actual, declared, a.facts);
  return elements || assignable({ k: 'type', t: actual }, declared, a.facts) === 'no' || genericArgsDiffer(declared, actual) || wildcardMisses(a, declared, actual);
}

/**
 * The same class with a type argument outside a wildcard of `declared` (JLS 4.5.1, containment):
 * `Mono<? extends TextBlock>` holds no `Mono<Msg>`, `List<? super TextBlock>` no `List<Msg>`.
 */
function wildcardMisses(a: AnalyzerBase, declared: JType, actual: JType): boolean {
  if (declared.k !== 'class' || actual.k !== 'class' || declared.fqn !== actual.fqn || declared.args.length !== actual.args.length) return false;
  return declared.args.some((d, i) => {
    const x = actual.args[i];
    if (d.k !== 'wild' || d.bound?.k !== 'class' || !fullyKnown(d.bound) || x.k !== 'class' || !fullyKnown(x)) return false;
    return d.sup ? assignable({ k: 'type', t: cls(d.bound.fqn) }, cls(x.fqn), a.facts) === 'no' : assignable({ k: 'type', t: cls(x.fqn) }, cls(d.bound.fqn), a.facts) === 'no';
  });
}

/**
 * `Mono<String> r = agent.call(..).map(m -> m)`: javac infers R from the target (String) and the
 * lambda's body (a Msg) together, "inference variable R has incompatible bounds"; the body's type is exact.
 */
function mappedMismatch(a: AnalyzerBase, value: Node, declared: JType): JType | undefined {
  const m = value.type === 'method_invocation' ? a.mappedValues.get(value.id) : undefined;
  if (!m || declared.k !== 'class' || declared.fqn !== m.fqn || declared.args.length !== 1) return undefined;
  const e = declared.args[0];
  if (e.k !== 'class' || !fullyKnown(e) || !fullyKnown(m.body)) return undefined;
  return rejects(a, m.body, e) ? m.body : undefined;
}

/** AS013: `Flux<String> x = agent.stream(..)` where the call returns `Flux<Event>`; `Msg m = "hi"`. */
export function checkResultAssignment(a: AnalyzerBase, value: Node, declared: JType, written?: WrittenType) {
  // a declared type whose import failed is reported there (AS001), and javac accepts any value for it
  if (a.mentionsMissingImport(declared)) return;
  // each branch of a conditional, the inside of parentheses, each element of an array initializer
  if (value.type === 'parenthesized_expression') {
    const inner = kids(value)[0];
    if (inner) checkResultAssignment(a, inner, declared, written);
    return;
  }
  if (value.type === 'ternary_expression' && declared.k !== 'prim') {
    for (const b of [field(value, 'consequence'), field(value, 'alternative')]) if (b) checkResultAssignment(a, b, declared, written);
    return;
  }
  if (value.type === 'array_initializer') {
    if (declared.k === 'array') for (const e of kids(value)) checkResultAssignment(a, e, declared.elem, written);
    return;
  }
  // each arm of a switch expression (`default -> event.getType()` where a String is declared)
  if (value.type === 'switch_expression') {
    const body = field(value, 'body');
    const rules = body ? kids(body) : [];
    // tree-sitter reads `case A, B -> rc -> ..` as a label ending in a lambda (javac: an arm that is one): not judged
    if (rules.some((r) => kids(r).some((k) => k.type === 'switch_label' && kids(k).some((x) => x.type === 'lambda_expression')))) return;
    for (const rule of rules) {
      const arm = rule.type === 'switch_rule' ? kids(rule).find((k) => k.type === 'expression_statement') : undefined;
      const e = arm ? kids(arm)[0] : undefined;
      if (e) checkResultAssignment(a, e, declared, written);
    }
    return;
  }
  // `Function<String, Agent> f = (name, ctx) -> ..`: a lambda of another arity than the functional
  // interface's method, or where no functional interface is declared
  if (value.type === 'lambda_expression') {
    const info = lambdaInfo(a, value);
    if (info.k === 'lambda' && declared.k === 'class' && fullyKnown(declared) && (mentionsAgentScope(declared) || a.facts.lambdaFits(declared, info.arity) === 'no') && assignable(info, declared, a.facts) === 'no') {
      // (of the right arity: its written parameter types are not the method's)
      const typed = info.params && a.facts.lambdaFits(declared, info.arity) !== 'no';
      const why = typed ? `the written parameter types (${info.params!.map(simpleType).join(', ')}) are not those of ${simpleType(declared)}'s method` : `a lambda with ${info.arity} parameter${info.arity === 1 ? '' : 's'} cannot be a ${simpleType(declared)}`;
      a.report(value, 'AS013', `incompatible types: incompatible parameter types in lambda expression: ${why}`, typed ? `write the method's parameter types, or none (javac infers them)` : `give the lambda the parameters of ${simpleType(declared)}'s method`);
    }
    return;
  }
  // `new AgentEventType[] {X, "Y"}`: each element against the array's element type
  if (value.type === 'array_creation_expression') {
    // (its elements are judged against its own element type where it is created)
    const made = a.exactResults.get(value.id);
    // an array where a class or interface other than Object, Cloneable or Serializable is declared (`List<X> l = new X[] {..}`)
    if (made?.k === 'array' && declared.k === 'class' && declared.fqn.includes('.') && assignable({ k: 'type', t: made }, { ...declared, args: [] }, a.facts) === 'no' && (mentionsAgentScope(made) || mentionsAgentScope(declared))) {
      a.report(value, 'AS013', `incompatible types: ${simpleType(made)} cannot be converted to ${simpleType(declared)}`, declared.fqn === 'java.util.List' ? `wrap it: List.of(..) with the same elements` : `declare the variable as ${simpleType(made)}`);
    }
    return;
  }
  const collected = value.type === 'method_invocation' ? a.collectedMaps.get(value.id) : undefined;
  if (collected && declared.k === 'class' && declared.fqn === 'java.util.Map' && declared.args.length === 2) {
    // javac infers K (U) from the target and the function's result together ("inference variable K has incompatible bounds");
    // counting()'s Long is the value exactly (generics are invariant)
    const parts = [
      { x: collected.key, e: declared.args[0], what: 'keys', exact: false },
      { x: collected.value, e: declared.args[1], what: 'values', exact: collected.exactValue === true },
    ];
    for (const { x, e, what, exact } of parts) {
      if (!x || e.k !== 'class' || !fullyKnown(e) || !(x.k === 'class' || x.k === 'prim') || !fullyKnown(x) || !(mentionsAgentScope(x) || mentionsAgentScope(declared))) continue;
      const bad = exact ? x.k === 'class' && typeToString(x) !== typeToString(e) : assignable({ k: 'type', t: x }, e, a.facts) === 'no';
      if (!bad) continue;
      a.report(javacPosition(value), 'AS013', `incompatible types: ${collected.collector}(..) makes ${simpleType(x)} the map's ${what}, and ${simpleType(declared)} is declared`, `declare the map's ${what} as ${simpleType(x)}, or give ${collected.collector}(..) a function to ${simpleType(e)}`);
      return;
    }
  }
  const body = mappedMismatch(a, value, declared);
  if (body) {
    const e = (declared as JType & { k: 'class' }).args[0];
    const as = simpleType({ ...(declared as JType & { k: 'class' }), args: [body] });
    if (a.mappedValues.get(value.id)?.collected) a.report(javacPosition(value), 'AS013', `incompatible types: the stream's elements are ${simpleType(body)}, which cannot be the elements of ${simpleType(declared)}`, `map them to ${simpleType(e)} first, or declare the variable as ${as}`);
    else {
      // `flatMap(m -> agent.call(m))`: the lambda returns a publisher, whose element R must be
      const op = field(value, 'name')?.text ?? 'map';
      const flattening = !MAPPING_OPS.has(op);
      // a CompletableFuture's thenCompose flattens a CompletionStage, a Mono's or Flux's flatMap a publisher
      const stage = (declared as JType & { k: 'class' }).fqn === 'java.util.concurrent.CompletableFuture' ? 'a CompletionStage' : 'a publisher';
      const what = flattening ? `${stage} of ${simpleType(body)}` : simpleType(body);
      // (or the method reference: `flatMap(agent::observe)`)
      const fn = kids(field(value, 'arguments') ?? value)[0]?.type === 'method_reference' ? `the method ${kids(field(value, 'arguments')!)[0].text}` : 'the lambda';
      a.report(javacPosition(value), 'AS013', `incompatible types: ${fn} of ${op}(..) returns ${what}, which cannot be the element of ${simpleType(declared)}`, `${!flattening ? (op === 'supplyAsync' ? 'supply a' : 'map to a') : `give ${fn === 'the lambda' ? 'the lambda' : op + '(..)'} ${stage} of`} ${simpleType(e)}, or declare the variable as ${as}`);
    }
    return;
  }
  const x = factoryMismatch(a, value, declared, written);
  if (x) {
    const of = a.factoryArgs.get(value.id)?.elements ? 'a collection of ' : 'a ';
    a.report(javacPosition(value), 'AS013', `incompatible types: ${simpleType(x)} cannot be the element of ${simpleType(declared)}`, `give ${calleeName(value)}(..) ${of}${simpleType(asValueType((declared as JType & { k: 'class' }).args[0]))}`);
    return;
  }
  const el = elementsMismatch(a, value, declared, written);
  if (el) {
    a.report(javacPosition(value), 'AS013', `incompatible types: ${simpleType(el.x)} cannot be ${el.what} of ${simpleType(declared)}`, `give ${value.text.split('(')[0]}(..) a ${simpleType(el.e)} there, or declare the variable's type for what it holds`);
    return;
  }
  const container = value.type === 'method_invocation' ? a.exactContainers.get(value.id) : undefined;
  if (container && (genericArgsDiffer(declared, container) || wildcardMisses(a, declared, container))) {
    a.report(javacPosition(value), 'AS013', `incompatible types: ${simpleType(container)} cannot be converted to ${simpleType(declared)} (generics are invariant)`, `declare the variable as ${simpleType(container)}`);
    return;
  }
  // a JDK container where an AgentScope type is declared (`Msg m = tools.stream().map(..).toList()`)
  if (container?.k === 'class' && container.fqn.startsWith('java.') && agentScopeTarget(a, declared)) {
    a.report(javacPosition(value), 'AS013', `incompatible types: ${simpleType(container)} cannot be converted to ${simpleType(declared)} (AgentScope ${a.idx.version})`, `declare the variable as ${simpleType(container)}`);
    return;
  }
  // a JDK or Reactor result whose class is known, its type arguments inferred: where an AgentScope
  // type is declared (`Msg m = events.map(..)`), or a class it can never be whatever the type
  // arguments (`Mono<Msg> r = events.map(..)`, a Flux; `long n = events.count()`, a Mono)
  const erased = value.type === 'method_invocation' && !a.exactResults.has(value.id) ? a.erasedResults.get(value.id) : undefined;
  if (erased && /^(java|reactor)\./.test(erased)) {
    const toAgentScope = agentScopeTarget(a, declared);
    if (toAgentScope || neverOfClass(a, erased, declared)) {
      const what = simpleType({ k: 'class', fqn: erased, args: [] });
      const fix = !PUBLISHER.test(erased) ? `declare the variable as ${what}` : toAgentScope ? `take the value out of the ${what}: .block(), or subscribe to it` : publisherFix(erased, declared);
      a.report(javacPosition(value), 'AS013', `incompatible types: no ${what} is a ${simpleType(declared)}${toAgentScope ? ` (AgentScope ${a.idx.version})` : ''}`, fix);
      return;
    }
  }
  // a JDK method's exact result on a chain an AgentScope call began: `String city = param.getInput().get("city")` (an Object)
  const chained = value.type === 'method_invocation' && !a.exactResults.has(value.id) ? a.agentScopeChain.get(value.id) : undefined;
  if (chained && (chained.k === 'class' || chained.k === 'prim') && fullyKnown(chained) && (declared.k === 'class' || declared.k === 'prim' || declared.k === 'array') && assignable({ k: 'type', t: chained }, declared, a.facts) === 'no') {
    a.report(javacPosition(value), 'AS013', `incompatible types: ${simpleType(chained)} cannot be converted to ${simpleType(declared)} (the call chain begins with an AgentScope ${a.idx.version} call)`, chained.k === 'class' && chained.fqn === 'java.lang.Object' ? `cast it: (${simpleType(declared)}) ..., or convert it (String.valueOf(..))` : `declare the variable as ${simpleType(chained)}`);
    return;
  }
  const created = value.type === 'object_creation_expression';
  // `VideoBlock events = new CopyOnWriteArrayList<>()`: no type arguments make a JDK class an AgentScope type
  const diamond = created ? a.erasedResults.get(value.id) : undefined;
  if (diamond?.startsWith('java.') && agentScopeTarget(a, declared)) {
    const what = diamond.slice(diamond.lastIndexOf('.') + 1);
    a.report(javacPosition(value), 'AS013', `incompatible types: cannot infer type arguments for ${what}<>: no ${what} is a ${simpleType(declared)} (AgentScope ${a.idx.version})`, `declare the variable as a ${what} (or an interface it implements), or create a ${simpleType(declared)}`);
    return;
  }
  const made = created ? a.exactResults.get(value.id) : undefined;
  // a created object is judged where it or the target is an AgentScope type
  const actual = value.type === 'method_invocation' ? a.exactResults.get(value.id) : made && (mentionsAgentScope(made) || mentionsAgentScope(declared)) ? made : undefined;
  // a JDK method's exact result where an AgentScope type is declared: no JDK type is a subtype of one
  const jdk = !actual && value.type === 'method_invocation' ? a.jdkResults.get(value.id) : undefined;
  if (jdk?.k === 'prim' && jdk.name === 'void') {
    // `String s = System.out.println(msg)`, `Object o = msgs.clear()`: a JDK method that returns nothing
    if (declared.k !== 'unknown') a.report(javacPosition(value), 'AS013', `incompatible types: void cannot be converted to ${simpleType(declared)}: ${calleeName(value)}(..) returns nothing`, `call it as a statement, and take the value from elsewhere`);
    return;
  }
  // (an array result is exactly its declared type, elements included: an Object[] is no Msg[])
  const arrayRejected = jdk?.k === 'array' && fullyKnown(jdk) && (agentScopeTarget(a, declared) || agentScopeArray(a, declared) || mentionsAgentScope(jdk)) && assignable({ k: 'type', t: jdk, written: true }, declared, a.facts) === 'no';
  if (arrayRejected || (jdk && (jdk.k === 'class' || jdk.k === 'prim') && fullyKnown(jdk) && agentScopeTarget(a, declared) && rejects(a, jdk, declared))) {
    a.report(javacPosition(value), 'AS013', `incompatible types: ${simpleType(jdk)} cannot be converted to ${simpleType(declared)} (AgentScope ${a.idx.version})`, `give it a ${simpleType(declared)}, or declare it as ${simpleType(jdk)}`);
    return;
  }
  if (!actual) {
    reportJdkValue(a, value, declared, written, (jdk) => `give it a ${simpleType(declared)}${isString(jdk) && declared.k === 'class' && declared.fqn === 'io.agentscope.core.message.Msg' ? ': Msg.builder().textContent(..).build()' : ''}, or declare it as ${simpleType(jdk)}`);
    return;
  }
  // a primitive result (`int n = tool.isReadOnly()`): widening and boxing only (JLS 5.2); a void one is no value
  if (actual.k === 'prim') {
    if (actual.name === 'void') {
      if (declared.k !== 'unknown') a.report(javacPosition(value), 'AS013', `incompatible types: void cannot be converted to ${simpleType(declared)}: the method returns nothing in AgentScope ${a.idx.version}`, `call it as a statement, and take the value from elsewhere`);
      return;
    }
    if (assignable({ k: 'type', t: actual }, declared, a.facts) !== 'no') return;
    // (a project method's primitive result is judged where an AgentScope type is declared)
    const own = a.sourceCalls.has(value.id);
    if (own && !mentionsAgentScope(declared)) return;
    a.report(javacPosition(value), 'AS013', `incompatible types: the call returns ${actual.name}${own ? '' : ` in AgentScope ${a.idx.version}`}, which cannot be converted to ${simpleType(declared)}`, `declare the variable as ${actual.name} (or var)`);
    return;
  }
  // an array result (`int n = MsgRole.values()`) is exactly its declared type, elements included
  if (actual.k === 'array') {
    // (a project method's array, as its primitive, where an AgentScope type is involved)
    const own = a.sourceCalls.has(value.id) && !mentionsAgentScope(actual) && !mentionsAgentScope(declared);
    if (!own && fullyKnown(actual) && assignable({ k: 'type', t: actual, written: true }, declared, a.facts) === 'no') {
      a.report(javacPosition(value), 'AS013', `incompatible types: ${simpleType(actual)} cannot be converted to ${simpleType(declared)} (AgentScope ${a.idx.version})`, `declare the variable as ${simpleType(actual)}`);
    }
    return;
  }
  // an exact Object (a method declared to return Object) is assignable to Object only
  if (actual.k === 'class' && actual.fqn === 'java.lang.Object' && !actual.args.length && mentionsAgentScope(declared) && fullyKnown(declared) && !(declared.k === 'class' && declared.fqn === 'java.lang.Object')) {
    a.report(javacPosition(value), 'AS013', `incompatible types: Object cannot be converted to ${simpleType(declared)}: the method is declared to return Object`, `cast it after an instanceof check, or declare the method's result as ${simpleType(declared)}`);
    return;
  }
  // a class or interface type is never an array, nor a primitive unless it is the primitive's box (JLS 5.2)
  const neverAssignable = actual.k === 'class' && (declared.k === 'array' || (declared.k === 'prim' && declared.name !== 'void' && !/^java\.lang\.(Boolean|Byte|Character|Short|Integer|Long|Float|Double|Number|Object|Comparable|constant\.Constable)$/.test(actual.fqn)));
  if (!neverAssignable && (declared.k !== 'class' || !declared.fqn.includes('.'))) return;
  const bad = neverAssignable || (declared.k === 'class' && rejects(a, actual, declared));
  if (!bad) return;
  if (created) a.report(value, 'AS013', `incompatible types: ${simpleType(actual)} cannot be converted to ${simpleType(declared)} (AgentScope ${a.idx.version})`, `create a ${simpleType(declared)}, or declare the variable as ${simpleType(actual)}`);
  // (a project method's `Mono<String>` is no AgentScope result)
  else a.report(javacPosition(value), 'AS013', `the call returns ${simpleType(actual)}${mentionsAgentScope(actual) ? ` in AgentScope ${a.idx.version}` : ''}, which cannot be assigned to ${simpleType(declared)}`, `declare the variable as ${simpleType(actual)} (or var)`);
}

/**
 * AS013 for the value of a stubbing, `when(agent.call(msg)).thenReturn(value)`: `when` took its T
 * from the stubbed call's exact result type, and `thenReturn(T)` (and `thenReturn(T, T...)`) accept
 * only a value of it; javac: "no suitable method found for thenReturn(..)", on the method's line.
 */
export function checkStubbedValue(a: AnalyzerBase, at: Node, name: string, value: Node, stubbed: JType, written: WrittenType) {
  if (stubbed.k !== 'class' || !fullyKnown(stubbed)) return;
  const elem = factoryMismatch(a, value, stubbed, written);
  const actual = elem ? undefined : decidedType(a, value, written);
  // `thenReturn(Mono.just(resp))` where a Flux is stubbed: a value of a decided other class
  const made = value.type === 'method_invocation' ? a.erasedResults.get(value.id) : undefined;
  if (!elem && !actual && made && assignable({ k: 'type', t: cls(made) }, cls(stubbed.fqn), a.facts) === 'no' && (mentionsAgentScope(stubbed) || made.startsWith('io.agentscope.'))) {
    a.report(at, 'AS013', `no suitable method found for ${name}(${simpleType(cls(made))}): the stubbed call returns ${simpleType(stubbed)} in AgentScope ${a.idx.version}`, `${name} a ${simpleType(stubbed)}`);
    return;
  }
  if (!elem && (!actual || !fullyKnown(actual) || !rejects(a, actual, stubbed))) return;
  const what = elem ? simpleType({ k: 'class', fqn: a.factoryArgs.get(value.id)!.fqn, args: [elem] }) : simpleType(actual!);
  a.report(at, 'AS013', `no suitable method found for ${name}(${what}): the stubbed call returns ${simpleType(stubbed)} in AgentScope ${a.idx.version}`, `${name} a ${simpleType(stubbed)}`);
}

/**
 * AS013 for a flattening operator whose function returns what it cannot flatten
 * (`concatMap(q -> agent.call(q).block())`: a Msg, no Publisher; `Mono.flatMap` of a Flux): javac
 * finds no instance of the function's result type. `body` is the lambda body's exact type.
 */
export function checkFlattenedBody(a: AnalyzerBase, call: Node, name: string, body: JType, kind: string, fn = 'the lambda') {
  if (body.k !== 'class' || !fullyKnown(body) || assignable({ k: 'type', t: { ...body, args: [] } }, cls(kind), a.facts) !== 'no') return;
  const what = simpleType({ k: 'class', fqn: kind, args: [] });
  a.report(javacPosition(call), 'AS013', `incompatible types: ${fn} of ${name}(..) returns ${simpleType(body)}, which is no ${what}`, fn !== 'the lambda' ? `use map(..) for a plain value` : kind === 'java.lang.Iterable' || kind === 'java.util.stream.Stream' ? `return a ${what} from the lambda, or use map(..)` : `return the publisher itself (drop .block()), or use map(..) for a plain value`);
}

const BOXES: Readonly<Record<string, string>> = { int: 'Integer', long: 'Long', short: 'Short', byte: 'Byte', char: 'Character', boolean: 'Boolean', float: 'Float', double: 'Double' };

/**
 * AS013 for a literal argument of a method or constructor the checked sources declare (the one
 * that takes that many arguments) whose parameter cannot take it: `then(1)` where `then(String)` is
 * declared. A literal's type is certain; an AgentScope parameter is checkResultAssignment's.
 */
export function checkLiteralArgument(a: AnalyzerBase, value: Node, declared: JType) {
  if (!LITERAL_TYPES.has(value.type) || (declared.k !== 'class' && declared.k !== 'prim') || !fullyKnown(declared) || agentScopeTarget(a, declared)) return;
  const t = decidedType(a, value, undefined);
  if (!t || (t.k !== 'class' && t.k !== 'prim') || assignable({ k: 'type', t }, declared, a.facts) !== 'no') return;
  const numeric = (x: JType) => x.k === 'prim' && x.name !== 'boolean';
  const how = numeric(t) && numeric(declared) ? `possible lossy conversion from ${simpleType(t)} to ${simpleType(declared)}` : `${simpleType(t)} cannot be converted to ${simpleType(declared)}`;
  a.report(javacPosition(value), 'AS013', `incompatible types: ${how}`, `pass a ${simpleType(declared)}`);
}

/** The primitive conversions that widen (JLS 5.1.2); every other pair of numeric types narrows. */
const WIDENS_TO: Readonly<Record<string, readonly string[]>> = {
  byte: ['short', 'int', 'long', 'float', 'double'],
  short: ['int', 'long', 'float', 'double'],
  char: ['int', 'long', 'float', 'double'],
  int: ['long', 'float', 'double'],
  long: ['float', 'double'],
  float: ['double'],
};
/** The numeric primitive types (a double widens to none). */
const NUMERIC: ReadonlySet<string> = new Set([...Object.keys(WIDENS_TO), 'double']);
const ARITHMETIC = new Set(['+', '-', '*', '/', '%', '&', '|', '^', '<<', '>>', '>>>']);

/**
 * The numeric primitive type of `value` where it is decided: decidedType's, a cast's to a
 * primitive, and unary and binary arithmetic over decided operands (numeric promotion, JLS 5.6).
 */
function numericValue(a: AnalyzerBase, value: Node, written?: WrittenType): string | undefined {
  const numeric = (t: JType | undefined) => (t?.k === 'prim' && NUMERIC.has(t.name) ? t.name : undefined);
  switch (value.type) {
    case 'parenthesized_expression': {
      const inner = kids(value)[0];
      return inner ? numericValue(a, inner, written) : undefined;
    }
    case 'cast_expression': {
      const t = field(value, 'type')?.text;
      return t && kids(value).length === 2 && NUMERIC.has(t) ? t : undefined;
    }
    case 'unary_expression': {
      const op = value.children.find((c) => !c.isNamed)?.type;
      const o = field(value, 'operand');
      const t = o && (op === '-' || op === '+' || op === '~') ? numericValue(a, o, written) : undefined;
      return t ? numeric(promote(t, 'int')) : undefined;
    }
    case 'binary_expression': {
      const op = field(value, 'operator')?.type ?? value.children.find((c) => !c.isNamed)?.type;
      const [l, r] = [field(value, 'left'), field(value, 'right')];
      const [lt, rt] = [l && numericValue(a, l, written), r && numericValue(a, r, written)];
      return op && ARITHMETIC.has(op) && lt && rt ? numeric(binaryType(op, { k: 'prim', name: lt }, { k: 'prim', name: rt })) : undefined;
    }
    default:
      return numeric(decidedType(a, value, written));
  }
}

/**
 * AS013 for a numeric value assigned where a narrower primitive is declared (`int n = list.size()
 * * 2L`, `float f = ratio()` of a double, `return count;` of a long where an int is returned):
 * javac's "possible lossy conversion". An int (short, char, byte) value may still be a constant
 * expression that fits a byte, short or char (JLS 5.2): that is judged only of a method's result.
 */
export function checkNarrowing(a: AnalyzerBase, value: Node, target: JType, written?: WrittenType) {
  if (target.k !== 'prim' || !NUMERIC.has(target.name)) return;
  const from = numericValue(a, value, written);
  if (!from || from === target.name || WIDENS_TO[from]?.includes(target.name)) return;
  let v = value;
  while (v.type === 'parenthesized_expression' && kids(v).length === 1) v = kids(v)[0];
  if (['byte', 'short', 'char'].includes(target.name) && ['int', 'short', 'char', 'byte'].includes(from) && v.type !== 'method_invocation') return;
  a.report(javacPosition(value), 'AS013', `incompatible types: possible lossy conversion from ${from} to ${target.name}`, `cast it, (${target.name}) .., if the value fits; else declare a ${from}`);
}

/** The boxes an int constant may be assigned to when it fits (JLS 5.2: narrowing, then boxing). */
const CONSTANT_BOXES: ReadonlySet<string> = new Set(['java.lang.Byte', 'java.lang.Short', 'java.lang.Character']);

/** A String, a box or a primitive (not void): a type whose assignment conversions JLS 5.2 lists in full. */
function plainType(t: JType | undefined): t is JType & ({ k: 'prim' } | { k: 'class' }) {
  return !!t && ((t.k === 'prim' && t.name !== 'void') || (t.k === 'class' && (t.fqn === 'java.lang.String' || isFinalValueClass(t.fqn))));
}

/** The type of `value` where it is certain: decidedType's, or a boolean operator's (`a > b`, `!done`). */
function certainType(a: AnalyzerBase, value: Node, written?: WrittenType): JType | undefined {
  let v = value;
  while (v.type === 'parenthesized_expression' && kids(v).length === 1) v = kids(v)[0];
  if (v.type === 'instanceof_expression') return { k: 'prim', name: 'boolean' };
  if (v.type === 'binary_expression') {
    // (a comparison or a logical operator is a boolean whatever its operands)
    const op = field(v, 'operator')?.type ?? v.children.find((c) => !c.isNamed)?.type;
    const t = op ? binaryType(op, UNKNOWN, UNKNOWN) : UNKNOWN;
    if (t.k === 'prim') return t;
  }
  if (v.type === 'unary_expression' && v.children.find((c) => !c.isNamed)?.type === '!') return { k: 'prim', name: 'boolean' };
  return decidedType(a, v, written);
}

/**
 * AS013 for a String, box or primitive value assigned, returned or declared where another of these
 * types is written and no assignment conversion (JLS 5.2) takes it: `int n = "3"`, `String s = count`,
 * `boolean ok = 1`, `Long id = 1`, `int n = longBox`. javac: "incompatible types: String cannot be
 * converted to int". Numeric primitives to each other are checkNarrowing's; an integral value to a
 * Byte, Short or Character may be a constant that fits, so it is left.
 */
export function checkPlainAssignment(a: AnalyzerBase, value: Node, target: JType, written?: WrittenType) {
  if (!plainType(target)) return;
  const t = certainType(a, value, written);
  if (!plainType(t)) return;
  const numeric = (x: JType) => x.k === 'prim' && NUMERIC.has(x.name);
  if (numeric(t) && numeric(target)) return;
  if (target.k === 'class' && CONSTANT_BOXES.has(target.fqn) && t.k === 'prim' && ['int', 'short', 'char', 'byte'].includes(t.name)) return;
  if (assignable({ k: 'type', t }, target, a.facts) !== 'no') return;
  const text = t.k === 'class' && t.fqn === 'java.lang.String';
  const parse = target.k === 'prim' && target.name !== 'char' ? `${BOXES[target.name]}.parse${target.name === 'int' ? 'Int' : BOXES[target.name]}(..)` : undefined;
  const fix = text && parse ? `parse the text: ${parse}` : target.k === 'class' && target.fqn === 'java.lang.String' ? 'make it text: String.valueOf(..)' : `give it a ${simpleType(target)}`;
  a.report(javacPosition(value), 'AS013', `incompatible types: ${simpleType(t)} cannot be converted to ${simpleType(target)}`, fix);
}

/** The calls whose function's result is the element itself (a flatMap's or thenCompose's is a publisher or stage of it). */
const MAPPING_OPS: ReadonlySet<string> = new Set(['map', 'supplyAsync', 'thenApply', 'thenApplyAsync']);

/** The JDK collection interfaces and classes whose one type argument is their element type. */
const COLLECTIONS = /^java\.util\.(Collection|List|Set|Queue|Deque|ArrayList|LinkedList|HashSet|LinkedHashSet|TreeSet|ArrayDeque|concurrent\.CopyOnWriteArrayList)$/;

/**
 * AS013 for an argument of a JDK collection's (or reference's, future's) method that the
 * receiver's written type arguments type: `blocks.add(msg.getContent().get(0))` where blocks is a
 * `List<TextBlock>`, `replies.put(id, agent.call(..))` into a `Map<String, Msg>`, `addAll` of a
 * `List<ContentBlock>`. javac: "incompatible types: X cannot be converted to Y", at the argument.
 * Judged where the argument's type is decided (an exact result, a written variable, a literal) and
 * either side names an AgentScope type.
 */
export function checkReceiverTypedArgument(a: AnalyzerBase, value: Node, want: ReceiverTyped, written: WrittenType) {
  if (want.k === 'capture') {
    // `blocks.add(t)` on a List<? extends ContentBlock>: its E is a capture, which only null is
    // known to be, whatever the value (a ContentBlock too); javac: "cannot be converted to CAP#1"
    if (value.type === 'null_literal') return;
    const actual = decidedType(a, value, written);
    if (!actual || !fullyKnown(actual) || !(mentionsAgentScope(actual) || mentionsAgentScope(want.t))) return;
    const bound = want.t.k === 'class' && want.t.fqn === 'java.lang.Object' ? '?' : `? extends ${simpleType(want.t)}`;
    a.report(javacPosition(value), 'AS013', `incompatible types: ${simpleType(actual)} cannot be converted to CAP#1: the receiver's type argument is ${bound}, a type no value but null is known to be (AgentScope ${a.idx.version})`, `declare the receiver with ${want.t.k === 'class' && want.t.fqn !== 'java.lang.Object' ? simpleType(want.t) : simpleType(actual)} instead of ${bound} to put values in it`);
    return;
  }
  if (want.k === 'value') {
    // each branch of a conditional (`put(r != null ? r.getGenerateReason() : null, v)`), the inside of parentheses
    if (value.type === 'ternary_expression' || value.type === 'parenthesized_expression') {
      const parts = value.type === 'ternary_expression' ? [field(value, 'consequence'), field(value, 'alternative')] : [kids(value)[0] ?? null];
      for (const p of parts) if (p) checkReceiverTypedArgument(a, p, want, written);
      return;
    }
    // `onErrorReturn(t -> Flux.empty())` on a Flux<AgentEvent>: a lambda where a value of a type no
    // lambda can be is taken (a class, an interface of several abstract methods): javac finds no method
    if (value.type === 'lambda_expression' || value.type === 'method_reference') {
      const call = callOfArgument(value);
      const info = argInfo(value, undefined);
      if (call && want.t.k === 'class' && fullyKnown(want.t) && mentionsAgentScope(want.t) && assignable(info, want.t, a.facts) === 'no') {
        const name = field(call, 'name');
        a.report(name ?? call, 'AS013', `no suitable method found for ${name?.text ?? 'the call'}(..): a ${value.type === 'lambda_expression' ? 'lambda' : 'method reference'} is no ${simpleType(want.t)}, the value the receiver's type argument asks for (AgentScope ${a.idx.version})`, `pass a ${simpleType(want.t)}${name?.text === 'onErrorReturn' ? ', or use onErrorResume(..) to give a publisher from a function' : ''}`);
      }
      return;
    }
    // `requests.add(List.copyOf(messages))` on a List<List<String>>: the factory's T must be the element's
    const x = factoryMismatch(a, value, want.t, written);
    if (x) {
      if (mentionsAgentScope(x) || mentionsAgentScope(want.t)) a.report(argumentPosition(a, value), 'AS013', `incompatible types: ${simpleType(x)} cannot be the element of ${simpleType(want.t)} (AgentScope ${a.idx.version})`, `give ${calleeName(value)}(..) ${simpleType((want.t as JType & { k: 'class' }).args[0])} elements`);
      return;
    }
    const actual = decidedType(a, value, written);
    // a literal's type is certain: `put(42, v)` on a Map<String, ..> is judged, AgentScope or not
    if (!actual || !fullyKnown(actual) || !(mentionsAgentScope(actual) || mentionsAgentScope(want.t) || LITERAL_TYPES.has(value.type))) return;
    if (actual.k === 'prim' && actual.name === 'int' && /^java\.lang\.(Byte|Short|Character)$/.test(want.t.k === 'class' ? want.t.fqn : '')) return;
    if (!rejects(a, actual, want.t)) return;
    const version = mentionsAgentScope(actual) || mentionsAgentScope(want.t) ? ` (AgentScope ${a.idx.version})` : '';
    // a primitive is held by its box (`List<Integer>`, never `List<int>`)
    const held = actual.k === 'prim' ? (BOXES[actual.name] ?? actual.name) : simpleType(actual);
    a.report(javacPosition(value), 'AS013', `incompatible types: ${simpleType(actual)} cannot be converted to ${simpleType(want.t)}${version}`, `pass a ${simpleType(want.t)}, or declare the receiver with ${held}`);
    return;
  }
  if (want.k === 'published') {
    // `switchIfEmpty(Mono.just("none"))` on a Mono<Msg>: the publisher's T must be the receiver's
    const f = value.type === 'method_invocation' ? a.factoryArgs.get(value.id) : undefined;
    const x = f ? factoryMismatch(a, value, cls(f.fqn, [want.t]), written) : undefined;
    if (x && (mentionsAgentScope(x) || mentionsAgentScope(want.t))) a.report(argumentPosition(a, value), 'AS013', `incompatible types: ${simpleType(x)} cannot be the element of a publisher of ${simpleType(want.t)} (AgentScope ${a.idx.version})`, `give ${calleeName(value)}(..) a ${simpleType(want.t)}`);
    if (f) return;
    // `concatWith(Mono.<Msg>empty())`, `concatWith(agent.call(msg))` on a Flux<AgentEvent>: a publisher of a decided other element
    const p = decidedType(a, value, written);
    const el = p?.k === 'class' && PUBLISHERS.has(p.fqn) && p.args.length === 1 ? p.args[0] : undefined;
    if (el?.k !== 'class' || !fullyKnown(el) || !(mentionsAgentScope(el) || mentionsAgentScope(want.t)) || !rejects(a, el, want.t)) return;
    a.report(argumentPosition(a, value), 'AS013', `incompatible types: ${simpleType(p!)} cannot be converted to Publisher<? extends ${simpleType(want.t)}> (AgentScope ${a.idx.version})`, `pass a publisher of ${simpleType(want.t)}`);
    return;
  }
  // `history.addAll(Set.of("hello"))` on a List<Msg>: javac infers the factory's E from its values and the parameter together
  const f = value.type === 'method_invocation' || value.type === 'object_creation_expression' ? a.factoryArgs.get(value.id) : undefined;
  const of = value.type === 'method_invocation' ? a.erasedResults.get(value.id) : undefined;
  const listed = of && COLLECTIONS.test(of) ? factoryElements(a, value, of, written)?.[0] : undefined;
  const odd =
    (f && COLLECTIONS.test(f.fqn) ? factoryMismatch(a, value, cls(f.fqn, [want.t]), written) : undefined) ??
    listed?.find((x) => (x.k === 'class' || x.k === 'prim') && fullyKnown(x) && assignable({ k: 'type', t: x }, want.t, a.facts) === 'no');
  if (odd) {
    if (mentionsAgentScope(odd) || mentionsAgentScope(want.t)) a.report(argumentPosition(a, value), 'AS013', `incompatible types: ${simpleType(odd)} cannot be an element of Collection<? extends ${simpleType(want.t)}> (AgentScope ${a.idx.version})`, `give ${calleeName(value)}(..) ${simpleType(want.t)} elements`);
    return;
  }
  const c = value.type === 'method_invocation' ? (a.exactResults.get(value.id) ?? a.exactContainers.get(value.id)) : decidedType(a, value, written);
  if (c?.k !== 'class' || !COLLECTIONS.test(c.fqn) || c.args.length !== 1) return;
  const el = c.args[0];
  if (el.k !== 'class' || !fullyKnown(el) || !(mentionsAgentScope(el) || mentionsAgentScope(want.t)) || !rejects(a, el, want.t)) return;
  a.report(javacPosition(value), 'AS013', `incompatible types: ${simpleType(c)} cannot be converted to Collection<? extends ${simpleType(want.t)}> (AgentScope ${a.idx.version})`, `pass a collection of ${simpleType(want.t)}`);
}

/**
 * AS013 for an enhanced `for` whose variable cannot hold the iterable's elements: `for (TextBlock b :
 * msg.getContent())` over a `List<ContentBlock>`, `for (String n : toolkit.getToolSchemas())`,
 * `for (Map.Entry<String, String> e : tool.getParameters().entrySet())`. The iterable's type is
 * decided (an exact result, a JDK call's on an AgentScope chain, a written variable); javac: "incompatible types:
 * ContentBlock cannot be converted to TextBlock", at the iterable.
 */
export function checkLoopVariable(a: AnalyzerBase, iterable: Node, declared: JType, written: WrittenType) {
  // a JDK method's exact result on a chain an AgentScope call began: `tool.getParameters().entrySet()`
  const chained = iterable.type === 'method_invocation' && !a.exactResults.has(iterable.id) ? a.agentScopeChain.get(iterable.id) : undefined;
  const c = iterable.type === 'method_invocation' ? (a.exactResults.get(iterable.id) ?? a.exactContainers.get(iterable.id) ?? chained) : decidedType(a, iterable, written);
  const iterableClass = c?.k === 'class' && (COLLECTIONS.test(c.fqn) || c.fqn === 'java.lang.Iterable');
  // a variable written with a raw type (`List hooks`): its elements are Objects
  const raw = iterableClass && c.args.length === 0 && iterable.type === 'identifier';
  const el = c?.k === 'array' ? c.elem : iterableClass && c.args.length === 1 ? c.args[0] : raw ? cls('java.lang.Object') : undefined;
  if (!el || (el.k !== 'class' && el.k !== 'prim') || !fullyKnown(el) || (declared.k !== 'class' && declared.k !== 'prim' && declared.k !== 'array')) return;
  // about AgentScope: the elements or the variable name an AgentScope type, or the iterable is an AgentScope call's result
  if (!(mentionsAgentScope(el) || mentionsAgentScope(declared) || chained || (iterable.type === 'method_invocation' && a.exactResults.has(iterable.id)))) return;
  if (!rejects(a, el, declared)) return;
  if (raw) a.report(javacPosition(iterable), 'AS013', `incompatible types: Object cannot be converted to ${simpleType(declared)}: ${iterable.text} is declared with the raw type ${simpleType(c)}, whose elements are Objects`, `declare ${iterable.text} with its type argument (${simpleType(c)}<${simpleType(declared)}>)`);
  else a.report(javacPosition(iterable), 'AS013', `incompatible types: ${simpleType(el)} cannot be converted to ${simpleType(declared)}: the loop's elements are ${simpleType(el)} in AgentScope ${a.idx.version}`, `declare the loop variable as ${simpleType(el)} (or var)`);
}

/**
 * AS013 for `==` / `!=` between an AgentScope type and a String, a box or a primitive
 * (`event.getType() == "AGENT_RESULT"`): no cast converts one into the other (JLS 15.21.3: the
 * JDK value classes are final and implement no AgentScope interface), so javac reports
 * "incomparable types: AgentEventType and String". Both operands' types are decided. true when reported.
 */
export function checkComparison(a: AnalyzerBase, node: Node, l: Node, r: Node, written: WrittenType): boolean {
  const lt = decidedType(a, l, written);
  const rt = decidedType(a, r, written);
  if (!lt || !rt) return false;
  const jdkValue = (t: JType) => t.k === 'prim' ? t.name !== 'void' : t.k === 'class' && FINAL_JDK.test(t.fqn);
  // two different enums: neither can be cast to the other (`reply.getGenerateReason() == MsgRole.USER`)
  const isEnum = (t: JType) => t.k === 'class' && agentScopeTarget(a, t) && a.idx.type(t.fqn)?.kind === 'enum';
  const enums = isEnum(lt) && isEnum(rt) && (lt as JType & { k: 'class' }).fqn !== (rt as JType & { k: 'class' }).fqn;
  if (!enums && !((agentScopeTarget(a, lt) && jdkValue(rt)) || (agentScopeTarget(a, rt) && jdkValue(lt)))) return false;
  const as = agentScopeTarget(a, lt) ? lt : rt;
  const d = as.k === 'class' ? a.idx.type(as.fqn) : undefined;
  a.report(javacPosition(node), 'AS013', `incomparable types: ${simpleType(lt)} and ${simpleType(rt)} (AgentScope ${a.idx.version})`, d?.kind === 'enum' ? `compare with a constant of ${simpleType(as)}, or its name(): ${simpleType(as)}.X` : `compare values of the same type`);
  return true;
}

/**
 * AS013 for a `var` initialized by an AgentScope method declared void (`var r =
 * toolkit.registration().tool(x).apply();`): javac's "cannot infer type for local variable r
 * (variable initializer is 'void')", at the variable's name.
 */
export function checkVarInitializer(a: AnalyzerBase, value: Node, name: Node) {
  const r = value.type === 'method_invocation' && !a.sourceCalls.has(value.id) ? a.exactResults.get(value.id) : undefined;
  // (or a JDK method's: `var printed = System.out.println(..)`, `var each = map.forEach(..)`)
  const jdk = !r && value.type === 'method_invocation' ? a.jdkResults.get(value.id) : undefined;
  const t = r ?? jdk;
  if (t?.k !== 'prim' || t.name !== 'void') return;
  a.report(name, 'AS013', `cannot infer type for local variable ${name.text}: ${r ? `the method returns nothing (void) in AgentScope ${a.idx.version}` : `${calleeName(value)}(..) returns nothing (void)`}`, 'call it as a statement on its own');
}

/**
 * AS013 for a member of a value whose decided type is void or a primitive (`agent.close().block()`,
 * `usage.getCachedTokens().block()`, `n.length` with `int n`): javac's "int cannot be dereferenced".
 */
export function reportPrimitiveReceiver(a: AnalyzerBase, at: Node, receiver: Node, t: JType & { k: 'prim' }) {
  const what = receiver.text.length > 60 ? 'the value' : receiver.text;
  const where = receiver.type === 'method_invocation' && a.exactResults.has(receiver.id) && !a.sourceCalls.has(receiver.id) ? ` in AgentScope ${a.idx.version}` : '';
  if (t.name === 'void') a.report(at, 'AS013', `void cannot be dereferenced: ${what} returns nothing${where}`, 'call it as a statement on its own');
  else a.report(at, 'AS013', `${t.name} cannot be dereferenced: ${what} is a primitive ${t.name}${where}, which has no members`, `use the ${t.name} value itself`);
}

/**
 * AS013 for a variable of an AgentScope type initializing a local of another type it cannot be
 * assigned to (`ToolUseBlock b = block;` where block is a ContentBlock: a downcast is needed). The
 * variable's type is written in its declaration, so it is exact.
 */
export function checkVariableAssignment(a: AnalyzerBase, value: Node, actual: JType, declared: JType) {
  if (actual.k !== 'class' || (declared.k !== 'class' && declared.k !== 'array' && declared.k !== 'prim')) return;
  if ((declared.k === 'prim' && declared.name === 'void') || a.mentionsMissingImport(declared) || a.mentionsMissingImport(actual)) return;
  // a variable declared Object holds nothing more specific as far as javac knows: only a cast narrows it
  if (actual.fqn === 'java.lang.Object' && !actual.args.length && mentionsAgentScope(declared) && fullyKnown(declared)) {
    if (declared.k === 'class' && declared.fqn === 'java.lang.Object') return;
    a.report(value, 'AS013', `incompatible types: Object cannot be converted to ${simpleType(declared)} (AgentScope ${a.idx.version})`, `declare ${value.text} as ${simpleType(declared)}, or cast it after an instanceof check`);
    return;
  }
  if (!actual.fqn.startsWith('io.agentscope.') || !a.idx.type(actual.fqn)) {
    // a JDK or Reactor type holding AgentScope types (`Msg m = reply;` with reply a Mono<Msg>), or a
    // JDK type where an AgentScope type is declared (`Msg m = path;`)
    // (or a JDK container of other elements where one of AgentScope types is declared: a List<String> returned as a List<ToolUseBlock>)
    // (or any JDK type of the same class with other type arguments: `Map<String, Integer> m = byName` of a Map<String, String>)
    const jdkDeclared = actual.fqn.startsWith('java.') && (agentScopeTarget(a, declared) || (declared.k === 'class' && declared.fqn === actual.fqn && (mentionsAgentScope(declared) || (fullyKnown(declared) && genericArgsDiffer(declared, actual)))));
    if (!(mentionsAgentScope(actual) || jdkDeclared) || !fullyKnown(actual) || !rejects(a, actual, declared)) return;
    const api = mentionsAgentScope(actual) || mentionsAgentScope(declared) ? ` (AgentScope ${a.idx.version})` : '';
    a.report(value, 'AS013', `incompatible types: ${simpleType(actual)} cannot be converted to ${simpleType(declared)}${api}`, `declare the variable as ${simpleType(actual)}`);
    return;
  }
  if (assignable({ k: 'type', t: actual }, declared, a.facts) !== 'no') return;
  const down = value.type !== 'cast_expression' && declared.k === 'class' && a.facts.inventorySupers(declared.fqn)?.has(actual.fqn);
  a.report(value, 'AS013', `incompatible types: ${simpleType(actual)} cannot be converted to ${simpleType(declared)}${down ? ' (a subtype: a cast is needed)' : ''} in AgentScope ${a.idx.version}`, down ? `cast it, after an instanceof check: if (${value.text} instanceof ${simpleType(declared)} x) { .. }` : `declare the variable as ${simpleType(actual)}`);
}

/**
 * AS013 for `return value;` in a method declared void (not in a lambda): javac's "incompatible
 * types: unexpected return value", whatever the value (a tool method whose ToolResultBlock or
 * String result type was dropped).
 */
export function checkVoidReturn(a: AnalyzerBase, value: Node, v: EVal) {
  const t = v.k === 'val' && v.t.k !== 'unknown' ? simpleType(v.t) : undefined;
  a.report(javacPosition(value), 'AS013', `incompatible types: unexpected return value: the method is declared void, and this returns ${t ? `a ${t}` : 'a value'}`, `declare the method's result type${t ? ` as ${t}` : ''}, or drop the value`);
}

/**
 * AS013 for a cast: `(ToolResultStartEvent) text` where text is a String. A String, a boxed
 * primitive or a primitive is never an AgentScope type (JLS 5.5: the classes are final and
 * implement only JDK interfaces), so javac rejects the cast as it does the assignment.
 */
export function checkCastValue(a: AnalyzerBase, value: Node, target: JType, written: WrittenType): boolean {
  return reportJdkValue(a, value, target, written, (jdk) => `no cast makes a ${simpleType(jdk)} a ${simpleType(target)}: build a ${simpleType(target)} instead`);
}

/**
 * AS013 where `value` is certainly a String, a box or a primitive and `target` an AgentScope type,
 * or a JDK or Reactor type of AgentScope type arguments that is none of the value's supertypes
 * (`List<ContentBlock> blocks = ok ? msg.getContent() : "none"`) (an assignment or a cast).
 */
function reportJdkValue(a: AnalyzerBase, value: Node, target: JType, written: WrittenType | undefined, fix: (jdk: JType) => string): boolean {
  const container = target.k === 'class' && /^(java|reactor)\./.test(target.fqn) && mentionsAgentScope(target) && fullyKnown(target);
  const found = agentScopeTarget(a, target) || container ? finalJdkValue(a, value, written) : undefined;
  // (a container judged by its class: a value it may hold, `Comparable<Msg> c = 1`, is not judged)
  const jdk = found && !agentScopeTarget(a, target) && assignable({ k: 'type', t: found }, { ...(target as JType & { k: 'class' }), args: [] }, a.facts) !== 'no' ? undefined : found;
  if (jdk) a.report(javacPosition(value), 'AS013', `incompatible types: ${simpleType(jdk)} cannot be converted to ${simpleType(target)} (AgentScope ${a.idx.version})`, fix(jdk));
  return !!jdk;
}

const PUBLISHER = /^reactor\.core\.publisher\.(Mono|Flux)$/;

/** A value of class `fqn` (its type arguments aside) can never be assigned to `declared`: another class, a primitive or an array. */
function neverOfClass(a: AnalyzerBase, fqn: string, declared: JType): boolean {
  if (declared.k === 'class' && !declared.fqn.includes('.')) return false;
  if (declared.k !== 'class' && declared.k !== 'prim' && declared.k !== 'array') return false;
  const target = declared.k === 'class' ? { ...declared, args: [] } : declared;
  return assignable({ k: 'type', t: { k: 'class', fqn, args: [] } }, target, a.facts) === 'no';
}

/** How to get a `declared` from a publisher of class `fqn`. */
function publisherFix(fqn: string, declared: JType): string {
  const flux = fqn.endsWith('.Flux');
  if (declared.k === 'class' && PUBLISHER.test(declared.fqn)) return flux ? 'take one element with .next() (or .collectList()), or declare a Flux' : 'make it a Flux with .flux() (or .flatMapMany(..)), or declare a Mono';
  return `take the value out of the ${flux ? 'Flux: .blockLast(), .collectList().block()' : 'Mono: .block()'}, or subscribe to it`;
}
const isString = (t: JType): boolean => t.k === 'class' && t.fqn === 'java.lang.String';
/** Final JDK classes that implement no AgentScope interface (the primitives' boxes and String). */
const FINAL_JDK = /^java\.lang\.(String|Boolean|Byte|Character|Short|Integer|Long|Float|Double)$/;

/** A class or interface of the AgentScope inventory (not a type variable, not a user type). */
/**
 * A lambda as an argument (argInfo), with its parameters' types where every one is written (they
 * must be the functional interface's): in `ctx`, or by default with the file's names only (a type
 * variable or a member type of the class then stays unknown, and is not judged).
 */
export function lambdaInfo(a: AnalyzerBase, lambda: Node, ctx: TypeCtx = { unit: a.unit, typeVars: new Set() }): ReturnType<typeof argInfo> {
  const info = argInfo(lambda, undefined);
  const ps = field(lambda, 'parameters');
  if (info.k !== 'lambda' || !info.arity || ps?.type !== 'formal_parameters') return info;
  const declared = kids(ps).filter((k) => k.type === 'formal_parameter').map((k) => field(k, 'type'));
  if (declared.length !== info.arity || declared.some((t) => !t || t.text === 'var')) return info;
  return { ...info, params: declared.map((t) => a.typeOf(t!, ctx, false)) };
}

export function agentScopeTarget(a: AnalyzerBase, t: JType): boolean {
  return t.k === 'class' && t.fqn.startsWith('io.agentscope.') && !!a.idx.type(t.fqn);
}

/** An array of an AgentScope type (`Msg[]`, `ToolUseBlock[][]`). */
function agentScopeArray(a: AnalyzerBase, t: JType): boolean {
  return t.k === 'array' && agentScopeTarget(a, innermost(t));
}

/**
 * The type of a value that is certainly a String, a box or a primitive: a literal, a variable whose
 * declaration writes such a type, or a `+` with a String operand (string concatenation, JLS 15.18.1).
 */
function finalJdkValue(a: AnalyzerBase, value: Node, written?: WrittenType): JType | undefined {
  if (value.type === 'binary_expression') {
    if (field(value, 'operator')?.text !== '+') return undefined;
    const l = field(value, 'left');
    const r = field(value, 'right');
    const stringOperand = (x: Node | null) => {
      const t = x ? finalJdkValue(a, x, written) : undefined;
      return t !== undefined && isString(t);
    };
    return stringOperand(l) || stringOperand(r) ? { k: 'class', fqn: 'java.lang.String', args: [] } : undefined;
  }
  if (value.type === 'method_invocation') return undefined;
  const t = decidedType(a, value, written);
  if (t?.k === 'prim' && t.name !== 'void') return t;
  return t?.k === 'class' && FINAL_JDK.test(t.fqn) ? t : undefined;
}

/** The type of a variable as its declaration writes it (undefined for another expression, or a `var`). */
export type WrittenType = (n: Node) => JType | undefined;

/** The type of a value whose type the declarations decide: an AgentScope call's exact result, a string literal, a variable's written type (`written`). */
export function decidedType(a: AnalyzerBase, value: Node, written?: WrittenType): JType | undefined {
  if (value.type === 'parenthesized_expression') {
    const inner = kids(value)[0];
    return inner ? decidedType(a, inner, written) : undefined;
  }
  if (value.type === 'identifier') return written?.(value);
  // `ok ? allow(..) : deny(..)`: two operands of one decided type are that type (JLS 15.25), `x : null` x's class type
  if (value.type === 'ternary_expression') {
    const [c, alt] = [field(value, 'consequence'), field(value, 'alternative')];
    const [x, y] = [c, alt].map((b) => (b?.type === 'null_literal' ? null : b ? decidedType(a, b, written) : undefined));
    if (x && y) return typeToString(x) === typeToString(y) ? x : undefined;
    const one = x ?? y;
    return x !== undefined && y !== undefined && one?.k === 'class' ? one : undefined;
  }
  if (value.type === 'method_invocation') return a.exactResults.get(value.id) ?? a.jdkResults.get(value.id);
  if (value.type === 'object_creation_expression') return a.exactResults.get(value.id);
  if (value.type === 'field_access') return a.staticFieldTypes.get(value.id) ?? a.exactFields.get(value.id);
  if (value.type === 'string_literal' || value.type === 'text_block' || concatenation(value)) return { k: 'class', fqn: 'java.lang.String', args: [] };
  if (value.type === 'true' || value.type === 'false') return { k: 'prim', name: 'boolean' };
  if (value.type === 'character_literal') return { k: 'prim', name: 'char' };
  if (/^(decimal|hex|octal|binary)_integer_literal$/.test(value.type)) return { k: 'prim', name: /[lL]$/.test(value.text) ? 'long' : 'int' };
  if (/_floating_point_literal$/.test(value.type)) return { k: 'prim', name: /[fF]$/.test(value.text) ? 'float' : 'double' };
  return undefined;
}

/**
 * AS013 for lambdas: the value a lambda returns (its expression body, or a `return` in its block)
 * cannot be the result of the functional interface method it implements, with the target's type
 * arguments substituted (`() -> agent.stream(msg)` where `Mono<ToolResultBlock>` is expected).
 * Only a fully known expected type is judged; javac: "bad return type in lambda expression".
 */
export function checkLambdaReturn(a: AnalyzerBase, value: Node, expected: JType, written?: WrittenType) {
  // `? extends B` (onErrorResume's `? extends Mono<? extends T>`): a value of any subtype of B
  expected = asValueType(expected);
  // (and its type arguments known, or `? extends` a known type)
  if ((expected.k !== 'class' && expected.k !== 'prim') || expected.k === 'prim' && expected.name === 'void' || !(fullyKnown(expected) || (expected.k === 'class' && expected.fqn.includes('.') && expected.args.every((t) => fullyKnown(asValueType(t)))))) return;
  const x = factoryMismatch(a, value, expected, written);
  if (x) {
    a.report(javacPosition(value), 'AS013', `bad return type in lambda expression: ${simpleType(x)} cannot be the element of ${simpleType(expected)}, the result type of the functional interface method in AgentScope ${a.idx.version}`, `give ${calleeName(value)}(..) a ${simpleType(asValueType((expected as JType & { k: 'class' }).args[0]))}`);
    return;
  }
  // `rc -> List.of(1)` where a List<String> is the result: javac infers E from both ("inference
  // variable E has incompatible bounds"), whatever the types (the target is the interface's)
  const el = elementsMismatch(a, value, expected, written, true);
  if (el) {
    a.report(javacPosition(value), 'AS013', `bad return type in lambda expression: ${simpleType(el.x)} cannot be ${el.what} of ${simpleType(expected)}, the result type of the functional interface method in AgentScope ${a.idx.version}`, `give ${value.text.split('(')[0]}(..) a ${simpleType(el.e)} there`);
    return;
  }
  // null is no primitive's value (`e -> null` for a Predicate)
  if (value.type === 'null_literal' && expected.k === 'prim') {
    a.report(javacPosition(value), 'AS013', `bad return type in lambda expression: <null> cannot be converted to ${expected.name}, the result type of the functional interface method`, `return a ${expected.name}`);
    return;
  }
  // (a parameter's type is decided where the lambda's target is exact: exactLambdas)
  const actual = decidedType(a, value, written);
  if (!actual || !fullyKnown(actual)) return;
  // an int constant narrows to byte, short and char (and their boxes) where it fits (JLS 5.2)
  if (actual.k === 'prim' && actual.name === 'int' && /^(byte|short|char|java\.lang\.(Byte|Short|Character))$/.test(expected.k === 'prim' ? expected.name : expected.fqn)) return;
  const bad = rejects(a, actual, expected);
  if (!bad) return;
  a.report(javacPosition(value), 'AS013', `bad return type in lambda expression: ${simpleType(actual)} cannot be converted to ${simpleType(expected)}, the result type of the functional interface method in AgentScope ${a.idx.version}`, `return a ${simpleType(expected)}`);
}


/**
 * AS013 for a method reference to the one AgentScope method of that name whose result cannot be
 * the functional interface's (`Function<Msg, Integer> f = Msg::getTextContent`, a String): javac
 * "bad return type in method reference". The target's result type and the method's are fully known.
 */
export function checkMethodRefResult(a: AnalyzerBase, ref: Node, f: FoundMember, unbound: boolean, target: JType) {
  const fi = target.k === 'class' ? functionalShape(target.fqn) : undefined;
  if (!fi || fi.result === 'void' || target.k !== 'class' || (typeof fi.result === 'number' && target.args.length <= fi.result)) return;
  const want: JType = typeof fi.result === 'number' ? target.args[fi.result] : { k: 'prim', name: fi.result };
  const params = f.member.params?.length ?? 0;
  const isStatic = f.member.modifiers.includes('static');
  const fits = unbound ? (isStatic ? params === fi.arity : params === fi.arity - 1) : params === fi.arity && !f.member.params?.some((p) => p.varargs);
  if (!fits || f.member.typeParams?.length || (want.k !== 'class' && want.k !== 'prim') || !fullyKnown(want)) return;
  const got = a.idx.memberType(f);
  if ((got.k !== 'class' && got.k !== 'prim') || !fullyKnown(got)) return;
  const bad = got.k === 'prim' && got.name === 'void' ? !(want.k === 'prim' && want.name === 'void') : rejects(a, got, want);
  if (!bad) return;
  a.report(javacPosition(ref), 'AS013', `bad return type in method reference: ${simpleType(got)} cannot be converted to ${simpleType(want)} (${f.owner.name}.${f.member.name} in AgentScope ${a.idx.version})`, `declare the target as ${simpleType({ ...target, args: typeof fi.result === 'number' ? target.args.map((x, i) => (i === fi.result ? got : x)) : target.args })}, or refer to a method returning ${simpleType(want)}`);
}

/**
 * What an unbound method reference given to `target` receives first: the interface's first
 * parameter (a wildcard's bound), which is the receiver, and the interface's arity; undefined
 * for an interface without parameters or not described (external.ts functionalShape).
 */
function unboundTarget(target: JType): { arity: number; first: JType } | undefined {
  const fi = target.k === 'class' ? functionalShape(target.fqn) : undefined;
  if (!fi || fi.arity < 1 || target.k !== 'class' || !target.args.length) return undefined;
  const first = target.args[0].k === 'wild' ? target.args[0].bound : target.args[0];
  return first && { arity: fi.arity, first };
}

/**
 * `msgs.stream().map(String::length)` on Msgs: an unbound reference to an instance method of String
 * or a box, where the functional interface's first parameter (the receiver's element, exactly
 * known) is an AgentScope type, which is never a String. Only where no method of that name takes
 * the interface's whole arity: a static one (`String::valueOf`) may be what is meant.
 */
export function checkJdkMethodRefReceiver(a: AnalyzerBase, ref: Node, owner: string, name: string, target: JType) {
  const u = unboundTarget(target);
  if (!u || !isFinalValueClass(owner)) return;
  const { arity, first } = u;
  if (!agentScopeTarget(a, first) || !fullyKnown(first)) return;
  if (!jdkOverloads(owner, name, arity - 1)?.length || jdkOverloads(owner, name, arity)?.length) return;
  const simple = owner.slice(owner.lastIndexOf('.') + 1);
  a.report(javacPosition(ref), 'AS013', `invalid method reference: ${simple}.${name}() takes a ${simple}, and the elements are ${simpleType(first)} (AgentScope ${a.idx.version})`, `map the elements to ${simple}s first (Msg::getTextContent), or call a method of ${simpleType(first)}`);
}

/**
 * `events.map(TextBlockDeltaEvent::getDelta)` on a Flux<AgentEvent>: an unbound reference to an
 * instance method of a type the functional interface's first parameter (exactly known: the
 * receiver's element) can never be (`names.forEach(McpClientWrapper::close)` on Strings). javac:
 * "invalid method reference: ... cannot be applied to given types". `jdkArities`: those of the
 * methods of that name a JDK supertype declares (AutoCloseable's `close()`), each an instance method
 * of the same arity, or one of them may be what the reference means.
 */
export function checkMethodRefReceiver(a: AnalyzerBase, ref: Node, f: FoundMember, target: JType, jdkArities: number[]) {
  const u = unboundTarget(target);
  if (!u || jdkArities.some((n) => n !== u.arity - 1)) return;
  const { arity, first } = u;
  if (f.member.modifiers.includes('static') || (f.member.params?.length ?? 0) !== arity - 1 || f.member.params?.some((p) => p.varargs)) return;
  if (first.k !== 'class' || !fullyKnown(first)) return;
  const owner: JType = { k: 'class', fqn: f.owner.fqn, args: [] };
  if (assignable({ k: 'type', t: { ...first, args: [] } }, owner, a.facts) !== 'no') return;
  a.report(javacPosition(ref), 'AS013', `invalid method reference: ${f.owner.name}.${f.member.name}() takes a ${f.owner.name}, and the elements are ${simpleType(first)} (AgentScope ${a.idx.version})`, `narrow the elements first: .ofType(${f.owner.name}.class), or call a method of ${simpleType(first)}`);
}
