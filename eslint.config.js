// One ESLint config for the whole repository. Import direction is a rule, not a habit (STYLE.md #1):
// shared code (lib, components) -> features -> app, and a feature never reaches into another feature.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importBoundaries from './scripts/eslint/import-boundaries.js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// the server never imports the panel or the phone: they share only the contract
const notPanelNorPhone = {
  group: [
    '@escudo/web',
    '@escudo/web/*',
    '@escudo/phone',
    '@escudo/phone/*',
    '**/apps/web/**',
    '**/apps/phone/**',
    '../../../web/**',
    '../../../phone/**',
    '../../../../web/**',
    '../../../../phone/**',
  ],
  message: 'Share code through @escudo/contract.',
};

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '**/test-results/**', '**/playwright-report/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, escudo: { rules: { 'import-boundaries': importBoundaries } } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'escudo/import-boundaries': ['error', { webSrc: './apps/web/src' }],
    },
  },
  {
    // the server never imports the panel and vice versa; both share only the contract
    files: ['apps/server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [notPanelNorPhone],
        },
      ],
    },
  },
  {
    // shared server code sits below the features: lib/ never imports a feature (STYLE.md #1; issue 13)
    files: ['apps/server/src/lib/**/*.ts'],
    ignores: ['apps/server/src/lib/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            notPanelNorPhone,
            {
              regex:
                '^(\\.\\./)+(auth|commands|config|devices|files|fuzz|geography|lostphone|payments|plans|seed|test|tracking|users|web)/',
              message: 'lib/ is shared by every feature and imports none: pass what it needs in.',
            },
          ],
        },
      ],
    },
  },
);
