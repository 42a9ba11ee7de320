import { z } from 'zod'
import { DeliveryAddressSchema } from './checkout'
import { endpoint } from './endpoint'
import { GIFT_MESSAGE_MAX, GIFT_MONTHS } from './gift-subscriptions-constants'
import { adminPageOf, ShippingAddressSchema } from './order-parts'
import { SUBSCRIPTION_TIERS } from './subscriptions-constants'

/**
 * Gift subscriptions (issue 34 item 7, decision 064): 3, 6 or 12 months of a plan, prepaid
 * once for someone else; the recipient's address given by the buyer, or by the recipient
 * through a mailed single-use link.
 */
const text = (max: number, missing: string) =>
  z.string({ error: missing }).trim().min(1, missing).max(max, `Please keep this under ${max} characters.`)

const email = (missing: string) =>
  z
    .string({ error: missing })
    .trim()
    .min(1, missing)
    .max(254, 'Please keep this under 254 characters.')
    .pipe(z.email('Please enter a valid email address.'))

export const GIFT_DELIVERIES = ['address', 'mail'] as const

export const BuyGiftBody = z
  .object({
    tier: z.enum(SUBSCRIPTION_TIERS, { error: 'Please choose a plan.' }),
    months: z.coerce
      .number({ error: 'Please choose 3, 6 or 12 months.' })
      .refine((m) => (GIFT_MONTHS as readonly number[]).includes(m), 'Please choose 3, 6 or 12 months.'),
    recipientName: text(100, 'Please enter the recipient’s name.'),
    recipientEmail: email('Please enter the recipient’s email address.'),
    /** `address`: the buyer gives it now; `mail`: the recipient is mailed a link to give it. */
    delivery: z.enum(GIFT_DELIVERIES, { error: 'Please choose how the address is given.' }),
    address: DeliveryAddressSchema.optional(),
    message: z
      .string()
      .trim()
      .max(GIFT_MESSAGE_MAX, `Please keep the message under ${GIFT_MESSAGE_MAX} characters.`)
      .optional(),
    /** A guest's email for the receipt (a signed-in buyer's is their account's). */
    buyerEmail: email('Please enter your email address for the receipt.').optional(),
  })
  .superRefine((body, ctx) => {
    if (body.delivery === 'address' && !body.address)
      ctx.addIssue({
        code: 'custom',
        path: ['address'],
        message: 'Please enter the recipient’s address, or choose to mail them a link.',
      })
  })
export type BuyGiftInput = z.input<typeof BuyGiftBody>

const MonthSchema = z.string().regex(/^[0-9]{4}-(0[1-9]|1[0-2])$/)

export const GiftMonthSchema = z.object({
  period: MonthSchema,
  status: z.enum(['shipped', 'awaiting_box']),
  tier: z.enum(SUBSCRIPTION_TIERS),
  order_id: z.string().nullable(),
  order_number: z.string().nullable(),
  boxes: z.array(z.object({ name: z.string(), quantity: z.number().int() })),
  fulfilment_status: z.string().nullable(),
  created_at: z.iso.datetime({ offset: true }),
})

/** A gift as its buyer, its recipient and the admin see it. */
export const GiftSubscriptionSchema = z.object({
  id: z.string(),
  tier: z.enum(SUBSCRIPTION_TIERS),
  months: z.number().int(),
  months_shipped: z.number().int(),
  months_left: z.number().int(),
  amount_cents: z.number().int(),
  status: z.string(),
  buyer_name: z.string().nullable(),
  buyer_email: z.string(),
  recipient_name: z.string(),
  recipient_email: z.string(),
  /** The recipient's address is given (by the buyer or through the link). */
  has_address: z.boolean(),
  message: z.string().nullable(),
  created_at: z.iso.datetime({ offset: true }),
  next_period_at: z.iso.datetime({ offset: true }).nullable(),
})
export type GiftSubscription = z.infer<typeof GiftSubscriptionSchema>

export const AdminGiftSchema = GiftSubscriptionSchema.extend({
  city: z.string().nullable(),
  provider: z.string(),
})
export type AdminGift = z.infer<typeof AdminGiftSchema>

export const AdminGiftDetailSchema = AdminGiftSchema.extend({
  shipping_address: ShippingAddressSchema.nullable(),
  periods: z.array(GiftMonthSchema),
})
export type AdminGiftDetail = z.infer<typeof AdminGiftDetailSchema>

const TokenParams = z.object({
  token: z
    .string()
    .min(16, 'This link is not valid.')
    .max(128, 'This link is not valid.')
    .regex(/^[A-Za-z0-9_-]+$/, 'This link is not valid.'),
})

/** What the recipient's page shows before the address is given. */
export const GiftInvitationSchema = z.object({
  tier: z.enum(SUBSCRIPTION_TIERS),
  months: z.number().int(),
  recipient_name: z.string(),
  buyer_name: z.string().nullable(),
  message: z.string().nullable(),
})
export type GiftInvitation = z.infer<typeof GiftInvitationSchema>

export const giftSubscriptionsContract = {
  buy: endpoint({
    method: 'POST',
    path: '/gift-subscriptions',
    access: 'public',
    summary:
      'Buy 3, 6 or 12 months of a plan for someone else: the payment page (paid once) for the plan price times the months',
    description:
      'The price is computed by the server. A guest gives `buyerEmail`; a signed-in buyer gets the receipt at their account email. The gift starts when the payment provider reports the page paid.',
    body: BuyGiftBody,
    response: z.object({ url: z.string(), amount_cents: z.number().int() }),
    status: 201,
  }),
  mine: endpoint({
    method: 'GET',
    path: '/gift-subscriptions/mine',
    access: 'customer',
    summary: 'Gifts I bought (sent) and gifts made out to my email (received)',
    response: z.object({ sent: z.array(GiftSubscriptionSchema), received: z.array(GiftSubscriptionSchema) }),
  }),
  invitation: endpoint({
    method: 'GET',
    path: '/gift-subscriptions/address/:token',
    access: 'public',
    summary: "The recipient's link: which gift it is, before the address is given",
    params: TokenParams,
    answers: { 410: 'The link was used already, or has expired.' },
    response: z.object({ data: GiftInvitationSchema }),
  }),
  giveAddress: endpoint({
    method: 'POST',
    path: '/gift-subscriptions/address/:token',
    access: 'public',
    summary: "The recipient gives their address through the mailed link (once); the gift's months start",
    params: TokenParams,
    body: DeliveryAddressSchema,
    answers: { 410: 'The link was used already, or has expired.' },
    response: z.object({ data: GiftInvitationSchema.extend({ first_period: MonthSchema.nullable() }) }),
  }),
}

export const AdminGiftListQuerySchema = z.object({
  q: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
})

export const adminGiftSubscriptionsContract = {
  list: endpoint({
    method: 'GET',
    path: '/admin/gift-subscriptions',
    access: 'admin',
    summary: 'Gift subscriptions: buyer, recipient, plan, months left, status; search by email or name',
    query: AdminGiftListQuerySchema,
    response: adminPageOf(AdminGiftSchema),
  }),
  get: endpoint({
    method: 'GET',
    path: '/admin/gift-subscriptions/:id',
    access: 'admin',
    summary: 'A gift subscription with its months (shipments)',
    params: z.object({ id: z.string().uuid('Not a gift id.') }),
    response: z.object({ data: AdminGiftDetailSchema }),
  }),
  resendLink: endpoint({
    method: 'POST',
    path: '/admin/gift-subscriptions/:id/resend-link',
    access: 'admin',
    summary:
      'Mail the recipient a new link to give their address, valid 60 days; the old link stops working (audited)',
    params: z.object({ id: z.string().uuid('Not a gift id.') }),
    response: z.object({ data: z.object({ expires_at: z.iso.datetime({ offset: true }) }) }),
    answers: { 409: 'The gift is not waiting for an address: it has one, or it is not paid.' },
  }),
}
