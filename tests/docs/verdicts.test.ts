import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadInventory } from '../../src/inventory/store.js';
import { readPin } from '../../src/inventory/pin.js';
import { seedVerdicts, seedVerdictsPage } from '../../src/api/verdicts.js';
import { ClaimEvaluator, erasedSimple, parseRef } from '../../src/api/claims.js';
import { INVENTORY_FORMAT, type Inventory, type TypeDecl } from '../../src/inventory/schema.js';
import { PACKAGE_ROOT } from '../../src/core/paths.js';

const pin = readPin();

describe('seed 000 verdicts page', () => {
  it('is up to date with the pinned inventory (run `npm run verdicts` after a pin move)', () => {
    const page = readFileSync(join(PACKAGE_ROOT, 'docs/seed-000-verdicts.md'), 'utf8');
    expect(page.trim()).toBe(seedVerdictsPage(loadInventory(pin.version), pin.target).trim());
  });

  it('records the real differences of the pinned version from the note', () => {
    const byId = new Map(seedVerdicts(loadInventory(pin.version)).map((v) => [v.claim.id, v]));
    // Confirmed by reading the 2.0.0 sources jar: no success() factory, checkPermissions takes
    // PermissionContextState, and no mcpToolNamePrefix/closeMcpClients/failoverListener yet.
    expect(byId.get('S06')?.holds).toBe(true);
    expect(byId.get('S08')?.holds).toBe(true);
    expect(byId.get('S19')?.holds).toBe(true);
    // Every check that found something names the declarations that decided it.
    for (const v of byId.values()) {
      for (const r of v.results) if ('exists' in r.check && r.holds) expect(r.evidence.length, JSON.stringify(r.check)).toBeGreaterThan(0);
    }
  });
});

describe('seed 000 verdicts for 2.0.0 (the whole release: harness and every provider included)', () => {
  const byId = new Map(seedVerdicts(loadInventory('2.0.0')).map((v) => [v.claim.id, v]));
  it('the note\'s 2.0.4 facts that 2.0.0 does not have yet (read in the 2.0.0 sources jar)', () => {
    // MiddlewareBase has no order() in 2.0.0 (added by 2.0.2); ConfirmResult has no 4-argument
    // constructor, no mcpToolNamePrefix/closeMcpClients, no failoverListener.
    for (const id of ['S04', 'S11', 'S22', 'S23', 'S28']) expect(byId.get(id)?.holds, id).toBe(false);
  });
  it('what 2.0.0 already has, decided by declarations of the 2.0.0 inventory', () => {
    for (const id of ['S01', 'S06', 'S08', 'S19', 'S21', 'S29']) expect(byId.get(id)?.holds, id).toBe(true);
    for (const r of byId.get('S29')!.results) if ('exists' in r.check && r.holds) expect(r.evidence.length).toBeGreaterThan(0);
  });
});

function type(partial: Partial<TypeDecl> & Pick<TypeDecl, 'fqn' | 'name' | 'kind'>): TypeDecl {
  return {
    binaryName: partial.fqn,
    package: partial.fqn.slice(0, partial.fqn.lastIndexOf('.')),
    modifiers: ['public'],
    typeParams: [],
    extends: [],
    implements: [],
    artifact: 'a',
    path: 'p.java',
    line: 1,
    members: [],
    ...partial,
  };
}

const fixture: Inventory = {
  format: INVENTORY_FORMAT,
  groupId: 'x',
  version: '0',
  artifacts: [],
  duplicatesResolved: 0,
  providers: [],
  types: [
    type({ fqn: 'p.Base', name: 'Base', kind: 'interface', members: [{ kind: 'method', name: 'run', modifiers: ['public', 'abstract'], params: [{ name: 'm', type: 'java.util.Map<java.lang.String, java.lang.Object>', written: 'Map<String, Object>' }], type: 'reactor.core.publisher.Mono<java.lang.Void>', line: 3 }] }),
    type({ fqn: 'p.Impl', name: 'Impl', kind: 'class', implements: [{ written: 'Base', resolved: 'p.Base' }], members: [{ kind: 'constructor', name: 'Impl', modifiers: ['public'], params: [{ name: 'xs', type: 'java.lang.String[]', written: 'String...', varargs: true }], line: 5 }] }),
    type({ fqn: 'p.Ann', name: 'Ann', kind: 'annotation', members: [{ kind: 'annotationElement', name: 'flag', modifiers: [], type: 'boolean', default: 'false', line: 2 }] }),
    type({ fqn: 'p.Mode', name: 'Mode', kind: 'enum', members: [{ kind: 'enumConstant', name: 'A', modifiers: [], line: 2 }] }),
  ],
};

describe('claim evaluator', () => {
  const ev = new ClaimEvaluator(fixture);
  it('parses references and erases types the way claims are written', () => {
    expect(parseRef('Impl#<init>(String...)')).toEqual({ type: 'Impl', name: '<init>', params: ['String...'] });
    expect(parseRef('Base#run')).toEqual({ type: 'Base', name: 'run', params: undefined });
    expect(erasedSimple('java.util.Map<java.lang.String, java.lang.Object>')).toBe('Map');
    expect(erasedSimple('java.lang.String[]', true)).toBe('String...');
  });
  it('decides each kind of check both ways', () => {
    expect(ev.evaluate({ exists: 'Impl#run(Map)' }).holds).toBe(true); // inherited
    expect(ev.evaluate({ exists: 'Impl#run(List)' }).holds).toBe(false);
    expect(ev.evaluate({ absent: 'Impl#success' }).holds).toBe(true);
    expect(ev.evaluate({ absent: 'Base#run' }).holds).toBe(false);
    expect(ev.evaluate({ exists: 'Missing' }).holds).toBe(false);
    expect(ev.evaluate({ default: 'Ann#flag', value: 'false' }).holds).toBe(true);
    expect(ev.evaluate({ default: 'Ann#flag', value: 'true' }).holds).toBe(false);
    expect(ev.evaluate({ kind: 'Base', is: 'interface' }).holds).toBe(true);
    expect(ev.evaluate({ kind: 'Impl', is: 'record' }).holds).toBe(false);
    expect(ev.evaluate({ enumIncludes: 'Mode', constants: ['A'] }).holds).toBe(true);
    expect(ev.evaluate({ enumIncludes: 'Mode', constants: ['A', 'B'] }).holds).toBe(false);
    expect(ev.evaluate({ returns: 'Base#run', type: 'Mono<Void>' }).holds).toBe(true);
    expect(ev.evaluate({ returns: 'Base#run', type: 'Flux<Void>' }).holds).toBe(false);
    expect(ev.evaluate({ paramsOf: 'Impl#<init>', arities: [1] }).holds).toBe(true);
    expect(ev.evaluate({ paramsOf: 'Impl#<init>', arities: [1, 2] }).holds).toBe(false);
  });
});
