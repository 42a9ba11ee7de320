// `node api/scripts/runtime-deps.mjs <target>`: copies into <target> the packages the
// compiled API loads at run time (docs/decisions/055), from the installed tree, at the same
// paths (node_modules/x, api/node_modules/x), so each resolves as it did in the full install:
// the API's `dependencies` and, package by package, their dependencies, the optional
// dependencies that are installed (sharp's and PGlite's platform files) and required peers.
// Type declarations, source maps, TypeScript sources and Markdown are left behind.
//
// Why not `npm ci --omit=dev --workspace api`: npm installs every package the lockfile
// reaches through an optional peer, and the monorepo's lockfile has them all (better-auth's
// optional peers drizzle-kit and vitest bring tsx, TypeScript, vite and jsdom): about 450 MB,
// measured. Optional peers are left out here: a package loads one only when the application
// asks for it (better-auth's CLI and test helpers), which ours never does.
// `--list` prints the packages instead of copying them.
import { cpSync, existsSync, mkdirSync, readFileSync, realpathSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const API_DIR = fileURLToPath(new URL('../', import.meta.url))
const REPO = path.resolve(API_DIR, '..')

/** The folder Node would load `name` from, looking up from `fromDir`, or null. */
function resolvePackage(name, fromDir) {
  for (let dir = fromDir; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', name)
    if (existsSync(path.join(candidate, 'package.json'))) return candidate
    if (dir === path.dirname(dir) || dir === path.dirname(REPO)) return null
  }
}

/**
 * Declared dependencies that only build tooling loads, never the server: each left out with
 * its reason. The runtime test (api/src/deploy/runtime-install.with-builds.test.ts) starts
 * the server from the result, with error reporting on.
 */
export const BUILD_TIME_ONLY = {
  // @sentry/node's `bundler-plugin/*` subpaths (esbuild, vite, webpack plugins) load it; its
  // main entry does not. It brings the Sentry CLI (22 MB) and a parser.
  '@sentry/bundler-plugins': '@sentry/node',
}

/** Files a running server never reads. */
const SKIPPED_FILES = /\.(map|d\.[cm]?ts|[cm]?ts|tsx|md|markdown|tsbuildinfo)$/i

/** Every package folder the API needs at run time, relative to the repository. */
export function runtimePackages() {
  const found = new Map()
  const missing = []
  const visit = (dir, json) => {
    const optionalPeers = json.peerDependenciesMeta ?? {}
    const wanted = [
      ...Object.keys(json.dependencies ?? {}).map((name) => [name, true]),
      ...Object.keys(json.optionalDependencies ?? {}).map((name) => [name, false]),
      ...Object.keys(json.peerDependencies ?? {})
        .filter((name) => !optionalPeers[name]?.optional)
        .map((name) => [name, false]),
    ]
    for (const [name, required] of wanted) {
      if (BUILD_TIME_ONLY[name] === json.name) continue
      const folder = resolvePackage(name, dir)
      if (!folder) {
        if (required && !(name in (json.optionalDependencies ?? {})))
          missing.push(`${name} (for ${json.name})`)
        continue
      }
      const real = realpathSync(folder)
      if (!real.startsWith(path.join(REPO, ''))) continue
      const rel = path.relative(REPO, folder)
      if (found.has(rel)) continue
      const child = JSON.parse(readFileSync(path.join(folder, 'package.json'), 'utf8'))
      found.set(rel, child.name)
      visit(folder, child)
    }
  }
  const api = JSON.parse(readFileSync(path.join(API_DIR, 'package.json'), 'utf8'))
  visit(API_DIR, { name: api.name, dependencies: api.dependencies })
  if (missing.length) throw new Error(`not installed, needed at run time: ${missing.join(', ')}`)
  return [...found.keys()].sort()
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [target] = process.argv.slice(2)
  if (!target) {
    console.error('usage: node api/scripts/runtime-deps.mjs <target folder> | --list')
    process.exit(2)
  }
  const packages = runtimePackages()
  if (target === '--list') {
    for (const p of packages) console.log(p)
  } else {
    for (const rel of packages) {
      mkdirSync(path.dirname(path.join(target, rel)), { recursive: true })
      // Nested node_modules are copied as packages of their own, when needed.
      cpSync(path.join(REPO, rel), path.join(target, rel), {
        recursive: true,
        filter: (source) => {
          const inside = source.slice(path.join(REPO, rel).length)
          return !inside.includes(`${path.sep}node_modules`) && !SKIPPED_FILES.test(inside)
        },
      })
    }
    console.log(`runtime dependencies: ${packages.length} packages copied to ${target}`)
  }
}
