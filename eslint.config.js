import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const FEATURES = ['companies', 'events', 'documents', 'recordings', 'player', 'live', 'search', 'home', 'calendar', 'notes'];

export default tseslint.config(
  { ignores: ['dist', 'dist-server', 'node_modules', 'test-results', 'playwright-report', 'src/routeTree.gen.ts', 'scripts/media/*.mjs'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      // The browser bundle never reaches into the Node side.
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/server/**'], message: 'The browser bundle must not import server code.' }] }],
    },
  },
  // Features are isolated: shared code lives in components/ or lib/.
  ...FEATURES.map((feature) => ({
    files: [`src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/server/**'], message: 'The browser bundle must not import server code.' },
            ...FEATURES.filter((other) => other !== feature).map((other) => ({
              // Also the short relative forms (`../search/…`) a sibling import takes.
              group: [`**/features/${other}/**`, `../${other}/**`, `../../${other}/**`],
              message: `Feature "${feature}" must not import from feature "${other}"; move shared code to src/components or src/lib.`,
            })),
          ],
        },
      ],
    },
  })),
  // The transcript model is pure: the Node server imports it too (no DOM, no React, no fetch).
  {
    files: ['src/lib/transcript/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['react', 'react-dom', 'react/*', '@tanstack/*'], message: 'src/lib/transcript must stay pure: no React or query code.' },
            {
              group: ['**/api/**', '**/components/**', '**/features/**', '**/lib/player/**', '**/server/**'],
              message: 'src/lib/transcript must stay pure: import only pure lib modules.',
            },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        ...['window', 'document', 'navigator', 'location', 'localStorage', 'sessionStorage', 'fetch', 'XMLHttpRequest'].map((name) => ({
          name,
          message: 'src/lib/transcript must stay pure: the Node server imports it.',
        })),
      ],
    },
  },
);
