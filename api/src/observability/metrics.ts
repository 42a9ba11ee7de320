import { type SQL, sql } from 'drizzle-orm'
import type { Context, MiddlewareHandler } from 'hono'
import { bearerAuth } from 'hono/bearer-auth'
import { routePath } from 'hono/route'
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client'
import { POSTGRES_POOL_MAX, queryRows } from '../db/client'
import type { AppDeps, AppEnv } from '../types'

/**
 * Prometheus metrics (issue 39): request durations by route and status, counted in this
 * process, and what the database knows (mail outbox, paid orders, unprocessed payment
 * events, connections), read when the scraper asks, so every replica reports the same shop
 * totals and a restart loses nothing. Kept only when METRICS_TOKEN is set: without it no
 * histogram is observed and /metrics is not there.
 */
export type Metrics = {
  /** Times every request; the route label is the matched pattern, never the raw path. */
  middleware: MiddlewareHandler<AppEnv>
  /** GET /metrics: Prometheus text for a bearer of the token (Hono's bearerAuth), 401 otherwise. */
  handlers: [MiddlewareHandler<AppEnv>, (c: Context<AppEnv>) => Promise<Response>]
}

/** Seconds; from a cached read (~1 ms) to a slow upload or render (10 s). */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

/**
 * The route label. API routes by their declared pattern (`/api/products/:slug`), so the
 * series stay few whatever the addresses; every page one label (a path would let any
 * visitor mint series); what nothing matched, `unmatched`.
 */
function routeLabel(c: Context<AppEnv>): string {
  const path = routePath(c)
  if (c.req.path.startsWith('/api/') || c.req.path === '/api') {
    return path === '/api/*' || path === '*' || path === '/*' || path === '' ? 'unmatched' : path
  }
  if (c.req.path === '/metrics') return '/metrics'
  return 'page'
}

export function createMetrics(deps: Pick<AppDeps, 'database'>, token: string): Metrics {
  const registry = new Registry()
  collectDefaultMetrics({ register: registry })

  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from the request reaching the app to its answer, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  })

  const { db } = deps.database
  const driver = deps.database.driver

  new Gauge({
    name: 'mail_outbox_messages',
    help: 'Mails in the outbox by status: pending (waiting or retrying), failed (given up), sent.',
    labelNames: ['status'] as const,
    registers: [registry],
    async collect() {
      const rows = await queryRows<{ status: string; n: number }>(
        db,
        sql`select status, count(*)::int as n from mail_outbox group by status`,
      )
      for (const status of ['pending', 'failed', 'sent']) {
        this.set({ status }, rows.find((r) => r.status === status)?.n ?? 0)
      }
    },
  })

  /** A gauge of one number the database answers (`value`, 0 when there is none) at each scrape. */
  const databaseGauge = (name: string, help: string, query: SQL) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      async collect() {
        const [row] = await queryRows<{ value: number | null }>(db, query)
        this.set(Number(row?.value ?? 0))
      },
    })

  databaseGauge(
    'mail_outbox_oldest_pending_seconds',
    'Age of the oldest mail still waiting to be sent (0 when none waits).',
    sql`select extract(epoch from now() - min(created_at))::float8 as value
        from mail_outbox where status = 'pending'`,
  )
  databaseGauge(
    'orders_paid_total',
    'Orders ever paid (paid or completed; refunded ones were paid too), from the database.',
    sql`select count(*)::int as value from orders
        where status in ('paid', 'completed', 'refunded') and provider <> 'admin'`,
  )
  databaseGauge(
    'payment_events_unprocessed',
    'Payment webhooks received and not yet processed.',
    sql`select count(*)::int as value from payment_events where processed_at is null`,
  )
  databaseGauge(
    'payment_webhook_lag_seconds',
    'Webhook lag: age of the oldest unprocessed payment event (0 when all are processed).',
    sql`select extract(epoch from now() - min(received_at))::float8 as value
        from payment_events where processed_at is null`,
  )

  if (driver === 'postgres') {
    // postgres.js keeps no pool statistics of its own; the server's view of this database's
    // connections (all replicas together) is what an operator alerts on anyway.
    new Gauge({
      name: 'db_connections',
      help: "Connections to this database by state, from pg_stat_activity (all of the app's replicas).",
      labelNames: ['state'] as const,
      registers: [registry],
      async collect() {
        const rows = await queryRows<{ state: string | null; n: number }>(
          db,
          sql`select coalesce(state, 'unknown') as state, count(*)::int as n
              from pg_stat_activity where datname = current_database() group by 1`,
        )
        this.reset()
        for (const r of rows) this.set({ state: r.state ?? 'unknown' }, r.n)
      },
    })
  }
  new Gauge({
    name: 'db_pool_max',
    help: 'Connections one replica may open (postgres.js pool size; 1 for the embedded database).',
    registers: [registry],
    collect() {
      this.set(driver === 'postgres' ? POSTGRES_POOL_MAX : 1)
    },
  })

  return {
    middleware: async (c, next) => {
      const end = duration.startTimer()
      try {
        await next()
      } finally {
        end({ method: c.req.method, route: routeLabel(c), status: String(c.res.status) })
      }
    },
    handlers: [
      bearerAuth({ token, realm: 'metrics' }),
      async (c) => {
        try {
          const body = await registry.metrics()
          return c.body(body, 200, { 'Content-Type': registry.contentType, 'Cache-Control': 'no-store' })
        } catch (err) {
          // A scrape while the database is away: say so, without the error's text.
          c.get('log').warn({ err }, 'metrics: could not read the database')
          return c.text('The database is not reachable.', 503, { 'Retry-After': '5' })
        }
      },
    ],
  }
}
