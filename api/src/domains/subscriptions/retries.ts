import { DAY_MS } from '@lamplight/contracts'
import { eq } from 'drizzle-orm'
import { subscriptionEvents, subscriptions } from '../../db/schema'
import type { Mail } from '../../mail'
import { type SubscriptionDeps, sendAfterCommit } from './apply'
import { lockSubscription, ownerOf } from './locks'
import { subscriptionPaymentRetryMail } from './self-service-mails'

/**
 * Failed renewals, retried as Stripe does (issue 34 item 4, decision 065). Stripe counts the
 * tries of an invoice (`attempt_count`) and says when the next is (`next_payment_attempt`,
 * none after the last); test mode does the same on its own schedule, driven by the test clock:
 * the renewal fails (try 1), and is tried again 3, 5 and 7 days after the renewal date; after
 * the 4th failure the subscription ends ("ended after failed payments").
 */
export const RETRY_DAYS = [3, 5, 7] as const
export const MAX_PAYMENT_ATTEMPTS = RETRY_DAYS.length + 1

/** When test mode tries a renewal again after its `attempt`-th failure (null: that was the last). */
export const nextTestAttempt = (renewalDate: Date, attempt: number) => {
  const days = RETRY_DAYS[attempt - 1]
  return days === undefined ? null : new Date(renewalDate.getTime() + days * DAY_MS)
}

export type FailedPayment = {
  /** The provider's subscription id. */
  subscriptionId: string
  /** Which try failed (1: the renewal itself). */
  attempt: number
  /** When the provider tries again; null: it will not. */
  nextAttemptAt: Date | null
}

/**
 * One failed try, recorded once (a try counted twice, or an older one arriving late, changes
 * nothing): the subscription is past due (no box ships), the count and the next try are kept,
 * the history says it, and the subscriber is mailed with the card-update link and the date of
 * the next try (or that it was the last).
 */
export async function recordFailedPayment(deps: SubscriptionDeps, failed: FailedPayment) {
  let mail: (() => Promise<Mail>) | null = null
  const outcome = await deps.db.transaction(async (tx) => {
    const sub = await lockSubscription(tx, eq(subscriptions.providerSubscriptionId, failed.subscriptionId))
    if (!sub || ['canceled', 'incomplete_expired'].includes(sub.status)) return 'unknown' as const
    if (failed.attempt <= sub.failedAttempts) return 'already' as const
    await tx
      .update(subscriptions)
      .set({
        // Stripe's own status comes with its subscription events; ours is set here for test mode.
        ...(sub.provider === 'test' ? { status: 'past_due' } : {}),
        failedAttempts: failed.attempt,
        nextPaymentAttemptAt: failed.nextAttemptAt,
        updatedAt: new Date(),
      })
      .where(eq(subscriptions.id, sub.id))
    const next = failed.nextAttemptAt
    await tx.insert(subscriptionEvents).values({
      subscriptionId: sub.id,
      event: 'payment_failed',
      note: `Payment try ${failed.attempt} failed${next ? `; next try ${next.toISOString().slice(0, 10)}` : '; no more tries'}`,
    })
    // Test mode ends the subscription at once after its last try (that ending mails); Stripe
    // may keep it past due or unpaid, so its last try is mailed too.
    if (next || sub.provider !== 'test') {
      const owner = await ownerOf(tx, sub.userId)
      mail = () =>
        subscriptionPaymentRetryMail(
          owner,
          { tier: sub.tier, attempt: failed.attempt, nextAttemptAt: next },
          deps.siteUrl,
        )
    }
    return 'recorded' as const
  })
  await sendAfterCommit(deps, mail)
  return outcome
}
