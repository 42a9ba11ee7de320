import { formatMoney, planOfTier, regionsOf, type SUBSCRIPTION_PLANS } from '@lamplight/contracts'
import { escapeHtml } from '../../../lib/html'

const STYLE =
  'body{font-family:system-ui,sans-serif;background:#fbf7ee;color:#2a2018;margin:0;padding:1rem}main{max-width:480px;margin:2rem auto;background:#fffdf8;border:1px solid #e0d3ba;border-radius:12px;padding:1.5rem}.badge{display:inline-block;background:#8a5a14;color:#fff;font-weight:700;letter-spacing:.08em;border-radius:999px;padding:.2rem .8rem;font-size:.8rem}h1{font-family:Georgia,serif;font-size:1.5rem;margin:.75rem 0}h2{font-family:Georgia,serif;font-size:1.15rem;margin:1.5rem 0 .5rem}dl{display:grid;grid-template-columns:auto 1fr;gap:.4rem 1rem;margin:1rem 0}dt{color:#6b5a48}dd{margin:0;text-align:right;font-weight:600;min-width:0;overflow-wrap:anywhere}ul{padding-left:1.2rem}form{margin:.5rem 0}button{width:100%;min-height:48px;border-radius:8px;font-size:1rem;font-weight:600;cursor:pointer;border:1px solid #7a2430;background:#fff;color:#7a2430}button.primary{background:#7a2430;color:#fff}button.quiet{background:transparent;border-color:#c9b99b;color:#2a2018}p.note{font-size:.85rem;color:#6b5a48}label{display:block;font-weight:600;margin:.75rem 0 .25rem}input,select{width:100%;box-sizing:border-box;min-height:44px;font-size:1rem;border:1px solid #c9b99b;border-radius:8px;padding:.4rem .6rem;background:#fff}.err{color:#a1262f;font-size:.85rem;margin:.25rem 0 0}.row{display:grid;grid-template-columns:1fr 1fr;gap:0 .75rem}fieldset{border:0;padding:0;margin:1rem 0}legend{font-family:Georgia,serif;font-size:1.15rem;font-weight:700}button:focus-visible,a:focus-visible{outline:3px solid #c08a2b;outline-offset:2px}a{color:#7a2430}'

function page(title: string, body: string) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>TEST MODE ${escapeHtml(title)} | Lamplight Puzzle Co.</title><style>${STYLE}</style></head><body><main><span class="badge">TEST MODE</span><h1>${escapeHtml(title)}</h1><p>No real payment is taken on this page.</p>${body}</main></body></html>`
}

const button = (action: string, label: string, kind = '') =>
  `<form method="post" action="${action}"><button type="submit"${kind ? ` class="${kind}"` : ''}>${escapeHtml(label)}</button></form>`

const day = (date: Date | null) =>
  date ? date.toLocaleDateString('en-US', { dateStyle: 'long', timeZone: 'UTC' }) : '—'

type Checkout = { status: string; tier: string; email: string }

export type AddressForm = { values: Record<string, string>; errors: Record<string, string> }

const FIELDS = [
  ['firstName', 'First name', 'given-name'],
  ['lastName', 'Last name', 'family-name'],
  ['address', 'Street address', 'street-address'],
  ['city', 'City', 'address-level2'],
] as const

/** The shipping address, asked as the checkout asks it (the same schema checks it on Pay). */
function addressFields(form: AddressForm) {
  const field = (name: string, label: string, control: string) => {
    const error = form.errors[name]
    return `<div><label for="${name}">${escapeHtml(label)}</label>${control.replace(
      '/>',
      ` id="${name}" name="${name}"${error ? ` aria-invalid="true" aria-describedby="${name}-error"` : ''}/>`,
    )}${error ? `<p class="err" id="${name}-error">${escapeHtml(error)}</p>` : ''}</div>`
  }
  const value = (name: string) => escapeHtml(form.values[name] ?? '')
  const country = (form.values.country === 'CA' ? 'CA' : 'US') as 'US' | 'CA'
  const select = (name: string, options: (readonly [string, string])[], selected: string) => {
    const error = form.errors[name]
    return `<div><label for="${name}">${name === 'state' ? 'State / province' : 'Country'}</label><select id="${name}" name="${name}" required${error ? ` aria-invalid="true" aria-describedby="${name}-error"` : ''}>${name === 'state' ? '<option value="">Choose…</option>' : ''}${options
      .map(
        ([code, label]) =>
          `<option value="${code}"${code === selected ? ' selected' : ''}>${escapeHtml(label)}</option>`,
      )
      .join('')}</select>${error ? `<p class="err" id="${name}-error">${escapeHtml(error)}</p>` : ''}</div>`
  }
  const regions = [...regionsOf('US'), ...regionsOf('CA')] as (readonly [string, string])[]
  return `<fieldset><legend>Shipping address</legend><p class="note">Your boxes are sent here every month; you can change it later from your account.</p>${FIELDS.map(
    ([name, label, auto]) =>
      field(name, label, `<input type="text" autocomplete="${auto}" required value="${value(name)}"/>`),
  ).join('')}<div class="row">${select('state', regions, form.values.state ?? '')}${field(
    'zipCode',
    'ZIP / postal code',
    `<input type="text" autocomplete="postal-code" required value="${value('zipCode')}"/>`,
  )}</div>${select(
    'country',
    [
      ['US', 'United States'],
      ['CA', 'Canada'],
    ],
    country,
  )}</fieldset>`
}

/** The plan page a Subscribe opens in test mode: what is bought, for how much, where it goes, Pay or Cancel. */
export function testCheckoutPage(
  sessionId: string,
  checkout: Checkout,
  form: AddressForm = { values: {}, errors: {} },
): string {
  const id = encodeURIComponent(sessionId)
  const plan = planOfTier(checkout.tier)
  const price = plan ? `${formatMoney(plan.priceCents)} / month` : ''
  const details = `<dl><dt>Plan</dt><dd>${escapeHtml(checkout.tier)}</dd><dt>Price</dt><dd>${escapeHtml(price)}</dd><dt>Email</dt><dd>${escapeHtml(checkout.email)}</dd></dl>${
    plan ? `<ul>${plan.features.map((f) => `<li>${escapeHtml(f)}</li>`).join('')}</ul>` : ''
  }`
  const actions =
    checkout.status === 'open'
      ? `${Object.keys(form.errors).length ? '<p class="err" role="alert">Please correct the shipping address below.</p>' : ''}<form method="post" action="/api/payments/test-billing/checkout/${id}/pay" novalidate>${addressFields(form)}<button type="submit" class="primary">${escapeHtml(`Pay ${price}`)}</button></form>${button(`/api/payments/test-billing/checkout/${id}/cancel`, 'Cancel', 'quiet')}<p class="note">Pay starts the subscription exactly as a real payment would (renewing monthly until cancelled). Cancel returns to the shop.</p>`
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
