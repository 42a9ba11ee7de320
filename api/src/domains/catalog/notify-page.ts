import { escapeHtml } from '../../lib/html'

const STYLE =
  'body{font-family:system-ui,sans-serif;background:#fbf7ee;color:#2a2018;margin:0;padding:1rem}main{max-width:440px;margin:2rem auto;background:#fffdf8;border:1px solid #e0d3ba;border-radius:12px;padding:1.5rem}h1{font-family:Georgia,serif;font-size:1.5rem;margin:.25rem 0 1rem}button{width:100%;min-height:48px;border-radius:8px;font-size:1rem;font-weight:600;cursor:pointer;border:1px solid #7a2430;background:#7a2430;color:#fff}button:focus-visible{outline:3px solid #c08a2b;outline-offset:2px}a{color:#7a2430}'

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)} | Lamplight Puzzle Co.</title><style>${STYLE}</style></head><body><main><h1>${escapeHtml(title)}</h1>${body}<p><a href="/experiences">See all experiences</a></p></main></body></html>`

/**
 * What a "tell me" mail links to: a button, so that a mail scanner opening the link confirms
 * or unsubscribes nothing; the button posts to the same address.
 */
export function notifyPage(action: 'confirm' | 'unsubscribe', token: string, product: string | null): string {
  if (!product)
    return page('This link is no longer valid', '<p>It was used already, or the request was forgotten.</p>')
  const target = `/api/products/notify/${action}?token=${encodeURIComponent(token)}`
  return action === 'confirm'
    ? page(
        'Tell me when it’s ready',
        `<p>We will mail you once, when <strong>${escapeHtml(product)}</strong> is ready to order.</p><form method="post" action="${escapeHtml(target)}"><button type="submit">Yes, tell me</button></form>`,
      )
    : page(
        'Stop these mails',
        `<p>We will forget your request about <strong>${escapeHtml(product)}</strong>.</p><form method="post" action="${escapeHtml(target)}"><button type="submit">Unsubscribe</button></form>`,
      )
}

export function notifyDone(action: 'confirm' | 'unsubscribe', product: string | null): string {
  if (!product)
    return page('This link is no longer valid', '<p>It was used already, or the request was forgotten.</p>')
  return action === 'confirm'
    ? page(
        'You’re on the list',
        `<p>We will mail you once, when <strong>${escapeHtml(product)}</strong> is ready.</p>`,
      )
    : page('Unsubscribed', `<p>We will not mail you about <strong>${escapeHtml(product)}</strong>.</p>`)
}
