import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { browserShared, reactRouterProductionEntry, SHARED, sharedRange, UI_KIT_SHARED } from './shared'

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

  it("re-exports every name the apps' browser code imports from react-router", () => {
    const missing = browserImportsOf('react-router').filter(({ name }) => !reexported.has(name))
    expect(missing.map(({ name, file }) => `${name} (${file})`)).toEqual([])
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

const repo = path.resolve(import.meta.dirname, '../../..')
const BROWSER_SOURCES = ['shell', 'storefront', 'resources-app', 'puzzle-app', 'admin-app', 'packages']

/** Source files a browser build can contain: not tests, not the server renderer, not node_modules. */
function* browserSources(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) {
      if (!['node_modules', 'dist', 'dist-server', 'e2e', 'server', 'scripts'].includes(entry.name)) {
        yield* browserSources(full)
      }
    } else if (/\.(tsx?|mjs)$/.test(entry.name) && !/\.(test|spec|d)\.|test-utils|setup/.test(entry.name)) {
      yield full
    }
  }
}

/** Every value (not type) imported by name from `pkg` in browser code, with its file. */
function browserImportsOf(pkg: string): { name: string; file: string }[] {
  const found: { name: string; file: string }[] = []
  const statement = new RegExp(`import\\s+(?!type\\s)\\{([^}]*)\\}\\s*from\\s*'${pkg}'`, 'g')
  for (const root of BROWSER_SOURCES) {
    for (const file of browserSources(path.join(repo, root))) {
      for (const [, names] of readFileSync(file, 'utf8').matchAll(statement)) {
        for (const raw of names?.split(',') ?? []) {
          const name = raw
            .trim()
            .split(/\s+as\s+/)[0]
            ?.trim()
          if (name && !name.startsWith('type ')) found.push({ name, file: path.relative(repo, file) })
        }
      }
    }
  }
  return found
}

describe('browserImportsOf (the guard above)', () => {
  it('finds what the shell imports from react-router, values only', () => {
    const names = new Set(browserImportsOf('react-router').map(({ name }) => name))
    expect(names.has('unstable_HistoryRouter') && names.has('Link')).toBe(true)
    expect(names.has('Location')).toBe(false)
  })
})
