import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';

/**
 * The compile classpath Maven resolves for the pom.xml in `dir`, as javac gets it from Maven:
 * offline first, online once if the local repository lacks something. Written to `out` too.
 * Throws with Maven's output when it cannot be resolved.
 */
export async function mavenClasspath(dir: string, out = join(dir, 'cp.txt')): Promise<string> {
  const args = ['-B', '-q', 'org.apache.maven.plugins:maven-dependency-plugin:3.8.1:build-classpath', `-Dmdep.outputFile=${out}`];
  let r = await execa('mvn', ['-o', ...args], { cwd: dir, reject: false, all: true });
  if (r.exitCode !== 0) r = await execa('mvn', args, { cwd: dir, reject: false, all: true });
  if (r.exitCode !== 0) throw new Error(`mvn dependency:build-classpath failed: ${r.all?.slice(-1500)}`);
  return readFileSync(out, 'utf8').trim();
}
