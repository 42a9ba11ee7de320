import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { browserSourcesUsing, facadeExports, missingFromSubset, subsetProblems } from './browser-imports'
import { browserShared, reactRouterProductionEntry, SHARED, sharedRange, UI_KIT_SHARED } from './shared'

const repo = path.resolve(import.meta.dirname, '../../..')
const lock = JSON.parse(readFileSync(new URL('../../../package-lock.json', import.meta.url), 'utf8')) as {
  packages: Record<string, { version?: string }>
}

describe('shared singletons', () => {
  it('accept the major version the lockfile installs', () => {
    for (const pkg of ['react', 'react-dom', 'react-router', '@tanstack/react-query', 'sonner']) {
      const major = lock.packages[`node_modules/${pkg}`]?.version?.split('.')[0]
      expect(major, `${pkg} is installed`).toBeDefined()
      expect(sharedRange(pkg)).toBe(`^${major}.0.0`)
    }
  })

  it('accept the minor version of a library below 1.0, whose minor versions may break', () => {
    const [, minor] = lock.packages['node_modules/class-variance-authority']?.version?.split('.') ?? []
    expect(minor).toBeDefined()
    expect(sharedRange('class-variance-authority')).toBe(`^0.${minor}.0`)
  })

  it('share each library as a singleton with that range', () => {
    expect(SHARED.react).toEqual({ singleton: true, requiredVersion: sharedRange('react') })
    expect(SHARED['react-dom/client'].requiredVersion).toBe(sharedRange('react-dom'))
    expect(SHARED.sonner.singleton).toBe(true)
  })

  it('refuses a package that is not installed instead of guessing', () => {
    expect(() => sharedRange('no-such-package-lamplight')).toThrow()
  })
})

describe("the browser's react-router (react-router-client.mjs)", () => {
  const reexported = facadeExports(
    new URL('./react-router-client.mjs', import.meta.url),
    '@lamplight/react-router-impl',
  )

  it('re-exports only names react-router has, and none of its data router', async () => {
    const all = Object.keys(await import('react-router'))
    expect([...reexported].filter((name) => !all.includes(name))).toEqual([])
    expect(reexported.has('Link') && reexported.has('unstable_HistoryRouter')).toBe(true)
    for (const dataRouter of [
      'createBrowserRouter',
      'RouterProvider',
      'useBlocker',
      'createRequestHandler',
    ]) {
      expect(reexported.has(dataRouter)).toBe(false)
    }
  })

  it("re-exports every name the apps' browser code imports from react-router", async () => {
    const runtime = new Set(Object.keys(await import('react-router')))
    const { problems, importers } = subsetProblems(
      'react-router',
      'react-router-client.mjs',
      runtime,
      reexported,
    )
    expect(importers, 'the apps were found and read').toBeGreaterThan(20)
    expect(problems).toEqual([])
  })

  it('would catch a data-router import in browser code, and not a type or the server renderer', async () => {
    const runtime = new Set(Object.keys(await import('react-router')))
    const check = (source: string) => missingFromSubset(source, 'react-router', runtime, reexported)
    expect(check(`import { Link, useBlocker } from 'react-router'`)).toEqual(['useBlocker'])
    expect(check(`import { type RouteObject, Link } from 'react-router'`)).toEqual([])
    expect(browserSourcesUsing('react-router').some(({ file }) => file.includes('/server/'))).toBe(false)
    expect(browserSourcesUsing('react-router').some(({ file }) => file.endsWith('guarded-history.ts'))).toBe(
      true,
    )
  })

  it('is provided under the same share key and version as the package, from its production build', () => {
    const shared = browserShared()['react-router']
    // Named by package, so the build (which writes the request into the shell's first load)
    // is the same wherever the repository is checked out; it resolves to the facade.
    expect(shared.import).toBe('@lamplight/config/react-router-client')
    expect(fileURLToPath(import.meta.resolve(shared.import))).toBe(
      path.join(import.meta.dirname, 'react-router-client.mjs'),
    )
    expect(shared.version).toBe(lock.packages['node_modules/react-router']?.version)
    expect(shared.singleton).toBe(true)
    expect(shared.requiredVersion).toBe(sharedRange('react-router'))
    expect(reactRouterProductionEntry()).toMatch(/react-router\/dist\/production\/index\.js$/)
  })
})

describe("the UI kit's dependencies in a browser build", () => {
  it('are shared (a remote takes the shell copy), but not as singletons', () => {
    const shared = browserShared() as Record<
      string,
      { singleton?: boolean; requiredVersion?: string | false }
    >
    for (const pkg of Object.keys(UI_KIT_SHARED)) {
      // Our own workspace package is versioned with the repo: any version will do.
      const range = pkg.startsWith('@lamplight/') ? false : sharedRange(pkg)
      expect(shared[pkg]?.requiredVersion, pkg).toBe(range)
      expect(shared[pkg]?.singleton, pkg).toBeUndefined()
    }
    expect(Object.keys(UI_KIT_SHARED)).toEqual(
      expect.arrayContaining(['clsx', '@radix-ui/react-slot', '@lamplight/class-merge']),
    )
    // The UI kit merges classes itself (decision 027): tailwind-merge is a test-only dependency.
    expect(Object.keys(UI_KIT_SHARED)).not.toContain('tailwind-merge')
  })

  it('include the class merger under the name the UI kit imports it by (the share key matches the bare specifier)', () => {
    const cn = readFileSync(path.join(repo, 'packages/ui/src/lib/cn.ts'), 'utf8')
    const imported = [...cn.matchAll(/from '([^']+)'/g)].map(([, specifier]) => specifier)
    expect(imported).toContain('@lamplight/class-merge')
    expect(imported.filter((specifier) => specifier?.startsWith('.'))).toEqual([])
    const ui = JSON.parse(readFileSync(path.join(repo, 'packages/ui/package.json'), 'utf8')) as {
      dependencies: Record<string, string>
    }
    for (const pkg of Object.keys(UI_KIT_SHARED)) {
      if (pkg.startsWith('@lamplight/')) expect(ui.dependencies[pkg], pkg).toBeDefined()
    }
  })
})
