/**
 * What a release is made of, as both resolution strategies see it: the io.agentscope group,
 * its BOM, the candidate list used when there is no BOM, and the per-artifact outcome.
 */
import candidatesJson from './candidates.json' with { type: 'json' };
import type { MavenOptions } from './maven.js';

export const GROUP_ID = 'io.agentscope';
export const BOM_ARTIFACT = 'agentscope-bom';
export const CORE_ARTIFACT = 'agentscope-core';

export interface Candidates {
  umbrella: string[];
  bom: string[];
  extra: string[];
}

export const DEFAULT_CANDIDATES = candidatesJson as Candidates;

export function candidateList(c: Candidates = DEFAULT_CANDIDATES): string[] {
  return [...new Set([...c.bom, ...c.extra])];
}

export interface ProbeOutcome {
  artifactId: string;
  status: 'found' | 'pom' | 'umbrella' | 'unavailable';
  /** mvn's reason when unavailable. */
  error?: string;
  /** The artifact's pom, when it resolved (its io.agentscope dependencies go into the dependency graph). */
  pom?: string;
  jar?: Uint8Array;
}

interface ResolveProgress {
  /** Artifacts Maven has started on, of `total`, in the current mvn run. */
  done: number;
  total: number;
  artifactId?: string;
}

/** The steps of a pull that take seconds, for a progress display. */
export type PullProgress = ({ step: 'resolve' } & ResolveProgress) | { step: 'extract'; jars: number } | { step: 'write'; dir: string };

export interface ResolveReleaseOptions extends MavenOptions {
  version: string;
  candidates: Candidates;
  /** Work directory (the caller creates and removes it). */
  work: string;
  /** Artifacts resolved at once (mvn -T, or mvn processes for the per-artifact way). */
  concurrency?: number;
  log: (line: string) => void;
  onProgress?: (p: ResolveProgress) => void;
}

export type ReleaseResolution =
  | { served: true; discovery: 'bom' | 'probe'; bomError?: string; outcomes: ProbeOutcome[] }
  /** Neither the BOM nor agentscope-core resolves: the version is not served. */
  | { served: false; coreError: string; bomError: string };
