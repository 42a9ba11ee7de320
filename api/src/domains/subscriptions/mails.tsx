import { formatMoney, monthName, PROCESSING_TIME, planOfTier } from '@lamplight/contracts'
import type { ShippingAddress } from '../../db/schema'
import type { Mail } from '../../mail'
import { Action, Layout, Lines, Paragraph, renderMail } from '../../mail/layout'

type Subscriber = { email: string }
type Plan = { tier: string; currentPeriodEnd: Date | null }

// These mails greet nobody by name, as the account mails do: the name is whatever a sign-up
// typed, and an account can be made (and subscribed, in test mode) with anyone's address.
const GREETING = 'Hello,'
export const day = (date: Date | null) =>
  date ? date.toLocaleDateString('en-US', { dateStyle: 'long', timeZone: 'UTC' }) : null

export const addressLines = (a: ShippingAddress) => [
  `${a.firstName} ${a.lastName}`.trim(),
  a.address,
  `${a.city}, ${a.state} ${a.zipCode}`,
  a.country,
]

/** Every subscription mail: the greeting, what changed, and the way to the account. */
export function subscriptionMail(
  to: string,
  subject: string,
  lines: string[],
  siteUrl: string,
  address?: ShippingAddress | null,
): Promise<Mail> {
  return renderMail(
    to,
    subject,
    <Layout preview={lines[0] ?? subject}>
      <Paragraph>{GREETING}</Paragraph>
      {lines.map((line) => (
        <Paragraph key={line}>{line}</Paragraph>
      ))}
      {address ? (
        <>
          <Paragraph>Your boxes go to:</Paragraph>
          <Lines lines={addressLines(address)} />
        </>
      ) : null}
      <Action url={`${siteUrl}/account`} label="Manage your subscription" />
      <Paragraph>Questions? Reply to this message and we will sort it out.</Paragraph>
    </Layout>,
  )
}

/** Welcome to a plan: what it is, what it costs, when it renews, where the boxes go. */
export function subscriptionStartedMail(
  to: Subscriber,
  plan: Plan,
  siteUrl: string,
  address: ShippingAddress | null,
): Promise<Mail> {
  const price = planOfTier(plan.tier)?.priceCents
  const renews = day(plan.currentPeriodEnd)
  return subscriptionMail(
    to.email,
    `Welcome to the ${plan.tier} plan`,
    [
      `Your ${plan.tier} subscription has started${price ? ` at ${formatMoney(price)} a month` : ''}. Thank you for joining us!`,
      ...(renews ? [`It renews on ${renews}. Your first box is prepared within ${PROCESSING_TIME}.`] : []),
      'Change plan, skip a month or cancel at any time from your account.',
    ],
    siteUrl,
    address,
  )
}

/** A cancellation: when it was scheduled (access until the period's end) or when it ended. */
export function subscriptionCancelledMail(
  to: Subscriber,
  plan: Plan,
  siteUrl: string,
  kind: 'scheduled' | 'ended' | 'unpaid',
): Promise<Mail> {
  const until = day(plan.currentPeriodEnd)
  return subscriptionMail(
    to.email,
    `Your ${plan.tier} subscription is cancelled`,
    kind === 'scheduled'
      ? [
          `We have cancelled your ${plan.tier} subscription as you asked. It will not renew${until ? `; you keep your plan until ${until}` : ''}.`,
          'Changed your mind? Resume it before then from your account.',
        ]
      : kind === 'unpaid'
        ? [
            `Your ${plan.tier} subscription has ended: we could not take its payment after several tries, so no more boxes will be sent.`,
            'You are welcome back any time: subscribe again from the shop.',
          ]
        : [
            `Your ${plan.tier} subscription has ended and will not renew.`,
            'You are welcome back any time: subscribe again from the shop.',
          ],
    siteUrl,
  )
}

export function subscriptionResumedMail(to: Subscriber, plan: Plan, siteUrl: string): Promise<Mail> {
  const renews = day(plan.currentPeriodEnd)
  return subscriptionMail(
    to.email,
    `Your ${plan.tier} subscription is active again`,
    [
      `You resumed your ${plan.tier} subscription: it is no longer cancelled${renews ? ` and renews on ${renews}` : ''}.`,
    ],
    siteUrl,
  )
}

export function subscriptionPlanChangedMail(
  to: Subscriber,
  change: { from: string; to: string; currentPeriodEnd: Date | null },
  siteUrl: string,
): Promise<Mail> {
  const plan = planOfTier(change.to)
  return subscriptionMail(
    to.email,
    `Your subscription is now ${change.to}`,
    [
      `You changed your plan from ${change.from} to ${change.to}${plan ? ` (${plan.boxesPerMonth} ${plan.boxesPerMonth === 1 ? 'box' : 'boxes'} a month, ${formatMoney(plan.priceCents)})` : ''}.`,
      'Your next shipment carries the new plan’s boxes; the price difference for the rest of this month is prorated on your next payment, as our payment provider calculates it.',
    ],
    siteUrl,
  )
}

export function subscriptionPaymentFailedMail(to: Subscriber, plan: Plan, siteUrl: string): Promise<Mail> {
  return subscriptionMail(
    to.email,
    `We could not take your ${plan.tier} subscription payment`,
    [
      `Your card was declined for this month’s ${plan.tier} payment, so your subscription is past due and no box ships until it is paid.`,
      'Please update your card from your account (Update card): we try the payment again over the next days, and cancel the subscription after the last try.',
    ],
    siteUrl,
  )
}

export function subscriptionSkippedMail(
  to: Subscriber,
  skip: { tier: string; period: string; skipped: boolean },
  siteUrl: string,
): Promise<Mail> {
  const month = monthName(skip.period)
  return subscriptionMail(
    to.email,
    skip.skipped ? `Your ${month} box is skipped` : `Your ${month} box is back on`,
    skip.skipped
      ? [
          `As you asked, we will not send your ${skip.tier} box for ${month}, and you will not be charged for that month.`,
          'Your subscription carries on the month after. Changed your mind? Undo the skip from your account before then.',
        ]
      : [`Your ${skip.tier} box for ${month} is back on: it is charged and shipped as usual.`],
    siteUrl,
  )
}

export function subscriptionAddressMail(
  to: Subscriber,
  change: { period: string | null; address: ShippingAddress },
  siteUrl: string,
): Promise<Mail> {
  return subscriptionMail(
    to.email,
    'Your subscription’s shipping address changed',
    [
      change.period
        ? `From the ${monthName(change.period)} box on, your boxes go to the new address below.`
        : 'Your boxes go to the new address below.',
      'Boxes already on their way still go to the address they were packed for.',
    ],
    siteUrl,
    change.address,
  )
}
