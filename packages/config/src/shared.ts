import { createRequire } from 'node:module'
import path from 'node:path'
import { esModuleEntry } from './es-module-entry'
import { packageRoot } from './package-root'

const require = createRequire(import.meta.url)

/**
 * The range a remote accepts for a shared library: the major version installed in the
 * repo (read from the library's own package.json, so an upgrade moves it with no second
 * edit). The shell provides what it was built with; `loaded-first` keeps one copy.
 */
export function sharedRange(pkg: string): string {
  const [major, minor] = installedVersion(pkg).split('.')
  // Below 1.0 a minor version may break (semver's caret reads `^0.7.0` as 0.7.x).
  return major === '0' ? `^0.${minor}.0` : `^${major}.0.0`
}

/** The installed version of a package, from its own package.json. */
function installedVersion(pkg: string): string {
  const { version } = packageRoot(pkg, require.resolve(pkg)).json
  if (!version) throw new Error(`cannot find the installed version of ${pkg}`)
  return version
}

const singleton = (pkg: string) => ({ singleton: true, requiredVersion: sharedRange(pkg) })

/**
 * Everything that must exist once on a page. `requiredVersion: false` on our own
 * workspace package because it is versioned with the repo, not by semver.
 */
export const SHARED = {
  react: singleton('react'),
  'react/jsx-runtime': singleton('react'),
  'react/jsx-dev-runtime': singleton('react'),
  'react-dom': singleton('react-dom'),
  'react-dom/client': singleton('react-dom'),
  'react-router': singleton('react-router'),
  '@tanstack/react-query': singleton('@tanstack/react-query'),
  '@lamplight/session': { singleton: true, requiredVersion: false },
  // One toast store, so a remote's toast() shows in the shell's Toaster.
  sonner: singleton('sonner'),
} as const

/** The same table, typed for reading (the remote contract checks a manifest against it). */
export const SHARED_CONTRACT: Record<
  keyof typeof SHARED,
  { singleton: boolean; requiredVersion: string | false }
> = SHARED

/** The module `react-router-client.mjs` re-exports from: react-router's production build. */
export const REACT_ROUTER_IMPL = '@lamplight/react-router-impl'

export function reactRouterProductionEntry(): string {
  // The package's exports map gives its development build (with dev-only warnings) to the
  // `development` condition, which a development build sets, and the production build as
  // `default`: the facade always takes the production one.
  const { dir, json } = packageRoot('react-router', require.resolve('react-router'))
  const root = json.exports?.['.']
  const production = typeof root === 'object' && 'default' in root ? root.default : undefined
  if (typeof production !== 'string' || !production.includes('/production/')) {
    throw new Error(
      'react-router: expected its "." export to give the production build as "default"; ' +
        'its layout changed: update reactRouterProductionEntry (shared.ts)',
    )
  }
  return path.join(dir, production)
}

/** The module `tanstack-query-client.mjs` re-exports from: the package's ES module build. */
export const TANSTACK_QUERY_IMPL = '@lamplight/tanstack-query-impl'

export function tanstackQueryEntry(): string {
  // Not `@tanstack/react-query` itself: that request would be the shared module consuming itself.
  return esModuleEntry('@tanstack/react-query', require.resolve('@tanstack/react-query'))
}

/**
 * The UI kit's (`@lamplight/ui`, bundled into every app) own dependencies: `cn` (clsx, and
 * our class merger `@lamplight/class-merge`, decision 027), which every first screen uses,
 * and Radix Slot, which the kit's `asChild` and Radix's primitives (dialog, select, ...)
 * import (decision 035). Shared so that a remote takes
 * the shell's copy instead of downloading its own (~10 KB gzip per page, decision 021; the
 * merger 2.2 KB). Not singletons: two copies do no harm, so a remote built against another
 * major version simply brings its own. The merger is a workspace package versioned with the
 * repo, so it accepts any version (`requiredVersion: false`, as `@lamplight/session`): its
 * behaviour is pinned by its differential test, not by semver. Browser builds only (a server
 * build's bytes cost nothing). And class-variance-authority, since the chrome's first screen
 * loads it (the header's buttons): a remote's first page no longer brings its own (0.1 KB of
 * `/` and `/resources`; while the chrome did not load it, sharing it saved nothing).
 */
export const UI_KIT_SHARED = {
  clsx: { requiredVersion: sharedRange('clsx') },
  '@radix-ui/react-slot': { requiredVersion: sharedRange('@radix-ui/react-slot') },
  '@lamplight/class-merge': { requiredVersion: false },
  'class-variance-authority': { requiredVersion: sharedRange('class-variance-authority') },
} as const

/**
 * The shared table of a browser build: `react-router` is provided from its declarative
 * half (same share key, same version, still one singleton; decision 026), so a first load
 * carries 14 KB of it (gzip) instead of 65 KB; `@tanstack/react-query` likewise from the
 * names the apps use (`tanstack-query-client.mjs`, 13.1 -> 11.1 KB); the UI kit's
 * dependencies; and the route map (`@lamplight/routes`), which the shell's entry reads to
 * start fetching the page's remote before anything else, so each remote's routes take the
 * shell's copy instead of their own (0.9 KB gzip on every page). The shell's copy is eager
 * (in its entry, where it already was): the entry reads it before any shared module could
 * load. A workspace package versioned with the repo, like the session.
 */
export function browserShared({ host = false }: { host?: boolean } = {}) {
  return {
    ...SHARED,
    ...UI_KIT_SHARED,
    '@lamplight/routes': { requiredVersion: false as const, eager: host },
    'react-router': {
      ...SHARED['react-router'],
      // By package name, not path: the request is written into the build (the shell's first
      // load), which must not depend on where the repository was checked out.
      import: '@lamplight/config/react-router-client',
      version: installedVersion('react-router'),
    },
    '@tanstack/react-query': {
      ...SHARED['@tanstack/react-query'],
      import: '@lamplight/config/tanstack-query-client',
      version: installedVersion('@tanstack/react-query'),
    },
  }
}
