// Gift subscriptions' plain values (issue 34 item 7), apart from their zod schemas so the
// shop's gift form does not download zod with them (decision 021).
import { planOfTier } from './subscriptions-constants'

/** How many months a gift can be bought for. */
export const GIFT_MONTHS = [3, 6, 12] as const
export type GiftMonths = (typeof GIFT_MONTHS)[number]

/** A gift's price: the plan's monthly price times the months, no discount (decision 064). */
export const giftPriceCents = (tier: string, months: number) => (planOfTier(tier)?.priceCents ?? 0) * months

/** How long the recipient's link to give their address stays usable. */
export const GIFT_ADDRESS_LINK_DAYS = 60

export const GIFT_MESSAGE_MAX = 500

export const GIFT_STATUS_LABELS: Record<string, string> = {
  pending: 'Awaiting payment',
  awaiting_address: 'Waiting for the recipient’s address',
  active: 'Active',
  completed: 'Completed',
  expired: 'Not paid',
}
