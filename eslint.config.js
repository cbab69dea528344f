import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['node_modules', 'dist', 'data', 'server/db/migrations', 'bench/results'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        { selector: "MemberExpression[object.name='process'][property.name='env']", message: 'Read configuration through server/env.ts only.' },
      ],
    },
  },
  { files: ['server/env.ts', 'scripts/**', 'bench/**', 'test/**', 'e2e/**', '*.config.ts', '*.config.js', 'server/**/*.test.ts', 'server/test-support/**'], rules: { 'no-restricted-syntax': 'off' } },
  { files: ['web/**/*.tsx', 'web/**/*.ts'], plugins: { 'react-hooks': reactHooks }, rules: reactHooks.configs.recommended.rules },
  // One-way imports: core/ is pure and imports nothing of ours; web/ never imports server/.
  { files: ['core/**'], rules: { 'no-restricted-imports': ['error', { patterns: ['**/server/**', '**/web/**', 'node:*'] }] } },
  { files: ['web/**'], rules: { 'no-restricted-imports': ['error', { patterns: ['**/server/**'] }] } },
);
