import { execFile } from 'node:child_process'
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ServerProcess, startServer } from '../drills/server-process'
import { REPO, requireBuilds } from '../test/builds'

// What the image's runtime stage holds (docs/decisions/055), made outside Docker: the
// packages api/scripts/runtime-deps.mjs picks (as the Dockerfile's build stage runs it), the
// compiled API, its SQL migrations and the built apps, nothing else. Then the server starts
// from it on PGlite, seeds the empty database and serves pages rendered on the server.

const run = promisify(execFile)
const APPS = ['shell', 'storefront', 'resources-app', 'puzzle-app', 'admin-app']
requireBuilds('api/dist/server.mjs', 'shell/dist-server/index.cjs', ...APPS.map((app) => `${app}/dist`))

/** Issue 39: the runtime's node_modules was 540 MB with the build tools in it. */
const MAX_MB = 150
/** Build, test and type tools: none of them runs in production. */
const BUILD_TOOLS = [
  'typescript',
  'tsx',
  'esbuild',
  'vitest',
  'vite',
  'jsdom',
  'drizzle-kit',
  '@rspack/core',
  '@rsbuild/core',
  '@biomejs/biome',
  'turbo',
  '@playwright/test',
]

/** Every installed package (`name` or `@scope/name`), nested copies included, with its folder. */
function installed(modules: string): { name: string; dir: string }[] {
  if (!existsSync(modules)) return []
  return readdirSync(modules)
    .filter((name) => !name.startsWith('.'))
    .flatMap((name) =>
      name.startsWith('@') ? readdirSync(path.join(modules, name)).map((sub) => `${name}/${sub}`) : [name],
    )
    .flatMap((name) => {
      const dir = path.join(modules, name)
      return [{ name, dir }, ...installed(path.join(dir, 'node_modules'))]
    })
}

/** The top-level packages of a node_modules folder with their sizes (nested copies counted in), biggest first. */
async function packageSizes(modules: string): Promise<{ name: string; kb: number }[]> {
  const names = installed(modules)
    .map((p) => path.relative(modules, p.dir))
    .filter((n) => !n.includes('node_modules'))
  const { stdout } = await run('du', ['-sk', ...names], { cwd: modules, maxBuffer: 16 * 1024 * 1024 })
  return stdout
    .trim()
    .split('\n')
    .map((line) => {
      const [kb = '0', name = ''] = line.split('\t')
      return { name, kb: Number(kb) }
    })
    .sort((a, b) => b.kb - a.kb)
}

describe('the runtime install: the compiled API on production dependencies only', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'lamplight-runtime-'))
  let server: ServerProcess | undefined

  beforeAll(async () => {
    await run(process.execPath, [path.join(REPO, 'api/scripts/runtime-deps.mjs'), root], {
      maxBuffer: 16 * 1024 * 1024,
    })
    const copy = (file: string) => cpSync(path.join(REPO, file), path.join(root, file), { recursive: true })
    // As the Dockerfile copies them: the shell's manifest is read by the release checks.
    for (const file of [
      'api/package.json',
      'shell/package.json',
      'api/dist',
      'api/drizzle',
      'shell/dist-server',
      ...APPS.map((app) => `${app}/dist`),
    ])
      copy(file)
  }, 300_000)

  afterAll(async () => {
    await server?.destroy()
    rmSync(root, { recursive: true, force: true })
  })

  it(`holds no build tools, and its node_modules is at most ${MAX_MB} MB`, async () => {
    // The API's own node_modules holds the versions that differ from the hoisted ones.
    const folders = [path.join(root, 'node_modules'), path.join(root, 'api/node_modules')]
    const present = folders.flatMap(installed).filter((p) => BUILD_TOOLS.includes(p.name))
    expect(present.map((p) => path.relative(root, p.dir))).toEqual([])
    expect(installed(folders[0] ?? '').map((p) => p.name)).toContain('sharp')
    const sizes = (await Promise.all(folders.filter(existsSync).map(packageSizes))).flat()
    sizes.sort((a, b) => b.kb - a.kb)
    const totalMb = sizes.reduce((sum, p) => sum + p.kb, 0) / 1024
    console.info(
      `runtime node_modules: ${totalMb.toFixed(1)} MB in ${sizes.length} packages; biggest: ${sizes
        .slice(0, 8)
        .map((p) => `${p.name} ${(p.kb / 1024).toFixed(1)} MB`)
        .join(', ')}`,
    )
    expect(totalMb).toBeLessThanOrEqual(MAX_MB)
  })

  it('starts from dist/server.mjs on PGlite, migrates and seeds from SQL, and serves rendered pages', async () => {
    server = await startServer(
      {
        NODE_ENV: 'production',
        SERVE_APPS: 'true',
        SEED_ON_EMPTY: 'true',
        LOG_LEVEL: 'warn',
        DATABASE_URL: '',
        // Error reporting on, to an address where nothing listens: @sentry/node loads and
        // starts without the build-time packages left out (runtime-deps.mjs, BUILD_TIME_ONLY).
        SENTRY_DSN: 'http://public@127.0.0.1:9/1',
        // A loaded machine can miss the production deadline for a remote's server build.
        SERVER_RENDER_DEADLINE_MS: '5000',
      },
      { timeoutMs: 180_000, command: { cwd: path.join(root, 'api'), args: ['dist/server.mjs'] } },
    )
    const ready = await fetch(`${server.url}/api/ready`)
    expect(ready.status, server.tail()).toBe(200)

    const home = await fetch(`${server.url}/`)
    expect(home.status).toBe(200)
    const homeHtml = await home.text()
    expect(homeHtml).toMatch(/<title>[^<]*Lamplight Puzzle Co\./)
    expect(homeHtml).toMatch(/<main[\s\S]*<h1/)
    expect(homeHtml).not.toContain('data-remote-loading')

    // A product of the seeded catalogue: the database, the seed's drawings and the
    // storefront's server build, all from the pruned install.
    const product = await fetch(`${server.url}/scroll-of-antioch`)
    expect(product.status).toBe(200)
    const productHtml = await product.text()
    expect(productHtml).toMatch(/<h1[^>]*>[^<]*Scroll of Antioch/)
    expect(productHtml).not.toContain('data-remote-loading')

    const errors = server.lines().filter((l) => (l.json?.level as number) >= 50)
    expect(errors.map((l) => l.raw)).toEqual([])
  }, 240_000)
})
