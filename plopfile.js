// Maintainer scaffolding (not used by the CLI at run time): `npm run new-generator` adds a new
// feature kind — its generator folder, its two EJS templates, and its row in every table that
// lists feature kinds — so a new kind starts wired in and compiling. Answers can be given as
// arguments to skip the prompts:  npm run new-generator -- <kind> <DefaultClassName> "<summary>"
// Then: fill in the templates, `npx tsc -p tsconfig.json --noEmit`, `npx vitest run tests/cli`.

const KIND = /^[a-z][a-z0-9]*$/;
const CLASS = /^[A-Z][A-Za-z0-9]*$/;

/** @param {import('plop').NodePlopAPI} plop */
export default function (plop) {
  plop.setGenerator('feature', {
    description: 'a new `agentscope gen <kind>` / `create --features <kind>` feature kind',
    prompts: [
      { type: 'input', name: 'kind', message: 'kind (lower case, one word, e.g. retriever)', validate: (v) => KIND.test(v) || 'lower-case letters and digits, starting with a letter' },
      { type: 'input', name: 'className', message: 'default class name (UpperCamelCase)', default: (a) => `Sample${plop.getHelper('pascalCase')(a.kind)}`, validate: (v) => CLASS.test(v) || 'UpperCamelCase Java class name' },
      { type: 'input', name: 'summary', message: 'one-line summary for `agentscope gen --help`', validate: (v) => Boolean(v.trim()) || 'required' },
    ],
    actions: [
      {
        type: 'add',
        path: 'generators/{{kind}}/index.ts',
        template: `import type { FeatureModule } from '../feature-module.js';

/** {{summary}} */
export const {{kind}}Feature: FeatureModule = {
  kind: '{{kind}}',
  defaultClassName: '{{className}}',
  files: (ctx) => [
    { template: 'feature/{{kind}}/{{pascalCase kind}}.java.ejs', className: ctx.className, scope: 'main' },
    { template: 'feature/{{kind}}/{{pascalCase kind}}Test.java.ejs', className: \`\${ctx.className}Test\`, scope: 'test' },
  ],
  toolkitLines: () => [],
  builderLines: () => [],
  tools: () => [],
  wiring: (cls, lang) => (lang === 'zh' ? \`使用 \${cls}\` : \`use \${cls}\`),
};
`,
      },
      {
        type: 'add',
        path: 'templates/feature/{{kind}}/{{pascalCase kind}}.java.ejs',
        template: `package <%= pkg %>;

/** <%= c('{{summary}}', '{{summary}}') %> */
public final class <%= className %> {}
`,
      },
      {
        type: 'add',
        path: 'templates/feature/{{kind}}/{{pascalCase kind}}Test.java.ejs',
        template: `package <%= pkg %>;

import static org.junit.jupiter.api.Assertions.assertNotNull;

import org.junit.jupiter.api.Test;

class <%= className %>Test {
    @Test
    void creates() {
        assertNotNull(new <%= className %>());
    }
}
`,
      },
      // the kind joins the contract's union and list ...
      { type: 'modify', path: 'generators/_core/options.ts', pattern: /(\| 'toolgroups'); \/\/ tool groups/, template: "$1 // tool groups\n  | '{{kind}}'; // {{summary}}" },
      { type: 'modify', path: 'generators/_core/options.ts', pattern: /(export const FEATURE_KINDS: readonly FeatureKind\[\] = \[[^\]]*)\]/, template: "$1, '{{kind}}']" },
      // ... the registry (import, order, table) ...
      { type: 'modify', path: 'generators/registry.ts', pattern: /(import type { FeatureModule } from '\.\/feature-module\.js';\n)/, template: "$1import { {{kind}}Feature } from './{{kind}}/index.js';\n" },
      { type: 'modify', path: 'generators/registry.ts', pattern: /(export const FEATURE_ORDER: readonly FeatureKind\[\] = \[[^\]]*)\]/, template: "$1, '{{kind}}']" },
      { type: 'modify', path: 'generators/registry.ts', pattern: /(export const FEATURES: Record<FeatureKind, FeatureModule \| undefined> = {\n)/, template: '$1  {{kind}}: {{kind}}Feature,\n' },
      // ... and the `gen` command's kind table (its --help and "did you mean").
      { type: 'modify', path: 'generators/_core/kinds.ts', pattern: /(export const GEN_KINDS: Record<GenKind, { en: string; zh: string }> = {\n)/, template: "$1  {{kind}}: { en: '{{summary}}', zh: '{{summary}}' },\n" },
    ],
  });
}
