// Lint rules: typescript-eslint recommended, node: protocol for built-ins, no console outside
// the CLI and scripts, and the import boundary of the pure domain core (src/iban).
import js from '@eslint/js'
import tseslint from 'typescript-eslint'

export default tseslint.config(
  { ignores: ['node_modules/**', 'scratch/**', 'dist/**', 'packages/*/dist/**', 'artifacts/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      // Async functions that implement an async interface need not await anything.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-floating-promises': [
        'error',
        {
          // node:test's test() and describe() return promises the runner itself awaits.
          allowForKnownSafeCalls: [
            { from: 'package', package: 'node:test', name: ['test', 'describe', 'it', 'suite', 'before', 'after'] },
          ],
        },
      ],
    },
  },
  { files: ['**/*.js', '**/*.mjs'], ...tseslint.configs.disableTypeChecked },
  // The OpenAPI client program is type-checked by its test, against types generated at run time.
  { files: ['test/http/fixtures/openapi-client.ts'], ...tseslint.configs.disableTypeChecked },
  {
    languageOptions: {
      globals: {
        console: 'readonly',
        process: 'readonly',
        globalThis: 'readonly',
        URL: 'readonly',
        performance: 'readonly',
      },
    },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(fs|path|os|http|net|crypto|url|util|stream|child_process|worker_threads)$',
              message: 'Use the node: protocol for built-in modules.',
            },
          ],
        },
      ],
      'no-console': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { varsIgnorePattern: '^_', argsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['src/iban/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^node:', message: 'src/iban is pure: no Node-only modules (it also runs in browsers).' },
            { regex: '^\\.\\./', message: 'src/iban imports nothing from the rest of the project.' },
            { regex: '^[^.]', message: 'src/iban has no dependencies.' },
          ],
        },
      ],
    },
  },
  {
    // A scheme's folder (de-account/, uk-modulus/, …) may import the shared modules beside it.
    files: ['src/iban/*/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^node:', message: 'src/iban is pure: no Node-only modules (it also runs in browsers).' },
            { regex: '^\\.\\./\\.\\./', message: 'src/iban imports nothing from the rest of the project.' },
            { regex: '^[^.]', message: 'src/iban has no dependencies.' },
          ],
        },
      ],
    },
  },
  {
    // The service uses the domain as the library's users do, through its package (the build
    // would otherwise compile a second copy of src/iban into dist/).
    files: ['src/**/*.ts', 'workers/**/*.ts'],
    ignores: ['src/iban/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(fs|path|os|http|net|crypto|url|util|stream|child_process|worker_threads)$',
              message: 'Use the node: protocol for built-in modules.',
            },
            {
              regex: '^\\.{1,2}/(?:\\.\\./)*(?:src/)?iban/',
              message: 'Import the domain as @ibanmint/iban (or @ibanmint/iban/internal), not from src/iban.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/cli/**/*.ts', 'bench/**/*.ts', 'test/**/*.ts', 'bin/**/*.js', 'scripts/**/*.mjs', 'scripts/**/*.ts'],
    rules: { 'no-console': 'off' },
  },
)
