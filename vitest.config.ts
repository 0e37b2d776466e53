import { defineConfig } from 'vitest/config'

// One vitest run covers every workspace; each is a project so its tests run in its own root.
// The JSON report feeds the `N passed, N failed` line that .ci/run prints. Timeouts allow for a
// shared, loaded machine (CI runs beside other work): they bound a hang, they do not measure speed.
export default defineConfig({
  test: {
    reporters: ['default', ['json', { outputFile: 'test-results/vitest.json' }]],
    projects: [
      { test: { name: 'shared', root: 'shared', include: ['src/**/*.test.ts'] } },
      {
        test: {
          name: 'legacy-api',
          root: 'infra/legacy-api',
          include: ['src/**/*.test.ts'],
          testTimeout: 20_000,
        },
      },
      { test: { name: 'bff', root: 'bff', include: ['src/**/*.test.ts'], testTimeout: 20_000 } },
      { test: { name: 'web', root: 'web', include: ['src/**/*.test.{ts,tsx}'], environment: 'jsdom', setupFiles: ['src/testing/setup.ts'], testTimeout: 20_000 } },
      {
        test: {
          name: 'tests',
          root: 'tests',
          include: ['contract/**/*.test.ts', 'bench/**/*.test.ts', 'structure/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          expect: { poll: { timeout: 15_000, interval: 50 } },
        },
      },
      // Real faults on real processes (SIGKILL, two instances, a full disk): one file at a time.
      {
        test: {
          name: 'faults',
          root: 'tests',
          include: ['faults/**/*.test.ts'],
          testTimeout: 240_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          expect: { poll: { timeout: 15_000, interval: 50 } },
        },
      },
      // The deployment as operators run it: nginx in front, several instances, the container image.
      { test: { name: 'deploy', root: 'tests', include: ['deploy/**/*.test.ts'], testTimeout: 240_000, hookTimeout: 180_000, fileParallelism: false } },
      // Real Chromium against real processes; needs the built SPA (npm test builds it first).
      {
        test: {
          name: 'e2e',
          root: 'tests',
          include: ['e2e/**/*.test.ts'],
          testTimeout: 180_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          // A condition waited for, never a fixed sleep: generous on a loaded machine, free when met.
          expect: { poll: { timeout: 30_000, interval: 50 } },
        },
      },
    ],
  },
})
