import { formatMoney } from '@lamplight/contracts'
import { escapeHtml } from '../../../lib/html'

type Session = { status: string; amountCents: number; shippingCents?: number; email: string; product: string }

const STYLE =
  'body{font-family:system-ui,sans-serif;background:#fbf7ee;color:#2a2018;margin:0;padding:1rem}main{max-width:440px;margin:2rem auto;background:#fffdf8;border:1px solid #e0d3ba;border-radius:12px;padding:1.5rem}.badge{display:inline-block;background:#8a5a14;color:#fff;font-weight:700;letter-spacing:.08em;border-radius:999px;padding:.2rem .8rem;font-size:.8rem}h1{font-family:Georgia,serif;font-size:1.5rem;margin:.75rem 0}dl{display:grid;grid-template-columns:auto 1fr;gap:.4rem 1rem;margin:1rem 0}dt{color:#6b5a48}dd{margin:0;text-align:right;font-weight:600;min-width:0;overflow-wrap:anywhere}form{margin:.5rem 0}button{width:100%;min-height:48px;border-radius:8px;font-size:1rem;font-weight:600;cursor:pointer;border:1px solid #7a2430}button.pay{background:#7a2430;color:#fff}button.decline{background:#fff;color:#7a2430}button.cancel{background:transparent;border-color:#c9b99b;color:#2a2018}p.note{font-size:.85rem;color:#6b5a48}button:focus-visible{outline:3px solid #c08a2b;outline-offset:2px}'

/** Our built-in payment page, for development and the embedded default: nothing real is charged. */
export function testPaymentPage(sessionId: string, session: Session): string {
  const id = encodeURIComponent(sessionId)
  const open = session.status === 'pending'
  const actions = open
    ? `<form method="post" action="/api/payments/test/${id}/pay"><button class="pay" type="submit">Pay ${escapeHtml(formatMoney(session.amountCents))}</button></form>
<form method="post" action="/api/payments/test/${id}/decline"><button class="decline" type="submit">Decline</button></form>
<form method="post" action="/api/payments/test/${id}/cancel"><button class="cancel" type="submit">Cancel</button></form>
<p class="note">Pay completes the order exactly as a real payment would. Decline simulates a refused card. Cancel returns to the checkout.</p>`
    : `<p>This payment is already <strong>${escapeHtml(session.status)}</strong>.</p><p><a href="/checkout?session_id=${id}">See the order</a> · <a href="/shop">Back to the shop</a></p>`
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>TEST MODE payment | Lamplight Puzzle Co.</title><style>${STYLE}</style></head><body><main><span class="badge">TEST MODE</span><h1>Lamplight Puzzle Co.</h1><p>No real payment is taken on this page.</p><dl><dt>Item</dt><dd>${escapeHtml(session.product)}</dd><dt>Shipping</dt><dd>${session.shippingCents ? escapeHtml(formatMoney(session.shippingCents)) : 'FREE'}</dd><dt>Tax</dt><dd>None</dd><dt>Total</dt><dd>${escapeHtml(formatMoney(session.amountCents))}</dd><dt>Email</dt><dd>${escapeHtml(session.email)}</dd></dl>${actions}</main></body></html>`
}
