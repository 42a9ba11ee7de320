import { z } from 'zod'
import { CartTotalsSchema } from './cart'
import { DAY_MS } from './constants'
import { GIFT_CARD_MAX_CENTS, GIFT_CARD_MESSAGES, GIFT_CARD_MIN_CENTS } from './discounts-constants'
import { endpoint } from './endpoint'
import { SlugSchema } from './schemas'

/**
 * Discount codes and gift cards (issue 33). Both are applied on the server only: the client
 * sends a code, never an amount. A discount code that cannot be used says why (invalid,
 * expired, used up, not for this order); a gift card code is either valid (its balance) or
 * "not valid", never more, so nobody learns whether a code exists but is empty.
 */

/** A code as typed: normalised on the server; anything too long or odd is simply "not valid". */
const TypedCode = z.string().trim().max(64)

export const DiscountCodeInput = TypedCode.optional()
export const GiftCardCodeInput = TypedCode.optional()

export const AppliedDiscountSchema = z.object({
  code: z.string(),
  description: z.string(),
  amountCents: z.number().int(),
})

export const AppliedGiftCardSchema = z.object({
  /** The last four characters of the card, for recognising it. */
  last4: z.string(),
  /** What the card pays of this order. */
  appliedCents: z.number().int(),
  /** What would be left on it after this order. */
  balanceAfterCents: z.number().int(),
})

/** The cart's totals with a code and a gift card applied: what the checkout would charge. */
export const CheckoutQuoteSchema = CartTotalsSchema.extend({
  discount: AppliedDiscountSchema.nullable(),
  giftCard: AppliedGiftCardSchema.nullable(),
  /** What the payment provider would charge: total - gift card (tax added at payment). */
  amountDueCents: z.number().int(),
})
export type CheckoutQuote = z.infer<typeof CheckoutQuoteSchema>

export const CheckoutQuoteBody = z
  .object({
    productSlug: SlugSchema.optional(),
    fromCart: z.literal(true).optional(),
    country: z.enum(['US', 'CA']).optional(),
    discountCode: DiscountCodeInput,
    giftCardCode: GiftCardCodeInput,
  })
  .superRefine((body, ctx) => {
    if (!body.productSlug === !body.fromCart)
      ctx.addIssue({
        code: 'custom',
        path: ['productSlug'],
        message: 'Please quote either one box (productSlug) or your cart (fromCart: true).',
      })
  })

/**
 * Buying a gift card (issue 33): a fixed amount or a custom one from $10 to $500, for a
 * recipient's address, with the giver's name, a message and a delivery date (today when
 * none; at most a year ahead). No shipping: the code is mailed.
 */
export const GiftCardPurchaseBody = z
  .object({
    amountCents: z
      .number(GIFT_CARD_MESSAGES.amount)
      .int(GIFT_CARD_MESSAGES.amount)
      .min(GIFT_CARD_MIN_CENTS, GIFT_CARD_MESSAGES.amount)
      .max(GIFT_CARD_MAX_CENTS, GIFT_CARD_MESSAGES.amount),
    recipientEmail: z
      .string({ error: 'Please enter the recipient’s email address.' })
      .trim()
      .min(1, 'Please enter the recipient’s email address.')
      .max(254)
      .pipe(z.email('Please enter a valid email address.')),
    recipientName: z.string().trim().max(100, 'Please keep this under 100 characters.').default(''),
    giverName: z
      .string({ error: 'Please enter your name.' })
      .trim()
      .min(1, 'Please enter your name.')
      .max(100, 'Please keep this under 100 characters.'),
    message: z.string().trim().max(500, 'Please keep the message under 500 characters.').default(''),
    /** A calendar day, `YYYY-MM-DD`; the mail goes out that morning (UTC). */
    deliverOn: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'Please choose a delivery date.')
      .optional(),
    buyerEmail: z
      .string({ error: 'Please enter your email address.' })
      .trim()
      .min(1, 'Please enter your email address.')
      .max(254)
      .pipe(z.email('Please enter a valid email address.')),
  })
  .superRefine((b, ctx) => {
    if (!b.deliverOn) return
    const day = Date.parse(`${b.deliverOn}T00:00:00Z`)
    const today = Date.parse(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`)
    if (Number.isNaN(day) || day < today - DAY_MS || day > today + 366 * DAY_MS)
      ctx.addIssue({
        code: 'custom',
        path: ['deliverOn'],
        message: 'Please choose a delivery date from today to a year from now.',
      })
  })
export type GiftCardPurchaseInput = z.input<typeof GiftCardPurchaseBody>

export const GiftCardBalanceSchema = z.object({
  last4: z.string(),
  balanceCents: z.number().int(),
  currency: z.string(),
})

export const discountsContract = {
  quote: endpoint({
    method: 'POST',
    path: '/discounts/quote',
    access: 'public',
    summary:
      'The totals of the cart (or one box) with a discount code and a gift card applied, as the checkout would charge them',
    description:
      'An unusable discount code is a 400 on `discountCode` saying why (invalid, not active yet, expired, used up, already used by you, not for these boxes, minimum subtotal); an unusable gift card is a 400 on `giftCardCode` saying only that it is not valid. Codes travel in the body only. Rate-limited per client.',
    body: CheckoutQuoteBody,
    response: z.object({ data: CheckoutQuoteSchema }),
  }),
  giftCardBalance: endpoint({
    method: 'POST',
    path: '/gift-cards/balance',
    access: 'public',
    summary:
      "A gift card's balance, from its code in the body (never in a URL); rate-limited per client and per account",
    description:
      'A code that does not exist, is used up or disabled answers the same 400 "not valid" on `code`.',
    body: z.object({ code: z.string().trim().min(1, GIFT_CARD_MESSAGES.notValid).max(64) }),
    response: z.object({ data: GiftCardBalanceSchema }),
  }),
  buyGiftCard: endpoint({
    method: 'POST',
    path: '/gift-cards/checkout',
    access: 'public',
    summary:
      'A payment page for a gift card; once paid, its code is mailed to the recipient on the delivery date and the buyer gets the receipt',
    body: GiftCardPurchaseBody,
    response: z.object({ url: z.string() }),
  }),
}

// ---- Admin -------------------------------------------------------------------------------

export const DISCOUNT_KINDS = ['percent', 'fixed'] as const
export const DISCOUNT_STATUSES = ['active', 'paused'] as const

const optionalCents = (label: string) =>
  z
    .number(`${label} must be a whole number of cents.`)
    .int(`${label} must be a whole number of cents.`)
    .min(1, `${label} must be more than 0.`)
    .max(1_000_000, `${label} cannot be more than $10,000.`)
    .nullable()
    .default(null)

export const DiscountCodeInputSchema = z
  .object({
    code: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{3,32}$/, 'Use 3 to 32 letters, digits, - or _.')
      .transform((v) => v.toUpperCase()),
    description: z.string().trim().max(200, 'Please keep this under 200 characters.').default(''),
    kind: z.enum(DISCOUNT_KINDS, 'Choose percent or fixed amount.'),
    value: z.number('Enter a whole number.').int('Enter a whole number.').min(1, 'Enter more than 0.'),
    productIds: z.array(z.uuid()).max(200).default([]),
    minSubtotalCents: optionalCents('The minimum subtotal'),
    startsAt: z.coerce.date().nullable().default(null),
    endsAt: z.coerce.date().nullable().default(null),
    usageLimit: z
      .number('Enter a whole number.')
      .int('Enter a whole number.')
      .min(1, 'The limit must be at least 1.')
      .max(1_000_000)
      .nullable()
      .default(null),
    oncePerCustomer: z.boolean().default(false),
    status: z.enum(DISCOUNT_STATUSES).default('active'),
  })
  .superRefine((d, ctx) => {
    if (d.kind === 'percent' && d.value > 100)
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'A percentage is at most 100.' })
    if (d.kind === 'fixed' && d.value > 1_000_000)
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'An amount is at most $10,000.' })
    if (d.startsAt && d.endsAt && d.startsAt >= d.endsAt)
      ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'The end must be after the start.' })
  })
export type DiscountCodeInput = z.input<typeof DiscountCodeInputSchema>

export const AdminDiscountSchema = z.object({
  id: z.string(),
  code: z.string(),
  description: z.string(),
  kind: z.enum(DISCOUNT_KINDS),
  value: z.number().int(),
  productIds: z.array(z.string()),
  minSubtotalCents: z.number().int().nullable(),
  startsAt: z.iso.datetime({ offset: true }).nullable(),
  endsAt: z.iso.datetime({ offset: true }).nullable(),
  usageLimit: z.number().int().nullable(),
  oncePerCustomer: z.boolean(),
  status: z.enum(DISCOUNT_STATUSES),
  /** Live uses: pending checkouts holding it and paid orders. */
  usedCount: z.number().int(),
  /** Paid orders that carry it, and what they brought in (after the discount). */
  paidOrders: z.number().int(),
  revenueCents: z.number().int(),
  discountedCents: z.number().int(),
  createdAt: z.iso.datetime({ offset: true }),
})
export type AdminDiscount = z.infer<typeof AdminDiscountSchema>

const idParams = z.object({ id: z.uuid('Not an id') })

export const adminDiscountsContract = {
  list: endpoint({
    method: 'GET',
    path: '/admin/discounts',
    access: 'admin',
    summary: 'Every discount code with its uses and revenue',
    response: z.object({ data: z.array(AdminDiscountSchema) }),
  }),
  create: endpoint({
    method: 'POST',
    path: '/admin/discounts',
    access: 'admin',
    summary: 'Create a discount code (audited); a taken code is refused on its field',
    body: DiscountCodeInputSchema,
    response: z.object({ data: AdminDiscountSchema }),
    status: 201,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/admin/discounts/:id',
    access: 'admin',
    summary: 'Save a discount code, or pause or resume it (audited with before and after)',
    params: idParams,
    body: DiscountCodeInputSchema,
    response: z.object({ data: AdminDiscountSchema }),
  }),
}

export const GIFT_CARD_STATUSES = ['pending', 'active', 'disabled'] as const

export const AdminGiftCardSchema = z.object({
  id: z.string(),
  last4: z.string(),
  initialCents: z.number().int(),
  balanceCents: z.number().int(),
  status: z.enum(GIFT_CARD_STATUSES),
  recipientEmail: z.string().nullable(),
  giverName: z.string().nullable(),
  deliverOn: z.iso.datetime({ offset: true }).nullable(),
  orderId: z.string().nullable(),
  note: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
})
export type AdminGiftCard = z.infer<typeof AdminGiftCardSchema>

export const GiftCardLedgerEntrySchema = z.object({
  id: z.string(),
  kind: z.enum(['issue', 'debit', 'release', 'refund', 'adjust']),
  amountCents: z.number().int(),
  orderId: z.string().nullable(),
  note: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
})

export const IssueGiftCardBody = z.object({
  amountCents: z
    .number(GIFT_CARD_MESSAGES.amount)
    .int(GIFT_CARD_MESSAGES.amount)
    .min(100, 'Please choose an amount from $1 to $1,000.')
    .max(100_000, 'Please choose an amount from $1 to $1,000.'),
  recipientEmail: z
    .string()
    .trim()
    .max(254)
    .pipe(z.email('Please enter a valid email address.'))
    .nullable()
    .default(null),
  note: z.string().trim().max(500, 'Please keep this under 500 characters.').default(''),
})

export const adminGiftCardsContract = {
  list: endpoint({
    method: 'GET',
    path: '/admin/gift-cards',
    access: 'admin',
    summary: 'Gift cards, newest first, by their last four characters only',
    response: z.object({ data: z.array(AdminGiftCardSchema) }),
  }),
  get: endpoint({
    method: 'GET',
    path: '/admin/gift-cards/:id',
    access: 'admin',
    summary: 'A gift card with its ledger (every debit and credit; the balance is their sum)',
    params: idParams,
    response: z.object({
      data: AdminGiftCardSchema.extend({ ledger: z.array(GiftCardLedgerEntrySchema) }),
    }),
  }),
  issue: endpoint({
    method: 'POST',
    path: '/admin/gift-cards',
    access: 'admin',
    summary:
      'Issue a gift card by hand (audited); the code is in this answer only (and mailed when an address is given)',
    body: IssueGiftCardBody,
    response: z.object({ data: AdminGiftCardSchema.extend({ code: z.string() }) }),
    status: 201,
  }),
  disable: endpoint({
    method: 'POST',
    path: '/admin/gift-cards/:id/disable',
    access: 'admin',
    answers: { 409: 'The gift card is disabled already.' },
    summary: 'Disable a gift card: it pays nothing from now on (audited)',
    params: idParams,
    response: z.object({ data: AdminGiftCardSchema }),
  }),
}
