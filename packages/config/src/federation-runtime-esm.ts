import { createRequire } from 'node:module'
import { esModuleEntry } from './es-module-entry'

const require = createRequire(import.meta.url)

/**
 * The federation runtime packages a remote entry imports, as rspack's ModuleFederationPlugin
 * resolves them: with Node's `require.resolve`, which picks each package's CommonJS build
 * (`dist/index.cjs`). The plugin imports the bundler runtime by that absolute path and aliases
 * `@module-federation/runtime` to it, and CommonJS cannot be tree-shaken: every remote entry
 * carried the SDK, the runtime's helpers and the whole error-code table (14.8 KB gzip).
 * Their ES module builds, which the packages publish for `import`, make it 9.4 KB.
 */
export const FEDERATION_RUNTIME_PACKAGES = [
  '@module-federation/webpack-bundler-runtime',
  '@module-federation/runtime',
] as const

/**
 * `resolve.alias` for a remote's browser build: each CommonJS entry above (an exact-match
 * `$` key on its absolute path, the request the plugin makes) to the package's ES module
 * entry. Once the bundler runtime is an ES module, its own imports (the SDK, the error codes,
 * the runtime's helpers) resolve to ES modules by the `import` condition. Throws, so that the
 * build fails, when a package no longer has the shape this relies on (the unit test beside it
 * says the same earlier).
 */
export function federationRuntimeEsmAliases(): Record<string, string> {
  const implementation = rspackRuntimeImplementation()
  const aliases: Record<string, string> = {}
  for (const pkg of FEDERATION_RUNTIME_PACKAGES) {
    // What @rspack/core's ModuleFederationPlugin does to find them.
    const commonjs = require.resolve(pkg, { paths: [implementation] })
    aliases[`${commonjs}$`] = esModuleEntry(pkg, commonjs)
  }
  return aliases
}

/** The runtime-tools entry @module-federation/rspack hands to rspack (`implementation`). */
export function rspackRuntimeImplementation(): string {
  const fromRsbuildPlugin = createRequire(require.resolve('@module-federation/rsbuild-plugin'))
  const fromEnhanced = createRequire(fromRsbuildPlugin.resolve('@module-federation/enhanced/rspack'))
  const plugin = fromEnhanced('@module-federation/rspack/plugin') as {
    resolveRspackRuntimeImplementation?: () => string
  }
  if (typeof plugin.resolveRspackRuntimeImplementation !== 'function') {
    throw new Error(
      '@module-federation/rspack no longer exports resolveRspackRuntimeImplementation: ' +
        'see how its ModuleFederationPlugin picks the runtime and update federation-runtime-esm.ts',
    )
  }
  return plugin.resolveRspackRuntimeImplementation()
}
