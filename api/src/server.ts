import { serve } from '@hono/node-server'
import { createApp } from './app'
import { createRedisStorage } from './auth/secondary-storage'
import { ensureSeedAdmin } from './auth/seed-admin'
import { ConfigError, describeConveniences, loadConfig, logStartWarnings } from './config'
import { DataDirLockedError } from './db/lock'
import { DatabaseUnavailableError, openConfiguredDatabase } from './db/open'
import { createDeps } from './deps'
import { ensureDefaultReleases } from './domains/deployments/remote-registry'
import { asyncStdout, createLogger, flushLogger } from './logger'
import { createPublicCache, createRedisStore } from './services/public-cache'
import { createStorage, describeStorage } from './storage/from-config'

async function main() {
  const config = loadConfig()
  const logger = createLogger(config.logLevel, config.logLevel === 'silent' ? undefined : asyncStdout())
  // Said first, in one line: a real shop must see "on: none" here (config.ts, conveniences).
  logger.info(
    {
      conveniences: Object.fromEntries(
        config.conveniences.map((c) => [c.name, c.on ? `on: ${c.why}` : `off: ${c.why}`]),
      ),
    },
    describeConveniences(config.conveniences),
  )
  logStartWarnings(config, logger)
  const database = await openConfiguredDatabase(config, 'the Lamplight server')
  const storage = createStorage(config)

  // Loaded only when needed: the seed pulls in the image and PDF generators.
  const { isEmpty, seed } = config.seedOnEmpty ? await import('../seed') : { isEmpty: null, seed: null }
  if (isEmpty && seed && (await isEmpty(database.db))) {
    logger.info('empty database: seeding the catalogue and resource library')
    const started = Date.now()
    await seed({ db: database.db, storage, log: (msg) => logger.info(msg) })
    logger.info({ ms: Date.now() - started }, 'seed complete')
  }

  // The builds served under /apps/<remote>/ become each remote's first active release.
  const registered = await ensureDefaultReleases(database.db)
  if (registered.length) logger.info({ remotes: registered }, 'registered the bundled remote releases')

  const redis = config.redisUrl ? createRedisStorage(config.redisUrl, logger) : null
  // Connected before the first request (rate limits would otherwise count it in memory and
  // warn of an outage that is only the connection being made); a Redis that refuses or does
  // not answer within 5 s is an outage, and each component says so when it first needs it.
  await redis?.connected(5000)
  // With Redis, replicas share the public read cache, so a write on one is seen by all.
  const publicCache = config.redisUrl
    ? createPublicCache(createRedisStore(config.redisUrl, 30_000), 30_000, logger)
    : undefined
  const deps = createDeps({
    config,
    database,
    storage,
    logger,
    secondaryStorage: redis?.storage,
    redis: redis?.redis,
    publicCache,
  })
  const admin = await ensureSeedAdmin(deps)
  const app = createApp(deps)
  // Sends the outbox with retries (only with SMTP_URL); safe on every replica.
  deps.mailer.start()
  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
    logger.info({ port: info.port, database: database.driver, files: describeStorage(config) }, 'listening')
    const lines = [
      `Lamplight Puzzle Co. is running at ${config.publicUrl}`,
      `API: ${config.publicUrl}/api/health`,
    ]
    if (admin?.credentialsFile)
      lines.push(`Admin: sign in as ${admin.email} (password in ${admin.credentialsFile})`)
    if (deps.mailer.outboxOnly && config.mail.outboxPage)
      lines.push(`Mail (no SMTP_URL): read it at ${config.publicUrl}/api/dev/mail`)
    lines.push(describeConveniences(config.conveniences))
    console.log(`\n${lines.map((l) => `  ${l}`).join('\n')}\n`)
  })

  let stopping = false
  const stop = (signal: string) => {
    if (stopping) return
    stopping = true
    deps.shutdown.begin()
    const delayMs = config.shutdownDelayMs
    logger.info({ signal, delayMs }, 'shutting down')
    // First only /api/ready says so (SHUTDOWN_DELAY_MS), while everything else is still
    // served: a load balancer that polls it routes away before connections are refused.
    // Then stop taking connections, let requests in flight finish, and close the database.
    const force = setTimeout(() => process.exit(1), delayMs + 10_000)
    force.unref()
    setTimeout(() => closeServer(), delayMs)
  }
  const closeServer = () => {
    server.close(async () => {
      await deps.mailer.stop().catch(() => {})
      await deps.errors.flush(2000).catch(() => false)
      await redis?.close().catch(() => {})
      await deps.publicCache.close().catch(() => {})
      await database.close().catch((err) => logger.error({ err }, 'closing the database failed'))
      await flushLogger(logger).catch(() => {})
      process.exit(0)
    })
    // Idle keep-alive sockets would otherwise hold close() open.
    ;(server as { closeIdleConnections?: () => void }).closeIdleConnections?.()
  }
  process.on('SIGINT', () => stop('SIGINT'))
  process.on('SIGTERM', () => stop('SIGTERM'))
}

main().catch((error: unknown) => {
  if (
    error instanceof ConfigError ||
    error instanceof DatabaseUnavailableError ||
    error instanceof DataDirLockedError
  ) {
    console.error(`lamplight: ${error.message}`)
  } else if ((error as NodeJS.ErrnoException)?.code === 'EADDRINUSE') {
    console.error(
      `lamplight: port ${process.env.PORT ?? 3000} is already in use. Set PORT to use another one.`,
    )
  } else {
    console.error('lamplight: failed to start:', error)
  }
  process.exit(1)
})
