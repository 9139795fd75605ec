/**
 * Pass 1 of the analyzer: the declarations of every checked file (package, imports, classes with
 * their fields, methods and member types), so that a project's own types resolve in pass 2.
 */
import type { TypeDecl } from '../../inventory/schema.js';
import { hasLombokAnnotation, lombokAdds } from './lombok.js';
import type { FileUnit, SourceClass } from './model.js';
import { asNode, type PositionMap, type SnapNode, snapshot } from './snapshot.js';
import { Lines, type SyntaxNode as Node, type SyntaxTree as Tree } from './syntax-tree.js';
import { CLASS_DECLS, field, kids, recordComponent } from './syntax.js';

/** The parts of a source class that point into a syntax tree. */
type TreeParts = Pick<SourceClass, 'node' | 'fieldNodes' | 'methodNodes' | 'ctorNodes'>;

/** Names of the methods a declaration exposes beyond its package (public or protected; an interface's non-private ones). */
function exposedSourceMethods(sc: SourceClass): Set<string> {
  const out = new Set<string>();
  for (const [name, nodes] of sc.methodNodes) {
    for (const m of nodes) {
      if (m.type !== 'method_declaration' && m.type !== 'annotation_type_element_declaration') continue; // record components
      const mods = kids(m).find((k) => k.type === 'modifiers')?.text ?? '';
      if (sc.kind === 'interface' || sc.kind === 'annotation' ? !/\bprivate\b/.test(mods) : /\b(public|protected)\b/.test(mods)) out.add(name);
    }
  }
  return out;
}

function exposedInventoryMethods(decl: TypeDecl): Set<string> {
  const out = new Set<string>();
  const iface = decl.kind === 'interface' || decl.kind === 'annotation';
  for (const m of decl.members) {
    if ((m.kind !== 'method' && m.kind !== 'annotationElement') || m.generated) continue;
    if (iface ? !m.modifiers.includes('private') : m.modifiers.includes('public') || m.modifiers.includes('protected')) out.add(m.name);
  }
  return out;
}

/**
 * Is the source class `sc` another type than the inventory's declaration of the same qualified
 * name? Then, as javac compiling these sources sees it, the source's declaration is the type and
 * the inventory's is hidden. A source that is the inventory's own declaration (the library's
 * code, checked with its inventory) agrees: same kind, same exposed method names.
 */
export function replacesInventoryType(sc: SourceClass, decl: TypeDecl): boolean {
  if (decl.kind !== sc.kind) return true;
  const a = exposedSourceMethods(sc);
  const b = exposedInventoryMethods(decl);
  if (a.size !== b.size) return true;
  for (const n of a) if (!b.has(n)) return true;
  return false;
}

export class SourceDeclarations {
  readonly srcByFqn = new Map<string, SourceClass>();
  /** Qualified names two or more classes of the run declare (modules of a reactor, a test's stand-in): srcByFqn holds only the last. */
  readonly declaredAgain = new Set<string>();
  readonly srcByPkg = new Map<string, Map<string, SourceClass>>();
  readonly srcPackages = new Set<string>();
  readonly classOfNode = new Map<number, SourceClass>();
  /** Every class declared, in file order: two modules may declare the same qualified name. */
  readonly allClasses: SourceClass[] = [];

  addFile(path: string, content: string, tree: Tree): FileUnit | undefined {
    const root = tree.rootNode;
    const unit: FileUnit = {
      path,
      content,
      tree,
      pkg: '',
      imports: { single: new Map(), staticSingle: new Map(), staticOnDemand: [], onDemand: [] },
      classes: [],
    };
    for (const c of kids(root)) {
      if (c.type === 'package_declaration') {
        const n = kids(c).find((k) => k.type === 'scoped_identifier' || k.type === 'identifier');
        if (n) unit.pkg = n.text.replace(/\s+/g, '');
      } else if (c.type === 'import_declaration') {
        const isStatic = c.children.some((k) => k?.type === 'static');
        const star = c.children.some((k) => k?.type === 'asterisk');
        const n = kids(c).find((k) => k.type === 'scoped_identifier' || k.type === 'identifier');
        if (!n) continue;
        const name = n.text.replace(/\s+/g, '');
        if (isStatic && star) unit.imports.staticOnDemand.push(name);
        else if (isStatic) {
          const i = name.lastIndexOf('.');
          const list = unit.imports.staticSingle.get(name.slice(i + 1)) ?? [];
          list.push(name.slice(0, i));
          unit.imports.staticSingle.set(name.slice(i + 1), list);
        } else if (star) unit.imports.onDemand.push(name);
        else unit.imports.single.set(name.slice(name.lastIndexOf('.') + 1), name);
      } else if (CLASS_DECLS.has(c.type)) {
        this.collectClass(c, unit, undefined);
      }
    }
    this.srcPackages.add(unit.pkg);
    return unit;
  }

  /**
   * After pass 1 of `unit`: its classes point at detached copies of their declarations
   * (snapshot.ts) instead of the tree, which the caller may then delete. `map`: the tree was
   * parsed from the file's skeleton (skeleton.ts), whose positions map to the text's.
   */
  freeze(unit: FileUnit, map?: PositionMap) {
    const copies = new Map<number, SnapNode>();
    const lines = new Lines(unit.content);
    const copy = (n: Node): Node => {
      const hit = copies.get(n.id);
      return asNode(hit ?? snapshot(n, lines, copies, map));
    };
    for (const sc of unit.classes) {
      this.classOfNode.delete(sc.node.id);
      const node = copy(sc.node);
      const fieldNodes: SourceClass['fieldNodes'] = new Map();
      for (const [name, f] of sc.fieldNodes) {
        if (f.dims === -1) fieldNodes.set(name, { type: node, dims: -1 });
        else {
          // a field's type is copied with its declaration (the modifiers are read through its parent)
          if (!copies.has(f.type.id) && f.type.parent) copy(f.type.parent);
          fieldNodes.set(name, { type: copy(f.type), dims: f.dims });
        }
      }
      const methodNodes: SourceClass['methodNodes'] = new Map();
      for (const [name, ms] of sc.methodNodes) methodNodes.set(name, ms.map(copy));
      Object.assign(sc, { node, fieldNodes, methodNodes, ctorNodes: sc.ctorNodes.map(copy) } satisfies TreeParts);
    }
    unit.tree = undefined;
  }

  /**
   * Pass 2 of `unit` on `tree` (its text parsed again): its classes point into the live tree until
   * the returned function puts the copies back. Undefined (nothing rebound) when the text declares
   * other things than pass 1 took from it: a tree parsed from the file's skeleton (skeleton.ts)
   * can differ where the skeleton left the grammar's reading of the text.
   */
  rebind(unit: FileUnit, tree: Tree): (() => void) | undefined {
    const live = new SourceDeclarations().addFile(unit.path, unit.content, tree);
    if (!live || !sameDeclarations(unit, live)) return undefined;
    const frozen: TreeParts[] = [];
    unit.classes.forEach((sc, i) => {
      const l = live.classes[i];
      frozen.push({ node: sc.node, fieldNodes: sc.fieldNodes, methodNodes: sc.methodNodes, ctorNodes: sc.ctorNodes });
      Object.assign(sc, { node: l.node, fieldNodes: l.fieldNodes, methodNodes: l.methodNodes, ctorNodes: l.ctorNodes } satisfies TreeParts);
      this.classOfNode.set(l.node.id, sc);
    });
    unit.tree = tree;
    return () => {
      unit.classes.forEach((sc, i) => {
        this.classOfNode.delete(sc.node.id);
        Object.assign(sc, frozen[i]);
      });
      unit.tree = undefined;
    };
  }

  collectClass(node: Node, unit: FileUnit, outer: SourceClass | undefined): void {
    const nameNode = field(node, 'name');
    if (!nameNode) return;
    const name = nameNode.text;
    const fqn = outer ? `${outer.fqn}.${name}` : unit.pkg ? `${unit.pkg}.${name}` : name;
    const lombok = lombokAdds(node, unit);
    const sc: SourceClass = {
      fqn,
      name,
      pkg: unit.pkg,
      kind: node.type.replace('_declaration', '').replace('annotation_type', 'annotation'),
      node,
      unit,
      outer,
      typeParams: [],
      fieldNodes: new Map(),
      methodNodes: new Map(),
      nested: new Map(),
      hasCtor: false,
      ctorNodes: [],
      generatedMembers: lombok === 'members',
      generatedFields: lombok !== 'none',
    };
    const tps = field(node, 'type_parameters');
    if (tps) for (const tp of kids(tps)) sc.typeParams.push(kids(tp).find((k) => k.type === 'type_identifier' || k.type === 'identifier')?.text ?? '');
    if (node.type === 'record_declaration') {
      const params = field(node, 'parameters');
      for (const p of params ? kids(params) : []) {
        const c = recordComponent(p);
        if (!c) continue;
        // a variable-arity component (`Pattern... nested`) is an array field
        sc.fieldNodes.set(c.name.text, { type: c.type, dims: c.varargs ? 1 : 0 });
        const list = sc.methodNodes.get(c.name.text) ?? [];
        list.push(p);
        sc.methodNodes.set(c.name.text, list);
      }
    }
    unit.classes.push(sc);
    this.allClasses.push(sc);
    if (this.srcByFqn.has(fqn)) this.declaredAgain.add(fqn);
    this.srcByFqn.set(fqn, sc);
    this.classOfNode.set(node.id, sc);
    if (!outer) {
      let m = this.srcByPkg.get(unit.pkg);
      if (!m) this.srcByPkg.set(unit.pkg, (m = new Map()));
      m.set(name, sc);
    } else outer.nested.set(name, fqn);
    const body = field(node, 'body');
    if (!body) return;
    this.collectBody(body, sc, unit);
  }

  collectBody(body: Node, sc: SourceClass, unit: FileUnit) {
    for (const m of kids(body)) {
      if (m.type === 'enum_body_declarations') {
        this.collectBody(m, sc, unit);
      } else if (m.type === 'enum_constant') {
        const n = field(m, 'name');
        if (n) sc.fieldNodes.set(n.text, { type: sc.node, dims: -1 });
      } else if (m.type === 'field_declaration' || m.type === 'constant_declaration') {
        if (!sc.generatedMembers && hasLombokAnnotation(m, unit)) sc.generatedMembers = sc.generatedFields = true;
        const t = field(m, 'type');
        for (const d of kids(m).filter((k) => k.type === 'variable_declarator')) {
          const n = field(d, 'name');
          const dn = field(d, 'dimensions');
          if (t && n) sc.fieldNodes.set(n.text, { type: t, dims: dn ? (dn.text.match(/\[/g) ?? []).length : 0 });
        }
      } else if (m.type === 'method_declaration' || m.type === 'annotation_type_element_declaration') {
        const n = field(m, 'name');
        if (n) {
          const list = sc.methodNodes.get(n.text) ?? [];
          list.push(m);
          sc.methodNodes.set(n.text, list);
        }
      } else if (m.type === 'constructor_declaration' || m.type === 'compact_constructor_declaration') {
        sc.hasCtor = true;
        if (m.type === 'constructor_declaration') sc.ctorNodes.push(m);
      } else if (CLASS_DECLS.has(m.type)) {
        this.collectClass(m, unit, sc);
      }
    }
  }
}

/** The same node by type and place (a frozen copy against a live node). */
function sameNode(a: Node, b: Node): boolean {
  return a.type === b.type && a.startIndex === b.startIndex && a.endIndex === b.endIndex;
}

function sameNodeLists(a: Node[], b: Node[]): boolean {
  return a.length === b.length && a.every((n, i) => sameNode(n, b[i]));
}

function sameEntries<V>(a: Map<string, V>, b: Map<string, V>, same: (x: V, y: V) => boolean): boolean {
  if (a.size !== b.size) return false;
  for (const [k, v] of a) {
    const w = b.get(k);
    if (w === undefined || !same(v, w)) return false;
  }
  return true;
}

const sameString = (x: string, y: string) => x === y;
const sameStrings = (x: string[], y: string[]) => x.length === y.length && x.every((v, i) => v === y[i]);

/** Do pass 1's declarations of a file (`frozen`) and those read from its live tree agree, class by class, declaration by declaration? */
function sameDeclarations(frozen: FileUnit, live: FileUnit): boolean {
  const [fi, li] = [frozen.imports, live.imports];
  if (frozen.pkg !== live.pkg || frozen.classes.length !== live.classes.length) return false;
  if (!sameEntries(fi.single, li.single, sameString) || !sameEntries(fi.staticSingle, li.staticSingle, sameStrings)) return false;
  if (!sameStrings(fi.onDemand, li.onDemand) || !sameStrings(fi.staticOnDemand, li.staticOnDemand)) return false;
  return frozen.classes.every((a, i) => {
    const b = live.classes[i];
    return (
      a.fqn === b.fqn &&
      a.kind === b.kind &&
      a.hasCtor === b.hasCtor &&
      a.generatedMembers === b.generatedMembers &&
      a.generatedFields === b.generatedFields &&
      a.outer?.fqn === b.outer?.fqn &&
      sameNode(a.node, b.node) &&
      sameStrings(a.typeParams, b.typeParams) &&
      sameEntries(a.nested, b.nested, sameString) &&
      sameEntries(a.fieldNodes, b.fieldNodes, (x, y) => x.dims === y.dims && sameNode(x.type, y.type)) &&
      sameEntries(a.methodNodes, b.methodNodes, sameNodeLists) &&
      sameNodeLists(a.ctorNodes, b.ctorNodes)
    );
  });
}
