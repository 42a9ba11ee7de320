import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { sql } from 'drizzle-orm'
import Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { queryRows } from '../db/client'
import { createTestDatabase, DRIVERS, type TestDatabase } from '../test/database'
import { fakeStripe } from '../test/fake-stripe'

/**
 * Issue 16, item 5: the same server started twice, from source (`node --import tsx
 * src/server.ts`; production runs it compiled, decision 055, and runtime-install.with-builds
 * proves that build starts), on two ports against one PostgreSQL database and one Redis. What one instance does, the other must see: sessions, rate-limit counts, and a
 * payment fulfilled once however many instances receive its event.
 */
const apiDir = fileURLToPath(new URL('../..', import.meta.url))
const PUBLIC_URL = 'https://shop.example.com'
const AUTH_SECRET = 'two-instances-secret-two-instances-secret'
const WEBHOOK_SECRET = 'whsec_two_instances_test_secret'
const ADMIN_EMAIL = 'two-instances-admin@example.com'
const redisUrl = process.env.REDIS_URL
// PostgreSQL only (PGlite serves one process), decided as every driver-bound test decides:
// DATABASE_URL set and not narrowed away by TEST_DRIVERS=pglite.
const onPostgres = DRIVERS.includes('postgres')

if (!onPostgres)
  console.info(
    'two API instances: skipped, no PostgreSQL to run on (DATABASE_URL unset or TEST_DRIVERS=pglite)',
  )
else if (!redisUrl)
  console.info('two API instances: shared rate limits skipped, REDIS_URL is not set (CI sets it)')

type Instance = { name: string; url: string; child: ChildProcess; log: string[] }

/** Starts one server process and resolves once it logs that it listens (on a port of its own choosing). */
function startInstance(name: string, env: Record<string, string>): Promise<Instance> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: apiDir,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const log: string[] = []
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} did not start:\n${log.join('')}`)), 120_000)
    const read = (chunk: Buffer) => {
      for (const line of String(chunk).split('\n')) {
        if (!line.trim()) continue
        log.push(`${line}\n`)
        try {
          const entry = JSON.parse(line) as { msg?: string; port?: number }
          if (entry.msg === 'listening' && entry.port) {
            clearTimeout(timer)
            resolve({ name, url: `http://127.0.0.1:${entry.port}`, child, log })
          }
        } catch {
          // The banner for people (not JSON).
        }
      }
    }
    child.stdout.on('data', read)
    child.stderr.on('data', read)
    child.on('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`${name} exited with ${code}:\n${log.join('')}`))
    })
  })
}

function stop(instance: Instance | undefined): Promise<void> {
  if (!instance || instance.child.exitCode !== null) return Promise.resolve()
  return new Promise((resolve) => {
    instance.child.once('exit', () => resolve())
    instance.child.kill('SIGTERM')
  })
}

/** A visitor with a cookie jar, at a client address of its own, talking to whichever instance it is given. */
function visitor(ip: string) {
  const jar = new Map<string, string>()
  return {
    jar,
    async request(instance: Instance, pathname: string, init: { body?: unknown; method?: string } = {}) {
      const headers: Record<string, string> = { Origin: PUBLIC_URL, 'X-Forwarded-For': ip }
      if (init.body !== undefined) headers['Content-Type'] = 'application/json'
      if (jar.size) headers.Cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ')
      const res = await fetch(`${instance.url}${pathname}`, {
        method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
        headers,
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        redirect: 'manual',
      })
      for (const cookie of res.headers.getSetCookie()) {
        const [pair] = cookie.split(';')
        const [key, ...value] = (pair ?? '').split('=')
        if (!key) continue
        if (/max-age=0/i.test(cookie) || value.join('=') === '') jar.delete(key.trim())
        else jar.set(key.trim(), value.join('='))
      }
      return res
    },
  }
}

const randomIp = () => `198.51.100.${Math.floor(Math.random() * 250) + 1}`

describe.skipIf(!onPostgres)('two API instances on one PostgreSQL and one Redis', () => {
  let database: TestDatabase
  let a: Instance
  let b: Instance
  const fake = fakeStripe()
  const signer = new Stripe('sk_test_fake')
  const count = async (query: ReturnType<typeof sql>) =>
    Number((await queryRows<{ n: number }>(database.db, query))[0]?.n)

  beforeAll(async () => {
    const stripeBase = await fake.listen()
    database = await createTestDatabase('postgres')
    await database.db.execute(
      sql`insert into products (slug, name, price_cents) values ('scroll-of-antioch', 'The Scroll of Antioch', 4999)`,
    )
    // Everything shared is shared; each instance keeps its own DATA_DIR, as two machines would.
    const env = (name: string) => ({
      NODE_ENV: 'production',
      PUBLIC_URL,
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: database.url!,
      REDIS_URL: redisUrl ?? '',
      AUTH_SECRET,
      DATA_DIR: mkdtempSync(path.join(tmpdir(), `lamplight-${name}-`)),
      SERVE_APPS: 'false',
      SEED_ON_EMPTY: 'false',
      CLIENT_IP_HEADER: 'x-forwarded-for',
      STRIPE_SECRET_KEY: 'sk_test_fake',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: stripeBase,
      SMTP_URL: '',
      SENTRY_DSN: '',
      LOG_LEVEL: 'info',
      ADMIN_EMAILS: ADMIN_EMAIL,
    })
    // Started together: the migrations run under an advisory lock, once.
    ;[a, b] = await Promise.all([startInstance('api-1', env('api-1')), startInstance('api-2', env('api-2'))])
  }, 180_000)

  afterAll(async () => {
    await Promise.all([stop(a), stop(b)])
    await fake.close()
    await database?.destroy()
  }, 60_000)

  it('start as a real shop: no development convenience on, and they say so', () => {
    for (const instance of [a, b]) {
      const line = instance.log.find((l) => l.includes('development conveniences on:'))
      expect(line, instance.log.join('')).toContain('development conveniences on: none')
    }
  })

  it('share sessions: signed up through one, signed in on the other; signed out through the other, gone on both', async () => {
    const person = visitor(randomIp())
    const email = `two-instances-${Date.now()}@example.com`
    const signUp = await person.request(a, '/api/auth/sign-up/email', {
      body: { email, password: 'two instances 1', name: 'Priscilla' },
    })
    expect(signUp.status, await signUp.clone().text()).toBe(200)
    expect(person.jar.size).toBeGreaterThan(0)

    const onB = await person.request(b, '/api/auth/get-session')
    expect(((await onB.json()) as { user?: { email: string } } | null)?.user?.email).toBe(email)
    const mine = await person.request(b, '/api/account/orders')
    expect(mine.status).not.toBe(401)

    const cookies = new Map(person.jar)
    expect((await person.request(b, '/api/auth/sign-out', { body: {} })).status).toBe(200)
    // The old cookie, replayed to the instance that did not sign it out, is no longer a session.
    const replay = visitor(randomIp())
    for (const [k, v] of cookies) replay.jar.set(k, v)
    expect(await (await replay.request(a, '/api/auth/get-session')).json()).toBeNull()
  })

  it.skipIf(!redisUrl)('share rate limits: two instances together allow what one allows', async () => {
    // The contact form: 5 per client address per 10 minutes (docs/security.md, Rate limits).
    const sender = visitor(randomIp())
    const statuses: number[] = []
    for (let i = 0; i < 10; i++) {
      const res = await sender.request(i % 2 ? b : a, '/api/contact', {
        body: {
          name: 'Aquila',
          email: 'aquila@example.com',
          subject: `Question ${i}`,
          message: 'Do you ship tents to Corinth?',
        },
      })
      statuses.push(res.status)
      if (res.status === 429) expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0)
    }
    expect(statuses.filter((s) => s === 200 || s === 201)).toHaveLength(5)
    expect(statuses.slice(5)).toEqual([429, 429, 429, 429, 429])
    // Both instances refused, not only the one that counted last.
    expect(new Set(statuses.slice(5).map((_, i) => (i + 5) % 2))).toEqual(new Set([0, 1]))
  })

  it('fulfil a payment once when its event reaches both at once', async () => {
    const buyer = visitor(randomIp())
    const started = await buyer.request(a, '/api/checkout', {
      body: {
        productSlug: 'scroll-of-antioch',
        customerInfo: {
          email: 'two-instances-buyer@example.com',
          firstName: 'Lydia',
          lastName: 'Thyatira',
          address: '1 Purple Street',
          city: 'Philippi',
          state: 'CA',
          zipCode: '90001',
        },
      },
    })
    expect(started.status, await started.clone().text()).toBe(200)
    const sessionId = ((await started.json()) as { url: string }).url.split('/').at(-1)!
    fake.sessions.get(sessionId)!.payment_status = 'paid'

    const eventId = `evt_two_instances_${sessionId}`
    const payload = JSON.stringify({
      id: eventId,
      object: 'event',
      type: 'checkout.session.completed',
      data: { object: { ...fake.sessions.get(sessionId) } },
    })
    const deliver = (instance: Instance) =>
      fetch(`${instance.url}/api/payments/stripe/webhook`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'Stripe-Signature': signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
        },
        body: payload,
      })
    // Stripe retries, and two instances behind a balancer each get a copy: five to each, at once.
    const answers = await Promise.all([a, b, a, b, a, b, a, b, a, b].map(deliver))
    expect(answers.map((r) => r.status)).toEqual(Array(10).fill(200))

    expect(
      await queryRows<{ status: string }>(
        database.db,
        sql`select status from orders where provider_session_id = ${sessionId}`,
      ),
    ).toEqual([{ status: 'completed' }])
    expect(
      await count(sql`select count(*)::int as n from order_history h join orders o on o.id = h.order_id
        where o.provider_session_id = ${sessionId} and h.to_status = 'completed'`),
    ).toBe(1)
    expect(
      await count(sql`select count(*)::int as n from mail_outbox
        where "to" = 'two-instances-buyer@example.com' and subject like 'Order confirmed%'`),
    ).toBe(1)
    expect(
      await count(
        sql`select count(*)::int as n from payment_events where event_id = ${eventId} and processed_at is not null`,
      ),
    ).toBe(1)
  })

  it('refund what is left on a bought gift card once when 60 requests ask both at once, racing spends of it: one refund at Stripe, the card closed once, or spent and kept', async () => {
    const mailed = async (to: string, subject: string) =>
      (
        await queryRows<{ text: string }>(
          database.db,
          sql`select text from mail_outbox where "to" = ${to} and subject like ${subject} order by created_at desc limit 1`,
        )
      )[0]?.text ?? ''
    // An admin as a real one becomes one: signs up, sets the password by the mailed link, signs in.
    const admin = visitor(randomIp())
    const password = 'two instances boss 1'
    expect(
      (
        await admin.request(a, '/api/auth/sign-up/email', {
          body: { email: ADMIN_EMAIL, password, name: 'Boss' },
        })
      ).status,
    ).toBe(200)
    expect(
      (
        await admin.request(b, '/api/auth/request-password-reset', {
          body: { email: ADMIN_EMAIL, redirectTo: '/auth/reset-password' },
        })
      ).status,
    ).toBe(200)
    const link = new URL(/https?:\/\/\S+/.exec(await mailed(ADMIN_EMAIL, 'Reset%'))![0])
    const opened = await admin.request(a, link.pathname + link.search)
    const token = new URL(opened.headers.get('location') ?? '/', 'http://x').searchParams.get('token')
    expect(
      (await admin.request(b, '/api/auth/reset-password', { body: { token, newPassword: password } })).status,
    ).toBe(200)
    expect(
      (await admin.request(a, '/api/auth/sign-in/email', { body: { email: ADMIN_EMAIL, password } })).status,
    ).toBe(200)

    // A $100 card bought through one instance and paid (Stripe's event to the other); a box
    // bought with it leaves the rest on it.
    const giver = visitor(randomIp())
    const bought = await giver.request(a, '/api/gift-cards/checkout', {
      body: {
        amountCents: 10_000,
        recipientEmail: 'two-instances-friend@example.com',
        giverName: 'Priscilla',
        buyerEmail: 'two-instances-giver@example.com',
      },
    })
    expect(bought.status, await bought.clone().text()).toBe(200)
    const sessionId = ((await bought.json()) as { url: string }).url.split('/').at(-1)!
    const payload = JSON.stringify({
      id: `evt_two_instances_card_${sessionId}`,
      object: 'event',
      type: 'checkout.session.completed',
      data: { object: { ...fake.sessions.get(sessionId), status: 'complete', payment_status: 'paid' } },
    })
    const paid = await fetch(`${b.url}/api/payments/stripe/webhook`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'Stripe-Signature': signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
      },
      body: payload,
    })
    expect(paid.status).toBe(200)
    const code = /([0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4})/.exec(
      await mailed('two-instances-friend@example.com', '%gift card%'),
    )![1]!
    const [card] = await queryRows<{ id: string; order_id: string }>(
      database.db,
      sql`select g.id, g.order_id from gift_cards g join orders o on o.id = g.order_id where o.provider_session_id = ${sessionId}`,
    )
    const customerInfo = {
      firstName: 'Phoebe',
      lastName: 'Cenchreae',
      address: '2 Harbour Road',
      city: 'Corinth',
      state: 'CA',
      zipCode: '90001',
    }
    const spend = (instance: Instance, i: number) =>
      visitor(randomIp()).request(instance, '/api/checkout', {
        body: {
          productSlug: 'scroll-of-antioch',
          customerInfo: { ...customerInfo, email: `two-instances-spender-${i}@example.com` },
          giftCardCode: code,
        },
      })
    expect((await spend(a, 0)).status).toBe(200)
    const balance = async () =>
      (
        await queryRows<{ balance: number; status: string }>(
          database.db,
          sql`select balance_cents as balance, status from gift_cards where id = ${card!.id}`,
        )
      )[0]!
    const left = (await balance()).balance
    expect(left).toBeGreaterThan(0)
    expect(left).toBeLessThan(10_000)

    // 60 refunds of the part left, every other one to each instance, and three more spends.
    const refundsBefore = fake.refunds.size
    const answers = await Promise.all([
      ...Array.from({ length: 60 }, (_, i) =>
        admin.request(i % 2 ? b : a, `/api/admin/orders/${card!.order_id}/refund`, {
          body: { amount_cents: left, ...(i % 3 ? { expected_refunded_cents: 0 } : {}) },
        }),
      ),
      ...[1, 2, 3].map((i) => spend(i % 2 ? b : a, i)),
    ])
    const refundStatuses = answers.slice(0, 60).map((r) => r.status)
    const spent = answers.slice(60).filter((r) => r.status === 200).length
    expect(refundStatuses.filter((s) => s !== 200 && s !== 409)).toEqual([])
    const refunded = refundStatuses.filter((s) => s === 200).length
    const closes = await count(sql`select count(*)::int as n from gift_card_ledger
      where gift_card_id = ${card!.id} and kind = 'adjust' and amount_cents < 0`)
    const recorded = await queryRows<{ amount: number }>(
      database.db,
      sql`select amount_cents as amount from refunds where order_id = ${card!.order_id}`,
    )
    if (refunded) {
      expect({ refunded, spent, closes, atStripe: fake.refunds.size - refundsBefore }).toEqual({
        refunded: 1,
        spent: 0,
        closes: 1,
        atStripe: 1,
      })
      expect(recorded).toEqual([{ amount: left }])
      expect([...fake.refunds.values()].at(-1)).toMatchObject({ amount: left })
      expect(await balance()).toEqual({ balance: 0, status: 'disabled' })
    } else {
      expect(spent).toBeGreaterThan(0)
      expect({ closes, atStripe: fake.refunds.size - refundsBefore, recorded }).toEqual({
        closes: 0,
        atStripe: 0,
        recorded: [],
      })
      expect((await balance()).status).toBe('active')
    }
    console.info(
      `two instances, the part left of a card vs spends: ${refunded ? 'refunded' : `spent ${spent}`}`,
    )
  })

  it('hold the ten unpaid checkouts per address between them: 30 at once, to both, leave ten', async () => {
    const ip = `203.0.113.${Math.floor(Math.random() * 250) + 1}`
    const buyer = visitor(ip)
    const body = {
      productSlug: 'scroll-of-antioch',
      customerInfo: {
        email: 'two-instances-many@example.com',
        firstName: 'Lydia',
        lastName: 'Thyatira',
        address: '1 Purple Street',
        city: 'Philippi',
        state: 'CA',
        zipCode: '90001',
      },
    }
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => buyer.request(i % 2 ? b : a, '/api/checkout', { body })),
    )
    const statuses = answers.map((r) => r.status)
    expect(statuses.filter((s) => s === 200)).toHaveLength(10)
    expect(statuses.filter((s) => s === 429)).toHaveLength(20)
    expect(
      await count(sql`select count(*)::int as n from orders
        where status = 'pending' and email = 'two-instances-many@example.com'`),
    ).toBe(10)
  })
})
