import { randomUUID } from 'node:crypto'
import { discountsContract, formatMoney } from '@lamplight/contracts'
import { clientNetwork } from '../../lib/client-address'
import { defineRouter } from '../../lib/router'
import { limitGiftCardTries } from '../../middleware/gift-card-tries'
import { currentUser } from '../../middleware/guards'
import { rateLimit } from '../../middleware/rate-limit'
import { giftCardShare, linesToCheckOut, totalsOf } from '../cart/service'
import { countInsight } from '../insights/service'
import { checkoutAddressWithRoom, createPendingOrder } from '../orders/service'
import { providerOf } from '../payments/service'
import {
  discountFor,
  ensureGiftCardProduct,
  giftCardBalance,
  giftCardFor,
  giftCardSecret,
  recordGiftCardPurchase,
} from './service'

// The quote is priced like a checkout (a few queries); a buyer presses Apply a few times.
const limitQuotes = rateLimit({ name: 'discount-quote', limit: 60, windowMs: 10 * 60_000 })

/**
 * What the cart and the checkout's first step show: the totals with a discount code and a
 * gift card applied, exactly as create-checkout will charge them (the same functions).
 * Codes come in the body only, never in a URL (request logs keep URLs).
 */
export const discountsRouter = defineRouter('/discounts').handle(
  discountsContract.quote,
  { middleware: [limitQuotes] },
  async ({ c, db, deps, body }) => {
    const user = await currentUser(c)
    if (body.giftCardCode) await limitGiftCardTries(c, user?.id ?? null)
    const { lines } = await linesToCheckOut(c, db, user?.id ?? null, body)
    const buyer = { userId: user?.id ?? null, email: user?.email ?? null }
    const discount = body.discountCode ? await discountFor(db, body.discountCode, lines, buyer) : null
    const giftCard = body.giftCardCode ? await giftCardFor(db, giftCardSecret(deps), body.giftCardCode) : null
    const totals = await totalsOf(
      db,
      lines,
      { country: body.country ?? 'US' },
      deps.payments.provider?.name === 'stripe' ? 'stripe' : 'test',
      discount?.amountCents ?? 0,
    )
    const applied = giftCard ? giftCardShare(totals.totalCents, giftCard.balanceCents) : 0
    c.header('Cache-Control', 'private, no-store')
    return c.json({
      data: {
        ...totals,
        discount: discount
          ? { code: discount.code, description: discount.description, amountCents: discount.amountCents }
          : null,
        giftCard: giftCard
          ? {
              last4: giftCard.last4,
              appliedCents: applied,
              balanceAfterCents: giftCard.balanceCents - applied,
            }
          : null,
        amountDueCents: totals.totalCents - applied,
      },
    })
  },
)

// Loose per-address request limit in front; the real limit on guesses is `limitGiftCardTries`.
const limitBalanceChecks = rateLimit({ name: 'gift-card-balance', limit: 30, windowMs: 10 * 60_000 })

// Buying a gift card makes a pending order and a provider session, as a checkout does.
const limitPurchases = rateLimit({
  name: 'gift-card-checkout',
  limit: 20,
  windowMs: 10 * 60_000,
  message: 'You have started several checkouts in a short time. Please wait a few minutes and try again.',
})

export const giftCardsRouter = defineRouter('/gift-cards')
  .handle(
    discountsContract.giftCardBalance,
    { middleware: [limitBalanceChecks], bodyLimit: 1024 },
    async ({ c, db, deps, body }) => {
      const user = await currentUser(c)
      await limitGiftCardTries(c, user?.id ?? null)
      c.header('Cache-Control', 'private, no-store')
      return c.json({ data: await giftCardBalance(db, giftCardSecret(deps), body.code) })
    },
  )
  .handle(
    discountsContract.buyGiftCard,
    { middleware: [limitPurchases], bodyLimit: 4096 },
    async ({ c, db, deps, body }) => {
      const user = await currentUser(c)
      const provider = providerOf(deps)
      // A checkout like a box's: it counts in the address's unpaid checkouts (decision 053),
      // looked at before the provider is asked and held where the order is written.
      const checkoutAddress = await checkoutAddressWithRoom(db, clientNetwork(c.get('clientIp')))
      const productId = await ensureGiftCardProduct(db)
      // The Insights' funnel counts it as a box's checkout is counted (its payment page is one).
      await countInsight(db, 'checkout_started', productId)
      const name = `Lamplight gift card (${formatMoney(body.amountCents)})`
      const orderId = randomUUID()
      // No shipping (the code is mailed), no discount code or gift card on a gift card.
      const session = await provider.createCheckout({
        orderId,
        productName: name,
        amountCents: body.amountCents,
        lines: [{ name, quantity: 1, unitAmountCents: body.amountCents }],
        shipping: { name: 'Sent by email', amountCents: 0 },
        currency: 'usd',
        customerEmail: body.buyerEmail,
        successUrl: `${deps.config.publicUrl}/checkout?session_id={CHECKOUT_SESSION_ID}`,
        // Back to the gift card form (was the shop: a buyer who changed their mind lost their place).
        cancelUrl: `${deps.config.publicUrl}/gift-cards`,
      })
      await createPendingOrder(
        db,
        {
          id: orderId,
          providerSessionId: session.id,
          userId: user?.id ?? null,
          email: body.buyerEmail,
          customerName: body.giverName,
          productId,
          amountCents: body.amountCents,
          subtotalCents: body.amountCents,
          discountCents: 0,
          shippingCents: 0,
          taxCents: 0,
          lines: [
            {
              productId,
              productName: name,
              quantity: 1,
              unitPriceCents: body.amountCents,
              lineTotalCents: body.amountCents,
            },
          ],
          currency: 'usd',
          provider: provider.name,
          paymentMethod: null,
          shippingAddress: null,
          checkoutAddress,
          cartId: null,
        },
        (tx, id) =>
          recordGiftCardPurchase(tx, id, {
            amountCents: body.amountCents,
            recipientEmail: body.recipientEmail,
            recipientName: body.recipientName,
            giverName: body.giverName,
            message: body.message,
            deliverOn: body.deliverOn ? new Date(`${body.deliverOn}T00:00:00Z`) : null,
          }),
      )
      return c.json({ url: session.url })
    },
  )
