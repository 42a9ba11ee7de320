import { realpathSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import type { Rspack } from '@rsbuild/core'
import { packageRoot } from './package-root'

const require = createRequire(import.meta.url)

/**
 * The shared libraries every page of the shell starts with, and the libraries they import:
 * React and React DOM, the router, TanStack Query, the session, and the UI kit's `cn()`
 * and `asChild` (clsx, the class merger, Radix Slot and its compose-refs: Button, Badge,
 * Skeleton and the navigation menu's links render through it, decision 035). Their code and
 * the facades that share the browser halves of react-router and TanStack Query (this
 * package's `*-client.mjs`).
 */
export const FIRST_LOAD_PACKAGES = [
  'react',
  'react-dom',
  'scheduler',
  'react-router',
  '@tanstack/react-query',
  '@tanstack/query-core',
  '@lamplight/session',
  '@lamplight/class-merge',
  'clsx',
  '@radix-ui/react-slot',
  '@radix-ui/react-compose-refs',
  'class-variance-authority',
] as const

export const FIRST_LOAD_CHUNK = 'first-load'

/** This package's modules that the browser builds share in place of the libraries (shared.ts). */
const FACADES = ['react-router-client.mjs', 'tanstack-query-client.mjs']

/** The part of rspack's module the test reads: the file it came from (resource, without a query). */
type Module = { nameForCondition(): string | null | undefined }

/**
 * The shell's split of its shared libraries (decision 028): one script, `first-load`, instead
 * of one per library. Module Federation gives every shared module a chunk of its own, so a
 * first load fetched ten scripts for them; they always load together (every page needs
 * them before it hydrates), and one gzip stream over all of them is 3 KB smaller than ten
 * (a compressor finds the repeats across libraries; each script has its own wrapper). The
 * group is async, as the chunks were: it starts after the page has painted (shell/src/index.ts),
 * so it does not delay the largest paint, and it stays a file of its own beside the shell's
 * entry, so a shell release that changes neither React nor the libraries keeps it cached.
 *
 * Also in the group: a workspace module that one of them imports (the session's API client
 * from `@lamplight/contracts`), which would otherwise be a tiny script of its own, as the
 * chrome imports it too.
 */
export function firstLoadCacheGroup(
  packageDirs: readonly string[] = FIRST_LOAD_PACKAGES.map(installedDir),
): Rspack.OptimizationSplitChunksCacheGroup {
  const dirs = packageDirs.map((dir) => dir + path.sep)
  const facades = FACADES.map((file) => path.join(import.meta.dirname, file))
  const inGroup = (module: Module) => {
    const file = module.nameForCondition()
    return Boolean(file && (facades.includes(file) || dirs.some((dir) => file.startsWith(dir))))
  }
  return {
    name: FIRST_LOAD_CHUNK,
    chunks: 'async',
    enforce: true,
    test: (module, { moduleGraph }) => {
      if (inGroup(module)) return true
      // A workspace module one of the libraries imports (one level: following imports
      // further brought in the chrome's own modules, 1.4 KB more on every first load), and
      // what the API client imports (its error class and path helpers), which the session
      // hands to every remote (decision 063). Not every module of its package: the session
      // imports more of `@lamplight/contracts`, and their imports were 1.5 KB more.
      const file = workspaceFile(module)
      if (!file) return false
      const importers = moduleGraph
        .getIncomingConnections(module)
        .map((connection) => connection.originModule)
        .filter((origin) => origin != null)
      return importers.some(
        (origin) => inGroup(origin) || workspaceFile(origin)?.endsWith(API_CLIENT) === true,
      )
    },
  }
}

/** A module's file when it is the workspace's own code (not a library's). */
function workspaceFile(module: Module): string | null {
  const file = module.nameForCondition()
  return file && !file.includes(`${path.sep}node_modules${path.sep}`) ? file : null
}

/** The API client's file, in `@lamplight/contracts`. */
const API_CLIENT = path.join('contracts', 'src', 'api-client.ts')

/** Where a package's files are, symlinks resolved (a workspace package is under packages/). */
export function installedDir(pkg: string): string {
  return realpathSync(packageRoot(pkg, require.resolve(pkg)).dir)
}
