/**
 * Single-edit mutants of official AgentScope code, per category of issue 11. The edit sites are
 * the io.agentscope references javac itself attributed in the unmutated file (JavacOracle's
 * "sites" mode), so a mutant always touches an AgentScope call, type, annotation or override;
 * whether a mutant is an error is decided later by javac, never here.
 */

export const CATEGORIES = [
  'method-typo',
  'builder-method',
  'arity',
  'arg-type',
  'ctor-types',
  'static-call',
  'generic-result',
  'type-typo',
  'annotation-element',
  'annotation-target',
  'enum-constant',
  'missing-impl',
  'bad-override',
  'name-clash',
  'override-return',
  'qualifier-typo',
  'import-typo',
  'lambda-return',
  'inherited-result',
  'misplaced-block',
  'cast-result',
] as const;
export type Category = (typeof CATEGORIES)[number];

/** Categories also measured by "every line": found only when check reports an error on every line javac does (each use of a failed import). */
export const EVERY_LINE: ReadonlySet<Category> = new Set(['import-typo']);

/** The families of user-code mistakes (overrides, qualifiers, imports): measured in user packages only. */
export const USER_CODE_FAMILIES: ReadonlySet<Category> = new Set(['override-return', 'qualifier-typo', 'import-typo', 'lambda-return', 'inherited-result']);

/** Categories whose sites cluster in few files (a handful of test classes use AgentScope functional interfaces): more mutants per file. */
const PER_FILE: Partial<Record<Category, number>> = { 'lambda-return': 10 };

/** The user subtype the inherited-result mutants declare in the mutated file. */
const SUBTYPE = 'MutantUserSubtype';

export interface Site {
  file: string;
  kind: string;
  start: number;
  end: number;
  name: string;
  extra: string[];
}

export interface Mutant {
  id: string;
  category: Category;
  /** the unmutated file (corpus name) */
  file: string;
  content: string;
  what: string;
}

export function parseSites(out: string): Site[] {
  return out
    .split('\n')
    .filter((l) => l.startsWith('SITE\t'))
    .map((l) => {
      const [, file, kind, start, end, name, ...extra] = l.split('\t');
      return { file, kind, start: Number(start), end: Number(end), name, extra };
    });
}

/** A misspelling javac is unlikely to find declared: two inner letters swapped, or one dropped. */
function typo(name: string, salt: number): string {
  if (name.length >= 4 && salt % 2 === 0) {
    const i = 1 + (salt % (name.length - 2));
    const t = name.slice(0, i) + name[i + 1] + name[i] + name.slice(i + 2);
    if (t !== name) return t;
  }
  if (name.length >= 5) {
    const i = 1 + (salt % (name.length - 2));
    return name.slice(0, i) + name.slice(i + 1);
  }
  return `${name}s`;
}

/** A literal of a type the declared parameter type does not accept (javac decides whether it really does not). */
function wrongLiteral(paramType: string): string {
  if (/^(java\.lang\.)?(String|CharSequence)$/.test(paramType)) return '42';
  if (/^(int|long|short|byte|double|float|char|boolean)$|^java\.lang\.(Integer|Long|Short|Byte|Double|Float|Character|Boolean|Number)$/.test(paramType)) return '"x"';
  return paramType.endsWith('[]') ? '"x"' : '42';
}

/** AgentScope classes a call's result is cast to (javac decides whether the result may be one). */
const CAST_TARGETS = ['io.agentscope.core.message.TextBlock', 'io.agentscope.core.tool.Toolkit', 'io.agentscope.core.message.Msg', 'io.agentscope.core.model.ChatUsage', 'io.agentscope.core.message.ContentBlock'];

const BUILDER_NAMES = ['timeout', 'temperature', 'maxRetries', 'verbose', 'memorySize', 'apiKey', 'withName', 'setName'];

interface Arg {
  start: number;
  end: number;
  type: string;
}
function parseArgs(s: string): Arg[] {
  return s
    .split(',')
    .filter(Boolean)
    .map((a) => {
      const [st, en, ...t] = a.split(':');
      return { start: Number(st), end: Number(en), type: t.join(':') };
    });
}
function parseParams(s: string): string[] {
  return s.split(',').filter(Boolean);
}

function edit(content: string, start: number, end: number, text: string): string {
  return content.slice(0, start) + text + content.slice(end);
}

/** Every candidate mutant of one file, per category (not yet sampled). */
export function candidates(fileName: string, content: string, sites: Site[], isApi: (fqn: string) => boolean): Omit<Mutant, 'id'>[] {
  const out: Omit<Mutant, 'id'>[] = [];
  const add = (category: Category, text: string, what: string) => out.push({ category, file: fileName, content: text, what });
  sites.forEach((s, n) => {
    // a tree javac synthesized (the type of a `var` declaration) has no position: nothing to edit
    if (s.start < 0) return;
    const line = content.slice(0, s.start).split('\n').length;
    const at = `${fileName}:${line}`;
    switch (s.kind) {
      case 'call': {
        const [owner, isStatic, , paramsS, recv, close, argsS] = s.extra;
        if (!isApi(owner)) break;
        const args = parseArgs(argsS ?? '');
        const params = parseParams(paramsS ?? '');
        const closeAt = Number(close);
        add('method-typo', edit(content, s.start, s.end, typo(s.name, n)), `${at} ${s.name} -> ${typo(s.name, n)}`);
        if (/Builder$/.test(owner) && isStatic === 'false') {
          const b = BUILDER_NAMES[n % BUILDER_NAMES.length];
          add('builder-method', edit(content, s.start, s.end, b), `${at} ${s.name} -> ${b}`);
        }
        add('arity', args.length ? edit(content, closeAt, closeAt, ', null') : edit(content, closeAt, closeAt, 'null'), `${at} ${s.name}(.., null)`);
        if (args.length) {
          const i = n % args.length;
          const lit = wrongLiteral(params[Math.min(i, params.length - 1)] ?? '');
          add('arg-type', edit(content, args[i].start, args[i].end, lit), `${at} ${s.name} arg ${i + 1} -> ${lit}`);
        }
        if (isStatic === 'false' && recv?.startsWith('expr:')) {
          const [, rs, re] = recv.split(':').map(Number);
          add('static-call', edit(content, rs, re, owner), `${at} ${owner}.${s.name}(..)`);
        }
        // `.block()` written after a result that is no publisher (an int, a String, an AgentScope value)
        const ret = s.extra[7] ?? '';
        if (ret && !/^reactor\.core\.publisher\./.test(ret)) add('misplaced-block', edit(content, closeAt + 1, closeAt + 1, '.block()'), `${at} ${s.name}(..).block() on a ${ret}`);
        // the result, where it is a value (assigned, returned, an argument), cast to an AgentScope class it may not be
        const from = recv?.startsWith('expr:') ? Number(recv.split(':')[1]) : s.start;
        if (/(=|return|\(|,)\s*$/.test(content.slice(Math.max(0, from - 40), from)) && !/[=!<>]=\s*$/.test(content.slice(Math.max(0, from - 40), from))) {
          const to = CAST_TARGETS[n % CAST_TARGETS.length];
          add('cast-result', `${content.slice(0, from)}(${to}) ${content.slice(from)}`, `${at} (${to}) ${s.name}(..), a ${ret}`);
        }
        break;
      }
      case 'new': {
        if (!isApi(s.name)) break;
        const [, paramsS, close, argsS] = s.extra;
        const args = parseArgs(argsS ?? '');
        const params = parseParams(paramsS ?? '');
        const closeAt = Number(close);
        add('arity', args.length ? edit(content, closeAt, closeAt, ', null') : edit(content, closeAt, closeAt, 'null'), `${at} new ${s.name}(.., null)`);
        if (args.length) {
          const i = n % args.length;
          const lit = wrongLiteral(params[Math.min(i, params.length - 1)] ?? '');
          add('ctor-types', edit(content, args[i].start, args[i].end, lit), `${at} new ${s.name} arg ${i + 1} -> ${lit}`);
        }
        break;
      }
      case 'genvar': {
        const t = s.name === 'String' ? 'Integer' : 'String';
        add('generic-result', edit(content, s.start, s.end, t), `${at} <${s.name}> -> <${t}>`);
        break;
      }
      case 'typeref': {
        const t = typo(s.name, n);
        // `TextBlock.builder()`: the type as an expression's qualifier
        if (s.extra[0] === 'qualifier') add('qualifier-typo', edit(content, s.start, s.end, t), `${at} ${s.name}.. -> ${t}..`);
        else add('type-typo', edit(content, s.start, s.end, t), `${at} ${s.name} -> ${t}`);
        break;
      }
      case 'enum': {
        const t = typo(s.name, n);
        add('enum-constant', edit(content, s.start, s.end, t), `${at} ${s.name} -> ${t}`);
        break;
      }
      case 'annotation': {
        const [, elsS, requiredS] = s.extra;
        const els = elsS
          .split(',')
          .filter(Boolean)
          .map((e) => {
            const [name, st, en, vs, ve] = e.split(':');
            return { name, start: Number(st), end: Number(en), vs: Number(vs), ve: Number(ve) };
          });
        const required = requiredS.split(',').filter(Boolean);
        if (els.length) {
          const e = els[n % els.length];
          const t = typo(e.name, n);
          add('annotation-element', edit(content, e.start, e.start + e.name.length, t), `${at} @${s.name}(${e.name} -> ${t})`);
          const value = content.slice(e.vs, e.ve);
          const wrong = value.startsWith('"') ? 'true' : '"x"';
          add('annotation-element', edit(content, e.vs, e.ve, wrong), `${at} @${s.name}(${e.name} = ${wrong})`);
          const req = els.find((x) => required.includes(x.name));
          if (req) {
            // drop `name = "..."` together with one neighbouring comma
            const i = els.indexOf(req);
            const [st, en] = i + 1 < els.length ? [req.start, els[i + 1].start] : i > 0 ? [els[i - 1].end, req.end] : [req.start, req.end];
            add('annotation-element', edit(content, st, en, ''), `${at} @${s.name} without ${req.name}`);
          }
          const last = els[els.length - 1];
          add('annotation-element', edit(content, last.end, last.end, ', descripton = "x"'), `${at} @${s.name}(.., descripton = "x")`);
        }
        const moved = annotationMoves(content, s.start, s.end, s.extra[0]);
        for (const m of moved) add('annotation-target', m.content, `${at} @${s.name} ${m.what}`);
        break;
      }
      case 'override': {
        const [mustImpl, hasOverride, declStart] = s.extra;
        const nameAt = content.slice(s.start).search(/[A-Za-z_$]/) + s.start;
        if (hasOverride === 'true') {
          const t = typo(s.name, n);
          add('bad-override', edit(content, nameAt, nameAt + s.name.length, t), `${at} @Override ${s.name} -> ${t}`);
        }
        if (mustImpl === 'true') add('missing-impl', edit(content, Number(declStart), s.end, ''), `${at} ${s.name} removed`);
        // the return type's type arguments replaced (`Mono<ToolResultBlock>` -> `Mono<String>`)
        const args = typeArgumentsBefore(content, s.start);
        if (args) {
          const t = content.slice(args[0], args[1]).trim() === 'String' ? 'Integer' : 'String';
          add('override-return', edit(content, args[0], args[1], t), `${at} ${s.name} returns <${content.slice(args[0], args[1])}> -> <${t}>`);
        }
        break;
      }
      case 'lambda': {
        // each value the lambda returns replaced by a literal of another type, and a returned static
        // generic call given a wrong type witness (`Mono.just(x)` -> `Mono.<String>just(x)`)
        const expected = s.name;
        const [full, returnsS] = s.extra;
        const returns = returnsS.split(',').filter(Boolean).map((r) => r.split(':').map(Number));
        for (const [rs, re, witness] of returns) {
          const lits = /^java\.lang\.(String|CharSequence)$/.test(expected) ? ['42'] : /^(int|long|short|byte|double|float|char|boolean)$/.test(expected) ? ['"x"'] : ['"x"', '42'];
          for (const lit of lits) add('lambda-return', edit(content, rs, re, lit), `${at} lambda returning ${full}: ${content.slice(rs, re).split('\n')[0].slice(0, 60)} -> ${lit}`);
          if (witness >= 0) {
            const t = /<java\.lang\.String>$/.test(full) ? 'Integer' : 'String';
            add('lambda-return', edit(content, witness, witness, `<${t}>`), `${at} lambda returning ${full}: ${content.slice(rs, re).split('(')[0]}(..) -> .<${t}>`);
          }
        }
        break;
      }
      case 'inhvar': {
        // the call's receiver a user type that inherits or overrides the AgentScope method
        const t = s.name === 'String' ? 'Integer' : 'String';
        add('inherited-result', edit(content, s.start, s.end, t), `${at} <${s.name}> -> <${t}> on ${s.extra[0]} (${s.extra[1]})`);
        break;
      }
      case 'apirecv': {
        // the receiver cast to a user subtype declared in the file, the variable's type argument made wrong
        const [rs, re, decl] = [Number(s.extra[0]), Number(s.extra[1]), s.extra[2]];
        const t = s.name === 'String' ? 'Integer' : 'String';
        const withCast = edit(content, rs, re, `((${SUBTYPE}) ${content.slice(rs, re)})`);
        const sub = decl.replace(/%s/g, SUBTYPE);
        add('inherited-result', `${edit(withCast, s.start, s.end, t)}\n${sub}\n`, `${at} <${s.name}> -> <${t}> on ${sub.split(' {')[0]}`);
        break;
      }
      case 'import': {
        add('name-clash', `${content}\nclass ${s.name} {\n}\n`, `${at} class ${s.name} beside its import`);
        // the import's package misspelled (the type is not where the import says, as in another
        // version): javac reports the import and every use of the name
        const imp = content.slice(s.start, s.end);
        const m = /\.([a-z][\w$]*)\.[A-Z][\w$]*\s*;\s*$/.exec(imp);
        if (m) {
          const segAt = s.start + m.index + 1;
          const t = typo(m[1], n);
          if (t !== m[1]) add('import-typo', edit(content, segAt, segAt + m[1].length, t), `${at} import ..${m[1]}.${s.name} -> ${t}.${s.name}`);
        }
        break;
      }
    }
  });
  return out;
}

/** The last top-level type argument of the `<...>` that ends just before `end` (a return type's), if any: `Map<String, Object>` -> `Object`. */
function typeArgumentsBefore(content: string, end: number): [number, number] | undefined {
  let i = end - 1;
  while (i > 0 && /\s/.test(content[i])) i--;
  if (content[i] !== '>') return undefined;
  const close = i;
  let depth = 0;
  let from: number | undefined;
  for (; i >= 0; i--) {
    if (content[i] === '>') depth++;
    else if (content[i] === ',' && depth === 1) from ??= i + 1;
    else if (content[i] === '<' && --depth === 0) {
      const s = from ?? i + 1;
      const lead = content.slice(s, close).search(/\S/);
      return [s + Math.max(0, lead), close];
    } else if (/[;{}()=]/.test(content[i])) return undefined;
  }
  return undefined;
}

/**
 * The annotation at [start, end) moved to another kind of declaration: onto the enclosing class
 * declaration (`@Tool class X`), and for a method's annotation onto its first parameter.
 */
function annotationMoves(content: string, start: number, end: number, targetKind: string): { content: string; what: string }[] {
  const text = content.slice(start, end);
  const out: { content: string; what: string }[] = [];
  const before = content.slice(0, start);
  let cls: number | undefined;
  for (const m of before.matchAll(/(^|[^.\w$])(class|interface|enum|record)\s+[A-Za-z_$][\w$]*/g)) cls = m.index + m[1].length;
  if (cls !== undefined) out.push({ content: `${before.slice(0, cls)}${text} ${before.slice(cls)}${content.slice(end)}`, what: 'moved onto the class declaration' });
  if (targetKind === 'METHOD') {
    const open = content.indexOf('(', end);
    const first = open < 0 ? -1 : content.slice(open + 1).search(/\S/);
    if (open > 0 && first >= 0 && content[open + 1 + first] !== ')') {
      out.push({ content: `${before}${content.slice(end, open + 1)}${text} ${content.slice(open + 1)}`, what: 'moved onto the first parameter' });
    }
  }
  return out;
}

/** Deterministic sample: at most `perFile` mutants of a category from one file, `perCategory` in all, spread over the files. */
export function sample(all: Omit<Mutant, 'id'>[], perCategory: number, perFile: number): Mutant[] {
  const out: Mutant[] = [];
  for (const c of CATEGORIES) {
    const byFile = new Map<string, Omit<Mutant, 'id'>[]>();
    for (const m of all) if (m.category === c) byFile.set(m.file, [...(byFile.get(m.file) ?? []), m]);
    const picked: Omit<Mutant, 'id'>[] = [];
    // round robin over files, taking each file's mutants spread over its length
    const n = PER_FILE[c] ?? perFile;
    for (let round = 0; round < n && picked.length < perCategory; round++) {
      for (const [, ms] of byFile) {
        const k = Math.floor(((round * 2 + 1) * ms.length) / (2 * n));
        if (round < ms.length && k < ms.length && picked.length < perCategory) picked.push(ms[Math.min(k, ms.length - 1)]);
      }
    }
    picked.forEach((m, i) => out.push({ ...m, id: `${c}-${i}` }));
  }
  return out;
}
