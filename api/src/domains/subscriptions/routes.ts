import { subscriptionsContract } from '@lamplight/contracts'
import type { Context } from 'hono'
import { defineRouter } from '../../lib/router'
import { rateLimit } from '../../middleware/rate-limit'
import type { AppEnv } from '../../types'
import { providerOf } from '../payments/service'
import { openPortal, startSubscriptionCheckout, subscriptionDepsOf, subscriptionStatusOf } from './service'

// Per user: each call may ask the payment provider (a customer, a session, a portal).
const limitProviderCalls = rateLimit({
  name: 'subscriptions',
  limit: 30,
  windowMs: 10 * 60_000,
  key: (c) => c.get('user')?.id ?? c.get('clientIp') ?? 'unknown',
  message: 'You have opened several plan pages in a short time. Please wait a few minutes and try again.',
})

const noStore = (c: Context<AppEnv>) => c.header('Cache-Control', 'private, no-store')

/** The spec's check-subscription, create-subscription and customer-portal, for the signed-in user. */
export const subscriptionsRouter = defineRouter('/subscriptions')
  .handle(subscriptionsContract.status, async ({ c, db, user }) => {
    noStore(c)
    return c.json(await subscriptionStatusOf(db, user.id))
  })
  .handle(
    subscriptionsContract.checkout,
    { bodyLimit: 4 * 1024, middleware: [limitProviderCalls] },
    async ({ c, deps, body, user }) => {
      const result = await startSubscriptionCheckout(subscriptionDepsOf(deps), providerOf(deps), user, body)
      noStore(c)
      return c.json(result)
    },
  )
  .handle(
    subscriptionsContract.portal,
    { bodyLimit: 4 * 1024, middleware: [limitProviderCalls] },
    async ({ c, deps, user }) => {
      const { url } = await openPortal(subscriptionDepsOf(deps), providerOf(deps), user)
      noStore(c)
      return c.json({ url })
    },
  )
