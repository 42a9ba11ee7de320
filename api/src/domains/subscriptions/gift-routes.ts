import { adminGiftSubscriptionsContract, giftSubscriptionsContract } from '@lamplight/contracts'
import type { Context } from 'hono'
import { clientNetwork } from '../../lib/client-address'
import { notFound } from '../../lib/errors'
import { defineRouter } from '../../lib/router'
import { currentUser } from '../../middleware/guards'
import { rateLimit, userOrClientKey } from '../../middleware/rate-limit'
import type { AppEnv } from '../../types'
import { providerOf } from '../payments/service'
import { subscriptionDepsOf } from './apply'
import { giftDetail, listGifts, myGifts } from './gift-queries'
import { buyGift, giftInvitation, giveGiftAddress, resendGiftLink } from './gifts'

const noStore = (c: Context<AppEnv>) => c.header('Cache-Control', 'private, no-store')

// Per buyer (or address): each purchase asks the payment provider for a page.
const limitPurchases = rateLimit({
  name: 'gift-subscriptions',
  limit: 20,
  windowMs: 10 * 60_000,
  key: userOrClientKey,
  message: 'You have started several gifts in a short time. Please wait a few minutes and try again.',
})

// Per address: the recipient's link is a secret; guessing at it is slowed down.
const limitLinks = rateLimit({
  name: 'gift-address-links',
  limit: 30,
  windowMs: 10 * 60_000,
  key: (c) => clientNetwork(c.get('clientIp')),
  message: 'Too many tries of gift links. Please wait a few minutes and try again.',
})

/** Gift subscriptions (issue 34 item 7): buy, the buyer's and recipient's view, the recipient's link. */
export const giftSubscriptionsRouter = defineRouter('/gift-subscriptions')
  .handle(
    giftSubscriptionsContract.buy,
    { bodyLimit: 8 * 1024, middleware: [limitPurchases] },
    async ({ c, deps, body }) => {
      const user = await currentUser(c)
      const { url, amountCents } = await buyGift(
        subscriptionDepsOf(deps),
        providerOf(deps),
        user ?? null,
        body,
      )
      noStore(c)
      return c.json({ url, amount_cents: amountCents }, 201)
    },
  )
  .handle(giftSubscriptionsContract.mine, async ({ c, db, user }) => {
    noStore(c)
    // Gifts made out to an address show only to an account that confirmed it owns that
    // address, as guest orders are claimed (claimGuestOrders): where confirming is not required
    // (no SMTP) anyone may sign up with any address, and a gift names its buyer, their address
    // and their message.
    return c.json(await myGifts(db, user.id, user.emailVerified ? user.email : null))
  })
  .handle(giftSubscriptionsContract.invitation, { middleware: [limitLinks] }, async ({ c, deps, params }) => {
    noStore(c)
    return c.json({ data: await giftInvitation(subscriptionDepsOf(deps), params.token) })
  })
  .handle(
    giftSubscriptionsContract.giveAddress,
    { bodyLimit: 4 * 1024, middleware: [limitLinks] },
    async ({ c, deps, params, body }) => {
      noStore(c)
      return c.json({ data: await giveGiftAddress(subscriptionDepsOf(deps), params.token, body) })
    },
  )

/** The admin's gift subscriptions, beside the subscribers. */
export const adminGiftSubscriptionsRouter = defineRouter('/admin/gift-subscriptions')
  .handle(adminGiftSubscriptionsContract.list, async ({ c, db, query }) => {
    noStore(c)
    return c.json(await listGifts(db, query))
  })
  .handle(adminGiftSubscriptionsContract.get, async ({ c, db, params }) => {
    const data = await giftDetail(db, params.id)
    if (!data) throw notFound('We could not find that gift.')
    noStore(c)
    return c.json({ data })
  })
  .handle(adminGiftSubscriptionsContract.resendLink, async ({ c, deps, params, user }) => {
    noStore(c)
    return c.json({ data: await resendGiftLink(subscriptionDepsOf(deps), user.id, params.id) })
  })
