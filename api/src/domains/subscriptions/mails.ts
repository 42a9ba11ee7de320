import { formatMoney, PROCESSING_TIME, planOfTier } from '@lamplight/contracts'
import { escapeHtml } from '../../lib/html'
import type { Mail } from '../../mail'

type Subscriber = { email: string }
type Plan = { tier: string; currentPeriodEnd: Date | null }

// These mails greet nobody by name, as the account mails do: the name is whatever a sign-up
// typed, and an account can be made (and subscribed, in test mode) with anyone's address.
const GREETING = 'Hello,'
const day = (date: Date | null) =>
  date ? date.toLocaleDateString('en-US', { dateStyle: 'long', timeZone: 'UTC' }) : null

function mail(to: string, subject: string, lines: string[]): Mail {
  return {
    to,
    subject,
    text: lines.join('\n\n'),
    html: `<div style="font-family:Georgia,serif;color:#2a2018;max-width:520px">${lines
      .map((line) => `<p>${escapeHtml(line)}</p>`)
      .join('')}</div>`,
  }
}

/** Welcome to a plan: what it is, what it costs, when it renews, where to manage it. */
export function subscriptionStartedMail(to: Subscriber, plan: Plan, siteUrl: string): Mail {
  const price = planOfTier(plan.tier)?.priceCents
  const renews = day(plan.currentPeriodEnd)
  return mail(to.email, `Welcome to the ${plan.tier} plan`, [
    GREETING,
    `Your ${plan.tier} subscription has started${price ? ` at ${formatMoney(price)} a month` : ''}. Thank you for joining us!`,
    ...(renews ? [`It renews on ${renews}. Your first box is prepared within ${PROCESSING_TIME}.`] : []),
    `Change plan or cancel at any time from your account: ${siteUrl}/account`,
  ])
}

/** A cancellation: when it was scheduled (access until the period's end) or when it ended. */
export function subscriptionCancelledMail(
  to: Subscriber,
  plan: Plan,
  siteUrl: string,
  kind: 'scheduled' | 'ended',
): Mail {
  const until = day(plan.currentPeriodEnd)
  return mail(to.email, `Your ${plan.tier} subscription is cancelled`, [
    GREETING,
    kind === 'scheduled'
      ? `We have cancelled your ${plan.tier} subscription as you asked. It will not renew${until ? `; you keep your plan until ${until}` : ''}.`
      : `Your ${plan.tier} subscription has ended and will not renew.`,
    kind === 'scheduled'
      ? `Changed your mind? Resume it before then from your account: ${siteUrl}/account`
      : `You are welcome back any time: ${siteUrl}/shop`,
    'If you did not expect this, reply to this message and we will sort it out.',
  ])
}
