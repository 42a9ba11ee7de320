import { formatMoney } from '@lamplight/contracts'
import { escapeHtml } from '../../lib/html'
import type { Mail } from '../../mail'

const greeting = (name: string | null) => (name?.trim() ? `Hello ${name.trim().slice(0, 100)},` : 'Hello,')

function html(lines: string[]) {
  return `<div style="font-family:Georgia,serif;color:#2a2018;max-width:520px">${lines
    .map((line) => `<p>${escapeHtml(line)}</p>`)
    .join('')}</div>`
}

type OrderForMail = { id: string; email: string; name: string | null; product: string; amountCents: number }

export function refundMail(order: OrderForMail): Mail {
  const lines = [
    greeting(order.name),
    `We have refunded your order ${order.id.slice(0, 8)} for ${order.product} (${formatMoney(order.amountCents)}).`,
    'Depending on your bank, the money shows on your statement within 5 to 10 business days. Access to the online puzzle of this order has ended.',
    'If you did not expect this, reply to this message and we will sort it out.',
  ]
  return {
    to: order.email,
    subject: 'Your Lamplight Puzzle Co. order was refunded',
    text: lines.join('\n\n'),
    html: html(lines),
  }
}

export function shippedMail(order: OrderForMail & { trackingNumber: string }): Mail {
  const lines = [
    greeting(order.name),
    `Good news: your order ${order.id.slice(0, 8)} (${order.product}) is on its way.`,
    `Tracking number: ${order.trackingNumber}`,
    'Standard delivery takes 3-5 business days. We hope you enjoy the journey!',
  ]
  return {
    to: order.email,
    subject: 'Your Lamplight Puzzle Co. order has shipped',
    text: lines.join('\n\n'),
    html: html(lines),
  }
}
