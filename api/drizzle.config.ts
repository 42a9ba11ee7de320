import { defineConfig } from 'drizzle-kit'

// Generates SQL migrations into ./drizzle; the app applies them at start on either driver.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './drizzle',
  casing: 'snake_case',
})
