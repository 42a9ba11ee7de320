import { formatMoney, planOfTier, type SUBSCRIPTION_PLANS } from '@lamplight/contracts'
import { escapeHtml } from '../../../lib/html'

const STYLE =
  'body{font-family:system-ui,sans-serif;background:#fbf7ee;color:#2a2018;margin:0;padding:1rem}main{max-width:480px;margin:2rem auto;background:#fffdf8;border:1px solid #e0d3ba;border-radius:12px;padding:1.5rem}.badge{display:inline-block;background:#8a5a14;color:#fff;font-weight:700;letter-spacing:.08em;border-radius:999px;padding:.2rem .8rem;font-size:.8rem}h1{font-family:Georgia,serif;font-size:1.5rem;margin:.75rem 0}h2{font-family:Georgia,serif;font-size:1.15rem;margin:1.5rem 0 .5rem}dl{display:grid;grid-template-columns:auto 1fr;gap:.4rem 1rem;margin:1rem 0}dt{color:#6b5a48}dd{margin:0;text-align:right;font-weight:600}ul{padding-left:1.2rem}form{margin:.5rem 0}button{width:100%;min-height:48px;border-radius:8px;font-size:1rem;font-weight:600;cursor:pointer;border:1px solid #7a2430;background:#fff;color:#7a2430}button.primary{background:#7a2430;color:#fff}button.quiet{background:transparent;border-color:#c9b99b;color:#2a2018}p.note{font-size:.85rem;color:#6b5a48}button:focus-visible,a:focus-visible{outline:3px solid #c08a2b;outline-offset:2px}a{color:#7a2430}'

function page(title: string, body: string) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>TEST MODE ${escapeHtml(title)} | Lamplight Puzzle Co.</title><style>${STYLE}</style></head><body><main><span class="badge">TEST MODE</span><h1>${escapeHtml(title)}</h1><p>No real payment is taken on this page.</p>${body}</main></body></html>`
}

const button = (action: string, label: string, kind = '') =>
  `<form method="post" action="${action}"><button type="submit"${kind ? ` class="${kind}"` : ''}>${escapeHtml(label)}</button></form>`

const day = (date: Date | null) =>
  date ? date.toLocaleDateString('en-US', { dateStyle: 'long', timeZone: 'UTC' }) : '—'

type Checkout = { status: string; tier: string; email: string }

/** The plan page a Subscribe opens in test mode: what is bought, for how much, Pay or Cancel. */
export function testCheckoutPage(sessionId: string, checkout: Checkout): string {
  const id = encodeURIComponent(sessionId)
  const plan = planOfTier(checkout.tier)
  const price = plan ? `${formatMoney(plan.priceCents)} / month` : ''
  const details = `<dl><dt>Plan</dt><dd>${escapeHtml(checkout.tier)}</dd><dt>Price</dt><dd>${escapeHtml(price)}</dd><dt>Email</dt><dd>${escapeHtml(checkout.email)}</dd></dl>${
    plan ? `<ul>${plan.features.map((f) => `<li>${escapeHtml(f)}</li>`).join('')}</ul>` : ''
  }`
  const actions =
    checkout.status === 'open'
      ? `${button(`/api/payments/test-billing/checkout/${id}/pay`, `Pay ${price}`, 'primary')}${button(`/api/payments/test-billing/checkout/${id}/cancel`, 'Cancel', 'quiet')}<p class="note">Pay starts the subscription exactly as a real payment would (renewing monthly until cancelled). Cancel returns to the shop.</p>`
      : `<p>This plan page is closed (${escapeHtml(checkout.status)}). If you already subscribe, manage your plan from the shop.</p><p><a href="/shop">Back to the shop</a></p>`
  return page(`Subscribe to ${checkout.tier}`, details + actions)
}

type View = {
  status: string
  tier: string
  priceId: string
  currentPeriodEnd: Date | null
  cancelAtPeriodEnd: boolean
} | null

/** The test-mode customer portal: change plan, cancel at period end, resume, and the provider's events. */
export function testPortalPage(email: string, sub: View, plans: typeof SUBSCRIPTION_PLANS): string {
  if (!sub)
    return page(
      'Your subscription',
      `<p>${escapeHtml(email)} has no active subscription.</p><p><a href="/shop">Choose a plan in the shop</a></p>`,
    )
  const base = '/api/payments/test-billing/portal'
  const details = `<dl><dt>Account</dt><dd>${escapeHtml(email)}</dd><dt>Plan</dt><dd>${escapeHtml(sub.tier)}</dd><dt>Status</dt><dd>${escapeHtml(
    sub.cancelAtPeriodEnd ? `${sub.status}, cancelled` : sub.status,
  )}</dd><dt>${sub.cancelAtPeriodEnd ? 'Ends on' : 'Renews on'}</dt><dd>${escapeHtml(day(sub.currentPeriodEnd))}</dd></dl>`
  const change = plans
    .filter((p) => p.tier !== sub.tier)
    .map((p) =>
      button(`${base}/plan/${p.tier}`, `Change to ${p.tier} (${formatMoney(p.priceCents)} / month)`),
    )
    .join('')
  const cancel = sub.cancelAtPeriodEnd
    ? button(`${base}/resume`, 'Resume subscription', 'primary')
    : button(`${base}/cancel`, 'Cancel at period end')
  const simulate = `<h2>Simulate the provider</h2><p class="note">What Stripe would send as events: a renewal paid (invoice.paid), a renewal that failed (invoice.payment_failed), the end of the subscription (customer.subscription.deleted).</p>${button(`${base}/renewal-paid`, 'Renewal paid', 'quiet')}${button(`${base}/renewal-failed`, 'Renewal failed', 'quiet')}${button(`${base}/end`, 'End now', 'quiet')}`
  return page(
    'Your subscription',
    `${details}<h2>Change plan</h2>${change}<h2>Cancel or resume</h2>${cancel}${simulate}<p><a href="/shop">Back to the shop</a></p>`,
  )
}
