import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { ENV_KEYS, loadConfig } from '../config'
import { proxyMatcher } from '../lib/client-address'

// The deployment files at the repository root: Dockerfile, compose.yaml, deploy/Caddyfile.
// Parsed and checked for the essentials here; built by Docker only where a Docker daemon
// works and already has the base image (a test never pulls from the network).
const ROOT = fileURLToPath(new URL('../../../', import.meta.url))
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8')

type Instruction = { op: string; args: string }
/** Dockerfile instructions with continuation lines joined and comments dropped. */
function instructions(text: string): Instruction[] {
  return text
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const [op = '', ...rest] = line.split(/\s+/)
      return { op: op.toUpperCase(), args: rest.join(' ') }
    })
}

function stages(list: Instruction[]) {
  const result: Instruction[][] = []
  for (const i of list) {
    if (i.op === 'FROM') result.push([])
    result.at(-1)?.push(i)
  }
  return result
}

const rootPackage = JSON.parse(read('package.json')) as { workspaces: string[] }
const workspaceDirs = rootPackage.workspaces.flatMap((pattern) =>
  pattern.endsWith('/*')
    ? readdirSync(path.join(ROOT, pattern.slice(0, -2))).map((name) => `${pattern.slice(0, -2)}/${name}`)
    : [pattern],
)

describe('Dockerfile', () => {
  const list = instructions(read('Dockerfile'))
  const all = stages(list)
  const final = all.at(-1) ?? []
  const args = (op: string, stage = final) => stage.filter((i) => i.op === op).map((i) => i.args)

  it('is multi-stage: builds the apps in one stage, runs from another', () => {
    expect(all.length).toBeGreaterThanOrEqual(2)
    expect(args('RUN', all[0]).join('\n')).toMatch(/npm ci\b/)
    expect(args('RUN', all[0]).join('\n')).toMatch(/turbo run build/)
  })

  it('gives the final image only the packages the API loads (decision 055), runs as a non-root user', () => {
    // Picked from the build stage's install; no npm, no lockfile, no build tools in the image.
    expect(args('RUN', all[0]).join('\n')).toMatch(/node api\/scripts\/runtime-deps\.mjs \/runtime/)
    expect(args('COPY')).toContain('--from=build /runtime/ ./')
    expect(args('RUN').join('\n')).not.toMatch(/npm/)
    const user = args('USER').at(-1)
    expect(user).toBeDefined()
    expect(user).not.toMatch(/^(root|0)(:|$)/)
    // The user is set before the command runs, after the last RUN that needs root.
    const lastUser = final.findLastIndex((i) => i.op === 'USER')
    expect(final.findLastIndex((i) => i.op === 'CMD')).toBeGreaterThan(lastUser)
  })

  it('checks health on /api/ready and starts the compiled API, without tsx (decision 055)', () => {
    expect(args('HEALTHCHECK').join(' ')).toContain('/api/ready')
    expect(args('CMD').join(' ')).toMatch(/"node",.*"dist\/server\.mjs"/)
    expect(args('CMD').join(' ')).not.toMatch(/tsx|\.ts"/)
    expect(args('WORKDIR').at(-1)).toBe('/app/api')
    // The build stage compiles it with the apps.
    expect(args('RUN', all[0]).join('\n')).toMatch(/turbo run build.*--filter='\.\/api'/)
  })

  const installing = all.filter((stage) => stage.some((i) => i.op === 'RUN' && /npm ci\b/.test(i.args)))

  it('copies every workspace manifest before npm ci, so it sees the whole lockfile', () => {
    expect(installing.length).toBeGreaterThan(0)
    for (const stage of installing) {
      const copied = args('COPY', stage).join('\n')
      for (const dir of workspaceDirs) expect(copied, dir).toContain(`${dir}/package.json`)
    }
  })

  it('copies what a workspace install script runs before each npm ci (the API mends its PostgreSQL driver)', () => {
    const needed = workspaceDirs.flatMap((dir) => {
      const { scripts = {} } = JSON.parse(read(`${dir}/package.json`)) as { scripts?: Record<string, string> }
      return ['preinstall', 'install', 'postinstall'].flatMap((hook) =>
        [...(scripts[hook] ?? '').matchAll(/[\w./-]+\.(?:mjs|cjs|js|sh)\b/g)].map((m) => `${dir}/${m[0]}`),
      )
    })
    expect(needed).toContain('api/scripts/fix-postgres-driver.mjs')
    for (const stage of installing) {
      const install = stage.findIndex((i) => i.op === 'RUN' && /npm ci\b/.test(i.args))
      expect(install).toBeGreaterThan(0)
      const copiedBefore = stage
        .slice(0, install)
        .filter((i) => i.op === 'COPY')
        .map((i) => i.args)
        .join('\n')
      for (const file of needed) expect(copiedBefore, file).toContain(file)
    }
  })

  it('gives the final image what the API reads at run time', () => {
    const copied = args('COPY').join('\n')
    for (const needed of [
      'api/dist',
      // the SQL migrations the server applies at start
      'api/drizzle',
      'shell/dist',
      'shell/dist-server',
      'storefront/dist',
      'resources-app/dist',
      'puzzle-app/dist',
      'admin-app/dist',
    ])
      expect(copied, needed).toContain(needed)
    // No TypeScript: the API's and the shared packages' sources are compiled into api/dist.
    expect(copied).not.toMatch(/\/src\b|tsconfig/)
    // Sources copied from the build context exist.
    for (const i of all.flat().filter((i) => i.op === 'COPY' && !i.args.includes('--from'))) {
      for (const source of i.args.split(/\s+/).slice(0, -1))
        expect(existsSync(path.join(ROOT, source)), source).toBe(true)
    }
  })

  it("copies the shell's server renderer from the build stage to where the API loads it", () => {
    // Without it the image still serves every page, rendered in the browser only: nothing
    // else would notice. The path is the one serve-apps loads (docs/decisions/016).
    const loader = read('api/src/middleware/serve-apps/index.ts')
    const renderer = /['"]([\w-]+\/dist-server)\/index\.cjs['"]/.exec(loader)?.[1]
    expect(renderer).toBe('shell/dist-server')
    const fromBuild = args('COPY').filter((a) => /--from=build\b/.test(a))
    expect(fromBuild).toContain(`--from=build /app/${renderer} ${renderer}`)
    // The build stage makes it: a copy from the developer's machine would only be stale.
    expect(read('.dockerignore').split('\n')).toContain('**/dist-server')
  })

  it('every package the API imports at run time is a production dependency of its workspace', () => {
    // Our workspace packages (`@lamplight/*`) are bundled by the build (api/scripts/build.ts),
    // which fails when a package they import is not a dependency of the API.
    const api = JSON.parse(read('api/package.json')) as { dependencies: Record<string, string> }
    const missing: string[] = []
    const walk = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory()
          ? e.name === 'test'
            ? []
            : walk(path.join(dir, e.name))
          : /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name)
            ? [path.join(dir, e.name)]
            : [],
      )
    for (const file of walk(path.join(ROOT, 'api/src'))) {
      for (const m of readFileSync(file, 'utf8').matchAll(
        /^import\s+(?!type\b)[^'"]*?['"]([^'"./][^'"]*)['"]/gm,
      )) {
        const spec = m[1] ?? ''
        if (spec.startsWith('node:') || spec.startsWith('@lamplight/')) continue
        const name = spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : (spec.split('/')[0] ?? '')
        if (!(name in api.dependencies)) missing.push(`${name} (${path.relative(ROOT, file)})`)
      }
    }
    expect(missing).toEqual([])
  })

  it('leaves local state and dependencies out of the build context', () => {
    const ignored = read('.dockerignore')
    for (const entry of ['node_modules', 'dist', '.data', '.git']) expect(ignored).toContain(entry)
  })
})

type Service = {
  image?: string
  build?: unknown
  environment?: Record<string, string | null>
  depends_on?: Record<string, { condition: string }>
  ports?: string[]
  volumes?: string[]
  networks?: Record<string, { ipv4_address?: string } | null> | string[]
}

describe('compose.yaml', () => {
  const compose = parse(read('compose.yaml'), { merge: true }) as { services: Record<string, Service> }
  const services = compose.services
  const apis = Object.entries(services).filter(([, s]) => s.build !== undefined)
  /** What a person running compose sets: the secret, and the shop's real address. */
  const PERSON = { AUTH_SECRET: 'x'.repeat(48), PUBLIC_URL: 'https://shop.example.com' }
  /**
   * compose's interpolation as `docker compose up` does it, over the caller's environment:
   * `${VAR:-default}`, `${VAR:?error}` (unset or empty stops the start with that message),
   * `${VAR}` and `$$`.
   */
  const interpolateWith = (env: Record<string, string>) => (value: string) =>
    value.replace(/\$\$|\$\{(\w+)(?:(:-|:\?)([^}]*))?\}/g, (whole, name?: string, op?: string, arg = '') => {
      if (whole === '$$') return '$'
      const set = env[name ?? ''] ?? ''
      if (set) return set
      if (op === ':?') throw new Error(`required variable ${name} is missing a value: ${arg}`)
      return op === ':-' ? arg : ''
    })
  const interpolate = interpolateWith(PERSON)
  /** Each API replica's environment as compose hands it to the container. */
  const apiEnvs = (interpolateValue: (value: string) => string) =>
    apis.map(([, s]) =>
      Object.fromEntries(
        Object.entries(s.environment ?? {}).map(([k, v]) => [k, interpolateValue(String(v ?? ''))]),
      ),
    )

  it('runs PostgreSQL, Redis and two API replicas built from this Dockerfile, and pins no object store', () => {
    const images = Object.values(services).map((s) => s.image ?? '')
    expect(images.some((i) => i.startsWith('postgres:'))).toBe(true)
    expect(images.some((i) => i.startsWith('redis:'))).toBe(true)
    // MinIO's images stopped being published: files live in the shared volume unless a
    // bucket is named.
    expect(images.filter((i) => /minio/.test(i))).toEqual([])
    expect(apis).toHaveLength(2)
  })

  it('the replicas share the database, Redis, the files and AUTH_SECRET, and their settings are valid', () => {
    const envs = apiEnvs(interpolate)
    for (const env of envs) {
      expect(env.DATABASE_URL).toMatch(/^postgres:\/\/[^@]+@db:5432\//)
      expect(env.REDIS_URL).toMatch(/^redis:\/\/redis:6379/)
      expect(read('compose.yaml')).toContain('AUTH_SECRET: ${AUTH_SECRET:?')
      for (const key of Object.keys(env)) expect(ENV_KEYS, `${key} is not read by the server`).toContain(key)
      const config = loadConfig(env)
      expect(config.databaseUrl).toBeTruthy()
      // Files in DATA_DIR (the image's /data), the one volume both replicas mount.
      expect(config.storage.driver).toBe('local')
    }
    expect(envs[0]).toEqual(envs[1])
    // One DATA_DIR for all (uploaded files and published remote releases live there).
    for (const [, s] of apis) expect(s.volumes).toContain('data:/data')
    // A bucket named in the environment compose runs in reaches both replicas.
    const bucket = interpolateWith({
      ...PERSON,
      S3_BUCKET: 'lamplight-files',
      S3_ENDPOINT: 'https://account.r2.cloudflarestorage.com',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
    })
    for (const env of apiEnvs(bucket)) {
      expect(loadConfig(env).storage).toMatchObject({
        driver: 's3',
        bucket: 'lamplight-files',
        endpoint: 'https://account.r2.cloudflarestorage.com',
      })
    }
  })

  it('will not start without PUBLIC_URL, saying so (a localhost default turned the test-mode pages on)', () => {
    const { PUBLIC_URL: _, ...noAddress } = PERSON
    for (const env of [noAddress, { ...noAddress, PUBLIC_URL: '' }])
      expect(() => apiEnvs(interpolateWith(env))).toThrow(
        /PUBLIC_URL is missing a value: Set PUBLIC_URL to the shop's https address/,
      )
  })

  it("at the shop's real address, test-mode payments and the mail outbox page are off unless named", () => {
    for (const env of apiEnvs(interpolate)) {
      const config = loadConfig(env)
      expect(config.env).toBe('production')
      expect(config.publicUrl).toBe('https://shop.example.com')
      expect(config.payments.testMode).toBe(false)
      expect(config.mail.outboxPage).toBe(false)
      expect(config.conveniences.filter((c) => c.on)).toEqual([])
    }
    // Named in the environment compose runs in, each reaches the replicas and turns on.
    const named = interpolateWith({ ...PERSON, PAYMENTS_TEST_MODE: 'true', MAIL_OUTBOX_PAGE: 'true' })
    for (const env of apiEnvs(named)) {
      const config = loadConfig(env)
      expect(config.payments.testMode).toBe(true)
      expect(config.mail.outboxPage).toBe(true)
    }
    // So does Stripe, which turns test mode off again.
    const stripe = interpolateWith({ ...PERSON, PAYMENTS_TEST_MODE: 'true', STRIPE_SECRET_KEY: 'sk_live_x' })
    for (const env of apiEnvs(stripe)) {
      const config = loadConfig(env)
      expect(config.payments.stripeSecretKey).toBe('sk_live_x')
      expect(config.payments.testMode).toBe(false)
    }
  })

  it('puts the replicas behind the proxy, believing the client address header only from private networks', () => {
    const proxy = Object.entries(services).find(([, s]) => s.image?.startsWith('caddy:'))
    expect(proxy).toBeDefined()
    const [, caddy] = proxy!
    // HTTP (and the certificate authority's challenge), HTTPS, and HTTP/3 over UDP.
    expect(caddy.ports?.map(interpolate)).toEqual(['80:80', '443:443', '443:443/udp'])
    // No fixed subnet or address to collide with another project on the same host.
    expect(read('compose.yaml')).not.toMatch(/^\s*(ipv4_address|ipam|subnet):/m)
    const caddyfile = read('deploy/Caddyfile')
    const trusted = proxyMatcher(String(apiEnvs(interpolate)[0]?.TRUSTED_PROXIES).split(',').filter(Boolean))
    // Docker's bridge networks (172.17-31, 192.168, 10.x) are trusted; the internet is not.
    for (const peer of ['172.18.0.5', '192.168.16.3', '10.0.1.2']) expect(trusted(peer), peer).toBe(true)
    for (const peer of ['203.0.113.9', '8.8.8.8', '172.32.0.1']) expect(trusted(peer), peer).toBe(false)
    for (const [name, service] of apis) {
      expect(caddyfile).toContain(`${name}:3000`)
      expect(service.environment?.CLIENT_IP_HEADER).toBe('x-forwarded-for')
      expect(service.ports).toBeUndefined() // reachable only through the proxy
    }
    expect(caddyfile).toContain('health_uri /api/ready')
    expect(caddy.volumes?.join(' ')).toContain('./deploy/Caddyfile')
    // Its certificates survive a restart.
    expect(caddy.volumes).toContain('caddy-data:/data')
  })

  it('serves the shop over HTTPS at SITE_ADDRESS, and plain HTTP on port 80 when none is set', () => {
    const caddyfile = read('deploy/Caddyfile')
    // The site block is the environment's SITE_ADDRESS (Caddy's {$VAR:default}).
    expect(caddyfile).toMatch(/^\{\$SITE_ADDRESS::80\} \{$/m)
    const caddy = Object.values(services).find((s) => s.image?.startsWith('caddy:'))
    const env = (over: Record<string, string>) =>
      interpolateWith({ ...PERSON, ...over })(String(caddy?.environment?.SITE_ADDRESS ?? ''))
    expect(env({})).toBe(':80')
    expect(env({ SITE_ADDRESS: 'shop.example.com' })).toBe('shop.example.com')
  })

  it('the second replica starts once the first is healthy (it migrates and seeds an empty database)', () => {
    const [[first], [second, api2]] = apis as [[string, Service], [string, Service]]
    expect(first).not.toBe(second)
    expect(api2.depends_on?.[first]?.condition).toBe('service_healthy')
  })
})

/** Docker, only where it works without the network: a daemon that answers and the base image present. */
function dockerSkipReason(): string | null {
  const info = spawnSync('docker', ['info', '--format', '{{.ServerVersion}}'], {
    encoding: 'utf8',
    timeout: 15_000,
  })
  if (info.error) return 'docker is not installed'
  if (info.status !== 0) return `the docker daemon does not answer (${info.stderr.trim().split('\n').pop()})`
  const base = /ARG NODE_IMAGE=(\S+)/.exec(read('Dockerfile'))?.[1] ?? ''
  const image = spawnSync('docker', ['image', 'inspect', base], { encoding: 'utf8', timeout: 15_000 })
  if (image.status !== 0) return `the base image ${base} is not present locally and tests do not pull`
  return null
}

const skip = dockerSkipReason()
if (skip) console.info(`deployment.test: docker build dry run skipped: ${skip}`)

describe.skipIf(skip !== null)('docker (dry run)', () => {
  it('the Dockerfile passes docker build --check without pulling', () => {
    const run = spawnSync('docker', ['build', '--check', '--pull=false', '.'], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 120_000,
    })
    expect(`${run.stdout}${run.stderr}`).not.toMatch(/WARN|ERROR/)
    expect(run.status).toBe(0)
  })

  it('compose.yaml is valid to docker compose', () => {
    const run = spawnSync('docker', ['compose', 'config', '--quiet'], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 60_000,
      env: { ...process.env, AUTH_SECRET: 'x'.repeat(48), PUBLIC_URL: 'https://shop.example.com' },
    })
    expect(run.stderr).toBe('')
    expect(run.status).toBe(0)
  })
})
