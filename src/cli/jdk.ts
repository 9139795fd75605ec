/**
 * Which JDK `mvn` will compile with, found without starting a JVM: Maven uses $JAVA_HOME when
 * set, else the `java` on PATH; either JDK's `release` file names its version.
 */
import { existsSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import type { Bilingual } from '../core/errors.js';

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

/**
 * Why $JAVA_HOME cannot be a JDK (a missing folder, a file, a folder without bin/java): Maven's
 * launcher refuses to start then, so this, not "cannot run mvn", is what the user has to fix.
 * Undefined when JAVA_HOME is unset or names a folder with bin/java.
 */
export function javaHomeProblem(env: NodeJS.ProcessEnv = process.env): Bilingual | undefined {
  const home = env.JAVA_HOME;
  if (!home) return undefined;
  let st;
  try {
    st = statSync(home);
  } catch {
    st = undefined;
  }
  const what = !st
    ? { en: 'does not exist', zh: '不存在' }
    : !st.isDirectory()
      ? { en: 'is not a folder', zh: '不是文件夹' }
      : existsSync(join(home, 'bin', 'java'))
        ? undefined
        : { en: 'has no bin/java', zh: '中没有 bin/java' };
  if (!what) return undefined;
  return {
    en: `JAVA_HOME=${home} ${what.en}, so mvn cannot start: point JAVA_HOME at a JDK folder (the one that contains bin/java), or unset it to use the java on PATH`,
    zh: `JAVA_HOME=${home} ${what.zh}，因此 mvn 无法启动：请把 JAVA_HOME 指向 JDK 文件夹（包含 bin/java 的那个），或取消设置以使用 PATH 上的 java`,
  };
}
