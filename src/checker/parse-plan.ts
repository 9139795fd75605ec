/**
 * What a check run parses, and in which order (checker/index.ts checkRun decides the same way):
 * apart from the analyzer, so that a thread that only parses (cli/check-parse-ahead.ts) loads
 * none of it.
 */
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

/** Whether a run of this much source (sourceChars) parses each file twice, pass 1 from its skeleton, rather than keep its trees. */
export function parsesTwice(chars: number): boolean {
  return chars > KEEP_TREES_MAX_CHARS;
}

/**
 * The texts a run parses, in its order, for `chars` of source in `paths` (each read by `read`;
 * undefined when it cannot be: such a file is not parsed): each file's text or skeleton in pass 1,
 * its text again in pass 2 of a large input. Whoever parses them passes back whether the text has
 * a syntax error (a skeleton with one is followed by its text). The thread that parses ahead
 * follows it (cli/check-parse-ahead.ts); checkRun decides the same way, so each tree it asks for is
 * the next one made, and one not made is parsed where it is asked for.
 */
export function* plannedParses(
  paths: string[],
  read: (path: string) => string | undefined,
  chars: number,
  options: { context?: ReadonlySet<string>; wholeText?: ReadonlySet<string> },
): Generator<PlannedParse, void, boolean> {
  const flat = parsesTwice(chars);
  // the files pass 2 parses again, read again then
  const judged: string[] = [];
  for (const path of paths) {
    const content = read(path);
    if (content === undefined) continue;
    const { text } = withoutIgnorables(content);
    const skel = flat && !options.wholeText?.has(path) ? skeleton(text) : undefined;
    const parsed = skel && !(yield { path, text: skel.text, skeleton: true });
    if ((parsed || !(yield { path, text, skeleton: false })) && flat && !options.context?.has(path)) judged.push(path);
  }
  for (const path of judged) {
    const content = read(path);
    if (content !== undefined) yield { path, text: withoutIgnorables(content).text, skeleton: false };
  }
}
