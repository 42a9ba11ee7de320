import { randomUUID } from 'node:crypto'
import { checkoutContract } from '@lamplight/contracts'
import type { Db } from '../../db/client'
import { ApiError, notFound, validationFailed } from '../../lib/errors'
import { defineRouter } from '../../lib/router'
import type { Logger } from '../../logger'
import { currentUser } from '../../middleware/guards'
import { rateLimit } from '../../middleware/rate-limit'
import { hasStock } from '../catalog/service'
import { countInsight } from '../insights/service'
import { providerOf, refreshStripeSession } from '../payments/service'
import { findBuyableProduct } from './queries'
import {
  createPendingOrder,
  createPendingOrderOnce,
  expireTestSessions,
  findOrderBySession,
  listOrdersOf,
  type NewOrder,
  purgeCheckoutRequests,
  requestHashOf,
} from './service'

// Per client address: each checkout writes an order and asks the payment provider, so a
// script cannot fill the orders table or spend our Stripe quota; the success page is a
// look-up by session id, so nobody tries ids by the thousand.
const limitCheckouts = rateLimit({
  name: 'checkout',
  limit: 10,
  windowMs: 10 * 60_000,
  message: 'You have started several checkouts in a short time. Please wait a few minutes and try again.',
})
const limitLookups = rateLimit({ name: 'checkout-success', limit: 60, windowMs: 60_000 })

/** The share of keyed checkouts that also purge day-old idempotency keys. */
const PURGE_CHANCE = 0.01

/**
 * Buying: create-checkout makes a pending order at the database price and a payment
 * session for it; the payment page (the provider's, or our test-mode one) pays it; the
 * success page reads it. Fulfilment is `domains/orders/service.ts`, the same for every path.
 */
export const checkoutRouter = defineRouter('/checkout')
  .handle(
    checkoutContract.create,
    { middleware: [limitCheckouts] },
    async ({ c, db, deps, body, headers }) => {
      const product = await findBuyableProduct(db, body.productSlug)
      if (!product) throw notFound('The requested product is not available')
      // Refused before any payment; the last box paid twice at once is settled at fulfilment.
      if (product.status === 'sold_out' || !hasStock(product))
        throw new ApiError(
          409,
          'sold_out',
          `Sorry, ${product.name} is sold out. Nothing was charged. Ask on its page to be told when it is back.`,
        )
      const user = await currentUser(c)
      const info = body.customerInfo ?? null
      const email = info?.email ?? user?.email
      if (!email)
        throw validationFailed('Please fill in all required shipping information.', [
          { path: 'customerInfo', message: 'Please fill in all required shipping information.' },
        ])
      const provider = providerOf(deps)
      await countInsight(db, 'checkout_started', product.id) // the Insights' funnel (decision 044)
      const order: NewOrder = {
        userId: user?.id ?? null,
        email,
        customerName: info ? `${info.firstName} ${info.lastName}` : user?.name || null,
        productId: product.id,
        amountCents: product.priceCents,
        currency: 'usd',
        provider: provider.name,
        paymentMethod: body.paymentMethod ?? null,
        shippingAddress: info,
      }
      const openSession = (orderId: string) =>
        provider.createCheckout({
          orderId,
          productName: product.name,
          amountCents: product.priceCents,
          currency: 'usd',
          customerEmail: email,
          successUrl: `${deps.config.publicUrl}/checkout?session_id={CHECKOUT_SESSION_ID}`,
          cancelUrl: `${deps.config.publicUrl}/shop`,
        })

      // With the client's Idempotency-Key: once per (buyer, key), held by the database.
      const key = headers['idempotency-key']
      if (key) {
        const { url } = await createPendingOrderOnce(
          db,
          { userId: order.userId, key, requestHash: requestHashOf(body) },
          openSession,
          order,
        )
        if (Math.random() < PURGE_CHANCE) await housekeeping(c.get('log'), db, deps.config.payments.testMode)
        return c.json({ url })
      }
      // Without one (a storefront built before the key): as before. The payment session first,
      // for an order id chosen here; then the order and its session in one transaction. A
      // database that fails in between leaves no order behind (the provider's session, unknown
      // to anyone, expires unpaid), so a retried 503 never makes a second order (the failure
      // drill proves it); a lost 200 retried does make a second one.
      const orderId = randomUUID()
      const session = await openSession(orderId)
      await createPendingOrder(db, { ...order, id: orderId, providerSessionId: session.id })
      if (Math.random() < PURGE_CHANCE) await housekeeping(c.get('log'), db, deps.config.payments.testMode)
      return c.json({ url: session.url })
    },
  )
  .handle(checkoutContract.success, { middleware: [limitLookups] }, async ({ c, db, deps, body }) => {
    let order = await findOrderBySession(db, body.sessionId)
    if (!order) throw notFound('We could not find that order.')
    // The buyer may arrive before Stripe's webhook: ask Stripe, and fulfil through the same function.
    if (order.status === 'pending' && deps.payments.stripe && body.sessionId.startsWith('cs_')) {
      await refreshStripeSession(deps, body.sessionId)
      order = (await findOrderBySession(db, body.sessionId)) ?? order
    }
    c.header('Cache-Control', 'private, no-store')
    return c.json({ data: order })
  })

export const accountRouter = defineRouter('/account').handle(
  checkoutContract.myOrders,
  async ({ c, db, user }) => {
    // Guest orders join an account at a password reset by mail only (auth.ts, decision 032).
    c.header('Cache-Control', 'private, no-store')
    return c.json({ data: await listOrdersOf(db, user.id) })
  },
)

/**
 * Now and then (as download claims are pruned), as checkouts go by, with no scheduler (the
 * only periodic worker, the mail outbox's, runs with SMTP only): forget idempotency keys over
 * a day old, so the table stays about a day of checkouts on every driver and replica, and
 * cancel test-mode checkouts left unpaid for a day. Never fails the checkout that ran it.
 */
async function housekeeping(log: Logger, db: Db, testMode: boolean) {
  await purgeCheckoutRequests(db).catch((err) =>
    log.warn({ err }, 'purging old checkout idempotency keys failed'),
  )
  if (testMode)
    await expireTestSessions(db).catch((err) => log.warn({ err }, 'expiring old test-mode checkouts failed'))
}
