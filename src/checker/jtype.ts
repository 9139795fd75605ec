/**
 * A small model of Java types, enough to follow builder chains and generic returns.
 * Types come from two places: inventory type strings (`reactor.core.publisher.Mono<io.agentscope.core.message.Msg>`)
 * and source type nodes resolved by the analyzer. Anything we cannot model is `unknown`,
 * which the checker treats as "do not judge".
 */
export type JType =
  | { k: 'class'; fqn: string; args: JType[] }
  | { k: 'tv'; name: string }
  | { k: 'prim'; name: string }
  | { k: 'array'; elem: JType }
  | { k: 'wild'; bound?: JType; sup?: boolean }
  | { k: 'unknown' };

export const UNKNOWN: JType = { k: 'unknown' };
const PRIMITIVES = new Set(['boolean', 'byte', 'char', 'short', 'int', 'long', 'float', 'double', 'void']);

export function cls(fqn: string, args: JType[] = []): JType {
  return { k: 'class', fqn, args };
}

/** Parses an inventory type string. Never throws: malformed text becomes `unknown`. */
export function parseTypeString(s: string, typeVars: ReadonlySet<string> = new Set()): JType {
  let i = 0;
  const src = s.trim();
  function ws() {
    while (i < src.length && src[i] === ' ') i++;
  }
  function one(): JType {
    ws();
    // annotations written in type position (`@Nullable String`)
    while (src[i] === '@') {
      while (i < src.length && src[i] !== ' ') i++;
      ws();
    }
    if (src[i] === '?') {
      i++;
      ws();
      if (src.startsWith('extends', i)) {
        i += 7;
        return { k: 'wild', bound: one() };
      }
      if (src.startsWith('super', i)) {
        i += 5;
        return { k: 'wild', bound: one(), sup: true };
      }
      return { k: 'wild' };
    }
    let name = '';
    while (i < src.length && /[\w$.]/.test(src[i])) name += src[i++];
    if (!name) throw new Error('bad type');
    let t: JType;
    ws();
    if (src[i] === '<') {
      i++;
      const args: JType[] = [];
      for (;;) {
        args.push(one());
        ws();
        if (src[i] === ',') {
          i++;
          continue;
        }
        if (src[i] === '>') {
          i++;
          break;
        }
        throw new Error('bad type args');
      }
      // Outer<A>.Inner: keep the inner name, drop outer args (rare in the API)
      ws();
      if (src[i] === '.') {
        i++;
        let rest = '';
        while (i < src.length && /[\w$.]/.test(src[i])) rest += src[i++];
        t = cls(`${name}.${rest}`);
      } else {
        t = cls(name, args);
      }
    } else if (PRIMITIVES.has(name)) {
      t = { k: 'prim', name };
    } else if (typeVars.has(name) || /^[A-Z][A-Z0-9]?$/.test(name)) {
      t = { k: 'tv', name };
    } else {
      t = cls(name);
    }
    ws();
    while (src.startsWith('[]', i) || src.startsWith('...', i)) {
      i += src[i] === '[' ? 2 : 3;
      t = { k: 'array', elem: t };
      ws();
    }
    return t;
  }
  try {
    const t = one();
    ws();
    return i === src.length ? t : UNKNOWN;
  } catch {
    return UNKNOWN;
  }
}

export function typeToString(t: JType): string {
  switch (t.k) {
    case 'class':
      return t.args.length ? `${t.fqn}<${t.args.map(typeToString).join(', ')}>` : t.fqn;
    case 'tv':
      return t.name;
    case 'prim':
      return t.name;
    case 'array':
      return `${typeToString(t.elem)}[]`;
    case 'wild':
      return t.bound ? `? ${t.sup ? 'super' : 'extends'} ${typeToString(t.bound)}` : '?';
    default:
      return '?unknown';
  }
}

/** The element type of an array type, through every dimension (`Msg` of `Msg[][]`); any other type itself. */
export function innermost(t: JType): JType {
  while (t.k === 'array') t = t.elem;
  return t;
}

/** Simple display name: io.agentscope.core.ReActAgent.Builder -> ReActAgent.Builder when known. */
export function shortName(fqn: string): string {
  const parts = fqn.split('.');
  const firstUpper = parts.findIndex((p) => /^[A-Z]/.test(p));
  return firstUpper >= 0 ? parts.slice(firstUpper).join('.') : fqn;
}

export function substitute(t: JType, map: ReadonlyMap<string, JType>): JType {
  if (map.size === 0) return t;
  switch (t.k) {
    case 'tv':
      return map.get(t.name) ?? t;
    case 'class':
      return t.args.length ? { k: 'class', fqn: t.fqn, args: t.args.map((a) => substitute(a, map)) } : t;
    case 'array':
      return { k: 'array', elem: substitute(t.elem, map) };
    case 'wild':
      return t.bound ? { k: 'wild', bound: substitute(t.bound, map), sup: t.sup } : t;
    default:
      return t;
  }
}

/** A wildcard or leftover type variable used as a value type: take the upper bound if any, else unknown. */
export function asValueType(t: JType): JType {
  if (t.k === 'wild') return t.bound && !t.sup ? asValueType(t.bound) : UNKNOWN;
  if (t.k === 'tv') return UNKNOWN;
  return t;
}

/** Erasure for signature comparison; undefined when the erasure depends on something unknown. */
export function erasure(t: JType): string | undefined {
  switch (t.k) {
    case 'class':
      return t.fqn;
    case 'prim':
      return t.name;
    case 'array': {
      const e = erasure(t.elem);
      return e === undefined ? undefined : `${e}[]`;
    }
    default:
      return undefined;
  }
}
