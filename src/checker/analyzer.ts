/**
 * The checker proper: pass 1 collects the declarations of every file (so a project's own
 * types resolve), pass 2 types expressions and reports. Every "not found" is reported only
 * when the lookup was complete (known receiver type, fully known supertypes, no chance of a
 * package-private member the inventory cannot show).
 *
 * The analyzer is built in layers (analysis/base.ts lists them); the rules are in rules/, one
 * file per rule id (docs/checker.md).
 */
import { Declarations } from './analysis/declarations.js';
import { type FileUnit, isAsName, liveTree, Scope, type TypeCtx } from './analysis/model.js';
import { CLASS_DECLS, kids } from './analysis/syntax.js';
import { checkImport, importFails } from './rules/imports.js';
import { checkLanguageLevel } from './rules/java-release.js';
import { reportMcpCollisions } from './rules/mcp-tool-name-collision.js';
import { checkImportClash } from './rules/type-name-clash.js';
import { onFileEnd } from './rules/traps.js';


export type { AnalyzeOptions, CheckStats } from './analysis/model.js';

export class Analyzer extends Declarations {
  /** After pass 1: also the io.agentscope types that some file imports and nobody declares (AnalyzerBase.missingImported). */
  override shadowInventory(): string[] {
    const hidden = super.shadowInventory();
    const units = new Set(this.decls.allClasses.map((c) => c.unit));
    for (const u of units) {
      this.unit = u;
      for (const q of u.imports.single.values()) if (isAsName(q) && !this.missingImported.has(q) && importFails(this, q)) this.missingImported.add(q);
    }
    return hidden;
  }

  /** Pass 2 for one file (after addFile of every file). */
  analyzeFile(unit: FileUnit) {
    this.unit = unit;
    this.useInventoryFor(unit.path);
    const root = liveTree(unit).rootNode;
    const fileCtx: TypeCtx = { unit, typeVars: new Set() };
    // javac's parser rejects a language feature above the module's level, and reports nothing more
    if (checkLanguageLevel(this, root, fileCtx)) return;
    const topLevel = new Set(unit.classes.filter((c) => !c.outer).map((c) => c.name));
    for (const c of kids(root)) {
      if (c.type === 'import_declaration') checkImportClash(this, c, unit, topLevel);
      if (c.type === 'import_declaration') checkImport(this, c);
      else if (CLASS_DECLS.has(c.type)) this.visitClass(c, new Scope(undefined, fileCtx), undefined);
    }
    reportMcpCollisions(this);
    onFileEnd(this);
  }
}
