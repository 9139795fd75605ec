/**
 * What a check run parses, and in which order (checker/index.ts checkRun decides the same way):
 * apart from the analyzer, so that a thread that only parses (cli/check-parse-ahead.ts) loads
 * none of it.
 */
import { sourceChars, type SourceFile } from './files.js';
import { withoutIgnorables } from './ignorable.js';
import { skeleton } from './analysis/skeleton.js';

/** Up to this much source (~30k lines) a check keeps every syntax tree to the end instead of parsing twice. */
export const KEEP_TREES_MAX_CHARS = 1_000_000;

/** A text a run parses: a file's text, or its skeleton (pass 1 of a large input). */
export interface PlannedParse {
  path: string;
  text: string;
  skeleton: boolean;
}

/**
 * The texts a run of `files` parses, in its order: each file's text or skeleton in pass 1, its
 * text again in pass 2 of a large input. Whoever parses them passes back whether the text has a
 * syntax error (a skeleton with one is followed by its text). The thread that parses ahead follows
 * it (cli/check-parse-ahead.ts); checkRun decides the same way, so each tree it asks for is the
 * next one made, and one not made is parsed where it is asked for.
 */
export function* plannedParses(files: SourceFile[], options: { context?: ReadonlySet<string>; wholeText?: ReadonlySet<string> }): Generator<PlannedParse, void, boolean> {
  const flat = sourceChars(files) > KEEP_TREES_MAX_CHARS;
  // the files pass 2 parses again; their text is asked for again then (a caller may read it lazily)
  const judged: SourceFile[] = [];
  for (const f of files) {
    if (f.unreadable !== undefined) continue;
    const { text } = withoutIgnorables(f.content);
    const skel = flat && !options.wholeText?.has(f.path) ? skeleton(text) : undefined;
    const read = skel && !(yield { path: f.path, text: skel.text, skeleton: true });
    if ((read || !(yield { path: f.path, text, skeleton: false })) && flat && !options.context?.has(f.path)) judged.push(f);
  }
  for (const f of judged) yield { path: f.path, text: withoutIgnorables(f.content).text, skeleton: false };
}
