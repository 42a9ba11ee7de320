import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 180_000,
    // Each file opens its own databases; PGlite is CPU-heavy, so do not run too many at once.
    maxWorkers: 2,
  },
})
