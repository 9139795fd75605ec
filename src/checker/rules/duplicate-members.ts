/**
 * AS025 duplicate-member: a class body declaring the same field, method or constructor twice
 * (JLS 8.3, 8.4.2, 8.8.2): a field's name again ("variable x is already defined in class C"), a method
 * or constructor with the same name and the same parameter types written the same way ("method m(Msg)
 * is already defined in class C"), as a method copied to a second place leaves it. javac reports the
 * later declaration, at its name. Parameter types are compared as written (generic arguments, arrays
 * and varargs included): two that could be one type written two ways are not judged, nor generic methods.
 * And a switch with the same case constant written twice (JLS 14.11.1, "duplicate case label"), or
 * two `default` labels: constants compared as written, so `1` and `0x1` are not judged.
 */
import type { SyntaxNode as Node } from '../analysis/syntax-tree.js';
import type { AnalyzerBase } from '../analysis/base.js';
import { field, kids } from '../analysis/syntax.js';

/** A method's or constructor's parameter types as written, whitespace dropped; undefined for a generic one. */
function signature(m: Node): string | undefined {
  if (field(m, 'type_parameters')) return undefined;
  const ps = field(m, 'parameters');
  const types: string[] = [];
  for (const p of ps ? kids(ps) : []) {
    if (p.type === 'receiver_parameter') continue;
    const t = p.type === 'spread_parameter' ? kids(p).find((k) => k.type !== 'modifiers' && k.type !== 'variable_declarator') : field(p, 'type');
    if (!t) return undefined;
    // (brackets after the name, `String args[]`: the same type as `String[] args`)
    const dims = field(p, 'dimensions')?.text ?? '';
    types.push(t.text.replace(/\s+/g, '') + dims.replace(/\s+/g, '') + (p.type === 'spread_parameter' ? '[]' : ''));
  }
  return types.join(',');
}

/** AS025 on a class body (the members of an enum's body after its constants included). */
export function checkDuplicateMembers(a: AnalyzerBase, body: Node) {
  const decl = body.parent;
  const cname = (decl && field(decl, 'name')?.text) ?? 'the anonymous class';
  const members = kids(body).flatMap((k) => (k.type === 'enum_body_declarations' ? kids(k) : [k]));
  // (most classes declare each method name once: signatures are read only for a name seen twice)
  const seen = new Set<string>();
  const repeated = new Set<string>();
  for (const m of members) {
    if (m.type !== 'method_declaration' && m.type !== 'constructor_declaration') continue;
    const n = m.type === 'constructor_declaration' ? '<init>' : (field(m, 'name')?.text ?? '');
    if (seen.has(n)) repeated.add(n);
    seen.add(n);
  }
  const fields = new Set<string>();
  const methods = new Set<string>();
  for (const m of members) {
    if (m.hasError) continue;
    if (m.type === 'field_declaration' || m.type === 'constant_declaration') {
      for (const d of kids(m)) {
        const n = d.type === 'variable_declarator' ? field(d, 'name') : null;
        if (!n) continue;
        if (fields.has(n.text)) a.report(n, 'AS025', `variable ${n.text} is already defined in class ${cname}`, `rename one of the two fields ${n.text}, or drop one`);
        fields.add(n.text);
      }
    } else if ((m.type === 'method_declaration' || m.type === 'constructor_declaration') && repeated.has(m.type === 'constructor_declaration' ? '<init>' : (field(m, 'name')?.text ?? ''))) {
      const n = field(m, 'name');
      const sig = signature(m);
      if (!n || sig === undefined) continue;
      const key = `${m.type === 'constructor_declaration' ? '<init>' : n.text}(${sig})`;
      if (methods.has(key)) {
        const what = m.type === 'constructor_declaration' ? 'constructor' : 'method';
        a.report(n, 'AS025', `${what} ${n.text}(${sig.replace(/,/g, ', ')}) is already defined in class ${cname}`, `drop one of the two, or give one other parameters`);
      }
      methods.add(key);
    }
  }
}

/** AS025 on a switch's body: a case constant (an enum constant's name, a literal, a constant's name) written twice, or a second `default`. */
export function checkDuplicateLabels(a: AnalyzerBase, body: Node) {
  const seen = new Set<string>();
  let defaults = 0;
  for (const group of kids(body)) {
    for (const label of kids(group)) {
      if (label.type !== 'switch_label') continue;
      const values = kids(label);
      if (!values.length && label.text.trim().startsWith('default') && ++defaults > 1) a.report(label, 'AS025', 'duplicate default label', 'drop one of the default labels');
      for (const v of values) {
        // (patterns and null are not constants; a qualified or parenthesized name may be one written otherwise)
        if (v.type !== 'identifier' && (!/literal$/.test(v.type) || v.type === 'null_literal')) continue;
        const key = v.type === 'string_literal' ? v.text : v.text.replace(/\s+/g, '');
        if (!seen.has(key)) seen.add(key);
        else a.report(v, 'AS025', `duplicate case label: ${v.text} is a label of this switch already`, 'merge the two cases, or drop one');
      }
    }
  }
}
