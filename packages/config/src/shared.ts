import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'

const require = createRequire(import.meta.url)

/**
 * The range a remote accepts for a shared library: the major version installed in the
 * repo (read from the library's own package.json, so an upgrade moves it with no second
 * edit). The shell provides what it was built with; `loaded-first` keeps one copy.
 */
export function sharedRange(pkg: string): string {
  return `^${installedVersion(pkg).split('.')[0]}.0.0`
}

/** Not every package exports its package.json (sonner does not): walk up from its entry. */
function installedVersion(pkg: string): string {
  let dir = path.dirname(require.resolve(pkg))
  while (dir !== path.dirname(dir)) {
    const file = path.join(dir, 'package.json')
    if (existsSync(file)) {
      const json = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string }
      if (json.name === pkg && json.version) return json.version
    }
    dir = path.dirname(dir)
  }
  throw new Error(`cannot find the installed version of ${pkg}`)
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
