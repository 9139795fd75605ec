/**
 * Validation and derivation of every name the CLI turns into Java or Maven coordinates.
 * Each validator returns `undefined` when the value is fine, or a Problem whose
 * `suggestion` (when there is one) is a corrected value that passes the same validator.
 */

/** JLS §3.9 keywords plus the literals true/false/null: never usable as identifiers. */
const JAVA_KEYWORDS: ReadonlySet<string> = new Set([
  'abstract', 'assert', 'boolean', 'break', 'byte', 'case', 'catch', 'char', 'class', 'const',
  'continue', 'default', 'do', 'double', 'else', 'enum', 'extends', 'final', 'finally', 'float',
  'for', 'goto', 'if', 'implements', 'import', 'instanceof', 'int', 'interface', 'long', 'native',
  'new', 'package', 'private', 'protected', 'public', 'return', 'short', 'static', 'strictfp',
  'super', 'switch', 'synchronized', 'this', 'throw', 'throws', 'transient', 'try', 'void',
  'volatile', 'while', '_', 'true', 'false', 'null',
]);

/** Contextual keywords that cannot name a type (JLS §3.9: var, yield, record, sealed, permits). */
const RESTRICTED_TYPE_NAMES: ReadonlySet<string> = new Set(['var', 'yield', 'record', 'sealed', 'permits']);

export interface Problem {
  message: string;
  suggestion?: string;
}

const IDENT = /^[\p{L}$_][\p{L}\p{N}$_]*$/u;

/**
 * JLS §6.1 conventions for turning a name into a package segment: lower case, any
 * character that cannot appear in an identifier (a hyphen, a dot inside the segment,
 * a space) becomes an underscore, a leading digit gets an underscore prefix, and a
 * keyword gets an underscore suffix.
 */
function toPackageSegment(raw: string): string {
  let s = raw.trim().toLowerCase().replace(/[^\p{L}\p{N}_$]/gu, '_').replace(/_+/g, '_');
  if (s === '' || s === '_') return '';
  if (/^\p{N}/u.test(s)) s = `_${s}`;
  if (JAVA_KEYWORDS.has(s)) s = `${s}_`;
  return s;
}

/** Validates a dotted Java package name; the suggestion fixes every bad segment. */
export function validatePackageName(name: string): Problem | undefined {
  if (!name.trim()) return { message: 'the package name is empty' };
  const segments = name.split('.');
  const bad: string[] = [];
  for (const seg of segments) {
    if (seg === '') bad.push('an empty segment (two dots, or a dot at an end)');
    else if (JAVA_KEYWORDS.has(seg)) bad.push(`"${seg}" is a Java keyword`);
    else if (/^\p{N}/u.test(seg)) bad.push(`"${seg}" starts with a digit`);
    else if (seg.includes('-')) bad.push(`"${seg}" contains a hyphen`);
    else if (!IDENT.test(seg)) bad.push(`"${seg}" is not a Java identifier`);
  }
  if (!bad.length) return undefined;
  const suggestion = segments.map(toPackageSegment).filter(Boolean).join('.');
  return {
    message: `invalid Java package "${name}": ${bad.join('; ')}`,
    suggestion: suggestion && validatePackageName(suggestion) === undefined ? suggestion : undefined,
  };
}

/** `com.example.demo` -> `com/example/demo` */
export function packagePath(packageName: string): string {
  return packageName.split('.').join('/');
}

/** Base package derived from Maven coordinates: groupId + artifactId, each segment made legal. */
export function derivePackageName(groupId: string, artifactId: string): string {
  const segs = [...groupId.split('.'), artifactId.replace(/[-.]+/g, '')].map(toPackageSegment).filter(Boolean);
  return segs.join('.');
}

/** Splits words on case changes, digits boundaries kept, and any non-alphanumeric run. */
function words(raw: string): string[] {
  return raw
    .replace(/([\p{Ll}\p{N}])(\p{Lu})/gu, '$1 $2')
    .replace(/(\p{Lu})(\p{Lu}\p{Ll})/gu, '$1 $2')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** The longest class name gen takes: its tool name (`toolNameFor`) stays within the 64 characters providers accept. */
const MAX_CLASS_NAME = 48;

/**
 * `weather tool`, `weather-tool`, `weatherTool` -> `WeatherTool`; accents folded to ASCII
 * (`Ünïcode` -> `Unicode`); a leading digit gets `My` (`123` -> `My123`). The result passes
 * validateClassName, or is '' when nothing usable is left.
 */
export function toClassName(raw: string): string {
  const s = words(foldToAscii(raw).replace(/[^A-Za-z0-9]+/g, ' '))
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join('')
    .slice(0, MAX_CLASS_NAME);
  if (!s) return '';
  const out = /^[0-9]/.test(s) ? `My${s}` : s;
  return JAVA_KEYWORDS.has(out) || RESTRICTED_TYPE_NAMES.has(out) ? `${out}_` : out;
}

/**
 * A class name gen writes: an ASCII Java identifier (its tool name must match the providers'
 * `[A-Za-z0-9_-]{1,64}`), not a restricted type name, UpperCamelCase, at most 48 characters.
 */
export function validateClassName(name: string): Problem | undefined {
  const fix = toClassName(name);
  const suggestion = fix && fix !== name && validateClassName(fix) === undefined ? fix : undefined;
  if (!name) return { message: 'the class name is empty' };
  if (JAVA_KEYWORDS.has(name) || RESTRICTED_TYPE_NAMES.has(name)) return { message: `"${name}" is a reserved word in Java and cannot name a class`, suggestion };
  if (!IDENT.test(name)) return { message: `"${name}" is not a Java identifier`, suggestion };
  if (!/^[A-Za-z0-9_$]+$/.test(name)) return { message: `class name "${name}" should use ASCII letters and digits only (the tool name the model sees must match [A-Za-z0-9_-])`, suggestion };
  if (!/^[A-Z]/.test(name)) return { message: `class name "${name}" should start with an upper-case letter`, suggestion };
  if (name.length > MAX_CLASS_NAME) return { message: `class name "${name}" is longer than ${MAX_CLASS_NAME} characters`, suggestion };
  return undefined;
}

/** A tool name as the model providers accept it (OpenAI, Anthropic: `^[A-Za-z0-9_-]{1,64}$`). */
export function validateToolName(name: string): Problem | undefined {
  if (/^[A-Za-z0-9_-]{1,64}$/.test(name)) return undefined;
  const fix = foldToAscii(name).replace(/[^A-Za-z0-9_-]+/g, '_').replace(/^_+|_+$/g, '').slice(0, 64);
  return { message: `tool name "${name}" must be 1 to 64 of A-Z, a-z, 0-9, "_" and "-" (what the model providers accept)`, suggestion: fix && fix !== name ? fix : undefined };
}

/** A directory (or file) name typed by the user: any text but control characters. */
export function validateDirectoryName(name: string): Problem | undefined {
  if (!name.trim()) return { message: 'the directory name is empty' };
  const control = /[\u0000-\u001f\u007f-\u009f]/g;
  if (!control.test(name)) return undefined;
  const fix = name.replace(control, '').trim();
  return { message: `${JSON.stringify(name)} contains control characters`, suggestion: fix || undefined };
}

const MAVEN_ID = /^[A-Za-z0-9_.-]+$/;

/** Maven's own rule for artifactId (`[A-Za-z0-9_\-.]+`); we also ask for lower case. */
export function validateArtifactId(id: string): Problem | undefined {
  if (!id) return { message: 'the artifactId is empty' };
  if (!MAVEN_ID.test(id) || /^[.-]/.test(id) || !/^[a-z0-9]/.test(id) || /[A-Z]/.test(id)) {
    const suggestion = toArtifactId(id);
    return {
      message: `invalid artifactId "${id}": use lower-case letters, digits, "-", "_" and "."; start with a letter or digit`,
      suggestion: suggestion && suggestion !== id ? suggestion : undefined,
    };
  }
  return undefined;
}

/** Latin letters that NFKD does not decompose into ASCII. */
const LATIN_FOLDS: Record<string, string> = { ß: 'ss', æ: 'ae', Æ: 'AE', œ: 'oe', Œ: 'OE', ø: 'o', Ø: 'O', đ: 'd', Đ: 'D', ł: 'l', Ł: 'L', þ: 'th', Þ: 'TH', ð: 'd', Ð: 'D' };

/** Latin letters with accents -> ASCII (`über` -> `uber`); other scripts are left as they are. */
function foldToAscii(raw: string): string {
  return raw
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/[ßæÆœŒøØđĐłŁþÞðÐ]/g, (c) => LATIN_FOLDS[c] ?? c);
}

/** A directory name or free text -> an artifactId (`My Agent!` -> `my-agent`, `Über` -> `uber`). */
export function toArtifactId(raw: string): string {
  return foldToAscii(raw)
    .replace(/([\p{Ll}\p{N}])(\p{Lu})/gu, '$1-$2')
    .toLowerCase()
    .replace(/[^a-z0-9_.-]+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^[-._]+|[-._]+$/g, '');
}

/** groupId: dotted segments of `[A-Za-z0-9_-]`; reverse-domain by convention. */
export function validateGroupId(id: string): Problem | undefined {
  if (!id) return { message: 'the groupId is empty' };
  const segs = id.split('.');
  if (segs.some((s) => !/^[A-Za-z0-9_-]+$/.test(s))) {
    const suggestion = id
      .toLowerCase()
      .split('.')
      .map((s) => s.replace(/[^a-z0-9_-]+/g, '-').replace(/^-+|-+$/g, ''))
      .filter(Boolean)
      .join('.');
    return {
      message: `invalid groupId "${id}": use dot-separated segments of letters, digits, "-" and "_" (e.g. com.example)`,
      suggestion: suggestion && suggestion !== id ? suggestion : undefined,
    };
  }
  return undefined;
}

/** Formats a Problem as one line: `message (did you mean "x"?)`. */
export function describeProblem(p: Problem, didYouMean = 'did you mean'): string {
  return p.suggestion ? `${p.message} (${didYouMean} "${p.suggestion}"?)` : p.message;
}
