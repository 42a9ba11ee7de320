// The tracker's SDK, in its own chunk: observability.ts imports this file only when a DSN is
// configured. Named imports (not the whole namespace) let the bundler leave the rest out.
export { captureException, init } from '@sentry/react'
