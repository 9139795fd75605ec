import type { SyntaxNode as Node } from '../analysis/syntax-tree.js';
import { kids } from '../analysis/syntax.js';

/** `n` and every named node below it (the trap rules' syntactic look-ups). */
export function below(n: Node): Node[] {
  const out: Node[] = [];
  const stack = [n];
  while (stack.length) {
    const x = stack.pop()!;
    out.push(x);
    stack.push(...kids(x));
  }
  return out;
}
