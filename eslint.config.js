// ESLint (flat config): `npm run lint` = `eslint . --max-warnings 0`, also one check of `npm test`.
// typescript-eslint's recommended rules (without type information: see README "Lint"), React's
// rules of hooks and jsx-a11y's accessibility rules on every view. A rule is turned off here only
// with a one-line reason; an inline `eslint-disable` only with a `-- reason`.
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';

const compilerRulesOff = Object.fromEntries(
  Object.keys(reactHooks.configs.flat.recommended.rules)
    .filter((rule) => !['react-hooks/rules-of-hooks', 'react-hooks/exhaustive-deps'].includes(rule))
    .map((rule) => [rule, 'off']),
);
const code = '**/*.{ts,tsx,js,mjs,cjs}';
// Code that runs in the browser only: the editor, the client entries, the render workers aside.
const browser = ['editor/**', 'renderer/entry-client.tsx', 'renderer/intl-warm.ts'];
// Code that runs in both (server-rendered, then hydrated): views, the renderer, shared helpers.
const isomorphic = ['renderer/**', 'modules/**', 'shared/**'];
// Code that runs in Node only.
const node = ['server/**', 'scripts/**', 'bench/**', 'tests/**', 'sample/**', 'schemas/**', '*.config.{ts,js}', '**/*.server.ts'];

export default defineConfig(
  globalIgnores(['dist/', 'var/', '.vitest/', '.scratch/', 'test-results/', 'schemas/types.gen.ts', '**/*.tmp.mjs']),
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  { files: [code], extends: [js.configs.recommended, tseslint.configs.recommended] },
  // React's rules where React components and hooks live (elsewhere `use…` names test fixtures or callbacks).
  {
    files: ['renderer/**/*.{ts,tsx}', 'modules/**/*.{ts,tsx}', 'editor/**/*.{ts,tsx}', '**/*.tsx'],
    extends: [reactHooks.configs.flat.recommended],
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // The other recommended rules run the React Compiler on every file (80% of the lint's time); the project does not build with it.
      ...compilerRulesOff,
    },
  },
  {
    files: ['**/*.tsx'],
    extends: [jsxA11y.flatConfigs.recommended],
    rules: {
      // A scrollable region takes focus so that a keyboard can scroll it (axe: scrollable-region-focusable).
      'jsx-a11y/no-noninteractive-tabindex': ['error', { tags: [], roles: ['tabpanel', 'region'], allowExpressionValues: true }],
      // A label's text may sit two elements deep (label > span > strong), as in the editor's role choice.
      'jsx-a11y/label-has-associated-control': ['error', { depth: 3 }],
    },
  },
  { files: isomorphic, languageOptions: { globals: { ...globals.browser, ...globals.node } } },
  { files: browser, languageOptions: { globals: globals.browser } },
  // e2e tests and the browser benches hand functions to page.evaluate(): they run in the page.
  { files: node, languageOptions: { globals: globals.node } },
  {
    files: [code],
    rules: {
      // `_name` marks a parameter or binding kept on purpose (a signature, a rest sibling).
      // `cond ? a() : b()` and `x && f()` as statements are the house style of short branches.
      '@typescript-eslint/no-unused-expressions': ['error', { allowShortCircuit: true, allowTernary: true }],
      // Control characters are matched on purpose: the code strips or refuses them in input.
      'no-control-regex': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
    },
  },
  // Tests read JSON answers and stored records as they come: `any` there is an assertion's input, not the app's code.
  { files: ['tests/**'], rules: { '@typescript-eslint/no-explicit-any': 'off' } },
);
