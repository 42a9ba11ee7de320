import { formatMoney, MAX_PAUSE_MONTHS, monthName, type PlanQuote } from '@lamplight/contracts'
import type { Mail } from '../../mail'
import { day, subscriptionMail } from './mails'

/** The self-service mails of decision 065, in the shop's mail layout (`subscriptionMail`). */
type Subscriber = { email: string }

/** A plan changed from /account: the new plan and the proration, in the words the page showed. */
export function subscriptionPlanQuoteMail(to: Subscriber, quote: PlanQuote, siteUrl: string): Promise<Mail> {
  return subscriptionMail(
    to.email,
    `Your subscription is now ${quote.to}`,
    [
      `You changed your plan from ${quote.from} to ${quote.to}. Your next shipment carries the ${quote.to} plan’s boxes.`,
      quote.summary,
    ],
    siteUrl,
  )
}

/** Next month skipped with a credit: charged as usual, its value taken off the payment after. */
export function subscriptionSkippedWithCreditMail(
  to: Subscriber,
  skip: { tier: string; period: string; creditCents: number },
  siteUrl: string,
): Promise<Mail> {
  const month = monthName(skip.period)
  return subscriptionMail(
    to.email,
    `Your ${month} box is skipped, with a credit`,
    [
      `As you asked, we will not send your ${skip.tier} box for ${month}. That month is charged as usual, and ${formatMoney(skip.creditCents)} is credited to your next payment after it.`,
      'Changed your mind? Undo the skip from your account before then.',
    ],
    siteUrl,
  )
}

export function subscriptionPausedMail(
  to: Subscriber,
  pause: { tier: string; months: string[]; until: Date },
  siteUrl: string,
): Promise<Mail> {
  const first = pause.months[0]!
  const last = pause.months.at(-1)!
  const span = first === last ? monthName(first) : `${monthName(first)} to ${monthName(last)}`
  return subscriptionMail(
    to.email,
    `Your ${pause.tier} subscription is paused until ${day(pause.until)}`,
    [
      `As you asked, your ${pause.tier} subscription is paused for ${span}: no box is sent and nothing is charged in ${pause.months.length === 1 ? 'that month' : 'those months'}.`,
      `It starts again on ${day(pause.until)}, with a payment and the next box. You can resume earlier from your account (a pause is at most ${MAX_PAUSE_MONTHS} months).`,
    ],
    siteUrl,
  )
}

export function subscriptionUnpausedMail(
  to: Subscriber,
  resume: { tier: string; nextPaymentAt: Date | null; period: string | null },
  siteUrl: string,
): Promise<Mail> {
  return subscriptionMail(
    to.email,
    `Your ${resume.tier} subscription is no longer paused`,
    [
      `You resumed your ${resume.tier} subscription early.${resume.period ? ` Your ${monthName(resume.period)} box ships as usual` : ''}${resume.nextPaymentAt ? `, with the next payment on ${day(resume.nextPaymentAt)}.` : '.'}`,
    ],
    siteUrl,
  )
}

/** A failed try with another to come: when, and the card-update link. */
export function subscriptionPaymentRetryMail(
  to: Subscriber,
  failed: { tier: string; attempt: number; nextAttemptAt: Date | null },
  siteUrl: string,
): Promise<Mail> {
  return subscriptionMail(
    to.email,
    `We could not take your ${failed.tier} subscription payment`,
    [
      failed.attempt === 1
        ? `Your card was declined for this month’s ${failed.tier} payment, so your subscription is past due and no box ships until it is paid.`
        : `We tried your ${failed.tier} payment again and your card was declined again (try ${failed.attempt}).`,
      failed.nextAttemptAt
        ? `We’ll try again on ${day(failed.nextAttemptAt)}. Please update your card before then from your account (Manage Subscription): after the last try the subscription is cancelled.`
        : 'That was our last try: please update your card from your account (Manage Subscription) now, or the subscription ends.',
    ],
    siteUrl,
  )
}
