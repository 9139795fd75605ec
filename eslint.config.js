// Lint rules the code is held to (`npm run lint`, run by .ci/run): the recommended JavaScript and
// TypeScript rules, without the type-aware ones (they would type-check the project twice).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'test-artifacts/**', 'templates/**', 'inventory/**', 'tests/**/fixtures/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { console: 'readonly', process: 'readonly', Buffer: 'readonly', URL: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', setInterval: 'readonly', clearInterval: 'readonly', performance: 'readonly', TextDecoder: 'readonly', TextEncoder: 'readonly', AbortController: 'readonly', structuredClone: 'readonly', fetch: 'readonly', __dirname: 'readonly', __filename: 'readonly', require: 'readonly', module: 'writable', globalThis: 'readonly', queueMicrotask: 'readonly', setImmediate: 'readonly', document: 'readonly', Event: 'readonly', window: 'readonly', localStorage: 'readonly', location: 'readonly', history: 'readonly', navigator: 'readonly' } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
      // ANSI escapes and NUL separators are matched on purpose (Maven's output, git's -z)
      'no-control-regex': 'off',
    },
  },
  // bin/ loads the CommonJS bundles (dist/*.cjs) through require, on purpose: see bin/code-cache.js
  { files: ['bin/**/*.js'], rules: { '@typescript-eslint/no-require-imports': 'off' } },
);
