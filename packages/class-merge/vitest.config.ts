import { defineConfig } from 'vitest/config'

// The differential test runs both mergers over every ordered pair of the classes in our
// source (~430 000 pairs): a few seconds alone, up to 30 s beside CI's other suites.
export default defineConfig({ test: { environment: 'node', testTimeout: 60_000 } })
