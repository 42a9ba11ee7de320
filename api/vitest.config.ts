import { configDefaults, defineConfig } from 'vitest/config'
import { SlowFilesFirst } from './src/test/sequencer.ts'

export default defineConfig({
  test: {
    environment: 'node',
    // Pages rendered from the real builds run after the build, in their own step
    // (vitest.with-builds.config.ts), where a missing build fails them instead of skipping.
    exclude: [...configDefaults.exclude, '**/*.with-builds.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    // Migrates one database per driver, once; each file's database is a copy of it.
    globalSetup: ['./src/test/global-setup.ts'],
    // The longest files first, so none is left running alone at the end.
    sequence: { sequencer: SlowFilesFirst },
    // Each file opens its own databases; PGlite is CPU-heavy, so do not run too many at once.
    maxWorkers: 2,
    // A worker keeps the modules it imported for its next file instead of importing the app
    // again for each: importing was two thirds of the suite's time (decision 069). The files
    // share no state: each makes its own app, database and registries.
    isolate: false,
  },
})
