import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 180_000,
    // Migrates one database per driver, once; each file's database is a copy of it.
    globalSetup: ['./src/test/global-setup.ts'],
    // Each file opens its own databases; PGlite is CPU-heavy, so do not run too many at once.
    maxWorkers: 2,
  },
})
