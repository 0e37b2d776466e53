// Lint: typescript-eslint, plus the boundaries of STYLE.md — workspaces import one way
// (web and bff may use shared; nothing imports the apps; the BFF never imports the stand-in),
// features never import each other, app → features → components/lib, and no import cycles.
import { readdirSync, existsSync } from 'node:fs'
import js from '@eslint/js'
import { createNodeResolver, flatConfigs as importConfigs } from 'eslint-plugin-import-x'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

const featureDirs = (base) =>
  existsSync(base)
    ? readdirSync(base, { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .map((d) => d.name)
    : []

/** Each feature may import only itself among features. */
const featureZones = ['bff/src/features', 'web/src/features'].flatMap((base) =>
  featureDirs(base).map((name) => ({
    target: `./${base}/${name}`,
    from: `./${base}`,
    except: [`./${name}`],
    message: 'Features never import each other: move the shared piece to shared/, lib/ or components/.',
  })),
)

const layerZones = [
  { target: './web/src/components', from: ['./web/src/features', './web/src/app'], message: 'Shared UI must not depend on features or the app.' },
  { target: './web/src/lib', from: ['./web/src/features', './web/src/app', './web/src/components'], message: 'lib/ is the bottom layer.' },
  { target: './web/src/features', from: './web/src/app', message: 'Features must not import the app layer.' },
  { target: './bff/src/plugins', from: './bff/src/features', message: 'Cross-cutting plugins must not depend on features.' },
]

const workspaceZones = [
  { target: './shared', from: ['./bff', './web', './infra', './tests'], message: 'shared/ is pure: it imports no other workspace.' },
  { target: './bff', from: ['./web', './infra', './tests'], message: 'The BFF never depends on the SPA or on the stand-in’s internals.' },
  { target: './web', from: ['./bff', './infra', './tests'], message: 'The SPA talks to the BFF over HTTP only.' },
  { target: './infra/legacy-api', from: ['./bff', './web', './tests'], message: 'The stand-in is independent of the product.' },
]

const restrictPackages = (...names) => ({
  'no-restricted-imports': [
    'error',
    { patterns: names.map((name) => ({ group: [`@mini-vagas/${name}`, `@mini-vagas/${name}/*`], message: `This workspace must not import @mini-vagas/${name}.` })) },
  ],
})

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '.data/**', 'test-results/**', 'bench-report.json'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  // Lets the import plugin parse TypeScript dependencies (no-cycle must follow .ts imports).
  importConfigs.typescript,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 'latest', sourceType: 'module' },
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })] },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      'import-x/no-restricted-paths': ['error', { zones: [...workspaceZones, ...layerZones, ...featureZones] }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      eqeqeq: ['error', 'always'],
      'no-console': 'off',
    },
  },
  // The BFF's store and jobs are asynchronous: a promise nobody awaits, or one used as a
  // condition, is a bug there (a write that may not have happened, a revoked session let in).
  {
    files: ['bff/src/**/*.ts'],
    ignores: ['bff/src/**/*.test.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: { '@typescript-eslint/no-floating-promises': 'error', '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: false }] },
  },
  // The rules of hooks, for the SPA's components and hooks.
  { files: ['web/**/*.{ts,tsx}'], ...reactHooks.configs.flat['recommended-latest'] },
  { files: ['shared/**'], rules: restrictPackages('bff', 'web', 'legacy-api', 'tests') },
  { files: ['bff/**'], rules: restrictPackages('web', 'legacy-api', 'tests') },
  { files: ['web/**'], rules: restrictPackages('bff', 'legacy-api', 'tests') },
  { files: ['infra/legacy-api/**'], rules: restrictPackages('bff', 'web', 'tests') },
  {
    // Tests may use `any` for parsed JSON bodies of the HTTP calls they make.
    files: ['**/*.test.ts', '**/testing.ts', 'tests/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
)
