import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { INVENTORY_DIR } from '../core/paths.js';

export interface Pin {
  groupId: string;
  /** The version every template is verified against and every generated pom uses. */
  version: string;
  /** The version the product aims at, when it differs from what can be verified here. */
  target?: string;
  why?: string;
}

let cached: Pin | undefined;

export function readPin(): Pin {
  if (!cached) {
    const raw = JSON.parse(readFileSync(join(INVENTORY_DIR, 'pin.json'), 'utf8')) as Pin;
    if (typeof raw.version !== 'string' || !/^\d+\.\d+\.\d+([.-][\w.-]+)?$/.test(raw.version)) {
      throw new Error(`inventory/pin.json: invalid version ${JSON.stringify(raw.version)}`);
    }
    cached = raw;
  }
  return cached;
}
