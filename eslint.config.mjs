// `npm run lint`: ESLint over the code (src/, test/, scripts/, experiment/, bench/ and the root configs),
// type-aware for TypeScript, with the Lit, web-component and Lit accessibility rules on the elements.
import { defineConfig } from 'eslint/config';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import lit from 'eslint-plugin-lit';
import wc from 'eslint-plugin-wc';
import litA11y from 'eslint-plugin-lit-a11y';
import globals from 'globals';

export default defineConfig(
  {
    ignores: [
      'dist/',
      // Written by lit-localize build from xliff/de.xlf.
      'src/generated/',
      'custom-elements.json',
      'demo/',
      'experiment/results/',
      'experiment/sample/',
      // Pages and scripts the browser tests load as they are.
      'test/node/fixtures/',
      'test/elements/fixtures/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        // Two programs: the browser one (src/, test/) and the Node one (experiment/, scripts' TS, test/node/).
        project: ['./tsconfig.json', './tsconfig.node.json'],
        tsconfigRootDir: import.meta.dirname,
      },
    },
  },
  {
    // Plain JavaScript and the hand-written .d.mts next to it belong to no TypeScript program.
    files: ['**/*.mjs', '**/*.js', '**/*.mts'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['src/**/*.ts', 'test/**/*.ts'],
    ignores: ['test/node/**'],
    languageOptions: { globals: globals.browser },
  },
  {
    files: ['**/*.mjs', '**/*.js', 'scripts/**', 'experiment/**', 'bench/**', 'test/node/**'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['bench/ui-bench.mjs', 'bench/page-bench.mjs'],
    // Their page functions run in the browser, where the UI bench's setup script defines benchSettled.
    languageOptions: { globals: { ...globals.browser, benchSettled: 'readonly' } },
  },
  {
    files: ['test/**/*.ts'],
    languageOptions: { globals: globals.mocha },
  },
  {
    files: ['src/**/*.ts', 'test/elements/**/*.ts', 'test/helpers/**/*.ts'],
    ...lit.configs['flat/recommended'],
  },
  {
    files: ['src/**/*.ts', 'test/elements/**/*.ts', 'test/helpers/**/*.ts'],
    ...wc.configs['flat/recommended'],
  },
  {
    files: ['src/**/*.ts', 'test/elements/**/*.ts', 'test/helpers/**/*.ts'],
    ...litA11y.configs.recommended,
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/*.ts'],
    rules: {
      '@typescript-eslint/no-floating-promises': [
        'error',
        {
          allowForKnownSafeCalls: [
            // node:test runs and reports every test it is handed; the promise it returns is for nesting.
            { from: 'package', package: 'node:test', name: ['test', 'describe', 'it', 'suite'] },
            // @open-wc/semantic-dom-diff types every chai equal as a Promise; only its DOM form is one.
            { from: 'package', package: 'chai', name: 'Equal' },
          ],
        },
      ],
      // Passing on a caught error or an abort reason is the point; only non-Error literals are flagged.
      '@typescript-eslint/prefer-promise-reject-errors': [
        'error',
        { allowThrowingAny: true, allowThrowingUnknown: true },
      ],
    },
  },
  {
    files: ['src/elements/**/*.ts'],
    rules: {
      // Lit calls @event listeners in templates with the element as `this`.
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  {
    files: ['test/**/*.ts'],
    rules: {
      // Tests save built-in methods to patch them, call the saved ones with .call, and put them back.
      '@typescript-eslint/unbound-method': 'off',
      // chai asserts with property reads: expect(x).to.exist.
      '@typescript-eslint/no-unused-expressions': 'off',
      // Tests read parsed JSON, page data and event details loosely on purpose; a wrong shape fails the test.
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
);
