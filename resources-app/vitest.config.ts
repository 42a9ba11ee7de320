import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['../packages/session/src/test-setup.ts'],
    passWithNoTests: false,
  },
})
