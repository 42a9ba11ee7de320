import Stripe from 'stripe'
import { afterAll, beforeAll, expect } from 'vitest'
import { createTestApp, TEST_ORIGIN } from './app'
import { createTestDatabase, type Driver, type TestDatabase } from './database'
import { fakeStripe } from './fake-stripe'

/** The webhook secret our fake Stripe's events are signed with. */
export const WEBHOOK_SECRET = 'whsec_test_secret_for_our_fake_stripe'

type App = ReturnType<typeof createTestApp>['app']

/** Signs webhook payloads (a test forging one signs with another secret); it never calls Stripe. */
export const stripeSigner = new Stripe('sk_test_fake')

/** An app's settings for paying through our fake Stripe at `base`, with `env` on top. */
export const stripeEnv = (base: string, env: Record<string, string> = {}) => ({
  PUBLIC_URL: 'https://shop.example.com',
  TRUSTED_ORIGINS: TEST_ORIGIN,
  STRIPE_SECRET_KEY: 'sk_test_fake',
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  STRIPE_API_BASE: base,
  ...env,
})

/**
 * One suite's shop paying through our own fake Stripe on loopback, with real webhook
 * signatures: the fake listens, a fresh database on `driver` (with `seed` run on it), an app
 * with the Stripe settings and `env`; all closed after the suite. Call it inside `describe`:
 * `app` and `database` are there from the suite's first test on.
 */
export function stripeShop(
  driver: Driver,
  env: Record<string, string> = {},
  {
    seed,
    timeoutMs = 120_000,
  }: { seed?: (database: TestDatabase) => Promise<unknown>; timeoutMs?: number } = {},
) {
  const fake = fakeStripe()
  let eventCounter = 0
  const shop = {
    fake,
    /** The fake's address, for another app on the same fake. */
    base: '',
    app: undefined as unknown as App,
    database: undefined as unknown as TestDatabase,
    /** Delivers a Stripe event signed with `secret` (a wrong one is a forgery); the answer. */
    deliver(id: string, type: string, object: Record<string, unknown>, secret = WEBHOOK_SECRET) {
      const payload = JSON.stringify({ id, object: 'event', type, data: { object } })
      const header = stripeSigner.webhooks.generateTestHeaderString({ payload, secret })
      return shop.app.request('/api/payments/stripe/webhook', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Stripe-Signature': header },
        body: payload,
      })
    },
    /**
     * A signed event, sent (and sent again: a replay, under the same id) by calling what
     * this answers; each sending must be taken (200).
     */
    event(type: string, object: Record<string, unknown>, id = `evt_${++eventCounter}_${Date.now()}`) {
      return async () => {
        const res = await shop.deliver(id, type, object)
        expect(res.status).toBe(200)
        return res
      }
    },
  }
  beforeAll(async () => {
    shop.base = await fake.listen()
    shop.database = await createTestDatabase(driver)
    shop.app = createTestApp(shop.database, stripeEnv(shop.base, env)).app
    await seed?.(shop.database)
  }, timeoutMs)
  afterAll(async () => {
    await shop.database.destroy()
    await fake.close()
  })
  return shop
}

export type StripeShop = ReturnType<typeof stripeShop>
