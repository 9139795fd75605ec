import { afterAll, describe, expect, test } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { execa } from 'execa';
import { checkSources } from '../../src/checker/index.js';
import { loadInventory } from '../../src/inventory/store.js';

/**
 * io.agentscope jars whose types no inventory lists, on a module's classpath.
 *
 * A module that depends on the tests jar of an AgentScope artifact (`<type>test-jar</type>`, as
 * code adapted from the official tests does for their helpers) has io.agentscope types on its test
 * classpath that no inventory lists. javac (Maven's test-compile) decides: the helpers' imports,
 * on-demand imports and qualified uses compile and are not reported; an API mistake beside them
 * still is, and main code, which does not see the test-scoped jar, is still judged for the same import.
 */
const POM = `<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>demo</groupId><artifactId>tests-jar-user</artifactId><version>1</version>
  <properties><maven.compiler.release>17</maven.compiler.release><project.build.sourceEncoding>UTF-8</project.build.sourceEncoding></properties>
  <dependencies>
    <dependency><groupId>io.agentscope</groupId><artifactId>agentscope-core</artifactId><version>2.0.2</version></dependency>
    <dependency><groupId>io.agentscope</groupId><artifactId>agentscope-core</artifactId><version>2.0.2</version><type>test-jar</type><scope>test</scope></dependency>
  </dependencies>
  <build><plugins><plugin><groupId>org.apache.maven.plugins</groupId><artifactId>maven-compiler-plugin</artifactId><version>3.13.0</version></plugin></plugins></build>
</project>
`;

/**
 * An io.agentscope artifact outside the inventory (agentscope-codingagent of 2.0.2 is not in the
 * BOM the inventory follows): its own packages compile, and it brings harness, core and model
 * artifacts with it; a misspelled core method beside them is still an error.
 */
const UNLISTED_POM = POM.replace('tests-jar-user', 'unlisted-artifact-user').replace(
  /<dependencies>[\s\S]*<\/dependencies>/,
  '<dependencies><dependency><groupId>io.agentscope</groupId><artifactId>agentscope-codingagent</artifactId><version>2.0.2</version></dependency></dependencies>',
);
const UNLISTED_SOURCES: Record<string, string> = {
  'src/main/java/demo/UsesCoding.java': `package demo;

import io.agentscope.core.message.Msg;
import io.agentscope.core.middleware.MiddlewareBase;
import io.agentscope.harness.coding.middleware.ModelCallLimitMiddleware;
import io.agentscope.harness.coding.metadata.*;

public class UsesCoding {
    MiddlewareBase limit() {
        return new ModelCallLimitMiddleware(10);
    }

    String secret() throws Exception {
        return new TokenEncryption().encrypt("x") + io.agentscope.harness.coding.agent.CodingAgentFactory.class.getName();
    }

    Msg m() {
        return Msg.builder().textContnt("x").build();
    }
}
`,
};

const SOURCES: Record<string, string> = {
  'src/test/java/demo/UsesHelpers.java': `package demo;

import io.agentscope.core.message.Msg;
import io.agentscope.core.model.test.ModelTestUtils;
import io.agentscope.core.model.test.*;

public class UsesHelpers {
    String names() {
        Class<?> c = MockHttpClient.class;
        return ModelTestUtils.class.getName() + c.getName() + io.agentscope.core.model.test.ModelTestUtils.class.getSimpleName();
    }
}
`,
  'src/test/java/demo/Broken.java': `package demo;

import io.agentscope.core.message.Msg;
import io.agentscope.core.model.test.ModelTestUtils;

public class Broken {
    Msg m() {
        return Msg.builder().textContnt("x").build();
    }
}
`,
  'src/main/java/demo/MainSide.java': `package demo;

import io.agentscope.core.model.test.ModelTestUtils;

public class MainSide {
}
`,
};

const made: string[] = [];
afterAll(() => {
  for (const d of made) rmSync(d, { recursive: true, force: true });
});

/** A Maven project of `pom` and `sources` in a temp folder (removed afterwards). */
function project(pom: string, sources: Record<string, string>) {
  const dir = mkdtempSync(join(tmpdir(), 'as-unlisted-jar-'));
  made.push(dir);
  writeFileSync(join(dir, 'pom.xml'), pom);
  const files = Object.entries(sources).map(([rel, content]) => {
    const path = join(dir, rel);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, content);
    return { path, content };
  });
  /** javac's error lines (`rel/path.java:line`) for `goal`, with the files ending in `without` emptied. */
  const compile = async (goal: string, without: string[] = []) => {
    for (const f of files) writeFileSync(f.path, without.some((w) => f.path.endsWith(w)) ? '' : f.content);
    let r = await execa('mvn', ['-o', '-B', goal], {
      cwd: dir,
      reject: false,
      all: true,
    });
    if (/resolve|offline/i.test(r.all ?? '') && !/\.java:\[\d+/.test(r.all ?? ''))
      r = await execa('mvn', ['-B', goal], {
        cwd: dir,
        reject: false,
        all: true,
      });
    for (const f of files) writeFileSync(f.path, f.content);
    return [...(r.all ?? '').matchAll(/^\[ERROR\] (\/.+\.java):\[(\d+),\d+\] (.*)$/gm)].map((m) => `${m[1].slice(dir.length + 1)}:${m[2]}`);
  };
  const errorLines = async () =>
    (
      await checkSources(files, loadInventory('2.0.2'), {
        project: { root: dir },
      })
    )
      .filter((f) => f.severity === 'error')
      .map((f) => `${f.file.slice(dir.length + 1)}:${f.line}`)
      .sort();
  return { compile, errorLines };
}

describe('a module with an AgentScope tests jar, javac deciding', () => {
  test("the tests jar's types are not reported in test code; API mistakes and main code still are", async () => {
    const { compile, errorLines } = project(POM, SOURCES);
    // javac on main and test sources apart (a main error would stop Maven before test-compile)
    const testErrors = await compile('test-compile', ['MainSide.java']);
    const mainErrors = await compile('compile', ['UsesHelpers.java', 'Broken.java']);
    expect(new Set([...testErrors, ...mainErrors])).toEqual(new Set(['src/test/java/demo/Broken.java:8', 'src/main/java/demo/MainSide.java:3']));
    expect(await errorLines()).toEqual(['src/main/java/demo/MainSide.java:3', 'src/test/java/demo/Broken.java:8']);
  }, 240_000);
});

describe('a module with an AgentScope artifact the inventory does not list, javac deciding', () => {
  test("the artifact's packages and what it brings are not reported; an API mistake still is", async () => {
    const { compile, errorLines } = project(UNLISTED_POM, UNLISTED_SOURCES);
    expect(new Set(await compile('compile'))).toEqual(new Set(['src/main/java/demo/UsesCoding.java:18']));
    // 4 false "package does not exist" findings on lines 5, 6, 10 and 14 without the unlisted view
    expect(await errorLines()).toEqual(['src/main/java/demo/UsesCoding.java:18']);
  }, 240_000);
});
