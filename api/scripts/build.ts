// `npm run build -w api`: the API compiled to JavaScript (docs/decisions/055), so production
// runs `node dist/server.mjs` with no TypeScript, tsx or build tools installed.
//
// esbuild bundles our own code and the workspace packages the API imports from source
// (@lamplight/contracts, routes, config), JSX of the mail templates included; every
// third-party package stays an import of node_modules (sharp and PGlite carry native and
// WebAssembly files, the others are installed by `npm ci --omit=dev --workspace api`).
// A bundled import of a package the API does not list in its dependencies fails the build:
// the pruned install would not have it.
import { createHash } from 'node:crypto'
import { cpSync, readFileSync, rmSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { build, type Plugin } from 'esbuild'

const API_DIR = fileURLToPath(new URL('../', import.meta.url))
const OUT = path.join(API_DIR, 'dist')
const pkg = JSON.parse(readFileSync(path.join(API_DIR, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>
}

/** What production runs: the server, and the commands the operations guide gives for the image. */
const ENTRY_POINTS = {
  server: 'src/server.ts',
  'seed-command': 'src/seed-command.ts',
  'backup-command': 'src/backup-command.ts',
}

const packageName = (specifier: string) =>
  specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : (specifier.split('/')[0] ?? '')

const used = new Set<string>()
/** Third-party packages stay imports; ours (`@lamplight/*`, TypeScript source) are bundled. */
const externalPackages: Plugin = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('node:') || args.path.startsWith('@lamplight/')) return undefined
      used.add(packageName(args.path))
      return { path: args.path, external: true }
    })
  },
}

// The shared-singleton ranges a remote's manifest is checked against (@lamplight/config's
// shared.ts) are read from the installed React, router, query, sonner, clsx and Radix
// packages when that module loads. They are the ranges of the install the shell was built
// with, so they are computed here, at build time, and the runtime needs none of those
// packages (most are bundled into the apps, not installed beside the API).
const { SHARED_CONTRACT } = await import('@lamplight/config/shared')
const sharedAtBuildTime: Plugin = {
  name: 'shared-at-build-time',
  setup(b) {
    b.onResolve({ filter: /^\.\/shared$/ }, (args) =>
      args.importer.endsWith(path.join('config', 'src', 'remote-contract.ts'))
        ? { path: 'shared-contract', namespace: 'lamplight-build' }
        : undefined,
    )
    b.onLoad({ filter: /.*/, namespace: 'lamplight-build' }, () => ({
      contents: `export const SHARED_CONTRACT = ${JSON.stringify(SHARED_CONTRACT)}`,
      loader: 'js',
    }))
  },
}

// The seed fingerprints its files with the generators' source (seed/index.ts): the
// compiled API has no source to read, so the same hash is computed now.
const generatorsHash = createHash('sha256')
for (const name of ['art.ts', 'pdf.ts', 'puzzles.ts'])
  generatorsHash.update(readFileSync(path.join(API_DIR, 'seed', name)))

rmSync(OUT, { recursive: true, force: true })
const result = await build({
  absWorkingDir: API_DIR,
  entryPoints: ENTRY_POINTS,
  outdir: OUT,
  outExtension: { '.js': '.mjs' },
  // Shared code in chunks beside the entries (not in a subfolder): src/paths.ts resolves
  // api/ and the repository root from whichever file in dist/ it lands in.
  chunkNames: 'chunk-[hash]',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node22.22',
  jsx: 'automatic',
  sourcemap: 'linked',
  // Names stay readable in stack traces and logs (class names of errors, functions).
  keepNames: true,
  define: { __SEED_GENERATORS_HASH__: JSON.stringify(generatorsHash.digest('hex')) },
  plugins: [externalPackages, sharedAtBuildTime],
  logLevel: 'warning',
  metafile: true,
})

const undeclared = [...used].filter((name) => !(name in pkg.dependencies)).sort()
if (undeclared.length) {
  console.error(
    `api build: imported at run time but not in api/package.json dependencies: ${undeclared.join(', ')}`,
  )
  process.exit(1)
}

// The seed's drawings, read from disk (src/paths.ts, BOX_ART_DIR).
cpSync(path.join(API_DIR, 'seed/content/box-art'), path.join(OUT, 'seed/content/box-art'), {
  recursive: true,
})

const bytes = Object.entries(result.metafile.outputs)
  .filter(([file]) => !file.endsWith('.map'))
  .map(([, o]) => o)
  .reduce((sum, o) => sum + o.bytes, 0)
console.log(
  `api build: ${Object.keys(ENTRY_POINTS).length} entries in dist/, ${(bytes / 1024).toFixed(0)} KB; ` +
    `imports from node_modules: ${[...used].sort().join(', ')}`,
)
