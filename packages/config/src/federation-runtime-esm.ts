import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { esModuleEntry } from './es-module-entry'
import { exportFiles, packageRoot } from './package-root'

const require = createRequire(import.meta.url)

/**
 * The federation runtime's packages, as rspack's ModuleFederationPlugin reaches them: with
 * Node's `require.resolve` (the bundler runtime, `@module-federation/runtime`, runtime-tools
 * and the plugin that hands the shell's runtime core to the remotes, each by absolute path),
 * which picks each package's CommonJS build (`dist/*.cjs`), whose own `require`s then pick
 * the CommonJS builds of runtime-core, the SDK and the error codes. CommonJS cannot be
 * tree-shaken: a remote entry carried the SDK, the runtime's helpers and the whole error-code
 * table (14.8 KB gzip, 9.4 with ES modules), and the shell's entry 34.4 KB (29.0). Aliasing
 * only some of them is not enough: what still comes in as CommonJS brings a second copy of
 * the runtime core (49 KB) beside the ES module one.
 */
export const FEDERATION_RUNTIME_PACKAGES = [
  '@module-federation/webpack-bundler-runtime',
  '@module-federation/runtime',
  '@module-federation/runtime-tools',
  '@module-federation/runtime-core',
  '@module-federation/inject-external-runtime-core-plugin',
  '@module-federation/sdk',
  '@module-federation/error-codes',
] as const

/**
 * `resolve.alias` for a browser build: every CommonJS entry of the packages above (each
 * export's `require` file, an exact-match `$` key on its absolute path, the request the
 * plugin or a CommonJS sibling makes) to the same export's `import` file. Throws, so that
 * the build fails, when a package no longer has the shape this relies on (the unit test
 * beside it says the same earlier).
 */
export function federationRuntimeEsmAliases(): Record<string, string> {
  const fromPlugin = createRequire(rspackRuntimeImplementation())
  const aliases: Record<string, string> = {}
  for (const pkg of FEDERATION_RUNTIME_PACKAGES) {
    // What @rspack/core's ModuleFederationPlugin does to find them; `.` is checked by
    // esModuleEntry, the other exports the same way below.
    const commonjs = fromPlugin.resolve(pkg)
    aliases[`${commonjs}$`] = esModuleEntry(pkg, commonjs)
    const { dir, json } = packageRoot(pkg, commonjs)
    for (const subpath of Object.keys(json.exports ?? {})) {
      const { import: esm, require: cjs } = exportFiles(json, subpath)
      if (subpath === '.' || !cjs || !esm) continue
      if (!existsSync(path.join(dir, esm)))
        throw new Error(`${pkg}: its "import" file for ${subpath} does not exist`)
      aliases[`${path.join(dir, cjs)}$`] = path.join(dir, esm)
    }
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
