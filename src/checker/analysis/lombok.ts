/**
 * What Lombok changes that the source does not show. Its annotation processor runs inside javac
 * and adds members to the annotated class itself (getters, setters, `builder()`, `withX`, a `log`
 * field, delegates), and `val`/`var` declare locals of the initializer's type. javac compiling a
 * project with Lombok on its classpath accepts calls of those members, so the checker must not
 * judge a member lookup that such a member could answer.
 */
import type { SyntaxNode as Node } from './syntax-tree.js';
import type { FileUnit, SourceClass } from './model.js';
import { kids } from './syntax.js';

const LOMBOK = 'lombok';
/** java.lang's annotation types: never Lombok's, even under `import lombok.*` */
const JAVA_LANG_ANNOTATIONS = new Set(['Override', 'Deprecated', 'SuppressWarnings', 'FunctionalInterface', 'SafeVarargs']);

function inLombok(qualified: string): boolean {
  return qualified === LOMBOK || qualified.startsWith(`${LOMBOK}.`);
}

/** Does the simple or qualified type name `name`, written in `unit`, name a type of Lombok's? */
function namesLombokType(name: string, unit: FileUnit): boolean {
  if (name.includes('.')) return inLombok(name);
  const single = unit.imports.single.get(name);
  if (single !== undefined) return inLombok(single);
  return !JAVA_LANG_ANNOTATIONS.has(name) && unit.imports.onDemand.some(inLombok);
}

/**
 * Does the declaration `decl` (a class, a field, a method) carry a Lombok annotation among its
 * modifiers (one of `only`, by simple name, when given)?
 */
export function hasLombokAnnotation(decl: Node, unit: FileUnit, only?: string): boolean {
  const names = lombokAnnotations(decl, unit);
  return only === undefined ? names.length > 0 : names.includes(only);
}

/** The simple names of the Lombok annotations among the modifiers of `decl`. */
function lombokAnnotations(decl: Node, unit: FileUnit): string[] {
  const mods = kids(decl).find((k) => k.type === 'modifiers');
  const out: string[] = [];
  for (const m of mods ? kids(mods) : []) {
    if (m.type !== 'marker_annotation' && m.type !== 'annotation') continue;
    const name = kids(m).find((k) => k.type === 'identifier' || k.type === 'scoped_identifier');
    if (!name) continue;
    const written = name.text.replace(/\s+/g, '');
    if (namesLombokType(written, unit)) out.push(written.slice(written.lastIndexOf('.') + 1));
  }
  return out;
}

/**
 * Lombok annotations that add no method: a logger field (`@Slf4j`: `log`, or the name lombok.config
 * gives) or constructors. A class with only these still has every method its source shows.
 */
const FIELDS_OR_CONSTRUCTORS = new Set(['Slf4j', 'XSlf4j', 'Log', 'Log4j', 'Log4j2', 'CommonsLog', 'Flogger', 'JBossLog', 'CustomLog', 'NoArgsConstructor', 'AllArgsConstructor', 'RequiredArgsConstructor']);

/**
 * What Lombok adds to the class `decl`: 'members' (methods may be among them: `@Data`, `@Getter`,
 * `@Builder`, ...), 'fields' (only a logger field or constructors), or 'none'.
 */
export function lombokAdds(decl: Node, unit: FileUnit): 'members' | 'fields' | 'none' {
  const names = lombokAnnotations(decl, unit);
  return !names.length ? 'none' : names.every((n) => FIELDS_OR_CONSTRUCTORS.has(n)) ? 'fields' : 'members';
}

/**
 * May Lombok have given class `sc` a field `name`? Its one field is a logger (`log`, or the name
 * lombok.config gives, which tells of a log): any name in a class whose Lombok annotations may add
 * other members, only a logger-like one in a class with a logger or constructor annotation alone.
 */
export function mayBeLombokField(name: string, sc: Pick<SourceClass, 'generatedFields' | 'generatedMembers'>): boolean {
  return sc.generatedMembers || (sc.generatedFields && /log/i.test(name));
}

/** Is the declared type `tn` of a local one the initializer decides: Java's `var`, or Lombok's `val`/`var`? */
export function inferredLocalType(tn: Node | null | undefined, unit: FileUnit): boolean {
  if (!tn) return false;
  if (tn.type === 'type_identifier') return tn.text === 'var' || (tn.text === 'val' && namesLombokType('val', unit));
  if (tn.type !== 'scoped_type_identifier') return false;
  const q = tn.text.replace(/\s+/g, '');
  return q === 'lombok.val' || q === 'lombok.var' || q === 'lombok.experimental.var';
}
