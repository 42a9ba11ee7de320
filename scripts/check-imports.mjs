#!/usr/bin/env node
// Every package a workspace imports must be declared in that workspace's own package.json
// (dependencies, devDependencies or peerDependencies). npm hoists everything to the root
// node_modules, so an undeclared import works here by accident and breaks a workspace built
// or installed on its own (`npm ci -w api --omit=dev`, a remote deployed alone).
// Run by `npm run lint`; exits 1 listing each undeclared import with the file that has it.
//
// It also holds the apps to the front-end kit (decisions 036 and 037), which a README sentence
// did not: no bare `<form>` (`Form` of @lamplight/ui posts when sent before hydration), and no
// second way to turn an API error into words (`apiErrorMessage` of @lamplight/contracts), and
// one `Field` wiring: its render prop, never a control wired by hand with `fieldProps`; and one
// failed-load view, `ErrorState` of @lamplight/ui (its Retry), never a Retry button made by hand.
//
// And it fails on any import circle among the API's modules (api/src, decision 043): type-only
// imports count too, since a circle of types is a circle of meaning (the app's types importing
// a module that imports them back). Imports are read and resolved by TypeScript itself.
import { execFileSync } from 'node:child_process'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { builtinModules } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
// TypeScript 7 (the compiler we check with) no longer exports its JavaScript API; the import
// graph is read with 5.9's parser and resolver, kept under an alias for this (decision 072).
import ts from 'typescript5'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const SKIP_DIRS = new Set([
  'node_modules',
  'dist',
  'dist-standalone',
  'dist-server',
  '.data',
  '.turbo',
  'test-results',
  'coverage',
])
const SOURCE = /\.((m|c)?[jt]sx?|css)$/
const builtins = new Set(builtinModules.flatMap((m) => [m, m.split('/')[0]]))
// import ... from 'x' / export ... from 'x' (at a line's start, no quote before `from`),
// import 'x', import('x'), require('x'), vi.mock('x'), vi.importActual('x')
const SPECIFIERS = [
  /^\s*(?:import|export)\s[^;'"`]*?\bfrom\s*['"]([^'"\n]+)['"]/gm,
  /^\s*import\s*['"]([^'"\n]+)['"]/gm,
  /\b(?:import|require|vi\.mock|vi\.doMock|vi\.importActual)\(\s*['"]([^'"\n]+)['"]\s*[,)]/g,
  // CSS: @import "tailwindcss/theme.css"
  /^\s*@import\s+['"]([^'"\n]+)['"]/gm,
]

function workspaces() {
  const { workspaces: patterns } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'))
  return patterns.flatMap((pattern) => {
    if (!pattern.endsWith('/*')) return [pattern]
    const base = pattern.slice(0, -2)
    return readdirSync(path.join(root, base))
      .map((name) => `${base}/${name}`)
      .filter((dir) => {
        try {
          return statSync(path.join(root, dir, 'package.json')).isFile()
        } catch {
          return false
        }
      })
  })
}

/**
 * What git would commit (tracked files and new ones not ignored): a scratch folder that
 * `.gitignore` leaves out is not the project. Without git (an exported tree), every file
 * outside SKIP_DIRS.
 */
function projectFiles() {
  try {
    const out = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      maxBuffer: 64 * 1024 * 1024,
    })
    return new Set(
      out
        .split('\0')
        .filter(Boolean)
        .map((file) => path.join(root, file)),
    )
  } catch {
    return null
  }
}

function* files(dir, keep) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name) && !entry.name.startsWith('.')) yield* files(full, keep)
    } else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts') && (!keep || keep.has(full))) {
      yield full
    }
  }
}

export function packageName(specifier) {
  if (specifier.startsWith('.') || specifier.startsWith('/') || specifier.includes(':')) return null
  const parts = specifier.split('/')
  const name = specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]
  if (!name || builtins.has(name)) return null
  // Module Federation remotes (`storefront/App`) and bundler aliases are not packages.
  return name
}

export function undeclaredImports() {
  const problems = []
  const keep = projectFiles()
  const names = new Set(
    workspaces().map((dir) => JSON.parse(readFileSync(path.join(root, dir, 'package.json'), 'utf8')).name),
  )
  for (const dir of workspaces()) {
    const pkg = JSON.parse(readFileSync(path.join(root, dir, 'package.json'), 'utf8'))
    const declared = new Set([
      pkg.name,
      ...Object.keys(pkg.dependencies ?? {}),
      ...Object.keys(pkg.devDependencies ?? {}),
      ...Object.keys(pkg.peerDependencies ?? {}),
      ...Object.keys(pkg.optionalDependencies ?? {}),
    ])
    // Remotes and the bundler aliases a workspace defines (`lamplight.aliases`) are not packages.
    const federated = new Set([
      ...Object.keys(pkg.lamplight?.remotes ?? {}),
      ...Object.keys(pkg.lamplight?.aliases ?? {}),
    ])
    for (const file of files(path.join(root, dir), keep)) {
      const text = readFileSync(file, 'utf8')
      for (const match of SPECIFIERS.flatMap((re) => [...text.matchAll(re)])) {
        const name = packageName(match[1])
        if (!name || declared.has(name) || declared.has(`@types/${name}`) || federated.has(name)) continue
        problems.push({ workspace: dir, file: path.relative(root, file), name, isWorkspace: names.has(name) })
      }
    }
  }
  return problems
}

/** The apps, whose screens use the front-end kit (packages/* build it, tests may do as they need). */
export const APPS = ['shell', 'storefront', 'resources-app', 'puzzle-app', 'admin-app']
const TEST_FILE = /\.(test|spec)\.[jt]sx?$|(^|\/)e2e\//
// The shell's server render and remote loader: their errors go to logs and error reports, not to a
// person; and a remote that did not load is drawn by the shell's first load, where the kit's
// ErrorState would add its code and icons to every page's first load (decision 071).
const NOT_SCREENS = /^shell\/src\/(server|remotes)\//
const BARE_FORM = /<form[\s>/]/g
const ERROR_WORDS_NAME = '\\w*(?:[Ee]rror|[Ff]ailure)(?:Message|Text|Words)'
const ERROR_WORDS_HELPER = new RegExp(
  `\\b(?:function\\s+(${ERROR_WORDS_NAME})\\s*[(<]|(?:const|let)\\s+(${ERROR_WORDS_NAME})\\s*=\\s*(?:async\\s*)?(?:function\\b|\\([^)]*\\)\\s*(?::[^=]+)?=>|\\w+\\s*=>))`,
  'g',
)
// The old second wiring of `Field`: `fieldProps(id, error)` spread on the control.
const FIELD_PROPS = /\bfieldProps\b/g
// A failed load shown by hand: a button that refetches, or one whose whole text is Retry / Try
// again, or a component named like a second `ErrorState` (`LoadError`, `FetchFailure`, ...).
const RETRY_BY_HAND = [
  /\bonClick=\{\(\)\s*=>\s*(?:void\s+)?[\w.?]+\.refetch\(\)\s*\}/g,
  /<(?:Button|button)\b[^<>]*>\s*(?:Retry|Try again)\s*<\//g,
]
const FAILED_LOAD_VIEW =
  /\b(?:function|const|let)\s+((?=[A-Z])\w*(?:LoadError|LoadFailure|FailedLoad|FetchError|FetchFailure|ErrorState|ErrorView|ErrorPanel))\b/g
// `error instanceof ApiError` (or `Error`), then that error's `.message`.
const ERROR_TEST = /\b(\w+)\s+instanceof\s+(?:Api)?Error\b/g

/** The rest of the statement at `index`: its line and the lines indented under it. */
function statementFrom(text, index) {
  const lineStart = text.lastIndexOf('\n', index) + 1
  const indent = /^[ \t]*/.exec(text.slice(lineStart))[0].length
  let end = text.indexOf('\n', index)
  if (end < 0) return text.slice(index)
  for (;;) {
    const next = text.indexOf('\n', end + 1)
    const line = text.slice(end + 1, next < 0 ? text.length : next)
    if (!line.trim() || /^[ \t]*/.exec(line)[0].length <= indent) break
    end = next < 0 ? text.length : next
    if (next < 0) break
  }
  return text.slice(index, end)
}

const lineOf = (text, index) => text.slice(0, index).split('\n').length

/**
 * What in one app source file goes around the kit: a bare `<form>` element, `fieldProps` (a
 * control wired to its `Field` by hand instead of by the render prop), a failed load shown by
 * hand (a Retry button of its own, a `LoadError` component) instead of `ErrorState`, a function that
 * turns errors into words (`errorText`, `failureMessage`, ...), or an `ApiError`'s message read
 * by hand (`error instanceof ApiError ... error.message`, or `Error`). Each with its line.
 */
export function kitProblems(file, text) {
  if (TEST_FILE.test(file) || NOT_SCREENS.test(file) || !/\.[jt]sx?$/.test(file)) return []
  const problems = []
  if (file.endsWith('x')) {
    for (const match of RETRY_BY_HAND.flatMap((re) => [...text.matchAll(re)]))
      problems.push({
        file,
        line: lineOf(text, match.index),
        message: 'a Retry made by hand: show a failed load with ErrorState from @lamplight/ui (onRetry)',
      })
  }
  for (const match of text.matchAll(FAILED_LOAD_VIEW))
    problems.push({
      file,
      line: lineOf(text, match.index),
      message: `${match[1]} is a second failed-load view: use ErrorState from @lamplight/ui`,
    })
  if (file.endsWith('x')) {
    for (const match of text.matchAll(BARE_FORM))
      problems.push({
        file,
        line: lineOf(text, match.index),
        message: 'a bare <form>: use Form from @lamplight/ui (it posts when sent before hydration)',
      })
  }
  for (const match of text.matchAll(FIELD_PROPS))
    problems.push({
      file,
      line: lineOf(text, match.index),
      message:
        "fieldProps wires a control by hand: use Field's render prop, {(control) => <Input {...control} />}",
    })
  for (const match of text.matchAll(ERROR_WORDS_HELPER))
    problems.push({
      file,
      line: lineOf(text, match.index),
      message: `${match[1] ?? match[2]} turns errors into words: use apiErrorMessage from @lamplight/contracts`,
    })
  for (const match of text.matchAll(ERROR_TEST)) {
    if (new RegExp(`\\b${match[1]}\\.message\\b`).test(statementFrom(text, match.index)))
      problems.push({
        file,
        line: lineOf(text, match.index),
        message: "reads an error's message by hand: use apiErrorMessage from @lamplight/contracts",
      })
  }
  return problems
}

/** `kitProblems` over every app's source files. */
export function appKitProblems() {
  const keep = projectFiles()
  return APPS.flatMap((dir) =>
    [...files(path.join(root, dir), keep)].flatMap((file) =>
      kitProblems(path.relative(root, file), readFileSync(file, 'utf8')),
    ),
  )
}

/**
 * The API's business domains (`api/src/domains/<domain>/`, decision 040) call one another
 * only through the other's `service.ts` (and, in a type-only import, its `types.ts`): its
 * routes, queries and inner files are its own.
 * `file` is relative to the repository root.
 */
export function domainProblems(file, text) {
  const own = /^api\/src\/domains\/([^/]+)\//.exec(file)
  if (!own) return []
  const problems = []
  for (const pattern of SPECIFIERS)
    for (const match of text.matchAll(pattern)) {
      const specifier = match[1]
      if (!specifier.startsWith('.')) continue
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier))
      const other = /^api\/src\/domains\/([^/]+)\/(.+)$/.exec(target)
      if (!other || other[1] === own[1] || other[2] === 'service') continue
      // A domain's `types.ts` (types only, importing nothing of ours) may be named in a type import.
      if (other[2] === 'types' && /^\s*(?:import|export)\s+type\s/.test(match[0])) continue
      problems.push({
        file,
        line: text.slice(0, match.index).split('\n').length,
        message: `the ${own[1]} domain reaches into ${other[1]}/${other[2]}: call ${other[1]}/service instead`,
      })
    }
  return problems
}

/** `domainProblems` over every file of the API's domains. */
export function apiDomainProblems() {
  const keep = projectFiles()
  return [...files(path.join(root, 'api/src/domains'), keep)].flatMap((file) =>
    domainProblems(path.relative(root, file), readFileSync(file, 'utf8')),
  )
}

/** The folders held to "no import circle". */
export const CIRCLE_FREE = ['api/src']
const TS_SOURCE = /\.[cm]?tsx?$/
const RESOLUTION = {
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  allowImportingTsExtensions: true,
  resolveJsonModule: true,
}

/**
 * Every import circle among the TypeScript files under `dir` (relative imports, `import type`,
 * `export ... from` and `import()` alike): one per group of files that reach each other
 * (`files`), shown as the shortest path from one of them back to itself (`circle`). `keep`: the
 * files to consider (what git would commit; null for every file).
 */
export function importCircles(dir, keep = projectFiles()) {
  const sources = [...files(dir, keep)].filter((file) => TS_SOURCE.test(file))
  const known = new Set(sources)
  const graph = new Map()
  for (const file of sources) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true)
    const edges = new Set()
    for (const { fileName } of importedFiles) {
      if (!fileName.startsWith('.')) continue
      const resolved = ts.resolveModuleName(fileName, file, RESOLUTION, ts.sys).resolvedModule
      const target = resolved && path.resolve(resolved.resolvedFileName)
      if (target && known.has(target)) edges.add(target)
    }
    graph.set(file, edges)
  }
  return stronglyConnected(graph).map((group) => ({
    files: group.map((file) => path.relative(root, file)),
    circle: shortestCircle(graph, new Set(group), group[0]),
  }))
}

/** Tarjan's strongly connected components with more than one file (or a file importing itself). */
function stronglyConnected(graph) {
  let next = 0
  const index = new Map()
  const low = new Map()
  const stack = []
  const onStack = new Set()
  const groups = []
  const visit = (node) => {
    index.set(node, next)
    low.set(node, next)
    next += 1
    stack.push(node)
    onStack.add(node)
    for (const to of graph.get(node)) {
      if (!index.has(to)) {
        visit(to)
        low.set(node, Math.min(low.get(node), low.get(to)))
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node), index.get(to)))
    }
    if (low.get(node) !== index.get(node)) return
    const group = []
    let member
    do {
      member = stack.pop()
      onStack.delete(member)
      group.push(member)
    } while (member !== node)
    if (group.length > 1 || graph.get(node).has(node)) groups.push(group.sort())
  }
  for (const node of graph.keys()) if (!index.has(node)) visit(node)
  return groups
}

/** The shortest path from `start` back to itself inside `group` (breadth first). */
function shortestCircle(graph, group, start) {
  const from = new Map([[start, null]])
  const queue = [start]
  while (queue.length) {
    const node = queue.shift()
    for (const to of graph.get(node)) {
      if (!group.has(to)) continue
      if (to === start) {
        const circle = [start]
        for (let at = node; at !== start; at = from.get(at)) circle.splice(1, 0, at)
        return [...circle, start].map((file) => path.relative(root, file))
      }
      if (!from.has(to)) {
        from.set(to, node)
        queue.push(to)
      }
    }
  }
  return [path.relative(root, start)]
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const kit = appKitProblems()
  for (const p of kit) console.error(`${p.file}:${p.line}: ${p.message}`)
  const circles = CIRCLE_FREE.flatMap((dir) => importCircles(path.join(root, dir)))
  for (const { files: tied, circle } of circles)
    console.error(`an import circle (${tied.length} files reach each other), e.g. ${circle.join(' → ')}`)
  const problems = undeclaredImports()
  if (problems.length) {
    const seen = new Set()
    for (const p of problems) {
      const key = `${p.workspace} ${p.name}`
      if (seen.has(key)) continue
      seen.add(key)
      console.error(
        `${p.workspace}: imports ${p.name} (e.g. ${p.file}) but its package.json does not declare it`,
      )
    }
    process.exit(1)
  }
  const domains = apiDomainProblems()
  for (const p of domains) console.error(`${p.file}:${p.line}: ${p.message}`)
  if (kit.length || circles.length || domains.length) process.exit(1)
  console.log(
    `check-imports: every workspace declares what it imports; the apps use the front-end kit; the API domains meet at their services; no import circle in ${CIRCLE_FREE.join(', ')}`,
  )
}
