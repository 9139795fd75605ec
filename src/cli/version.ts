import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PACKAGE_ROOT } from '../core/paths.js';
import { readPin } from '../inventory/pin.js';

interface PackageJson {
  name: string;
  version: string;
  homepage?: string;
  repository?: string | { url?: string };
}

function packageJson(): PackageJson {
  return JSON.parse(readFileSync(join(PACKAGE_ROOT, 'package.json'), 'utf8')) as PackageJson;
}

/** This tool's own version, from its package.json. */
export function packageVersion(): string {
  return packageJson().version;
}

/**
 * This tool's public pages, from package.json: `home` (its `homepage`, else the repository) and
 * `file(path)`, the absolute URL of a file of its repository (e.g. docs/checker.md). A
 * `repository` given as `git+https://host/o/r.git` or `github:o/r` is read as that web page.
 */
export function packageUrls(pkg: Pick<PackageJson, 'homepage' | 'repository'> = packageJson()): { home: string; file: (path: string) => string } {
  const raw = typeof pkg.repository === 'string' ? pkg.repository : pkg.repository?.url;
  const repo = raw
    ?.replace(/^github:/, 'https://github.com/')
    .replace(/^(?!\w+:)([\w.-]+\/[\w.-]+)$/, 'https://github.com/$1')
    .replace(/^git\+/, '')
    .replace(/^git:\/\//, 'https://')
    .replace(/\.git$/, '');
  const home = pkg.homepage ?? repo;
  if (!home) throw new Error('package.json names neither homepage nor repository');
  const base = repo ?? home.replace(/#.*$/, '').replace(/\/$/, '');
  return { home, file: (path) => `${base}/blob/HEAD/${path}` };
}

/**
 * What `agentscope --version` prints: the tool's version and the pinned AgentScope version.
 * bin/version.js prints the same line without loading the CLI (a test holds them together).
 */
export function versionLine(): string {
  const pin = readPin();
  return `agentscope ${packageVersion()} (AgentScope Java ${pin.version} pinned${pin.target && pin.target !== pin.version ? `, target ${pin.target}` : ''})`;
}
