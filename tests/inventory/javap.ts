/**
 * Cross-check helpers: the public/protected constructors and methods of a binary jar according
 * to `javap -protected -s`, and the same members of an Inventory, both as erased signatures
 * `Owner#name(p1,p2)` with JVM binary type names converted to canonical dots.
 */
import { execFileSync } from 'node:child_process';
import { unzipSync } from 'fflate';
import { readFileSync } from 'node:fs';
import type { Inventory, TypeDecl } from '../../src/inventory/schema.js';

interface BinaryMember {
  /** Binary name of the declaring class (`a.b.Outer$Inner`). */
  owner: string;
  name: string;
  /** Erased parameter types from the descriptor, canonical (`a.b.Outer.Inner`, `int[]`). */
  params: string[];
  line: string;
  ctor: boolean;
  /** ACC_SYNTHETIC (bridges and other compiler-made members); from `javap -v` flags. */
  synthetic: boolean;
}

export interface BinaryClass {
  binaryName: string;
  header: string;
  isPublic: boolean;
  members: BinaryMember[];
}

const PRIM: Record<string, string> = { B: 'byte', C: 'char', D: 'double', F: 'float', I: 'int', J: 'long', S: 'short', Z: 'boolean', V: 'void' };

/** `(Ljava/util/List;[I)V` -> ['java.util.List', 'int[]'] ($ -> .). */
function descriptorParams(desc: string): string[] {
  const inner = desc.slice(desc.indexOf('(') + 1, desc.indexOf(')'));
  const out: string[] = [];
  let i = 0;
  while (i < inner.length) {
    let dims = 0;
    while (inner[i] === '[') {
      dims++;
      i++;
    }
    let t: string;
    if (inner[i] === 'L') {
      const end = inner.indexOf(';', i);
      t = inner.slice(i + 1, end).replace(/\//g, '.').replace(/\$/g, '.');
      i = end + 1;
    } else {
      t = PRIM[inner[i]];
      i++;
    }
    out.push(t + '[]'.repeat(dims));
  }
  return out;
}

/** Parses `javap -protected -s -v` output (constant pools and code are skipped). */
function parseJavap(output: string): BinaryClass[] {
  const classes: BinaryClass[] = [];
  let cur: BinaryClass | undefined;
  let pending: string | undefined;
  let last: BinaryMember | undefined;
  for (const raw of output.split('\n')) {
    const line = raw.replace(/\s+$/, '');
    if (!line.startsWith(' ') && !line.startsWith('Classfile ') && !line.startsWith('Compiled from')) {
      const header = /^(?:[a-z-]+ )*(?:class|interface) ([\w.$]+)/.exec(line);
      if (header) {
        cur = { binaryName: header[1], header: line.replace(/\s*\{$/, ''), isPublic: line.startsWith('public '), members: [] };
        classes.push(cur);
        pending = undefined;
        last = undefined;
      }
      continue;
    }
    if (!cur) continue;
    const m = /^ {2}(\S.*);$/.exec(line);
    if (m) {
      pending = m[1];
      last = undefined;
      continue;
    }
    const d = /^ {4}descriptor: (.*)$/.exec(line);
    if (d && pending) {
      const desc = d[1];
      if (desc.startsWith('(') && !pending.includes('static {}')) {
        const paren = pending.indexOf('(');
        const name = /([\w$.]+)$/.exec(pending.slice(0, paren))?.[1] ?? '';
        const ctor = name.includes('.');
        last = { owner: cur.binaryName, name: ctor ? '<init>' : name, params: descriptorParams(desc), line: pending, ctor, synthetic: false };
        cur.members.push(last);
      }
      pending = undefined;
      continue;
    }
    const f = /^ {4}flags: (.*)$/.exec(line);
    if (f && last) {
      last.synthetic = /ACC_SYNTHETIC/.test(f[1]);
      last = undefined;
    }
  }
  return classes;
}

/** Runs javap over every class of a jar (module-info excluded). */
export function javapJar(jarPath: string): BinaryClass[] {
  const names = Object.keys(unzipSync(new Uint8Array(readFileSync(jarPath)), { filter: (f) => f.name.endsWith('.class') && !f.name.endsWith('module-info.class') }))
    .map((p) => p.slice(0, -'.class'.length).replace(/\//g, '.'))
    .sort();
  const out: BinaryClass[] = [];
  for (let i = 0; i < names.length; i += 200) {
    const text = execFileSync('javap', ['-protected', '-s', '-v', '-cp', jarPath, ...names.slice(i, i + 200)], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
    out.push(...parseJavap(text));
  }
  return out;
}

/** Erasure of an inventory type string, given the bounds of the type variables in scope. */
function eraseType(type: string, vars: Map<string, string[]>, depth = 0): string {
  let t = type.replace(/\.\.\.$/, '[]');
  let base = '';
  let level = 0;
  for (const ch of t) {
    if (ch === '<') level++;
    else if (ch === '>') level--;
    else if (level === 0) base += ch;
  }
  t = base.replace(/\s+/g, '');
  const dims = (t.match(/\[\]/g) ?? []).length;
  const name = t.replace(/(\[\])+$/, '');
  const bounds = vars.get(name);
  if (bounds && depth < 5) {
    const first = bounds[0];
    return (first ? eraseType(first, vars, depth + 1).replace(/(\[\])+$/, '') : 'java.lang.Object') + '[]'.repeat(dims);
  }
  return name + '[]'.repeat(dims);
}

export interface InventoryMember {
  type: TypeDecl;
  name: string;
  params: string[];
  generated?: string;
}

/** Constructors, methods and annotation elements of the inventory, erased, keyed by binary owner. */
export function inventoryMembers(inv: Inventory, artifact?: string): Map<string, InventoryMember[]> {
  const byFqn = new Map(inv.types.map((t) => [t.fqn, t]));
  const out = new Map<string, InventoryMember[]>();
  for (const t of inv.types) {
    if (artifact && t.artifact !== artifact) continue;
    const typeVars = new Map<string, string[]>();
    for (let o: TypeDecl | undefined = t; o; o = o.outer ? byFqn.get(o.outer) : undefined) {
      for (const p of o.typeParams) if (!typeVars.has(p.name)) typeVars.set(p.name, p.bounds);
    }
    const list: InventoryMember[] = [];
    for (const m of t.members) {
      if (m.kind !== 'constructor' && m.kind !== 'method' && m.kind !== 'annotationElement') continue;
      const vars = new Map(typeVars);
      for (const p of m.typeParams ?? []) vars.set(p.name, p.bounds);
      list.push({ type: t, name: m.kind === 'constructor' ? '<init>' : m.name, params: (m.params ?? []).map((p) => eraseType(p.type, vars)), generated: m.generated });
    }
    out.set(t.binaryName, list);
  }
  return out;
}

export const sig = (name: string, params: string[]) => `${name}(${params.join(',')})`;
