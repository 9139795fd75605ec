import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { unzipSync, strFromU8 } from 'fflate';
import { expect, test } from 'vitest';
import { checkSources } from '../../src/checker/index.js';
import { loadInventory } from '../../src/inventory/store.js';

/**
 * Precision on code that is not AgentScope's and that javac compiled: modules of the JDK's own
 * sources (its lib/src.zip), each checked as one run. `check` judges what the checked sources
 * declare (their classes' members and constructors, local and nested classes, records and enums,
 * member types inherited or hidden), so a compiling code base of that size must give no error.
 * The modules are taken from the first JDK that ships src.zip (JAVA_HOME, then /usr/lib/jvm);
 * where none does, the test is skipped and says so.
 */
const MODULES = ['java.logging', 'java.sql', 'java.net.http', 'jdk.httpserver', 'jdk.jshell', 'java.management', 'jdk.jfr'];

function srcZip(): string | undefined {
  const homes = [process.env.JAVA_HOME, ...(existsSync('/usr/lib/jvm') ? readdirSync('/usr/lib/jvm').map((d) => join('/usr/lib/jvm', d)) : [])];
  return homes.map((h) => h && join(h, 'lib', 'src.zip')).find((p): p is string => !!p && existsSync(p));
}

const zip = srcZip();
if (!zip) console.log('jdk-sources precision skipped: no JDK here ships lib/src.zip (JAVA_HOME, /usr/lib/jvm)');

test.skipIf(!zip)(
  "the JDK's own sources of several modules check without an error",
  async () => {
    const entries = unzipSync(readFileSync(zip!), { filter: (f) => f.name.endsWith('.java') && MODULES.some((m) => f.name.startsWith(`${m}/`)) });
    const inventory = loadInventory('2.0.2');
    const errors: string[] = [];
    let files = 0;
    for (const m of MODULES) {
      const sources = Object.entries(entries)
        .filter(([name]) => name.startsWith(`${m}/`))
        .map(([path, data]) => ({ path, content: strFromU8(data) }));
      files += sources.length;
      const found = await checkSources(sources, inventory);
      errors.push(...found.filter((f) => f.severity === 'error').map((f) => `${f.file}:${f.line} ${f.rule} ${f.message}`));
    }
    // the modules are there (a src.zip without them would pass for nothing)
    expect(files).toBeGreaterThan(1000);
    expect(errors).toEqual([]);
  },
  600_000,
);
