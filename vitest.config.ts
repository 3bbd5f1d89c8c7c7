import { defineConfig } from 'vitest/config';

// One runner for every workspace: domain and server in Node, web components in jsdom.
export default defineConfig({
  test: {
    // Every run takes a fresh order of files and tests in every project (DESIGN section 10: tests
    // pass in any order). Vitest 4 reads the order from here, not from a project's own `sequence`,
    // and prints the seed ("Running tests with seed …"); replay an order with `--sequence.seed=<seed>`.
    sequence: { shuffle: true },
    projects: [
      {
        test: {
          name: 'domain',
          include: ['packages/domain/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
        },
        esbuild: { jsx: 'automatic' },
      },
    ],
  },
});
