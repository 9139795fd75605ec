/**
 * What every MCP tool needs to know about where the server runs: the project around its
 * working directory (the nearest pom.xml upward), the AgentScope version that pom uses, and
 * the inventory for it (the pin's when the project's version has none locally). Inventories and
 * indexes are loaded once per version, on first use.
 */
import { existsSync, realpathSync } from 'node:fs';
import { basename, dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import { readPin } from '../inventory/pin.js';
import { findInventoryDir, loadInventory } from '../inventory/store.js';
import { inventoryVersions, projectInventoryVersion } from '../inventory/nearest.js';
import type { Inventory } from '../inventory/schema.js';
import { ApiIndex } from '../api/lookup.js';
import { findBuildFileUpward } from '../core/files.js';
import { isVersion } from '../core/versions.js';
import { listInventories } from './inventories.js';

/** A request the server refuses: becomes a tool error (isError) with this message. */
export class ToolInputError extends Error {
  constructor(message: string, readonly hint?: string) {
    super(message);
    this.name = 'ToolInputError';
  }
}

export interface ProjectVersion {
  /** The version the pom names, if any. */
  projectVersion?: string;
  /** The version whose inventory answers: the project's if available locally, else the pin. */
  version: string;
  /** Why `version` differs from the project's, when it does. */
  note?: string;
  /** The inventory that confirms what `version` reports (the project's version lies between the two: inventory/nearest.ts). */
  confirm?: string;
}

export class McpContext {
  /** The project root: the directory of the nearest pom.xml or Gradle build script at or above the start, else the start. */
  readonly root: string;
  /** That build file; pomPath when it is a pom.xml. */
  readonly buildFile?: string;
  readonly pomPath?: string;
  private readonly indexes = new Map<string, ApiIndex>();

  constructor(start: string, readonly env: NodeJS.ProcessEnv = process.env) {
    const dir = realpathSync(resolve(start));
    this.buildFile = findBuildFileUpward(dir);
    this.pomPath = this.buildFile && basename(this.buildFile) === 'pom.xml' ? this.buildFile : undefined;
    this.root = this.buildFile ? dirname(this.buildFile) : dir;
  }

  /** Re-read on every call: the user may edit the build while the server runs. */
  projectVersion(): ProjectVersion {
    const pin = readPin().version;
    if (!this.buildFile || !existsSync(this.buildFile)) return { version: pin, note: `no pom.xml or Gradle build script at or above ${this.root}: answering for the pinned version ${pin}` };
    const p = projectInventoryVersion(this.buildFile, pin, () => inventoryVersions(this.env));
    const pull = (v: string) => `no inventory for the project's AgentScope ${v} here (\`agentscope inventory pull ${v}\` adds it)`;
    switch (p.why) {
      case 'none':
        return { version: pin, note: `${this.buildFile} names no AgentScope version: answering for the pinned version ${pin}` };
      case 'invalid':
        return { projectVersion: p.declared, version: pin, note: `${this.buildFile} names ${JSON.stringify(p.declared.slice(0, 80))}, which is not an AgentScope version: answering for the pinned version ${pin}` };
      case 'declared':
        return { projectVersion: p.declared, version: p.version };
      case 'nearest':
        return p.confirm
          ? { projectVersion: p.declared, version: p.version, confirm: p.confirm, note: `${pull(p.declared)}: answering for ${p.version}, the nearest; check_java reports only what ${p.version} and ${p.confirm}, the nearest above, agree on` }
          : { projectVersion: p.declared, version: p.version, note: `${pull(p.declared)}: answering for ${p.version}, the nearest` };
      case 'unavailable':
        return { projectVersion: p.declared, version: pin, note: `${pull(p.declared)}: answering for the pinned version ${pin}` };
    }
  }

  /** The inventory for an explicit version, or the project's. Throws a ToolInputError naming what is available. */
  inventory(version?: string): Inventory {
    const v = version ?? this.projectVersion().version;
    if (!isVersion(v)) throw new ToolInputError(`${JSON.stringify(v.slice(0, 80))} is not an AgentScope version`, 'a Maven version such as 2.0.2');
    if (!findInventoryDir(v, this.env)) {
      throw new ToolInputError(`no inventory for AgentScope Java ${v} on this machine`, `available: ${this.availableVersions().join(', ') || 'none'}; \`agentscope inventory pull ${v}\` adds one`);
    }
    return loadInventory(v, this.env);
  }

  apiIndex(version?: string): ApiIndex {
    const inv = this.inventory(version);
    let idx = this.indexes.get(inv.version);
    if (!idx) {
      idx = new ApiIndex(inv);
      this.indexes.set(inv.version, idx);
    }
    return idx;
  }

  availableVersions(): string[] {
    return listInventories(this.env).map((i) => i.version);
  }

  /**
   * A path argument, resolved against the project root and refused when it leaves it
   * (symlinks included): the server never reads or writes outside the project.
   */
  resolveInside(path: string, what = 'path'): string {
    const abs = resolve(this.root, path);
    let real = abs;
    // the nearest existing ancestor decides where a not-yet-existing path really lands
    for (let probe = abs; ; probe = dirname(probe)) {
      if (existsSync(probe)) {
        real = resolve(realpathSync(probe), relative(probe, abs));
        break;
      }
      if (dirname(probe) === probe) break;
    }
    if (real !== this.root && !real.startsWith(this.root + sep)) {
      throw new ToolInputError(`${what} ${JSON.stringify(path)} is outside the project root ${this.root}`, 'the server only reads and writes inside the project it was started in');
    }
    return real;
  }

  /** A path for answers: relative to the root when inside it. */
  display(abs: string): string {
    const rel = relative(this.root, abs);
    return rel && !rel.startsWith('..') && !isAbsolute(rel) ? rel.split(sep).join('/') : abs;
  }
}
