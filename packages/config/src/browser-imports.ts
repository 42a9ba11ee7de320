import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'

/**
 * For the tests that guard a shared library's browser subset (`react-router-client.mjs`,
 * `tanstack-query-client.mjs`): Module Federation cannot tree-shake a shared library, so the
 * browser builds share a module that re-exports only some names, and these tests fail when
 * browser code imports a name the subset leaves out.
 */

const REPO_ROOT = path.resolve(import.meta.dirname, '../../..')

/** The names a subset module re-exports: `export { a, b } from '<impl>'`. */
export function facadeExports(file: URL, impl: string): Set<string> {
  const source = readFileSync(file, 'utf8')
  const list =
    new RegExp(`export \\{([^}]*)\\} from '${impl.replace(/[/]/g, '\\/')}'`).exec(source)?.[1] ?? ''
  return new Set(
    list
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean),
  )
}

/**
 * The values `source` imports (or re-exports) from `pkg` that `exported` lacks. Types are
 * erased, so a name the package has no value for (`runtime`) passes. An import that does not
 * name what it takes (a namespace, a default, a side effect, `import()`) cannot be checked:
 * it is reported as `*`.
 */
export function missingFromSubset(
  source: string,
  pkg: string,
  runtime: Set<string>,
  exported: Set<string>,
): string[] {
  const quoted = pkg.replace(/[/]/g, '\\/')
  const named = new RegExp(
    `\\b(?:import|export)\\s+(type\\s+)?\\{([^}]*)\\}\\s*from\\s*['"]${quoted}['"]`,
    'g',
  )
  const any = new RegExp(`(?:from\\s*|import\\s*\\(?\\s*)['"]${quoted}['"]`, 'g')
  const missing: string[] = []
  let count = 0
  for (const [, typeOnly, list = ''] of source.matchAll(named)) {
    count++
    if (typeOnly) continue
    for (const specifier of list.split(',')) {
      const [name = ''] = specifier.trim().split(/\s+as\s+/)
      if (!name || name.startsWith('type ')) continue
      if (runtime.has(name) && !exported.has(name)) missing.push(name)
    }
  }
  if ([...source.matchAll(any)].length > count) missing.push('*')
  return missing
}

// Tests run under vitest on the whole package (their helpers too: an app's `src/test/`, and
// the `packages/testing` workspace, below), and server code (the shell's renderer) is built with the
// whole package too: none of them goes through the browser's shared copy.
const SKIP_DIRS = new Set([
  'test',
  'node_modules',
  'dist',
  'dist-standalone',
  'dist-server',
  'e2e',
  'coverage',
  'server',
])

/** Workspaces only tests import. */
const TEST_ONLY_WORKSPACES = new Set([path.join('packages', 'testing')])

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

/** Every workspace's browser-side source files that mention `pkg`, with their text. */
export function browserSourcesUsing(pkg: string): { file: string; source: string }[] {
  const { workspaces } = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as {
    workspaces: string[]
  }
  const dirs = workspaces
    .flatMap((pattern) =>
      pattern.endsWith('/*')
        ? readdirSync(path.join(REPO_ROOT, pattern.slice(0, -2))).map((name) =>
            path.join(pattern.slice(0, -2), name),
          )
        : [pattern],
    )
    .filter((dir) => !TEST_ONLY_WORKSPACES.has(dir))
  const found: { file: string; source: string }[] = []
  for (const dir of dirs) {
    for (const file of sources(path.join(REPO_ROOT, dir))) {
      const source = readFileSync(file, 'utf8')
      if (source.includes(pkg)) found.push({ file: path.relative(REPO_ROOT, file), source })
    }
  }
  return found
}

/**
 * What browser code imports from `pkg` that its subset module does not export, as messages
 * naming the file and what to do.
 */
export function subsetProblems(pkg: string, subsetFile: string, runtime: Set<string>, exported: Set<string>) {
  const problems: string[] = []
  const importers = browserSourcesUsing(pkg)
  for (const { file, source } of importers) {
    for (const name of missingFromSubset(source, pkg, runtime, exported)) {
      problems.push(
        name === '*'
          ? `${file} imports ${pkg} without naming what it takes: import the names`
          : `${file} imports ${name} from ${pkg}, which the browser's shared copy does not export: ` +
              `add it to packages/config/src/${subsetFile} (and measure it)`,
      )
    }
  }
  return { problems, importers: importers.length }
}
