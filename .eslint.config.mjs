// ESLint (npm run lint, part of npm test): typescript-eslint's strict, type-checked rules and the rules of hooks
// (they hold for Preact's hooks as for React's) over the TypeScript of src/, test/, demo/ and the Vite config.
// Formatting is Prettier's (.prettierrc.json), so the rules that would argue with it are off.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import hooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: ['dist/', 'node_modules/', 'test-results/', 'reports/', '.stryker-tmp/', 'demo/data/', 'test/e2e/apps/*/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // `() => void task()` and `(x) => list.push(x)` in callbacks read as what they are.
      '@typescript-eslint/no-confusing-void-expression': ['error', { ignoreArrowShorthand: true, ignoreVoidOperator: true }],
      // With noUncheckedIndexedAccess every index may be undefined: `list[i]!` after a check of the length says so.
      '@typescript-eslint/no-non-null-assertion': 'off',
      // Numbers and booleans print as themselves in a message.
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true, allowBoolean: true }],
      // `const { inline, ...options } = props` leaves out what it names.
      '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true, argsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    files: ['**/*.tsx', 'src/ui/**/*.ts', 'demo/playground/**/*.ts'],
    plugins: { 'react-hooks': hooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    files: ['test/**'],
    rules: {
      // A fake of an async API is async whether or not it awaits anything.
      '@typescript-eslint/require-await': 'off',
      // `expect(fake.method)` reads a mock; it is never called detached.
      '@typescript-eslint/unbound-method': 'off',
      // Testing Library's `act(() => …)` with a callback that returns nothing has flushed when it returns.
      '@typescript-eslint/no-floating-promises': ['error', { allowForKnownSafeCalls: [{ from: 'package', name: 'act', package: 'preact' }] }],
      // Tests read what servers and pages answered (JSON, `page.evaluate`) to assert on it: the assertion is the check.
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    // Compiled, never run: `void value` marks a value the file declares only to check its type.
    files: ['test/**/*.typecheck.ts', 'test/**/*.typecheck.tsx'],
    rules: { '@typescript-eslint/no-meaningless-void-operator': 'off' },
  },
  {
    // Plain JavaScript (the stand-in API, the tools, the bench, whose functions also run in the page):
    // no type information to check it against.
    files: ['**/*.mjs', '**/*.js', '**/*.cjs'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  prettier,
);
