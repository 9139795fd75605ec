import type { AnnotationUse, Member, Param, TypeDecl, TypeParam } from '../inventory/schema.js';

/** Shortens `java.util.List<io.agentscope.core.message.Msg>` to `List<Msg>` when asked. */
function typeText(t: string, short: boolean): string {
  return short ? t.replace(/\b(?:[a-z_][\w]*\.)+(?=[A-Z])/g, '') : t;
}

function typeParamsText(tps: TypeParam[] | undefined, short: boolean): string {
  if (!tps?.length) return '';
  return `<${tps.map((t) => (t.bounds.length ? `${t.name} extends ${t.bounds.map((b) => typeText(b, short)).join(' & ')}` : t.name)).join(', ')}>`;
}

/**
 * The annotations of a declaration as written: `@Override`, `@Tool(name = "x", description = "...")`,
 * `@Target(ElementType.METHOD)` (a lone `value` element unnamed), arguments from `annotationArgs`.
 */
export function annotationsText(names: string[] | undefined, uses: AnnotationUse[] | undefined): string[] {
  const pending = [...(uses ?? [])];
  return (names ?? []).map((name) => {
    const i = pending.findIndex((u) => u.name === name);
    if (i < 0) return `@${name}`;
    const { args } = pending.splice(i, 1)[0];
    const keys = Object.keys(args);
    return `@${name}(${keys.length === 1 && keys[0] === 'value' ? args.value : keys.map((k) => `${k} = ${args[k]}`).join(', ')})`;
  });
}

function paramText(p: Param, short: boolean, annotations = false): string {
  const type = p.varargs ? typeText(p.type.replace(/\[\]$/, ''), short) + '...' : typeText(p.type, short);
  const anns = annotations ? annotationsText(p.annotations, p.annotationArgs) : [];
  return `${anns.length ? anns.join(' ') + ' ' : ''}${type} ${p.name}`;
}

/**
 * One Java-like line for a member, e.g. `public static ToolResultBlock text(String text)`; with
 * `paramAnnotations` the parameters' annotations as written (`@ToolParam(name = "city") String city`).
 */
export function memberSignature(owner: TypeDecl, m: Member, short: boolean, paramAnnotations = false): string {
  const mods = m.modifiers.length ? m.modifiers.join(' ') + ' ' : '';
  const tps = typeParamsText(m.typeParams, short);
  const params = (m.params ?? []).map((p) => paramText(p, short, paramAnnotations)).join(', ');
  const throws = m.throws?.length ? ` throws ${m.throws.map((t) => typeText(t, short)).join(', ')}` : '';
  switch (m.kind) {
    case 'constructor':
      return `${mods}${tps ? tps + ' ' : ''}${owner.name}(${params})${throws}`;
    case 'method':
      return `${mods}${tps ? tps + ' ' : ''}${typeText(m.type ?? 'void', short)} ${m.name}(${params})${throws}`;
    case 'annotationElement':
      return `${typeText(m.type ?? '', short)} ${m.name}()${m.default !== undefined ? ` default ${m.default}` : ''}`;
    case 'enumConstant':
      return `${m.name}`;
    case 'field':
      return `${mods}${typeText(m.type ?? '', short)} ${m.name}`;
  }
}

export function typeSignature(t: TypeDecl, short: boolean): string {
  const mods = t.modifiers.length ? t.modifiers.join(' ') + ' ' : '';
  const kw = t.kind === 'annotation' ? '@interface' : t.kind;
  const name = short ? t.fqn.slice(t.package.length + 1) : t.fqn;
  const comps = t.recordComponents ? `(${t.recordComponents.map((p) => paramText(p, short)).join(', ')})` : '';
  const ext = t.extends.length ? ` extends ${t.extends.map((r) => typeText(r.resolved, short)).join(', ')}` : '';
  const impl = t.implements.length ? ` implements ${t.implements.map((r) => typeText(r.resolved, short)).join(', ')}` : '';
  return `${mods}${kw} ${name}${typeParamsText(t.typeParams, short)}${comps}${ext}${impl}`;
}

export function location(t: TypeDecl, line: number): string {
  return `${t.artifact}:${t.path}:${line}`;
}
