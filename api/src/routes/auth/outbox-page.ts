import type { mailOutbox } from '../../db/schema'
import { escapeHtml } from '../../lib/html'

type MailRow = typeof mailOutbox.$inferSelect

/** Links in a plain-text mail become clickable; everything else is escaped. */
function linkify(text: string): string {
  return escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`)
}

/** The development outbox: the mail the site would have sent, newest first. */
export function outboxPage(mail: MailRow[]): string {
  const items = mail
    .map(
      (m) =>
        `<article><header><strong>${escapeHtml(m.subject)}</strong><br><small>to ${escapeHtml(m.to)} · ${m.createdAt.toISOString()} · ${m.status}</small></header><pre>${linkify(m.text)}</pre></article>`,
    )
    .join('')
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Outbox | Lamplight Puzzle Co.</title><style>body{font-family:system-ui,sans-serif;background:#fbf7ee;color:#2a2018;max-width:760px;margin:2rem auto;padding:0 1rem}article{background:#fffdf8;border:1px solid #e0d3ba;border-radius:8px;padding:1rem;margin:1rem 0}pre{white-space:pre-wrap;font-family:inherit}a{color:#7a2430}</style></head><body><h1>Outbox</h1><p>Mail is not sent from this installation (no SMTP_URL). This is what it would have sent.</p>${items || '<p>No mail yet.</p>'}</body></html>`
}
