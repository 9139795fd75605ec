// The layers of the product, lowest first. A module may import its own layer and the layers
// below it, never one above: the CLI sits on top and nothing imports it. `npm run lint:deps`
// (run by `npm test` through tests/layout/layers.test.ts) fails on a violation.
const LAYERS = [
  { name: 'core', path: '^src/core/' }, // errors, paths, suggestions, files, io, provenance, versions
  { name: 'java-pom', path: '^src/(pom|java)/' }, // the pom model, Java syntax helpers
  { name: 'inventory', path: '^src/inventory/' },
  { name: 'checker-api-diff', path: '^src/(checker|api|diff|assistant)/' },
  { name: 'generators-upgrade', path: '^(generators/|src/(upgrade|manual)/)' },
  { name: 'mcp', path: '^src/mcp/' },
  { name: 'cli', path: '^src/cli/' },
];

const upward = LAYERS.flatMap((from, i) =>
  LAYERS.slice(i + 1).map((to) => ({
    name: `${from.name}-imports-${to.name}`,
    comment: `${from.name} sits below ${to.name}: move the shared code down, or the caller up`,
    severity: 'error',
    from: { path: from.path },
    to: { path: to.path },
  })),
);

module.exports = {
  forbidden: [
    ...upward,
    {
      name: 'no-circular',
      comment: 'modules that import each other cannot be understood (or tested) one at a time',
      severity: 'error',
      from: { path: '^(src|generators)/' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    exclude: { path: '^(dist|node_modules|tests|bench)/' },
  },
};
