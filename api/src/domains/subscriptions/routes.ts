import { SUBSCRIPTION_PLANS, subscriptionsContract, testBillingContract } from '@lamplight/contracts'
import type { Context } from 'hono'
import { ApiError, notFound } from '../../lib/errors'
import { defineRouter } from '../../lib/router'
import { rateLimit } from '../../middleware/rate-limit'
import type { AppDeps, AppEnv } from '../../types'
import type { PaymentProvider } from '../payments/provider'
import { testCheckoutPage, testPortalPage } from '../payments/test-mode/billing-pages'
import {
  actInTestPortal,
  closeSubscriptionCheckout,
  findTestSubscriptionCheckout,
  openPortal,
  payTestSubscriptionCheckout,
  type SubscriptionDeps,
  startSubscriptionCheckout,
  subscriptionStatusOf,
  testPortalView,
} from './service'

export const subscriptionDeps = (deps: AppDeps): SubscriptionDeps => ({
  db: deps.database.db,
  mailer: deps.mailer,
  logger: deps.logger,
  siteUrl: deps.config.publicUrl,
})

function providerOf(deps: AppDeps): PaymentProvider {
  if (deps.payments.provider) return deps.payments.provider
  throw new ApiError(
    503,
    'payments_unavailable',
    'Payments are not available right now. Please try again later or contact us.',
  )
}

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
      const result = await startSubscriptionCheckout(subscriptionDeps(deps), providerOf(deps), user, body)
      noStore(c)
      return c.json(result)
    },
  )
  .handle(
    subscriptionsContract.portal,
    { bodyLimit: 4 * 1024, middleware: [limitProviderCalls] },
    async ({ c, deps, user }) => {
      const { url } = await openPortal(subscriptionDeps(deps), providerOf(deps), user)
      noStore(c)
      return c.json({ url })
    },
  )

const onlyInTestMode = (deps: AppDeps) => {
  if (!deps.config.payments.testMode) throw notFound()
}

/** The built-in test-mode plan page and customer portal: 404 unless test mode is on. */
export const testBillingRouter = defineRouter('/payments/test-billing')
  .handle(testBillingContract.checkoutPage, async ({ c, db, deps, params }) => {
    onlyInTestMode(deps)
    const checkout = await findTestSubscriptionCheckout(db, params.sessionId)
    if (!checkout) throw notFound('No such subscription checkout.')
    c.header('Cache-Control', 'no-store')
    return c.html(testCheckoutPage(params.sessionId, checkout))
  })
  .handle(testBillingContract.checkoutAct, { bodyLimit: 1024 }, async ({ c, db, deps, params }) => {
    onlyInTestMode(deps)
    const checkout = await findTestSubscriptionCheckout(db, params.sessionId)
    if (!checkout) throw notFound('No such subscription checkout.')
    const site = deps.config.publicUrl
    if (params.action === 'pay') {
      const outcome = await payTestSubscriptionCheckout(subscriptionDeps(deps), params.sessionId)
      if (outcome === 'subscribed' || outcome === 'already')
        return c.redirect(`${site}/shop?subscription=started`, 303)
      return c.redirect(`/api/payments/test-billing/checkout/${encodeURIComponent(params.sessionId)}`, 303)
    }
    await closeSubscriptionCheckout(db, params.sessionId, 'expired')
    return c.redirect(`${site}/shop`, 303)
  })
  .handle(testBillingContract.portalPage, async ({ c, db, deps, user }) => {
    onlyInTestMode(deps)
    c.header('Cache-Control', 'no-store')
    return c.html(testPortalPage(user.email, await testPortalView(db, user.id), SUBSCRIPTION_PLANS))
  })
  .handle(testBillingContract.portalAct, { bodyLimit: 1024 }, async ({ c, deps, params, user }) => {
    onlyInTestMode(deps)
    await actInTestPortal(subscriptionDeps(deps), user.id, params.action)
    return c.redirect('/api/payments/test-billing/portal', 303)
  })
  .handle(testBillingContract.portalChangePlan, { bodyLimit: 1024 }, async ({ c, deps, params, user }) => {
    onlyInTestMode(deps)
    await actInTestPortal(subscriptionDeps(deps), user.id, 'plan', params.tier)
    return c.redirect('/api/payments/test-billing/portal', 303)
  })
