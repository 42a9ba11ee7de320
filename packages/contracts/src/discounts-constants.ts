/**
 * Discount codes' and gift cards' words and limits (issue 33), without schemas: public pages
 * import them without zod (decision 021).
 */
export const DISCOUNT_MESSAGES = {
  invalid: 'This discount code is not valid.',
  notStarted: 'This discount code is not active yet.',
  expired: 'This discount code has expired.',
  exhausted: 'This discount code has been used up.',
  alreadyUsed: 'You have already used this discount code.',
  notApplicable: 'This discount code does not apply to the boxes in your order.',
  minSubtotal: (cents: number) =>
    `This discount code needs an order of at least $${(cents / 100).toFixed(2)} before the discount.`,
} as const

export const GIFT_CARD_MESSAGES = {
  notValid: 'This gift card code is not valid.',
  amount: 'Please choose an amount from $10 to $500.',
} as const

/** The custom gift card amount's range (issue 33); the fixed ones are `GIFT_CARD_AMOUNTS_CENTS`. */
/** The product a bought gift card's order line is of (an order needs one): nothing to ship. */
export const GIFT_CARD_PRODUCT_SLUG = 'gift-card'

export const GIFT_CARD_MIN_CENTS = 1000
export const GIFT_CARD_MAX_CENTS = 50000
