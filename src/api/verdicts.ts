import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { INVENTORY_DIR } from '../core/paths.js';
import type { Inventory } from '../inventory/schema.js';
import { ClaimEvaluator, verdictsMarkdown, type Claim, type Verdict } from './claims.js';

const SEED_CLAIMS_FILE = join(INVENTORY_DIR, 'seed-000-claims.json');

export function readSeedClaims(): Claim[] {
  return JSON.parse(readFileSync(SEED_CLAIMS_FILE, 'utf8')) as Claim[];
}

export function seedVerdicts(inv: Inventory): Verdict[] {
  const ev = new ClaimEvaluator(inv);
  return readSeedClaims().map((c) => ev.verdict(c));
}

export function seedVerdictsPage(inv: Inventory, target?: string): string {
  return verdictsMarkdown(seedVerdicts(inv), inv.version, target);
}
