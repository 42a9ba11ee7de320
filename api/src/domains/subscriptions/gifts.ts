import { randomBytes } from 'node:crypto'
import {
  type BuyGiftBody,
  DAY_MS,
  GIFT_ADDRESS_LINK_DAYS,
  giftPriceCents,
  planOfTier,
  type SubscriptionTier,
} from '@lamplight/contracts'
import type { z } from 'zod'
import type { ShippingAddress } from '../../db/schema'
import { ApiError, conflict, notFound, validationFailed } from '../../lib/errors'
import type { Mail } from '../../mail'
import { recordAudit } from '../../services/audit'
import type { PaymentProvider } from '../payments/types'
import { monthAfter, type SubscriptionDeps, type Tx } from './apply'
import { giftComingMail, giftEndedMail, giftInvitationMail, giftReceiptMail } from './gift-mails'
import {
  countGiftMonths,
  dueGiftIds,
  expireGift,
  expirePendingGiftOfSession,
  type GiftRow,
  giftMonthAwaitingBox,
  giftMonthsAwaitingBox,
  giftOfAddressToken,
  insertGift,
  insertGiftMonth,
  lockGiftById,
  lockGiftOfAddressToken,
  lockGiftOfSession,
  markGiftActive,
  markGiftAddressLinkUsed,
  markGiftCompleted,
  markGiftMonthShipped,
  markGiftPaid,
  setGiftAddressLink,
  setGiftCheckout,
  setGiftPeriodEnd,
  testGiftOfSession,
} from './gift-queries'
import { monthOf, shipMonth } from './periods'

/**
 * Gift subscriptions (issue 34 item 7, decision 064): months of a plan paid once for someone
 * else. A gift is its own row (`gift_subscriptions`): made `pending` with its payment page,
 * started once by the provider's report that the page was paid (the row's lock and its
 * status are the claim: replays and parallel deliveries start it once, and only the start
 * mails), then one month at a time as `gift_subscription_months` rows (unique per gift and
 * month), each shipped by `shipMonth`, the code a subscription's month ships with. Nothing
 * ships, and no month counts, until the recipient's address is known.
 */

type Buyer = { id: string; email: string; name: string | null } | null

/** The provider's session metadata naming a gift (Stripe's webhook reads it back). */
export const GIFT_METADATA_KEY = 'giftId'

/** Buys a gift: the row, then the provider's one-time payment page for its server-computed price. */
export async function buyGift(
  deps: SubscriptionDeps,
  provider: PaymentProvider,
  buyer: Buyer,
  body: z.output<typeof BuyGiftBody>,
) {
  const email = buyer?.email ?? body.buyerEmail
  if (!email)
    throw validationFailed('Please enter your email address for the receipt.', [
      { path: 'buyerEmail', message: 'Please enter your email address for the receipt.' },
    ])
  const tier = body.tier as SubscriptionTier
  const plan = planOfTier(tier)!
  const amountCents = giftPriceCents(tier, body.months)
  const id = await insertGift(deps.db, {
    buyerUserId: buyer?.id ?? null,
    buyerEmail: email,
    buyerName: buyer?.name?.trim() || null,
    recipientName: body.recipientName,
    recipientEmail: body.recipientEmail,
    message: body.message || null,
    tier,
    months: body.months,
    amountCents,
    provider: provider.name,
    shippingAddress: body.delivery === 'address' ? (body.address ?? null) : null,
  })
  try {
    const session = await provider.createCheckout({
      orderId: `gift-${id}`,
      productName: `${tier} gift subscription, ${body.months} months`,
      amountCents,
      lines: [
        {
          name: `${tier} plan for ${body.recipientName}, one month (${plan.boxesPerMonth} ${plan.boxesPerMonth === 1 ? 'box' : 'boxes'})`,
          quantity: body.months,
          unitAmountCents: plan.priceCents,
        },
      ],
      shipping: { name: 'Shipping included', amountCents: 0 },
      currency: 'usd',
      customerEmail: email,
      successUrl: `${deps.siteUrl}/shop?gift=sent`,
      cancelUrl: `${deps.siteUrl}/shop?gift=${tier}`,
      metadata: { [GIFT_METADATA_KEY]: id },
    })
    await setGiftCheckout(deps.db, id, session)
    return { id, url: session.url, amountCents }
  } catch (err) {
    await expireGift(deps.db, id)
    throw err
  }
}

/** The test mode's payment page of a gift: what it shows. */
export async function findTestGiftSession(deps: Pick<SubscriptionDeps, 'db'>, sessionId: string) {
  const gift = await testGiftOfSession(deps.db, sessionId)
  if (!gift) return null
  return {
    status: gift.status === 'pending' ? 'pending' : gift.status === 'expired' ? 'cancelled' : 'paid',
    amountCents: gift.amountCents,
    shippingCents: 0,
    email: gift.buyerEmail,
    product: `${gift.tier} gift subscription, ${gift.months} months, for ${gift.recipientName}`,
  }
}

const mailGift = (g: GiftRow) => ({
  tier: g.tier,
  months: g.months,
  amountCents: g.amountCents,
  buyerName: g.buyerName,
  buyerEmail: g.buyerEmail,
  recipientName: g.recipientName,
  recipientEmail: g.recipientEmail,
  message: g.message,
})

async function sendAll(deps: SubscriptionDeps, mails: (() => Promise<Mail>)[]) {
  for (const mail of mails)
    await mail()
      .then((m) => deps.mailer.send(m))
      .catch((err) => deps.logger.error({ err }, 'gift subscription mail failed'))
}

/**
 * One month of a gift, in the caller's transaction holding the gift's row: its row (once per
 * gift and month), shipped now when the month's box is set. Answers what became of it.
 */
async function recordMonth(tx: Tx, gift: GiftRow, periodStart: Date) {
  const row = await insertGiftMonth(tx, gift, monthOf(periodStart))
  if (!row) return 'already' as const
  return shipGiftMonth(tx, gift, row)
}

async function shipGiftMonth(tx: Tx, gift: GiftRow, month: { id: string; period: string; tier: string }) {
  const made = await shipMonth(
    tx,
    {
      subscriptionId: null,
      userId: null,
      email: gift.recipientEmail,
      name: gift.recipientName,
      provider: gift.provider === 'stripe' ? 'stripe' : 'test',
      address: gift.shippingAddress,
      label: `${month.tier} gift subscription from ${gift.buyerName?.trim() || gift.buyerEmail}`,
    },
    month,
  )
  if (made === 'awaiting_box') return 'awaiting_box' as const
  await markGiftMonthShipped(tx, month.id, made.orderId)
  return 'shipped' as const
}

/** Starts a gift's months (its address known): the first month now, the next a month later. */
async function start(tx: Tx, gift: GiftRow, now: Date) {
  const started = { ...gift, status: 'active' as const, startedAt: now, currentPeriodEnd: monthAfter(now) }
  await markGiftActive(tx, gift.id, {
    now,
    currentPeriodEnd: started.currentPeriodEnd,
    shippingAddress: gift.shippingAddress,
  })
  return { gift: started, first: await recordMonth(tx, started, now) }
}

/** How long after a link is sent the admin's "new link" is refused (one mail per press burst). */
const RESEND_PAUSE_MS = 60_000

/**
 * The recipient's link: 32 random bytes, kept only as their hash; one use, for a while. A new
 * one replaces the last, which then leads nowhere.
 */
async function newAddressLink(tx: Tx, giftId: string, now: Date) {
  const token = randomBytes(32).toString('base64url')
  const expiresAt = new Date(now.getTime() + GIFT_ADDRESS_LINK_DAYS * DAY_MS)
  await setGiftAddressLink(tx, giftId, token, expiresAt, now)
  return { token, expiresAt }
}

export type GiftPaidOutcome = 'started' | 'awaiting_address' | 'already' | 'unknown'

/**
 * The provider reports a gift's page paid (Stripe's `checkout.session.completed`, the test
 * page's Pay): the gift starts once; the start mails the buyer's receipt and the recipient.
 */
export async function giftPaid(deps: SubscriptionDeps, sessionId: string): Promise<GiftPaidOutcome> {
  const mails: (() => Promise<Mail>)[] = []
  const outcome = await deps.db.transaction(async (tx): Promise<GiftPaidOutcome> => {
    const gift = await lockGiftOfSession(tx, sessionId)
    if (!gift) return 'unknown'
    if (gift.status !== 'pending' && gift.status !== 'expired') return 'already'
    const now = new Date()
    await markGiftPaid(tx, gift.id, now)
    const g = mailGift(gift)
    if (gift.shippingAddress) {
      await start(tx, gift, now)
      const address = gift.shippingAddress
      mails.push(() => giftReceiptMail(g, deps.siteUrl, false))
      mails.push(() => giftComingMail(g, address, deps.siteUrl))
      return 'started'
    }
    const { token } = await newAddressLink(tx, gift.id, now)
    mails.push(() => giftReceiptMail(g, deps.siteUrl, true))
    mails.push(() => giftInvitationMail(g, `${deps.siteUrl}/shop?gift-address=${token}`))
    return 'awaiting_address'
  })
  if (outcome === 'started') await deps.publicCache?.invalidate('catalog')
  await sendAll(deps, mails)
  return outcome
}

/** The provider reports a gift's page closed unpaid. */
export async function giftPageClosed(deps: SubscriptionDeps, sessionId: string) {
  return expirePendingGiftOfSession(deps.db, sessionId)
}

const gone = (message: string) => new ApiError(410, 'gone', message)
const UNKNOWN_LINK =
  'We could not find this gift link. Please check that you opened the whole link from the mail.'

/** The gift a recipient's link names, checked usable (404 unknown, 410 used or expired). */
function usable(gift: GiftRow | null, now = new Date()): GiftRow {
  if (!gift || gift.status === 'pending' || gift.status === 'expired') throw notFound(UNKNOWN_LINK)
  if (gift.addressTokenUsedAt || gift.status !== 'awaiting_address')
    throw gone(
      'This link has been used already: the address for this gift is given. If it needs changing, reply to the gift mail and we will sort it out.',
    )
  if (!gift.addressTokenExpiresAt || gift.addressTokenExpiresAt <= now)
    throw gone(
      'This link has expired. Please reply to the gift mail, or ask the person who gave it to contact us, and we will send a new one.',
    )
  return gift
}

export const invitationOf = (gift: GiftRow) => ({
  tier: gift.tier,
  months: gift.months,
  recipient_name: gift.recipientName,
  buyer_name: gift.buyerName?.trim() || gift.buyerEmail.split('@')[0]!,
  message: gift.message,
})

/**
 * The admin mails the recipient a new link (theirs expired, or the mail was lost), for a paid
 * gift still waiting for its address; the old link stops working. Audited.
 */
export async function resendGiftLink(deps: SubscriptionDeps, actorId: string, giftId: string) {
  const sent = await deps.db.transaction(async (tx) => {
    const gift = await lockGiftById(tx, giftId)
    if (!gift) throw notFound('We could not find that gift.')
    if (gift.status !== 'awaiting_address')
      throw conflict(
        gift.status === 'pending' || gift.status === 'expired'
          ? 'This gift was never paid: there is no link to send.'
          : 'This gift has its address already: there is no link to send.',
      )
    const now = new Date()
    // Every link lasts GIFT_ADDRESS_LINK_DAYS from when it was made, so its expiry says when the
    // last one went out. Presses racing each other wait here on the row's lock, and all but the
    // first find a fresh link: the recipient gets one mail, not one per click or admin.
    const lastSentAt = (gift.addressTokenExpiresAt?.getTime() ?? 0) - GIFT_ADDRESS_LINK_DAYS * DAY_MS
    if (now.getTime() - lastSentAt < RESEND_PAUSE_MS)
      throw conflict(
        `A new link went to ${gift.recipientEmail} less than a minute ago. Please wait a minute before sending another.`,
      )
    const link = await newAddressLink(tx, gift.id, now)
    await recordAudit(tx, {
      actorId,
      action: 'gift_subscription.resend_link',
      entity: 'gift_subscription',
      entityId: gift.id,
      before: { expiresAt: gift.addressTokenExpiresAt },
      after: { expiresAt: link.expiresAt },
      data: { to: gift.recipientEmail },
    })
    return { gift, ...link }
  })
  await sendAll(deps, [
    () => giftInvitationMail(mailGift(sent.gift), `${deps.siteUrl}/shop?gift-address=${sent.token}`),
  ])
  return { expires_at: sent.expiresAt.toISOString() }
}

/** What the recipient's link shows. */
export async function giftInvitation(deps: Pick<SubscriptionDeps, 'db'>, token: string) {
  return invitationOf(usable(await giftOfAddressToken(deps.db, token)))
}

/** The recipient gives their address through the link: once; the gift's months start now. */
export async function giveGiftAddress(deps: SubscriptionDeps, token: string, address: ShippingAddress) {
  const result = await deps.db.transaction(async (tx) => {
    const gift = usable(await lockGiftOfAddressToken(tx, token))
    const now = new Date()
    await markGiftAddressLinkUsed(tx, gift.id, address, now)
    const { first } = await start(tx, { ...gift, shippingAddress: address }, now)
    return { gift, first, period: monthOf(now) }
  })
  if (result.first === 'shipped') await deps.publicCache?.invalidate('catalog')
  return { ...invitationOf(result.gift), first_period: result.period }
}

/**
 * The test clock for gifts (with the subscriptions', decision 060): every active gift whose
 * month is over by `asOf` moves on, month by month: its next month (once per gift and month,
 * however many clocks run at once), or, after the last, it ends and the recipient is told.
 */
export async function runGiftRenewals(deps: SubscriptionDeps, asOf: Date) {
  const due = await dueGiftIds(deps.db, asOf)
  const counts = { renewed: 0, shipped: 0, completed: 0 }
  for (const id of due) {
    for (let step = 0; step < 13; step++) {
      let mail: (() => Promise<Mail>) | null = null
      const outcome = await deps.db.transaction(async (tx) => {
        const gift = await lockGiftById(tx, id)
        if (gift?.status !== 'active' || !gift.currentPeriodEnd || gift.currentPeriodEnd > asOf)
          return 'stop' as const
        const made = await countGiftMonths(tx, gift.id)
        const now = new Date()
        if (made >= gift.months) {
          await markGiftCompleted(tx, gift.id, now)
          mail = () => giftEndedMail(mailGift(gift), deps.siteUrl)
          return 'completed' as const
        }
        const periodStart = gift.currentPeriodEnd
        await setGiftPeriodEnd(tx, gift.id, monthAfter(periodStart, gift.startedAt), now)
        return recordMonth(tx, gift, periodStart)
      })
      if (outcome === 'stop') break
      if (mail) await sendAll(deps, [mail])
      if (outcome === 'completed') {
        counts.completed++
        break
      }
      if (outcome !== 'already') counts.renewed++
      if (outcome === 'shipped') counts.shipped++
    }
  }
  if (counts.shipped) await deps.publicCache?.invalidate('catalog')
  return counts
}

/** The admin chose a month's box: every gift month waiting for it ships now (each once). */
export async function shipWaitingGiftMonths(deps: SubscriptionDeps, month: string) {
  const waiting = await giftMonthsAwaitingBox(deps.db, month)
  let shipped = 0
  for (const w of waiting) {
    const outcome = await deps.db.transaction(async (tx) => {
      const gift = await lockGiftById(tx, w.giftId)
      const row = await giftMonthAwaitingBox(tx, w.id)
      if (!gift || !row) return 'already'
      return shipGiftMonth(tx, gift, row)
    })
    if (outcome === 'shipped') shipped++
  }
  if (shipped) await deps.publicCache?.invalidate('catalog')
  return shipped
}
