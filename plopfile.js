// Maintainer scaffolding (not used by the CLI at run time): `npm run new-generator` adds a new
// feature kind: its folder (generators/<kind>/index.ts and its two EJS templates), its row in the
// kind table (generators/_core/kinds.ts) and the line that joins the row to its module
// (generators/registry.ts). Everything else (`FeatureKind`, `create --features`, `gen <kind>`,
// both --help texts, the prompts, the wiring order) derives from the row. Answers can be given as
// arguments to skip the prompts:
//   npm run new-generator -- <kind> <DefaultClassName> "<summary>" "<summary in Chinese>"
// Then: fill in the templates, `npm run typecheck`, `npx vitest run tests/cli tests/generators`.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const KIND = /^[a-z][a-z0-9]*$/;
const CLASS = /^[A-Z][A-Za-z0-9]*$/;
/** Words the table or `gen` already use for something else. */
const RESERVED = ['provider', 'none', 'project', 'shared', 'harness'];

/** A TypeScript/JavaScript single-quoted string literal. */
const quote = (s) => `'${String(s).replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

/** @param {import('plop').NodePlopAPI} plop */
export default function (plop) {
  // --dest (tests use a copy of the repository) or the repository itself
  const root = () => plop.getDestBasePath();
  const known = (kind) => {
    const table = readFileSync(join(root(), 'generators/_core/kinds.ts'), 'utf8');
    return new RegExp(`^\\s*kind: '${kind}',$`, 'm').test(table) || existsSync(join(root(), 'generators', kind));
  };
  plop.setHelper('q', quote);
  plop.setGenerator('feature', {
    description: 'a new `agentscope gen <kind>` / `create --features <kind>` feature kind',
    prompts: [
      {
        type: 'input',
        name: 'kind',
        message: 'kind (lower case, one word, e.g. retriever)',
        validate: (v) => {
          if (!KIND.test(v)) return 'lower-case letters and digits, starting with a letter';
          if (RESERVED.includes(v)) return `"${v}" is reserved`;
          if (known(v)) return `the kind "${v}" already exists (generators/_core/kinds.ts or generators/${v}/): nothing was changed`;
          return true;
        },
      },
      { type: 'input', name: 'className', message: 'default class name (UpperCamelCase)', default: (a) => `Sample${plop.getHelper('pascalCase')(a.kind)}`, validate: (v) => CLASS.test(v) || 'UpperCamelCase Java class name' },
      { type: 'input', name: 'summary', message: 'one-line summary for `agentscope gen --help`', validate: (v) => (Boolean(v.trim()) && !v.includes('*/')) || 'required, one line, no */' },
      { type: 'input', name: 'summaryZh', message: 'the same summary in Chinese (default: the English one)', default: (a) => a.summary, validate: (v) => (Boolean(v.trim()) && !v.includes('*/')) || 'required, one line, no */' },
    ],
    actions: [
      {
        type: 'add',
        path: 'generators/{{kind}}/index.ts',
        template: `import type { FeatureModule } from '../feature-module.js';

/** {{{summary}}} */
export const {{kind}}Feature: FeatureModule = {
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
      // Written the way prettier-plugin-java prints them (printWidth 100, tabWidth 4).
      {
        type: 'add',
        path: 'templates/feature/{{kind}}/{{pascalCase kind}}.java.ejs',
        template: `package <%= pkg %>;

/** <%= c({{{q summary}}}, {{{q summaryZh}}}) %> */
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
      // its row in the kind table (wired after every existing kind) ...
      {
        type: 'modify',
        path: 'generators/_core/kinds.ts',
        pattern: /\n(\] as const satisfies readonly KindRow\[\];)/,
        template: `
  {
    kind: '{{kind}}',
    summary: { en: {{{q summary}}}, zh: {{{q summaryZh}}} },
    defaultClassName: '{{className}}',
    order: 1000,
    options: [],
  },
$1`,
      },
      // ... and the line that joins the row to its module.
      { type: 'modify', path: 'generators/registry.ts', pattern: /(import \{ \w+Feature \} from '\.\/\w+\/index\.js';\n)(?!import \{ \w+Feature )/, template: "$1import { {{kind}}Feature } from './{{kind}}/index.js';\n" },
      { type: 'modify', path: 'generators/registry.ts', pattern: /(\n\} satisfies Record<FeatureKind, FeatureModule>;)/, template: '\n  {{kind}}: {{kind}}Feature,$1' },
    ],
  });
}
