import { existsSync, readFileSync } from 'node:fs'
import { rspack } from '@rsbuild/core'
import { describe, expect, it } from 'vitest'
import { esModuleEntry } from './es-module-entry'
import {
  FEDERATION_RUNTIME_PACKAGES,
  federationRuntimeEsmAliases,
  rspackRuntimeImplementation,
} from './federation-runtime-esm'

describe("the browser builds' federation runtime (federation-runtime-esm.ts)", () => {
  const aliases = Object.entries(federationRuntimeEsmAliases())

  it('aliases each CommonJS build rspack picks to an ES module file of the same package, all present', () => {
    // At least each package's own entry; more where a package has more entry points.
    expect(aliases.length).toBeGreaterThanOrEqual(FEDERATION_RUNTIME_PACKAGES.length)
    for (const [key, target] of aliases) {
      const commonjs = key.slice(0, -1)
      expect(key.endsWith('$'), `${key} is an exact-match key`).toBe(true)
      expect(existsSync(commonjs), `${commonjs} exists (an upgrade moved it?)`).toBe(true)
      expect(existsSync(target), `${target} exists (an upgrade moved it?)`).toBe(true)
      expect(commonjs).toMatch(/\.cjs$/)
      // An ES module: imports and exports, no require().
      const source = readFileSync(target, 'utf8')
      expect(source, target).toMatch(/^(import|export) /m)
      expect(source, target).not.toMatch(/\brequire\(/)
    }
    const targets = aliases.map(([, target]) => target).join('\n')
    for (const pkg of FEDERATION_RUNTIME_PACKAGES) expect(targets, pkg).toContain(`${pkg}/dist/index.`)
    // What the plugin hands the remotes (the shell's runtime core): runtime-tools' subpath.
    expect(targets).toMatch(/@module-federation\/runtime-tools\/dist\/runtime-core\.js/)
  })

  it("keys the runtime by the very file rspack's ModuleFederationPlugin aliases it to", () => {
    // The plugin sets `@module-federation/runtime` to the CommonJS file it resolved; were it to
    // resolve another one after an upgrade, our exact-match key would silently stop applying.
    const compiler = rspack({
      context: import.meta.dirname,
      entry: {},
      plugins: [
        new rspack.container.ModuleFederationPlugin({
          name: 'probe',
          implementation: rspackRuntimeImplementation(),
        }),
      ],
    })
    const runtime = (compiler.options.resolve.alias as Record<string, string>)['@module-federation/runtime']
    expect(runtime).toBeDefined()
    expect(aliases.map(([key]) => key)).toContain(`${runtime}$`)
  })

  it('refuses a CommonJS file that is not the package entry instead of guessing', () => {
    const [key] = aliases[0] ?? ['']
    const elsewhere = key.slice(0, -1).replace(/index\.cjs$/, 'constant.cjs')
    expect(() => esModuleEntry(FEDERATION_RUNTIME_PACKAGES[0], elsewhere)).toThrow(/layout changed/)
  })
})
