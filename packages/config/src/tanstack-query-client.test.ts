import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { facadeExports, missingFromSubset, subsetProblems } from './browser-imports'
import { browserShared, SHARED, sharedRange, tanstackQueryEntry } from './shared'

const root = path.resolve(import.meta.dirname, '../../..')
const PACKAGE = '@tanstack/react-query'

const clientExports = facadeExports(
  new URL('./tanstack-query-client.mjs', import.meta.url),
  '@lamplight/tanstack-query-impl',
)

describe("the browser's TanStack Query (tanstack-query-client.mjs)", () => {
  it('re-exports only values the package has, including what the apps used when it was written', async () => {
    const runtime = Object.keys(await import(PACKAGE))
    expect([...clientExports].filter((name) => !runtime.includes(name))).toEqual([])
    for (const name of ['useQuery', 'useMutation', 'useInfiniteQuery', 'QueryClientProvider', 'hydrate']) {
      expect(clientExports.has(name), name).toBe(true)
    }
    // Left out on purpose: the guard below must have something to catch.
    expect(clientExports.has('useQueries')).toBe(false)
  })

  it('exports every value an app imports from @tanstack/react-query', async () => {
    const runtime = new Set(Object.keys(await import(PACKAGE)))
    const { problems, importers } = subsetProblems(
      PACKAGE,
      'tanstack-query-client.mjs',
      runtime,
      clientExports,
    )
    expect(importers, 'the apps were found and read').toBeGreaterThan(10)
    expect(problems).toEqual([])
  })

  it('catches a value the module leaves out, not types, renames, or type-only imports', () => {
    const runtime = new Set(['useQuery', 'useQueries', 'QueryClient'])
    const exported = new Set(['useQuery', 'QueryClient'])
    const check = (source: string) => missingFromSubset(source, PACKAGE, runtime, exported)
    expect(check(`import { useQuery, useQueries as all } from '@tanstack/react-query'`)).toEqual([
      'useQueries',
    ])
    expect(check(`import {\n  type UseQueryResult,\n  useQuery,\n} from "@tanstack/react-query"`)).toEqual([])
    expect(check(`import type { useQueries } from '@tanstack/react-query'`)).toEqual([])
    expect(check(`export { useQueries } from '@tanstack/react-query'`)).toEqual(['useQueries'])
    expect(check(`import * as query from '@tanstack/react-query'`)).toEqual(['*'])
    expect(check(`const q = await import('@tanstack/react-query')`)).toEqual(['*'])
  })

  it('is provided under the same share key, version and range as the package, from its ES module build', () => {
    const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { version?: string }>
    }
    const shared = browserShared()[PACKAGE]
    // Named by package, so the build (which writes the request into the shell's first load)
    // is the same wherever the repository is checked out; it resolves to the facade.
    expect(shared.import).toBe('@lamplight/config/tanstack-query-client')
    expect(fileURLToPath(import.meta.resolve(shared.import))).toBe(
      path.join(import.meta.dirname, 'tanstack-query-client.mjs'),
    )
    expect(shared.version).toBe(lock.packages[`node_modules/${PACKAGE}`]?.version)
    expect(shared.singleton).toBe(true)
    expect(shared.requiredVersion).toBe(sharedRange(PACKAGE))
    expect(SHARED[PACKAGE]).not.toHaveProperty('import')
    expect(tanstackQueryEntry()).toMatch(/@tanstack\/react-query\/build\/modern\/index\.js$/)
  })
})
