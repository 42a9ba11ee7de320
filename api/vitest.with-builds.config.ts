import { configDefaults, defineConfig } from 'vitest/config'
import base from './vitest.config'

/** `npm run test:with-builds`: only the tests that render the real builds (after `npm run build`). */
export default defineConfig({
  ...base,
  test: { ...base.test, include: ['src/**/*.with-builds.test.ts'], exclude: configDefaults.exclude },
})
