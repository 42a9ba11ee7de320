import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import {
  browserShared,
  REACT_ROUTER_SERVER_ONLY,
  reactRouterProductionEntry,
  SHARED,
  sharedRange,
  UI_KIT_SHARED,
} from './shared'

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
  const facade = readFileSync(new URL('./react-router-client.mjs', import.meta.url), 'utf8')
  const reexported = new Set(
    (/export \{([^}]*)\} from '@lamplight\/react-router-impl'/.exec(facade)?.[1] ?? '')
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean),
  )

  it('re-exports every export of react-router except the server-only ones, and nothing else', async () => {
    const all = Object.keys(await import('react-router'))
    const serverOnly = new Set<string>(REACT_ROUTER_SERVER_ONLY)
    expect(all.filter((name) => !reexported.has(name) && !serverOnly.has(name))).toEqual([])
    expect([...reexported].filter((name) => !all.includes(name))).toEqual([])
    expect([...serverOnly].filter((name) => !all.includes(name))).toEqual([])
    expect(reexported.has('createBrowserRouter') && reexported.has('Link')).toBe(true)
    expect(reexported.has('createRequestHandler')).toBe(false)
  })

  it('is provided under the same share key and version as the package, from its production build', () => {
    const shared = browserShared()['react-router']
    expect(shared.import).toMatch(/react-router-client\.mjs$/)
    expect(shared.version).toBe(lock.packages['node_modules/react-router']?.version)
    expect(shared.singleton).toBe(true)
    expect(shared.requiredVersion).toBe(sharedRange('react-router'))
    expect(reactRouterProductionEntry()).toMatch(/react-router\/dist\/production\/index\.mjs$/)
  })
})

describe("the UI kit's dependencies in a browser build", () => {
  it('are shared (a remote takes the shell copy), but not as singletons', () => {
    const shared = browserShared() as Record<
      string,
      { singleton?: boolean; requiredVersion?: string | false }
    >
    for (const pkg of Object.keys(UI_KIT_SHARED)) {
      expect(shared[pkg]?.requiredVersion).toBe(sharedRange(pkg))
      expect(shared[pkg]?.singleton).toBeUndefined()
    }
    expect(Object.keys(UI_KIT_SHARED)).toEqual(
      expect.arrayContaining(['clsx', 'tailwind-merge', '@radix-ui/react-slot']),
    )
  })
})
