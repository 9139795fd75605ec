/**
 * Version-dependent template fragments as data: `templates/<kind>/versions.json` next to the
 * templates of a kind (e.g. templates/project/versions.json). Format (docs/upgrade.md):
 *
 *   {
 *     "fragments": {
 *       "<fragment-id>": [
 *         { "range": "[2.0.0,3.0.0)", "text": "..." },
 *         { "range": "[1.0.0,2.0.0)", "text": "..." }
 *       ]
 *     }
 *   }
 *
 * `range` uses Maven's version-range syntax ([a,b), (a,b], [a,], a single version "1.0.9").
 * Templates receive the chosen texts (`fragment(id)`) instead of branching on versions.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { TEMPLATES_DIR } from '../core/paths.js';
import { compareVersions } from '../core/versions.js';

interface FragmentVariant {
  range: string;
  text: string;
}

export interface VersionsFile {
  fragments: Record<string, FragmentVariant[]>;
}

export function inRange(version: string, range: string): boolean {
  const r = range.trim();
  const m = /^([[(])\s*([^,\s]*)\s*,\s*([^\])\s]*)\s*([\])])$/.exec(r);
  if (!m) {
    const exact = /^\[([^\]]+)\]$/.exec(r);
    return compareVersions(version, exact ? exact[1] : r) === 0;
  }
  const [, open, lo, hi, close] = m;
  if (lo) {
    const c = compareVersions(version, lo);
    if (c < 0 || (c === 0 && open === '(')) return false;
  }
  if (hi) {
    const c = compareVersions(version, hi);
    if (c > 0 || (c === 0 && close === ')')) return false;
  }
  return true;
}

function readVersionsFile(kind: string, root = TEMPLATES_DIR): VersionsFile | undefined {
  const p = join(root, kind, 'versions.json');
  if (!existsSync(p)) return undefined;
  const raw = JSON.parse(readFileSync(p, 'utf8')) as VersionsFile;
  if (!raw || typeof raw.fragments !== 'object') throw new Error(`${p}: expected { "fragments": { ... } }`);
  return raw;
}

/** The fragment text for a version; throws when no variant covers it (a gap to fill before moving the pin). */
export function fragmentFor(file: VersionsFile, id: string, version: string): string {
  const variants = file.fragments[id];
  if (!variants) throw new Error(`unknown template fragment ${id}`);
  const hit = variants.find((v) => inRange(version, v.range));
  if (!hit) throw new Error(`template fragment ${id} has no variant for AgentScope ${version}`);
  return hit.text;
}

/** Every versions.json under templates/ (kind = its directory relative to templates/). */
function allVersionsFiles(root = TEMPLATES_DIR): { kind: string; file: VersionsFile }[] {
  const out: { kind: string; file: VersionsFile }[] = [];
  const walk = (dir: string, rel: string) => {
    if (!existsSync(dir)) return;
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      if (e.isDirectory()) walk(join(dir, e.name), rel ? `${rel}/${e.name}` : e.name);
      else if (e.name === 'versions.json' && rel) out.push({ kind: rel, file: readVersionsFile(rel, root)! });
    }
  };
  walk(root, '');
  return out;
}

/** Fragments with no variant for `version`: each would make a template unrenderable after a pin move. */
export function fragmentGaps(version: string, root = TEMPLATES_DIR): { kind: string; fragment: string; ranges: string[] }[] {
  const gaps: { kind: string; fragment: string; ranges: string[] }[] = [];
  for (const { kind, file } of allVersionsFiles(root)) {
    for (const [id, variants] of Object.entries(file.fragments)) {
      if (!variants.some((v) => inRange(version, v.range))) gaps.push({ kind, fragment: id, ranges: variants.map((v) => v.range) });
    }
  }
  return gaps;
}
