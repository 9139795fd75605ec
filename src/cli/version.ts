import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PACKAGE_ROOT } from '../core/paths.js';
import { readPin } from '../inventory/pin.js';

/** This tool's own version, from its package.json. */
export function packageVersion(): string {
  return (JSON.parse(readFileSync(join(PACKAGE_ROOT, 'package.json'), 'utf8')) as { version: string }).version;
}

/**
 * What `agentscope --version` prints: the tool's version and the pinned AgentScope version.
 * bin/version.js prints the same line without loading the CLI (a test holds them together).
 */
export function versionLine(): string {
  const pin = readPin();
  return `agentscope ${packageVersion()} (AgentScope Java ${pin.version} pinned${pin.target && pin.target !== pin.version ? `, target ${pin.target}` : ''})`;
}
