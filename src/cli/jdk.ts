/**
 * Which JDK `mvn` will compile with, found without starting a JVM: Maven uses $JAVA_HOME when
 * set, else the `java` on PATH; either JDK's `release` file names its version.
 */
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';

export interface JdkInfo {
  /** Feature release, e.g. 17. */
  major: number;
  home: string;
  /** Where it was found: `JAVA_HOME` or `PATH`. */
  from: 'JAVA_HOME' | 'PATH';
}

function releaseOf(home: string): number | undefined {
  const file = join(home, 'release');
  if (!existsSync(file)) return undefined;
  const v = /^JAVA_VERSION="?([0-9]+)(?:\.([0-9]+))?/m.exec(readFileSync(file, 'utf8'));
  if (!v) return undefined;
  // "1.8.0" style names the feature release second
  return v[1] === '1' && v[2] ? Number(v[2]) : Number(v[1]);
}

export function detectJdk(env: NodeJS.ProcessEnv = process.env): JdkInfo | undefined {
  if (env.JAVA_HOME) {
    const major = releaseOf(env.JAVA_HOME);
    return major ? { major, home: env.JAVA_HOME, from: 'JAVA_HOME' } : undefined;
  }
  for (const dir of (env.PATH ?? '').split(delimiter).filter(Boolean)) {
    const bin = join(dir, 'java');
    if (!existsSync(bin)) continue;
    try {
      const home = dirname(dirname(realpathSync(bin)));
      const major = releaseOf(home);
      return major ? { major, home, from: 'PATH' } : undefined;
    } catch {
      return undefined;
    }
  }
  return undefined;
}
