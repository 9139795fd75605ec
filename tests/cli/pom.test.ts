import { describe, expect, it } from 'vitest';
import { addDependencies, addDependency, fitVersionToPom, parsePom } from '../../src/pom/pom.js';
import { unifiedDiff } from '../../generators/_core/plan-output.js';

const OPENAI = { groupId: 'io.agentscope', artifactId: 'agentscope-extensions-model-openai', version: '${agentscope.version}' };
const ANTHROPIC = { groupId: 'io.agentscope', artifactId: 'agentscope-extensions-model-anthropic', version: '${agentscope.version}' };

// Two-space indentation, comments everywhere, a dependency in dependencyManagement and a profile.
const POM = `<?xml version="1.0" encoding="UTF-8"?>
<!-- top comment: keep me -->
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>com.acme</groupId>
  <artifactId>bot</artifactId>
  <version>1.0</version>

  <properties>
    <agentscope.version>2.0.0</agentscope.version> <!-- pinned -->
  </properties>

  <dependencyManagement>
    <dependencies>
      <dependency>
        <groupId>com.fasterxml.jackson</groupId>
        <artifactId>jackson-bom</artifactId>
        <version>2.17.0</version>
      </dependency>
    </dependencies>
  </dependencyManagement>

  <dependencies>
    <!-- the core -->
    <dependency>
      <groupId>io.agentscope</groupId>
      <artifactId>agentscope-core</artifactId>
      <version>\${agentscope.version}</version>
    </dependency>
  </dependencies>

  <profiles>
    <profile>
      <id>x</id>
      <dependencies>
        <dependency><groupId>io.agentscope</groupId><artifactId>agentscope-extensions-model-anthropic</artifactId><version>1.0.9</version></dependency>
      </dependencies>
    </profile>
  </profiles>
</project>
`;

describe('addDependency', () => {
  it('inserts after the last project-level dependency, in the file\'s own indentation, touching nothing else', () => {
    const out = addDependency(POM, OPENAI);
    const expected = POM.replace(
      `      <version>\${agentscope.version}</version>\n    </dependency>\n  </dependencies>`,
      `      <version>\${agentscope.version}</version>\n    </dependency>\n    <dependency>\n      <groupId>io.agentscope</groupId>\n      <artifactId>agentscope-extensions-model-openai</artifactId>\n      <version>\${agentscope.version}</version>\n    </dependency>\n  </dependencies>`,
    );
    expect(out).toBe(expected);
    // only additions in the diff
    const diff = unifiedDiff(POM, out, 'a', 'b');
    expect(diff.filter((l) => l.startsWith('-') && !l.startsWith('---'))).toEqual([]);
    expect(diff.filter((l) => l.startsWith('+') && !l.startsWith('+++'))).toHaveLength(5);
  });

  it('is idempotent: a second add changes nothing, and an existing dependency is never added twice', () => {
    const once = addDependencies(POM, [OPENAI]);
    expect(addDependencies(once, [OPENAI])).toBe(once);
    expect(addDependency(POM, { groupId: 'io.agentscope', artifactId: 'agentscope-core', version: '2.0.0' })).toBe(POM);
  });

  it('does not count dependencies inside profiles as project dependencies', () => {
    const out = addDependency(POM, ANTHROPIC);
    expect(parsePom(out).dependencies.map((d) => d.artifactId)).toEqual(['agentscope-core', 'agentscope-extensions-model-anthropic']);
    expect(out.match(/agentscope-extensions-model-anthropic/g)).toHaveLength(2); // profile + new
  });

  it('keeps CRLF line endings and tabs', () => {
    const tabbed = `<project>\r\n\t<groupId>g</groupId>\r\n\t<dependencies>\r\n\t\t<dependency>\r\n\t\t\t<groupId>a</groupId>\r\n\t\t\t<artifactId>b</artifactId>\r\n\t\t</dependency>\r\n\t</dependencies>\r\n</project>\r\n`;
    const out = addDependency(tabbed, { groupId: 'x', artifactId: 'y', version: '1', scope: 'test' });
    expect(out).toBe(
      `<project>\r\n\t<groupId>g</groupId>\r\n\t<dependencies>\r\n\t\t<dependency>\r\n\t\t\t<groupId>a</groupId>\r\n\t\t\t<artifactId>b</artifactId>\r\n\t\t</dependency>\r\n\t\t<dependency>\r\n\t\t\t<groupId>x</groupId>\r\n\t\t\t<artifactId>y</artifactId>\r\n\t\t\t<version>1</version>\r\n\t\t\t<scope>test</scope>\r\n\t\t</dependency>\r\n\t</dependencies>\r\n</project>\r\n`,
    );
  });

  it('creates <dependencies> before <build> when the project has none', () => {
    const pom = `<project>\n    <artifactId>a</artifactId>\n    <!-- build below -->\n    <build>\n        <plugins/>\n    </build>\n</project>\n`;
    expect(addDependency(pom, { groupId: 'x', artifactId: 'y', version: '1' })).toBe(
      `<project>\n    <artifactId>a</artifactId>\n    <!-- build below -->\n    <dependencies>\n        <dependency>\n            <groupId>x</groupId>\n            <artifactId>y</artifactId>\n            <version>1</version>\n        </dependency>\n    </dependencies>\n\n    <build>\n        <plugins/>\n    </build>\n</project>\n`,
    );
  });

  it('creates <dependencies> at the end of <project> when there is no <build>', () => {
    const pom = `<project>\n  <artifactId>a</artifactId>\n</project>`;
    expect(addDependency(pom, { groupId: 'x', artifactId: 'y', version: '1' })).toBe(
      `<project>\n  <artifactId>a</artifactId>\n\n  <dependencies>\n    <dependency>\n      <groupId>x</groupId>\n      <artifactId>y</artifactId>\n      <version>1</version>\n    </dependency>\n  </dependencies>\n</project>`,
    );
  });

  it('omits <version> for a dependency managed in dependencyManagement', () => {
    const out = addDependency(POM, { groupId: 'com.fasterxml.jackson', artifactId: 'jackson-bom', version: '9' });
    expect(out).toContain('<artifactId>jackson-bom</artifactId>\n    </dependency>\n  </dependencies>');
  });

  it('writes a literal version when the pom has no agentscope.version property', () => {
    const pom = POM.replace('<agentscope.version>2.0.0</agentscope.version> <!-- pinned -->', '').replace('${agentscope.version}', '2.0.0');
    const need = fitVersionToPom(pom, OPENAI, '2.0.0');
    expect(need.version).toBe('2.0.0');
    expect(fitVersionToPom(POM, OPENAI, '2.0.0').version).toBe('${agentscope.version}');
  });

  it('rejects a broken pom with the line', () => {
    expect(() => addDependency('<project>\n<dependencies>\n</project>', OPENAI)).toThrow(/not well-formed XML .* line 3/);
  });
});

describe('unifiedDiff', () => {
  it('produces diff -u hunks with context', () => {
    const a = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10'].join('\n') + '\n';
    const b = a.replace('5\n', '5\nnew\n').replace('10\n', '');
    expect(unifiedDiff(a, b, 'a/x', 'b/x')).toEqual(['--- a/x', '+++ b/x', '@@ -3,8 +3,8 @@', ' 3', ' 4', ' 5', '+new', ' 6', ' 7', ' 8', ' 9', '-10']);
    expect(unifiedDiff(a, a, 'a/x', 'b/x')).toEqual([]);
    // a replaced line: the old one first, as diff -u prints it
    expect(unifiedDiff('a\nold\nb\n', 'a\nnew\nb\n', 'a/x', 'b/x')).toEqual(['--- a/x', '+++ b/x', '@@ -1,3 +1,3 @@', ' a', '-old', '+new', ' b']);
  });
});
