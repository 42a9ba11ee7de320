// The monthly plans' plain values, kept apart from their zod schemas (subscriptions.ts) so
// that a page using one of them (the shop) does not download zod with it (decision 021). The
// plans live here, not in constants.ts, so that a page reading another constant does not
// carry them (decision 059).

export const SUBSCRIPTION_PLANS = [
  {
    tier: 'Basic',
    priceId: 'price_basic_monthly',
    priceCents: 1999,
    boxesPerMonth: 1,
    popular: false,
    features: ['1 experience per month', 'Digital guides', 'Community access', 'Cancel anytime'],
  },
  {
    tier: 'Premium',
    priceId: 'price_premium_monthly',
    priceCents: 2999,
    boxesPerMonth: 2,
    popular: true,
    features: [
      '2 experiences per month',
      'Premium materials',
      'Video guides',
      'Priority support',
      'Exclusive content',
    ],
  },
  {
    tier: 'Family',
    priceId: 'price_family_monthly',
    priceCents: 4999,
    boxesPerMonth: 3,
    popular: false,
    features: [
      '3 experiences per month',
      'Family content',
      'Group activities',
      'Multiple accounts',
      'Everything in Premium',
    ],
  },
] as const

export type SubscriptionTier = (typeof SUBSCRIPTION_PLANS)[number]['tier']

export const SUBSCRIPTION_TIERS = SUBSCRIPTION_PLANS.map((p) => p.tier) as [
  SubscriptionTier,
  ...SubscriptionTier[],
]
export const SUBSCRIPTION_PRICE_IDS = SUBSCRIPTION_PLANS.map((p) => p.priceId) as [
  (typeof SUBSCRIPTION_PLANS)[number]['priceId'],
  ...(typeof SUBSCRIPTION_PLANS)[number]['priceId'][],
]
export type SubscriptionPriceId = (typeof SUBSCRIPTION_PRICE_IDS)[number]

export const planOfTier = (tier: string) => SUBSCRIPTION_PLANS.find((p) => p.tier === tier)
export const planOfPriceId = (priceId: string) => SUBSCRIPTION_PLANS.find((p) => p.priceId === priceId)

/**
 * Provider statuses (Stripe's words). "Live" is everything but the two ends: a user has at
 * most one live subscription (a unique index in the database). "Subscribed" is what the
 * shop shows as Active: paid up, or a renewal the provider is still retrying.
 */
export const ENDED_SUBSCRIPTION_STATUSES = ['canceled', 'incomplete_expired'] as const
export const SUBSCRIBED_STATUSES = ['active', 'trialing', 'past_due'] as const
export const isLiveSubscription = (status: string) =>
  !(ENDED_SUBSCRIPTION_STATUSES as readonly string[]).includes(status)
export const isSubscribedStatus = (status: string) =>
  (SUBSCRIBED_STATUSES as readonly string[]).includes(status)

/** A month as the shop names it: "December 2026" (from `2026-12`). */
export const monthName = (month: string) => {
  const [y, m] = month.split('-').map(Number)
  return new Date(Date.UTC(y ?? 2000, (m ?? 1) - 1, 1)).toLocaleDateString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  })
}

/** A subscriber pauses for at most this many months (decision 065). */
export const MAX_PAUSE_MONTHS = 3

/** What the shop says back after a subscription checkout (issue 34). */
export const subscriptionActiveMessage = (tier: string) => `Your ${tier} subscription is active`

/** The spec's §8 words for the shop's subscription actions, shared by the storefront and its tests. */
export const SUBSCRIPTION_MESSAGES = {
  authTitle: 'Authentication Required',
  loginToSubscribe: 'Please log in to subscribe.',
  loginToManage: 'Please log in to manage your subscription.',
  subscriptionErrorTitle: 'Subscription Error',
  subscriptionError: 'Failed to start subscription process',
  portalErrorTitle: 'Portal Error',
  portalError: 'Failed to open customer portal',
  refreshErrorTitle: 'Refresh Error',
  refreshError: 'Failed to refresh subscription status',
  updatedTitle: 'Subscription Updated',
  updated: 'Your subscription status has been refreshed.',
} as const
