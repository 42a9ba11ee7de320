import path from 'node:path'
import { UPLOAD_MAX_BYTES_DEFAULT } from '@lamplight/contracts'
import type { RemoteName } from '@lamplight/routes'
import { z } from 'zod'
import { DEFAULT_TRUSTED_PROXIES, proxyMatcher } from './lib/client-address'
import type { Logger } from './logger'
import { REPO_ROOT } from './paths'

export { REPO_ROOT } from './paths'

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes')

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: z.string().url().optional(),
  DATABASE_URL: z.string().min(1).optional(),
  DATA_DIR: z.string().default(path.join(REPO_ROOT, '.data')),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SERVE_APPS: bool.default(true),
  // Public pages rendered on the server (docs/decisions/016); false: the shell renders everything in the browser.
  SERVER_RENDER: bool.default(true),
  // How long a page waits for a remote's server build and its data before leaving that area to the browser.
  SERVER_RENDER_DEADLINE_MS: z.coerce.number().int().min(1).max(10_000).default(300),
  SEED_ON_EMPTY: bool.default(true),
  // The automatic stop of a canary (issue 38, decision 061): the error rate over the last
  // CANARY_WINDOW_VIEWS page views of the canary's area, judged once it has CANARY_MIN_VIEWS,
  // stopped when it exceeds the active release's by more than CANARY_ERROR_MARGIN (0-1).
  CANARY_WINDOW_VIEWS: z.coerce.number().int().min(1).max(1_000_000).default(500),
  CANARY_MIN_VIEWS: z.coerce.number().int().min(1).max(1_000_000).default(50),
  CANARY_ERROR_MARGIN: z.coerce.number().min(0).max(1).default(0.05),
  // On SIGTERM, how long /api/ready answers 503 while requests are still served, before the
  // server stops taking connections: the time a load balancer needs to see it and route away.
  SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ADMIN_EMAILS: z.string().default(''),
  TRUSTED_ORIGINS: z.string().default(''),
  // Unset: on when mail can reach people (SMTP_URL), so sign-up never says whether an
  // address has an account; off on the embedded default, where sign-up signs in at once.
  AUTH_REQUIRE_EMAIL_VERIFICATION: bool.optional(),
  AUTH_RATE_LIMIT: bool.default(true),
  // The header a trusted reverse proxy puts the client address in (e.g. x-forwarded-for,
  // cf-connecting-ip). Unset: the address of the TCP peer, which is right with no proxy.
  CLIENT_IP_HEADER: z
    .string()
    .regex(/^[a-z0-9-]+$/i)
    .transform((v) => v.toLowerCase())
    .optional(),
  // Addresses/CIDRs of the proxies allowed to set CLIENT_IP_HEADER (comma-separated).
  // Unset with CLIENT_IP_HEADER set: loopback only (a proxy on this machine).
  TRUSTED_PROXIES: z.string().optional(),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('Lamplight Puzzle Co. <hello@lamplight.example>'),
  REDIS_URL: z.string().url().optional(),
  // Error reporting (Sentry-compatible): server errors to SENTRY_DSN, browser errors to
  // PUBLIC_SENTRY_DSN (handed to the shell at run time). Unset: nothing is sent.
  SENTRY_DSN: z.string().url().optional(),
  PUBLIC_SENTRY_DSN: z.string().url().optional(),
  SENTRY_ENVIRONMENT: z.string().min(1).optional(),
  SENTRY_RELEASE: z.string().min(1).max(200).optional(),
  SEED_ADMIN_EMAIL: z.string().email().optional(),
  // Prometheus metrics at /metrics for a scraper that sends `Authorization: Bearer <token>`.
  // Unset: /metrics is not there (404). At least 32 characters: it guards operational data.
  METRICS_TOKEN: z.string().min(32, 'METRICS_TOKEN must be at least 32 characters').optional(),
  // The admins' page of the mail outbox (/api/dev/mail) when there is no SMTP_URL. Unset: on
  // only in development or on a local address (decision 018, `conveniences` below).
  MAIL_OUTBOX_PAGE: bool.optional(),
  // Payments: Stripe when its key is set; otherwise the built-in test mode, which is on
  // by itself only on the embedded default or a localhost address (never a real shop).
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  PAYMENTS_TEST_MODE: bool.optional(),
  // Stripe Tax on checkouts (decision 052). Off by default: Stripe refuses every checkout that
  // asks for it until Stripe Tax is active in the account, which would stop all sales.
  STRIPE_AUTOMATIC_TAX: bool.default(false),
  // Where the Stripe SDK sends its calls; only for tests and stripe-mock (default: Stripe's API).
  STRIPE_API_BASE: z.string().url().optional(),
  // The Stripe price of each plan; unset: the active price whose lookup key is the plan's price id.
  STRIPE_PRICE_BASIC: z.string().min(1).optional(),
  STRIPE_PRICE_PREMIUM: z.string().min(1).optional(),
  STRIPE_PRICE_FAMILY: z.string().min(1).optional(),
  // Files: a folder under DATA_DIR unless S3_BUCKET names a bucket (AWS or S3-compatible).
  S3_BUCKET: z.string().min(3).max(63).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ENDPOINT: z.string().url().optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: bool.default(false),
  // Largest file the resource editor accepts, in bytes (counted as it streams).
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(2 ** 31)
    .default(UPLOAD_MAX_BYTES_DEFAULT),
  // Where the shell finds a remote's manifest, overriding the remote registry (decision 012):
  // set, it wins over whichever release is active. Unset: the registry decides.
  REMOTE_STOREFRONT_URL: z.string().trim().min(1).optional(),
  REMOTE_RESOURCES_URL: z.string().trim().min(1).optional(),
  REMOTE_PUZZLE_URL: z.string().trim().min(1).optional(),
  REMOTE_ADMIN_URL: z.string().trim().min(1).optional(),
  // Origins (comma-separated) a registered release's manifest URL may be on; the server
  // fetches manifests only from these (decision 012). Unset: PUBLIC_URL's origin only.
  RELEASE_HOSTS: z.string().optional(),
})

export type Config = ReturnType<typeof loadConfig>

/** Every environment variable the server reads (the deployment test checks compose.yaml against it). */
export const ENV_KEYS = Object.keys(EnvSchema.shape)

export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = EnvSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')))
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')
    throw new ConfigError(`Invalid environment: ${problems}`)
  }
  const e = parsed.data
  if (!e.S3_ACCESS_KEY_ID !== !e.S3_SECRET_ACCESS_KEY) {
    throw new ConfigError(
      'Invalid environment: set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither',
    )
  }
  if (!e.S3_BUCKET && (e.S3_ENDPOINT || e.S3_ACCESS_KEY_ID)) {
    throw new ConfigError('Invalid environment: S3_ENDPOINT and S3 credentials need S3_BUCKET')
  }
  const dataDir = path.resolve(e.DATA_DIR)
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '')
  const releaseHosts = releaseOrigins(e.RELEASE_HOSTS, publicUrl)
  const dev = developmentSetup(e.NODE_ENV, publicUrl)
  const seedAdminEmail = (
    e.SEED_ADMIN_EMAIL ?? (dev.yes && !e.DATABASE_URL ? 'admin@lamplight.local' : undefined)
  )?.toLowerCase()
  const testMode = !e.STRIPE_SECRET_KEY && (e.PAYMENTS_TEST_MODE ?? dev.yes)
  const mailOutboxPage = !e.SMTP_URL && (e.MAIL_OUTBOX_PAGE ?? dev.yes)
  const list = (value: string) =>
    value
      .split(',')
      .map((v) => v.trim())
      .filter(Boolean)
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    databaseUrl: e.DATABASE_URL,
    dataDir,
    pgliteDir: path.join(dataDir, 'pglite'),
    filesDir: path.join(dataDir, 'files'),
    storage: e.S3_BUCKET
      ? ({
          driver: 's3',
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          endpoint: e.S3_ENDPOINT,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
        } as const)
      : ({ driver: 'local', dir: path.join(dataDir, 'files') } as const),
    logLevel: e.LOG_LEVEL,
    serveApps: e.SERVE_APPS,
    serverRender: e.SERVER_RENDER ? { deadlineMs: e.SERVER_RENDER_DEADLINE_MS } : null,
    seedOnEmpty: e.SEED_ON_EMPTY,
    shutdownDelayMs: e.SHUTDOWN_DELAY_MS,
    appsDir: REPO_ROOT,
    auth: {
      secret: e.AUTH_SECRET,
      adminEmails: list(e.ADMIN_EMAILS).map((v) => v.toLowerCase()),
      // With no PUBLIC_URL, the loopback names of our own port are all "us": a visitor who
      // opens http://127.0.0.1:3000 can sign in. With PUBLIC_URL, exactly what is configured.
      trustedOrigins: [
        ...(e.PUBLIC_URL
          ? [publicUrl]
          : [`http://localhost:${e.PORT}`, `http://127.0.0.1:${e.PORT}`, `http://[::1]:${e.PORT}`]),
        ...list(e.TRUSTED_ORIGINS).map((v) => v.replace(/\/$/, '')),
      ],
      requireEmailVerification: e.AUTH_REQUIRE_EMAIL_VERIFICATION ?? Boolean(e.SMTP_URL),
      rateLimit: e.AUTH_RATE_LIMIT,
      secureCookies: publicUrl.startsWith('https://'),
      // The embedded default gets an admin account to try the console with, in development or
      // on a local address; a real database or a real shop only on request.
      seedAdminEmail,
    },
    clientIpHeader: e.CLIENT_IP_HEADER,
    trustedProxies: trustedProxies(e.TRUSTED_PROXIES, list),
    /** TRUSTED_PROXIES was not given: the header is believed from any peer on loopback. */
    trustedProxiesDefaulted: e.TRUSTED_PROXIES === undefined,
    payments: {
      stripeSecretKey: e.STRIPE_SECRET_KEY,
      stripeWebhookSecret: e.STRIPE_WEBHOOK_SECRET,
      stripeApiBase: e.STRIPE_API_BASE,
      stripeAutomaticTax: e.STRIPE_AUTOMATIC_TAX,
      stripePrices: Object.fromEntries(
        (
          [
            ['price_basic_monthly', e.STRIPE_PRICE_BASIC],
            ['price_premium_monthly', e.STRIPE_PRICE_PREMIUM],
            ['price_family_monthly', e.STRIPE_PRICE_FAMILY],
          ] as const
        ).filter(([, id]) => id),
      ) as Partial<Record<'price_basic_monthly' | 'price_premium_monthly' | 'price_family_monthly', string>>,
      testMode,
    },
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM, outboxPage: mailOutboxPage },
    /** What is on for trying the shop on one machine, and why (the server says so at start). */
    conveniences: [
      {
        name: 'mail outbox page',
        on: mailOutboxPage,
        why: e.SMTP_URL
          ? 'SMTP_URL is set: mail is sent'
          : e.MAIL_OUTBOX_PAGE !== undefined
            ? `MAIL_OUTBOX_PAGE=${e.MAIL_OUTBOX_PAGE}`
            : dev.why,
      },
      {
        name: 'seeded admin',
        on: Boolean(seedAdminEmail),
        why: e.SEED_ADMIN_EMAIL
          ? 'SEED_ADMIN_EMAIL is set'
          : dev.yes && e.DATABASE_URL
            ? 'DATABASE_URL is set (SEED_ADMIN_EMAIL makes one)'
            : dev.why,
      },
      {
        name: 'test-mode payments',
        on: testMode,
        why: e.STRIPE_SECRET_KEY
          ? 'STRIPE_SECRET_KEY is set'
          : e.PAYMENTS_TEST_MODE !== undefined
            ? `PAYMENTS_TEST_MODE=${e.PAYMENTS_TEST_MODE}`
            : dev.why,
      },
    ] satisfies Convenience[],
    errorReporting: {
      dsn: e.SENTRY_DSN,
      publicDsn: e.PUBLIC_SENTRY_DSN,
      environment: e.SENTRY_ENVIRONMENT ?? e.NODE_ENV,
      release: e.SENTRY_RELEASE ?? 'lamplight@dev',
    },
    redisUrl: e.REDIS_URL,
    /** Bearer token of /metrics; undefined: no metrics are kept or served. */
    metricsToken: e.METRICS_TOKEN,
    /** Remotes pinned by REMOTE_*_URL: these win over the registry's active release. */
    remoteOverrides: Object.fromEntries(
      Object.entries({
        storefront: e.REMOTE_STOREFRONT_URL,
        'resources-app': e.REMOTE_RESOURCES_URL,
        'puzzle-app': e.REMOTE_PUZZLE_URL,
        'admin-app': e.REMOTE_ADMIN_URL,
      }).filter(([, url]) => url),
    ) as Partial<Record<RemoteName, string>>,
    /** Versioned remote builds published by `npm run release`, served at /apps/<remote>/<version>/. */
    releasesDir: path.join(dataDir, 'releases'),
    /** Origins whose http(s) manifest URLs may be registered and fetched (RELEASE_HOSTS). */
    releaseHosts,
    /** When a canary is stopped by its health (decision 061). */
    canary: {
      windowViews: e.CANARY_WINDOW_VIEWS,
      minViews: Math.min(e.CANARY_MIN_VIEWS, e.CANARY_WINDOW_VIEWS),
      margin: e.CANARY_ERROR_MARGIN,
    },
    uploads: { maxBytes: e.UPLOAD_MAX_BYTES },
  }
}

export type Convenience = { name: string; on: boolean; why: string }

/**
 * RELEASE_HOSTS as origins (`https://cdn.example.com`, a port when it is not the default);
 * unset or empty: PUBLIC_URL's origin. Anything that is not an http(s) origin is a start-up
 * error, so a typo never silently opens or closes the list.
 */
function releaseOrigins(value: string | undefined, publicUrl: string): string[] {
  const entries = (value ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean)
  if (!entries.length) return [new URL(publicUrl).origin]
  return entries.map((entry) => {
    let url: URL | null = null
    try {
      url = new URL(entry)
    } catch {
      // reported below
    }
    if (
      !url ||
      (url.protocol !== 'http:' && url.protocol !== 'https:') ||
      url.username ||
      url.password ||
      url.pathname !== '/' ||
      url.search ||
      url.hash
    )
      throw new ConfigError(
        `Invalid environment: RELEASE_HOSTS: ${entry} is not an origin like https://cdn.example.com`,
      )
    return url.origin
  })
}

const LOOPBACK_URL = /^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/

/**
 * Whether the defaults are those of a developer's machine: NODE_ENV=development, or a shop
 * on a local address (`npm start` with no PUBLIC_URL). NODE_ENV=production with a real
 * PUBLIC_URL is a real shop, and so is any other environment at a real address: there the
 * mail outbox page, the seeded admin and test-mode payments are off unless enabled by name.
 */
function developmentSetup(env: string, publicUrl: string): { yes: boolean; why: string } {
  if (env === 'development') return { yes: true, why: 'NODE_ENV=development' }
  if (LOOPBACK_URL.test(publicUrl)) return { yes: true, why: `a local address (${publicUrl})` }
  return { yes: false, why: `NODE_ENV=${env} at ${publicUrl}` }
}

/** One line for the start: which conveniences are on and why, and which are off. */
export function describeConveniences(conveniences: Convenience[]): string {
  const on = conveniences.filter((c) => c.on)
  const off = conveniences.filter((c) => !c.on)
  const list = (items: Convenience[]) => items.map((c) => `${c.name} (${c.why})`).join(', ')
  return [
    `development conveniences on: ${on.length ? list(on) : 'none'}`,
    ...(off.length ? [`off: ${list(off)}`] : []),
  ].join('; ')
}

/**
 * What a start should warn of, one line each. CLIENT_IP_HEADER with no TRUSTED_PROXIES
 * believes the header from any peer on loopback: right for a proxy on this machine that
 * overwrites the header, wrong for one that passes on what the client sent, and for
 * anything else on the machine, which may name any address and pick its own rate-limit
 * bucket (decision 015).
 */
export function logStartWarnings(config: Config, logger: Pick<Logger, 'warn'>): void {
  if (config.clientIpHeader && config.trustedProxiesDefaulted)
    logger.warn(
      { clientIpHeader: config.clientIpHeader, trustedProxies: config.trustedProxies },
      `CLIENT_IP_HEADER (${config.clientIpHeader}) is set and TRUSTED_PROXIES is not: any peer on loopback (${config.trustedProxies.join(', ')}) may name its own client address. Set TRUSTED_PROXIES to your proxies' addresses, and have the proxy overwrite that header, never pass on what the client sent.`,
    )
}

/** TRUSTED_PROXIES as a list, checked here so a typo stops the start instead of trusting nobody. */
function trustedProxies(value: string | undefined, list: (v: string) => string[]): string[] {
  const entries = value === undefined ? DEFAULT_TRUSTED_PROXIES : list(value)
  try {
    proxyMatcher(entries)
  } catch (error) {
    throw new ConfigError(`Invalid environment: ${(error as Error).message}`)
  }
  return entries
}

export class ConfigError extends Error {}
