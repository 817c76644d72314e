import fs from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

/**
 * Module boundaries (docs/adding-a-module.md): a module imports another module only through
 * that module's public `index.ts`, and `core/` imports no module. One zone per module, made
 * from the folders that exist, so a new module is covered the day it is added.
 */
function moduleBoundaries(root) {
  const modulesDir = `${root}/modules`;
  const names = fs.readdirSync(modulesDir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
  return [
    { target: `./${root}/core`, from: `./${modulesDir}`, message: 'core/ não importa módulos: o módulo registra o que o core precisa.' },
    ...names.map((name) => ({
      target: `./${modulesDir}/${name}`,
      from: `./${modulesDir}`,
      except: [`./${name}`, ...names.filter((n) => n !== name).flatMap((n) => [`./${n}/index.ts`, `./${n}/index.tsx`])],
      message: 'Importe outro módulo só pelo seu index.ts público.',
    })),
  ];
}

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/drizzle/meta/**', 'data/**', '**/test-results/**', '**/playwright-report/**', '**/*.tmp.*'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  { files: ['**/*.mjs', '**/scripts/**', 'e2e/**'], languageOptions: { globals: globals.node } },
  { files: ['apps/web/src/**'], languageOptions: { globals: globals.browser } },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      'no-empty': ['error', { allowEmptyCatch: true }],
    },
  },
  {
    files: ['apps/api/src/**/*.ts', 'apps/web/src/**/*.{ts,tsx}', 'packages/contract/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/extensions': ['.ts', '.tsx'],
      'import-x/resolver-next': [createTypeScriptImportResolver({ noWarnOnMultipleProjects: true, project: ['apps/api/tsconfig.json', 'apps/web/tsconfig.json', 'packages/contract/tsconfig.json'] })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...moduleBoundaries('apps/api/src'), ...moduleBoundaries('apps/web/src')] }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
);
