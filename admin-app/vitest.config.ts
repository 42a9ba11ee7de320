// Shared component-test setup (relative path: a config file cannot load TypeScript from a package).
export { default } from '../packages/testing/src/vitest-app'
