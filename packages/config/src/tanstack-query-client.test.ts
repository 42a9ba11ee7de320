import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { browserShared, SHARED, sharedRange, tanstackQueryEntry } from './shared'

const root = path.resolve(import.meta.dirname, '../../..')
const PACKAGE = '@tanstack/react-query'

const client = readFileSync(new URL('./tanstack-query-client.mjs', import.meta.url), 'utf8')
const clientExports = new Set(
  (/export \{([^}]*)\} from '@lamplight\/tanstack-query-impl'/.exec(client)?.[1] ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean),
)

const quoted = PACKAGE.replace(/[/]/g, '\\/')
const NAMED = new RegExp(`\\b(?:import|export)\\s+(type\\s+)?\\{([^}]*)\\}\\s*from\\s*['"]${quoted}['"]`, 'g')
const ANY = new RegExp(`(?:from\\s*|import\\s*\\(?\\s*)['"]${quoted}['"]`, 'g')

/**
 * The values a source file imports (or re-exports) from @tanstack/react-query that the
 * browser's module does not export. Types are erased, so a name the package has no value for
 * passes. An import that does not name what it takes (a namespace, a default, a side effect,
 * `import()`) cannot be checked: it is reported as `*`.
 */
function missingFromClient(source: string, runtime: Set<string>, exported: Set<string>): string[] {
  const missing: string[] = []
  let named = 0
  for (const [, typeOnly, list = ''] of source.matchAll(NAMED)) {
    named++
    if (typeOnly) continue
    for (const specifier of list.split(',')) {
      const [name = ''] = specifier.trim().split(/\s+as\s+/)
      if (!name || name.startsWith('type ')) continue
      if (runtime.has(name) && !exported.has(name)) missing.push(name)
    }
  }
  if ([...source.matchAll(ANY)].length > named) missing.push('*')
  return missing
}

// Test files run under vitest on the whole package, never through Module Federation.
const SKIP_DIRS = new Set(['node_modules', 'dist', 'dist-standalone', 'dist-server', 'e2e', 'coverage'])
function* sources(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name) && !entry.name.startsWith('.'))
        yield* sources(path.join(dir, entry.name))
    } else if (/\.(m|c)?[jt]sx?$/.test(entry.name) && !/\.(test|spec)\.[jt]sx?$/.test(entry.name)) {
      yield path.join(dir, entry.name)
    }
  }
}

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
    const { workspaces } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
      workspaces: string[]
    }
    const dirs = workspaces.flatMap((pattern) =>
      pattern.endsWith('/*')
        ? readdirSync(path.join(root, pattern.slice(0, -2))).map((name) =>
            path.join(pattern.slice(0, -2), name),
          )
        : [pattern],
    )
    const problems: string[] = []
    let importers = 0
    for (const dir of dirs) {
      for (const file of sources(path.join(root, dir))) {
        const source = readFileSync(file, 'utf8')
        if (!source.includes(PACKAGE)) continue
        importers++
        for (const name of missingFromClient(source, runtime, clientExports)) {
          problems.push(
            name === '*'
              ? `${path.relative(root, file)} imports ${PACKAGE} without naming what it takes: import the names`
              : `${path.relative(root, file)} imports ${name} from ${PACKAGE}, which the browser's shared copy ` +
                  `does not export: add it to packages/config/src/tanstack-query-client.mjs (and measure it)`,
          )
        }
      }
    }
    expect(importers, 'the apps were found and read').toBeGreaterThan(10)
    expect(problems).toEqual([])
  })

  it('catches a value the module leaves out, not types, renames, or type-only imports', () => {
    const runtime = new Set(['useQuery', 'useQueries', 'QueryClient'])
    const exported = new Set(['useQuery', 'QueryClient'])
    const check = (source: string) => missingFromClient(source, runtime, exported)
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
    expect(shared.import).toMatch(/tanstack-query-client\.mjs$/)
    expect(shared.version).toBe(lock.packages[`node_modules/${PACKAGE}`]?.version)
    expect(shared.singleton).toBe(true)
    expect(shared.requiredVersion).toBe(sharedRange(PACKAGE))
    expect(SHARED[PACKAGE]).not.toHaveProperty('import')
    expect(tanstackQueryEntry()).toMatch(/@tanstack\/react-query\/build\/modern\/index\.js$/)
  })
})
