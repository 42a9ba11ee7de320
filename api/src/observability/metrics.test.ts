import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp } from '../test/app'
import { browser } from '../test/client'
import { createTestDatabase, DRIVERS, type TestDatabase } from '../test/database'

const TOKEN = 'metrics-token-metrics-token-0123456789'

/** The value of one series in Prometheus text, or undefined when it is not there. */
function sample(text: string, name: string, labels = ''): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${name}${labels} `))
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1))
}

describe.each(DRIVERS)('/metrics (%s)', (driver) => {
  let database: TestDatabase
  beforeAll(async () => {
    database = await createTestDatabase(driver)
  })
  afterAll(() => database.close())

  it('is not there without METRICS_TOKEN', async () => {
    const { app } = createTestApp(database)
    const res = await app.request('/metrics', { headers: { Authorization: `Bearer ${TOKEN}` } })
    expect(res.status).toBe(404)
  })

  it('refuses a scraper without the token, or with another one, and says nothing of the shop', async () => {
    const { app } = createTestApp(database, { METRICS_TOKEN: TOKEN })
    const cases = [
      [{}, 401],
      [{ Authorization: 'Bearer wrong' }, 401],
      [{ Authorization: `Bearer ${TOKEN}x` }, 401],
      // Not a bearer token at all: a malformed request (RFC 6750).
      [{ Authorization: `Basic ${TOKEN}` }, 400],
    ] as const
    for (const [headers, status] of cases) {
      const res = await app.request('/metrics', { headers })
      expect(res.status).toBe(status)
      expect(res.headers.get('www-authenticate')).toContain('Bearer')
      expect(await res.text()).not.toContain('http_request_duration_seconds')
    }
  })

  it('refuses a token shorter than 32 characters at start-up', () => {
    expect(() => createTestApp(database, { METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/)
  })

  it('times requests by route pattern and status, and reads the outbox, orders and payment events', async () => {
    const { app } = createTestApp(database, { METRICS_TOKEN: TOKEN })
    const { db } = database
    await db.execute(sql`insert into mail_outbox ("to", subject, text, status)
      values ('a@example.com', 's', 't', 'pending'), ('b@example.com', 's', 't', 'failed'),
             ('c@example.com', 's', 't', 'failed')`)
    await db.execute(sql`insert into payment_events (provider, event_id, type, received_at)
      values ('stripe', 'evt_metrics_1', 'checkout.session.completed', now() - interval '90 seconds')`)

    const visitor = browser(app)
    // Two addresses of one route are one series; an unknown product is a 404 of that route.
    await visitor.request('/api/products/no-such-box-1')
    await visitor.request('/api/products/no-such-box-2')
    await visitor.request('/api/no-such-endpoint')

    const res = await app.request('/metrics', { headers: { Authorization: `Bearer ${TOKEN}` } })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('text/plain')
    const text = await res.text()

    expect(
      sample(
        text,
        'http_request_duration_seconds_count',
        '{method="GET",route="/api/products/:slug",status="404"}',
      ),
    ).toBe(2)
    expect(
      sample(text, 'http_request_duration_seconds_count', '{method="GET",route="unmatched",status="404"}'),
    ).toBe(1)
    expect(text).not.toContain('no-such-box')

    expect(sample(text, 'mail_outbox_messages', '{status="pending"}')).toBe(1)
    expect(sample(text, 'mail_outbox_messages', '{status="failed"}')).toBe(2)
    expect(sample(text, 'mail_outbox_oldest_pending_seconds')).toBeGreaterThanOrEqual(0)
    expect(sample(text, 'orders_paid_total')).toBe(0)
    expect(sample(text, 'payment_events_unprocessed')).toBe(1)
    expect(sample(text, 'payment_webhook_lag_seconds')).toBeGreaterThanOrEqual(89)
    expect(sample(text, 'db_pool_max')).toBe(driver === 'postgres' ? 10 : 1)
    if (driver === 'postgres') expect(text).toMatch(/^db_connections\{state="active"\} [1-9]/m)
    // The process's own series (prom-client's defaults).
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0)
    expect(text).toContain('nodejs_eventloop_lag_seconds')
  })
})
