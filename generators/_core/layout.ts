/**
 * When a rendered Java template can be written as it is, without prettier-java.
 *
 * The Java templates are written so that their output is what prettier-java prints
 * (printWidth 100, tabWidth 4) for every combination of flavor, agent kind, providers, features
 * and language. What can still move prettier's line breaks is the width of a value the user chose
 * (a class name, the system prompt, a model id): tests/generators/formatted.test.ts renders every
 * combination with each such value at the narrow and at the wide end of its range below and
 * asserts that prettier-java leaves every file unchanged. A group's width only grows with a
 * value's width, so a layout that prettier keeps at both ends it keeps in between. A value outside
 * its range (or with characters whose width is not plain) sends the file through prettier, as
 * does a template listed in FORMAT_ALWAYS: the output is the same either way, only slower.
 */

/** Width ranges (in columns) within which the templates' layout is verified, per value. */
export const LAYOUT_RANGES = {
  pkg: [1, 60],
  className: [4, 18],
  toolName: [4, 18],
  agentName: [1, 20],
  systemPrompt: [1, 32],
  modelId: [1, 40],
  maxRetries: [1, 2],
} as const satisfies Record<string, readonly [number, number]>;

export type LayoutKey = keyof typeof LAYOUT_RANGES;

/** Narrower class-name ranges, for templates whose layout changes inside the default one. */
export const CLASS_NAME_RANGES: Readonly<Record<string, readonly [number, number]>> = {
  'feature/structured/Structured.java.ejs': [4, 13],
  'feature/structured/StructuredTest.java.ejs': [4, 15],
};

/** The verified width range of `key` in `template`. */
export function layoutRange(template: string, key: LayoutKey): readonly [number, number] {
  return (key === 'className' && CLASS_NAME_RANGES[template]) || LAYOUT_RANGES[key];
}

/**
 * Templates whose layout depends on a value inside its range (the class name in a test's long
 * call chains, the permission policy's tool lists taken from the user's project): always formatted.
 */
export const FORMAT_ALWAYS: ReadonlySet<string> = new Set([
  'feature/permission/Permission.java.ejs',
  'feature/permission/PermissionTest.java.ejs',
  'feature/mcp/McpTest.java.ejs',
]);

// East Asian wide and fullwidth blocks (CJK punctuation, kana, ideographs, Hangul, fullwidth forms):
// two columns for prettier. Anything else outside printable ASCII has no verified width here.
const WIDE = /[\u1100-\u115f\u2e80-\u303e\u3041-\u33ff\u3400-\u4dbf\u4e00-\u9fff\ua960-\ua97f\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/;

/** Columns `value` takes in the rendered Java (inside a string literal or as an identifier); undefined: not plain. */
function layoutWidth(value: string): number | undefined {
  let w = 0;
  for (const ch of value) {
    if (ch >= ' ' && ch <= '~' && ch !== '"' && ch !== '\\') w += 1;
    else if (WIDE.test(ch)) w += 2;
    else return undefined;
  }
  return w;
}

/** The user-chosen values of a template's data, by layout key. */
function layoutValues(data: Record<string, unknown>): [LayoutKey, string][] {
  const out: [LayoutKey, string][] = [];
  const add = (key: LayoutKey, v: unknown) => {
    if (typeof v === 'string' || typeof v === 'number') out.push([key, String(v)]);
  };
  add('pkg', data.pkg);
  add('className', data.className);
  add('toolName', data.toolName);
  add('agentName', data.agentName);
  add('systemPrompt', data.systemPrompt);
  add('maxRetries', data.maxRetries);
  for (const ref of [data.primary, data.fallback, data.provider] as { modelId?: string; model?: string }[]) {
    add('modelId', ref?.modelId);
    add('modelId', ref?.model);
  }
  add('modelId', data.modelId);
  return out;
}

/** True when the render of `template` with `data` is verified to be prettier-java's layout already. */
export function writtenAsRendered(template: string, data: Record<string, unknown>): boolean {
  if (FORMAT_ALWAYS.has(template)) return false;
  return layoutValues(data).every(([key, value]) => {
    const w = layoutWidth(value);
    const [lo, hi] = layoutRange(template, key);
    return w !== undefined && w >= lo && w <= hi;
  });
}
