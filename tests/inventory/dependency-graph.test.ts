import { expect, test } from 'vitest';
import { dependencyGraph } from '../../src/inventory/dependency-graph.js';
import { loadInventory } from '../../src/inventory/store.js';

const pom = (body: string) => `<project xmlns="http://maven.apache.org/POM/4.0.0"><modelVersion>4.0.0</modelVersion><groupId>io.agentscope</groupId><version>2.0.2</version>${body}</project>`;
const dep = (g: string, a: string, extra = '') => `<dependency><groupId>${g}</groupId><artifactId>${a}</artifactId><version>2.0.2</version>${extra}</dependency>`;

test('the graph holds the direct io.agentscope dependencies, scope and optional flag; parents, profiles and the umbrella are marked', () => {
  const graph = dependencyGraph(
    [
      { artifactId: 'b-ext', pom: pom(`<artifactId>b-ext</artifactId><dependencies>${dep('io.agentscope', 'agentscope-core', '<scope>provided</scope><optional>true</optional>')}${dep('${project.groupId}', 'agentscope-harness')}${dep('com.fasterxml.jackson.core', 'jackson-databind')}</dependencies><dependencyManagement><dependencies>${dep('io.agentscope', 'managed-only')}</dependencies></dependencyManagement><build><plugins><plugin><dependencies>${dep('io.agentscope', 'plugin-dep')}</dependencies></plugin></plugins></build>`) },
      { artifactId: 'a-child', pom: pom(`<parent><groupId>io.agentscope</groupId><artifactId>agentscope-parent</artifactId><version>2.0.2</version></parent><artifactId>a-child</artifactId>`) },
      { artifactId: 'c-profiles', pom: pom(`<artifactId>c-profiles</artifactId><profiles><profile><id>x</id><dependencies>${dep('io.agentscope', 'agentscope-core')}</dependencies></profile></profiles>`) },
      { artifactId: 'agentscope', umbrella: true },
      { artifactId: 'no-pom' },
      { artifactId: 'broken', pom: '<project><dependencies>' },
    ],
    'io.agentscope',
  );
  expect(graph).toEqual([
    { artifactId: 'a-child', dependencies: [], partial: true },
    { artifactId: 'agentscope', dependencies: [], umbrella: true },
    { artifactId: 'b-ext', dependencies: [{ artifactId: 'agentscope-core', scope: 'provided', optional: true }, { artifactId: 'agentscope-harness', scope: 'compile' }] },
    { artifactId: 'c-profiles', dependencies: [], partial: true },
  ]);
});

test('the shipped 2.0.2 inventory records the graph: harness on core, agui on core provided and optional', () => {
  const graph = new Map(loadInventory('2.0.2').dependencyGraph!.map((n) => [n.artifactId, n]));
  expect(graph.get('agentscope-harness')!.dependencies).toEqual([{ artifactId: 'agentscope-core', scope: 'compile' }]);
  expect(graph.get('agentscope-extensions-agui')!.dependencies).toEqual([{ artifactId: 'agentscope-core', scope: 'provided', optional: true }]);
  expect(graph.get('agentscope')!.umbrella).toBe(true);
  expect(graph.get('agentscope-core')!.dependencies).toEqual([]);
});
