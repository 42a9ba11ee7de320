import { randomUUID } from 'node:crypto'
import { CART_MESSAGES, checkoutContract, checkoutExtrasContract } from '@lamplight/contracts'
import type { Db } from '../../db/client'
import { clientNetwork } from '../../lib/client-address'
import { notFound, validationFailed } from '../../lib/errors'
import { defineRouter } from '../../lib/router'
import type { Logger } from '../../logger'
import { limitGiftCardTries } from '../../middleware/gift-card-tries'
import { currentUser } from '../../middleware/guards'
import { rateLimit } from '../../middleware/rate-limit'
import { checkoutLines, giftCardShare, linesToCheckOut, totalsOf } from '../cart/service'
import { discountFor, giftCardFor, giftCardSecret, reserveOrderCodes } from '../discounts/service'
import { countInsight } from '../insights/service'
import { fulfilmentDepsOf, providerOf, refreshStripeSession } from '../payments/service'
import { lastShippingAddressOf } from './queries'
import {
  checkoutAddressWithRoom,
  createOrderWithCodes,
  createPendingOrder,
  createPendingOrderOnce,
  expireSessionlessOrders,
  expireTestSessions,
  findOrderBySession,
  listOrdersOf,
  type NewOrder,
  purgeCheckoutRequests,
  requestHashOf,
} from './service'

// Per client address, two limits (decision 053). What abuse costs us is pending orders (rows
// nobody pays for) and provider sessions: an address may have at most PENDING_LIMIT unpaid
// checkouts started in the last hour, however many it has paid (a church group on one Wi-Fi
// buys as many orders as it likes; a script making hundreds of pending orders is stopped at
// the tenth). Requests are also counted, loosely, so nobody spends our Stripe quota on
// refused attempts; the success page is a look-up by session id, so nobody tries ids by the
// thousand.
const limitCheckouts = rateLimit({
  name: 'checkout',
  limit: 60,
  windowMs: 10 * 60_000,
  message: 'You have started several checkouts in a short time. Please wait a few minutes and try again.',
})
const limitLookups = rateLimit({ name: 'checkout-success', limit: 60, windowMs: 60_000 })

/** The share of keyed checkouts that also purge day-old idempotency keys. */
const PURGE_CHANCE = 0.01

/**
 * Buying: create-checkout prices the cart (or one box) on the server, makes a pending order
 * with its lines and totals and a payment session for it; the payment page (the provider's,
 * or our test-mode one) pays it; the success page reads it. Fulfilment is
 * `domains/orders/service.ts`, the same for every path.
 */
export const checkoutRouter = defineRouter('/checkout')
  .handle(
    checkoutContract.create,
    { middleware: [limitCheckouts] },
    async ({ c, db, deps, body, headers }) => {
      const user = await currentUser(c)
      const { cartId, lines } = await linesToCheckOut(c, db, user?.id ?? null, body)
      const info = body.customerInfo ?? null
      const email = info?.email ?? user?.email
      if (!email)
        throw validationFailed('Please fill in all required shipping information.', [
          { path: 'customerInfo', message: 'Please fill in all required shipping information.' },
        ])
      const provider = providerOf(deps)
      // A discount code and a gift card (issue 33), from what the buyer typed: each refused
      // on its field, before anything is written, when it cannot be used.
      if (body.giftCardCode) await limitGiftCardTries(c, user?.id ?? null)
      const buyer = { userId: user?.id ?? null, email }
      const discount = body.discountCode ? await discountFor(db, body.discountCode, lines, buyer) : null
      const giftCard = body.giftCardCode
        ? await giftCardFor(db, giftCardSecret(deps), body.giftCardCode)
        : null
      const totals = await totalsOf(
        db,
        lines,
        { country: info?.country ?? 'US', zipCode: info?.zipCode },
        'test',
        discount?.amountCents ?? 0,
      )
      if (!totals.shipping)
        throw validationFailed(CART_MESSAGES.country, [
          { path: 'customerInfo.country', message: CART_MESSAGES.country },
        ])
      // An early look, before the provider is asked; the limit itself is held where the order
      // is written (`placePendingOrder`), under the address's lock.
      const checkoutAddress = await checkoutAddressWithRoom(db, clientNetwork(c.get('clientIp')))
      const first = lines[0]!
      await countInsight(db, 'checkout_started', first.productId) // the Insights' funnel (decision 044)
      const order: NewOrder = {
        userId: user?.id ?? null,
        email,
        customerName: info ? `${info.firstName} ${info.lastName}` : user?.name || null,
        productId: first.productId,
        // Tax is added by Stripe Tax at payment and recorded then; none in test mode (decision 052).
        amountCents: totals.totalCents,
        subtotalCents: totals.subtotalCents,
        discountCents: totals.discountCents,
        shippingCents: totals.shipping.amountCents,
        taxCents: 0,
        lines: lines.map((l) => ({
          productId: l.productId,
          productName: l.productName,
          quantity: l.quantity,
          unitPriceCents: l.unitPriceCents,
          lineTotalCents: l.lineTotalCents,
        })),
        currency: 'usd',
        provider: provider.name,
        paymentMethod: body.paymentMethod ?? null,
        shippingAddress: info,
        checkoutAddress,
        cartId,
      }
      const openSession = (
        orderId: string,
        charge = { amountCents: totals.totalCents, giftCardCents: 0 },
      ) => {
        // What is taken off (the code's discount and the gift card's part) comes off the
        // lines first, as one coupon at the provider; a gift card paying more than the lines
        // also pays (part of) the shipping.
        const off = totals.discountCents + charge.giftCardCents
        const offLines = Math.min(off, totals.subtotalCents)
        return provider.createCheckout({
          orderId,
          productName: lines.length > 1 ? `${lines.length} boxes` : first.productName,
          amountCents: charge.amountCents,
          lines: order.lines.map((l) => ({
            name: l.productName,
            quantity: l.quantity,
            unitAmountCents: l.unitPriceCents,
          })),
          shipping: {
            name: totals.shipping!.name,
            amountCents: totals.shipping!.amountCents - (off - offLines),
          },
          discount:
            offLines > 0
              ? {
                  name: [discount?.code, charge.giftCardCents ? 'Gift card' : null]
                    .filter(Boolean)
                    .join(' + '),
                  amountCents: offLines,
                }
              : null,
          currency: 'usd',
          customerEmail: email,
          successUrl: `${deps.config.publicUrl}/checkout?session_id={CHECKOUT_SESSION_ID}`,
          // Back to the checkout it came from, cart and address kept (issue 32: a way back).
          cancelUrl: `${deps.config.publicUrl}/checkout/${body.fromCart ? 'cart' : encodeURIComponent(body.productSlug!)}?payment=cancelled`,
        })
      }

      const key = headers['idempotency-key']
      if (discount || giftCard) {
        // The code's use and the card's money are taken before the provider is asked
        // (decision 057): a code used up or a card emptied meanwhile is refused here.
        const { url } = await createOrderWithCodes(
          fulfilmentDepsOf(deps, db),
          key
            ? {
                userId: order.userId,
                key,
                requestHash: requestHashOf({ body, lines: order.lines, total: order.amountCents }),
              }
            : null,
          order,
          (tx, orderId, dueCents) =>
            reserveOrderCodes(tx, orderId, {
              discount,
              giftCardId: giftCard?.id ?? null,
              buyer: { userId: order.userId, email: order.email },
              dueCents,
              share: giftCardShare,
            }),
          openSession,
          (sessionId) => `${deps.config.publicUrl}/checkout?session_id=${sessionId}`,
        )
        if (Math.random() < PURGE_CHANCE) await housekeeping(c.get('log'), db, deps.config.payments.testMode)
        return c.json({ url })
      }

      // With the client's Idempotency-Key: once per (buyer, key), held by the database. The
      // priced lines are part of what the key stands for: a cart or price changed meanwhile
      // is another checkout (422), never the old session answered for a new total.
      if (key) {
        const { url } = await createPendingOrderOnce(
          db,
          {
            userId: order.userId,
            key,
            requestHash: requestHashOf({ body, lines: order.lines, total: order.amountCents }),
          },
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
  .handle(checkoutExtrasContract.quote, async ({ c, db, deps, query }) => {
    // The same pricing as create-checkout's for one box: what Review Order shows is what is charged.
    const lines = await checkoutLines(db, { productSlug: query.productSlug })
    const totals = await totalsOf(
      db,
      lines,
      { country: query.country, zipCode: query.zipCode },
      deps.payments.stripe ? 'stripe' : 'test',
    )
    c.header('Cache-Control', 'private, no-store')
    return c.json({
      data: { ...totals, lines: lines.map(({ productId: _, ...line }) => line), checkoutReady: true },
    })
  })
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

export const accountRouter = defineRouter('/account')
  .handle(checkoutContract.myOrders, async ({ c, db, user }) => {
    // Guest orders join an account at a password reset by mail only (auth.ts, decision 032).
    c.header('Cache-Control', 'private, no-store')
    return c.json({ data: await listOrdersOf(db, user.id) })
  })
  .handle(checkoutExtrasContract.savedAddress, async ({ c, db, user }) => {
    c.header('Cache-Control', 'private, no-store')
    return c.json({ data: await lastShippingAddressOf(db, user.id) })
  })

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
  await expireSessionlessOrders(db).catch((err) =>
    log.warn({ err }, 'cancelling checkouts that never got a payment page failed'),
  )
}
