import type { mailOutbox } from '../../db/schema'
import { escapeHtml } from '../../lib/html'

type MailRow = typeof mailOutbox.$inferSelect

/** Links in a plain-text mail become clickable; everything else is escaped. */
function linkify(text: string): string {
  return escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`)
}

/**
 * A mail's HTML as its recipient's mail program shows it: in a sandboxed frame (no scripts,
 * no access to this page), its links opening a new tab as they would from a mailbox.
 */
function htmlView(m: MailRow): string {
  if (!m.html) return ''
  const html = m.html.replace(/<head>/i, () => '<head><base target="_blank">')
  return `<iframe title="${escapeHtml(`The mail as ${m.to} sees it`)}" sandbox="allow-popups allow-popups-to-escape-sandbox" srcdoc="${escapeHtml(html)}"></iframe><h3>Text part</h3>`
}

/** The development outbox: the mail the site would have sent, newest first, as HTML and text. */
export function outboxPage(mail: MailRow[]): string {
  const items = mail
    .map(
      (m) =>
        `<article><header><strong>${escapeHtml(m.subject)}</strong><br><small>to ${escapeHtml(m.to)} · ${m.createdAt.toISOString()} · ${m.status}</small></header>${htmlView(m)}<pre>${linkify(m.text)}</pre></article>`,
    )
    .join('')
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Outbox | Lamplight Puzzle Co.</title><style>body{font-family:system-ui,sans-serif;background:#fbf7ee;color:#2a2018;max-width:760px;margin:2rem auto;padding:0 1rem}article{background:#fffdf8;border:1px solid #e0d3ba;border-radius:8px;padding:1rem;margin:1rem 0}pre{white-space:pre-wrap;font-family:inherit}iframe{width:100%;height:520px;border:1px solid #e0d3ba;border-radius:6px;background:#fff;margin-top:.75rem}h3{font-size:.8rem;text-transform:uppercase;letter-spacing:.05em;color:#5c4b3a;margin:1rem 0 0}a{color:#7a2430}</style></head><body><h1>Outbox</h1><p>Mail is not sent from this installation (no SMTP_URL). This is what it would have sent.</p>${items || '<p>No mail yet.</p>'}</body></html>`
}
