import { addBillingMonths } from '@lamplight/contracts'
import { sql } from 'drizzle-orm'
import { expect } from 'vitest'
import { queryRows } from '../db/client'
import { browser } from './client'
import type { TestDatabase } from './database'
import type { StripeShop } from './stripe'

/** A subscriber's shipping address, as the plan page's form sends it (issue 34). */
export const TEST_ADDRESS = {
  firstName: 'Ruth',
  lastName: 'Moab',
  address: '12 Gleaning Lane',
  city: 'Bethlehem',
  state: 'PA',
  zipCode: '18015',
  country: 'US',
}

type Client = ReturnType<typeof browser>

/** The plan's mails to an address, oldest first: not the account's (sign-up mails a confirmation link). */
export const planMails = (database: TestDatabase, to: string) =>
  queryRows<{ subject: string; text: string }>(
    database.db,
    sql`select subject, text from mail_outbox where "to" = ${to} and subject not like 'Confirm your email%' order by created_at`,
  )

/** What the subscriber's page shows of their subscription (`T`: the fields a test reads). */
export const mine = async <T>(client: Client) =>
  (await client.json<{ data: T }>('/api/subscriptions/mine')).body.data

/** Asks for a plan's page: the provider's (or our test mode's) checkout, or the portal when subscribed. */
export const startPlanCheckout = (client: Client, tier = 'Basic') =>
  client.json<{ url: string; portal: boolean }>('/api/subscriptions/checkout', {
    body: { priceId: `price_${tier.toLowerCase()}_monthly`, tier },
  })

/**
 * A new account at our test mode's plan page: signed up, the page opened, and Pay pressed
 * with `address`; the answer to Pay (`res`, a redirect when taken) and Pay's path.
 */
export async function payTestPlanPage(
  app: Parameters<typeof browser>[0],
  email: string,
  tier = 'Premium',
  address: Record<string, string> = TEST_ADDRESS,
) {
  const client = browser(app)
  expect((await client.signUp(email)).status).toBe(200)
  const { body } = await startPlanCheckout(client, tier)
  const pay = `${new URL(body.url).pathname}/pay`
  const res = await client.request(pay, { method: 'POST', body: address })
  return { client, res, pay }
}

/**
 * A new account subscribed to `tier` through the fake Stripe: signed up, its plan page opened
 * and paid at Stripe, and `checkout.session.completed` delivered.
 */
export async function subscribedThroughStripe(shop: StripeShop, email: string, tier = 'Basic') {
  const client = browser(shop.app)
  expect((await client.signUp(email)).status).toBe(200)
  const { body } = await startPlanCheckout(client, tier)
  const sessionId = body.url.split('/').at(-1)!
  const sub = shop.fake.completeSubscriptionSession(sessionId)
  await shop.event('checkout.session.completed', { ...shop.fake.sessions.get(sessionId) })()
  return { client, sub, sessionId }
}

/** An invoice of a Stripe subscription as its webhook events carry it (`extra`: id, amount_paid, lines). */
export const subscriptionInvoice = (subscriptionId: string, extra: Record<string, unknown>) => ({
  object: 'invoice',
  parent: { type: 'subscription_details', subscription_details: { subscription: subscriptionId } },
  ...extra,
})

/** The fake Stripe subscription's current period, in Unix seconds. */
export const currentPeriodOf = (sub: Record<string, unknown>) => {
  const item = (sub.items as { data: { current_period_start: number; current_period_end: number }[] })
    .data[0]!
  return { start: item.current_period_start, end: item.current_period_end }
}

/** A Unix time a calendar month on, as Stripe's next period ends. */
export const unixMonthAfter = (unix: number) =>
  Math.floor(addBillingMonths(new Date(unix * 1000), 1).getTime() / 1000)

/**
 * A subscriber through the fake Stripe whose first month's `invoice.paid` (for `amountPaid`)
 * has arrived, as it does after checkout; `lines` replace the invoice's plain period line.
 */
export async function paidThroughStripe(
  shop: StripeShop,
  email: string,
  tier: string,
  amountPaid: number,
  lines?: (period: { start: number; end: number }) => unknown[],
) {
  const { client, sub } = await subscribedThroughStripe(shop, email, tier)
  const { start, end } = currentPeriodOf(sub)
  await shop.event(
    'invoice.paid',
    subscriptionInvoice(sub.id as string, {
      id: `in_first_${sub.id}`,
      amount_paid: amountPaid,
      lines: { object: 'list', data: lines ? lines({ start, end }) : [{ period: { start, end } }] },
    }),
  )()
  return { client, sub, start, end }
}
