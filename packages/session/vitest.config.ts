// Shared component-test setup (relative path: a config file cannot load TypeScript from a package).
export { default } from '../testing/src/vitest-app'
