import { configDefaults, defineConfig } from 'vitest/config'
import base from './vitest.config.ts'

/** `npm run test:with-builds`: only the tests that render the real builds (after `npm run build`). */
export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: ['src/**/*.with-builds.test.ts'],
    exclude: configDefaults.exclude,
    // These load the remotes' server builds through the federation runtime, whose instances are
    // global to the process: each file starts from a fresh one.
    isolate: true,
  },
})
