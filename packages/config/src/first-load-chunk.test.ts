import path from 'node:path'
import type { Rspack } from '@rsbuild/core'
import { describe, expect, it } from 'vitest'
import { FIRST_LOAD_CHUNK, FIRST_LOAD_PACKAGES, firstLoadCacheGroup, installedDir } from './first-load-chunk'

type FakeModule = { nameForCondition(): string | null | undefined }
const mod = (file: string | null): FakeModule => ({ nameForCondition: () => file })

/** The cache group's test, over a tiny module graph: `importers` maps a module to those importing it. */
function tester(importers: Map<FakeModule, FakeModule[]> = new Map()) {
  const group = firstLoadCacheGroup()
  const test = group.test as (module: FakeModule, context: unknown) => boolean
  const moduleGraph = {
    getIncomingConnections: (module: FakeModule) =>
      (importers.get(module) ?? []).map((originModule) => ({ originModule })),
  }
  return (module: FakeModule) => test(module, { moduleGraph, chunkGraph: {} })
}

describe("the shell's first-load chunk (first-load-chunk.ts)", () => {
  it('is one named, async, enforced group', () => {
    const group = firstLoadCacheGroup() as Rspack.OptimizationSplitChunksCacheGroup
    expect(group).toMatchObject({ name: FIRST_LOAD_CHUNK, chunks: 'async', enforce: true })
  })

  it("takes every file of the first screen's shared libraries, and the facades that share them", () => {
    const test = tester()
    for (const pkg of FIRST_LOAD_PACKAGES) {
      expect(test(mod(path.join(installedDir(pkg), 'any/file.js'))), pkg).toBe(true)
    }
    expect(test(mod(path.join(import.meta.dirname, 'react-router-client.mjs')))).toBe(true)
    expect(test(mod(path.join(import.meta.dirname, 'tanstack-query-client.mjs')))).toBe(true)
  })

  it('leaves other libraries, the apps and files without a resource to their own chunks', () => {
    const test = tester()
    expect(test(mod(path.join(installedDir('react'), '..', 'sonner', 'dist', 'index.mjs')))).toBe(false)
    // A package whose name starts like one of the group's is not in it.
    expect(test(mod(`${installedDir('react')}-markdown/index.js`))).toBe(false)
    expect(test(mod(path.join(import.meta.dirname, 'rsbuild.ts')))).toBe(false)
    expect(test(mod('/work/shell/src/layout/site-footer.tsx'))).toBe(false)
    expect(test(mod(null))).toBe(false)
  })

  it('takes a workspace module one of the libraries imports and the modules of its package it imports, not one only the apps import', () => {
    const session = mod(path.join(installedDir('@lamplight/session'), 'src/auth-context.tsx'))
    const footer = mod('/work/shell/src/layout/site-footer.tsx')
    const apiClient = mod('/work/packages/contracts/src/api-client.ts')
    const apiError = mod('/work/packages/contracts/src/api-error.ts')
    const schemas = mod('/work/packages/contracts/src/schemas.ts')
    const chromeHelper = mod('/work/shell/src/layout/nav-links.ts')
    const viaHelper = mod('/work/packages/contracts/src/money.ts')
    const libraryOfTheApps = mod(path.join(installedDir('react'), '..', 'zod', 'index.js'))
    const test = tester(
      new Map([
        [apiClient, [footer, session]],
        [apiError, [apiClient]],
        [schemas, [footer]],
        [chromeHelper, [footer]],
        [viaHelper, [schemas]],
        [libraryOfTheApps, [session]],
      ]),
    )
    expect(test(apiClient)).toBe(true)
    // The API client's own helpers, in its package, come with it.
    expect(test(apiError)).toBe(true)
    expect(test(schemas)).toBe(false)
    // Not two levels out of the package: that brought in the chrome's own modules.
    expect(test(chromeHelper)).toBe(false)
    expect(test(viaHelper)).toBe(false)
    // A library from node_modules is in the group by its package, not by who imports it.
    expect(test(libraryOfTheApps)).toBe(false)
  })
})
