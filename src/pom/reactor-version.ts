/**
 * The AgentScope version a module builds with when its own pom chain names none but it depends on
 * a sibling module of its reactor that does: Maven compiles it against the io.agentscope
 * artifacts that sibling brings (a `lib` module declaring agentscope-core 1.0.9, an `app` module
 * depending on `lib`). As Maven mediates versions, the nearest wins: the siblings the module
 * depends on directly first, in declaration order, then theirs.
 */
import { dirname, resolve } from 'node:path';
import { readTextBounded } from '../core/fsread.js';
import { readAgentscopeDeclaration } from './agentscope-version.js';
import { reactorPoms } from './modules.js';
import { inheritedFromChain, type PomLayer } from './parents.js';
import { interpolate, parsePom } from './pom.js';

/** How deep a chain of sibling modules is followed. */
const MAX_DEPTH = 20;

/** `chain`: the module's pom chain at `pomPath`, as its own declaration read it (readAgentscopeDeclaration). */
export function agentscopeVersionThroughReactor(pomPath: string, chain: PomLayer[]): string | undefined {
  const modules = reactorPoms(dirname(resolve(pomPath)), readTextBounded);
  if (modules.size < 2) return undefined;
  const seen = new Set([resolve(pomPath)]);
  let level = siblingDependencies(chain, modules, seen);
  for (let depth = 0; level.length && depth < MAX_DEPTH; depth++) {
    const next: string[] = [];
    for (const sibling of level) {
      let declaration;
      try {
        declaration = readAgentscopeDeclaration(sibling);
      } catch {
        // an unreadable sibling names no version, and leads nowhere
        continue;
      }
      if (declaration.version) return declaration.version;
      next.push(...siblingDependencies(declaration.chain, modules, seen));
    }
    level = next;
  }
  return undefined;
}

/** The sibling modules a module of pom chain `chain` depends on (its own and inherited `<dependencies>`), not yet seen. */
function siblingDependencies(chain: PomLayer[], modules: Map<string, string>, seen: Set<string>): string[] {
  const effective = parsePom(chain[0].pom.text, inheritedFromChain(chain));
  const ctx = { ...effective, groupId: effective.groupId ?? effective.parentGroupId };
  const out: string[] = [];
  for (const layer of chain) {
    for (const d of layer.pom.dependencies) {
      const sibling = modules.get(`${interpolate(d.groupId ?? '', ctx)}:${interpolate(d.artifactId ?? '', ctx)}`);
      if (sibling && !seen.has(sibling)) {
        seen.add(sibling);
        out.push(sibling);
      }
    }
  }
  return out;
}
