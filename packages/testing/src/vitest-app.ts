import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

/** Component tests of an app: jsdom, globals, jest-dom matchers. */
export default defineConfig({
  test: {
    environment: 'jsdom',
    testTimeout: 60_000,
    globals: true,
    setupFiles: [fileURLToPath(new URL('./setup.ts', import.meta.url))],
    include: ['src/**/*.test.{ts,tsx}'],
  },
})
