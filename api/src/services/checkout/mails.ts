import { formatMoney, STANDARD_DELIVERY } from '@lamplight/contracts'
import type { ShippingAddress } from '../../db/schema'
import { escapeHtml } from '../../lib/html'
import type { Mail } from '../../mail'

type Confirmation = {
  id: string
  sessionId: string | null
  email: string
  name: string | null
  amountCents: number
  product: string
  address: ShippingAddress | null
}

/** The order confirmation: number, product, amount, where it goes, what happens next. */
export function orderConfirmationMail(order: Confirmation): Mail {
  const number = orderNumber(order.sessionId, order.id)
  const address = order.address
    ? [
        `${order.address.firstName} ${order.address.lastName}`,
        order.address.address,
        `${order.address.city}, ${order.address.state} ${order.address.zipCode}`,
        order.address.country,
      ]
    : []
  const lines = [
    order.name?.trim() ? `Hello ${order.name.trim().slice(0, 100)},` : 'Hello,',
    `Thank you for your order! Order number: ${number}.`,
    `${order.product}: ${formatMoney(order.amountCents)} (shipping FREE).`,
    ...(address.length ? [`We will ship it to:\n${address.join('\n')}`] : []),
    `What happens next: we prepare your box within 1-2 business days, then it travels to you (standard delivery ${STANDARD_DELIVERY}). You can begin the online puzzle right away from your account.`,
    'Questions? Reply to this message or write to us from the contact page.',
  ]
  return {
    to: order.email,
    subject: `Order confirmed: ${order.product} (${number})`,
    text: lines.join('\n\n'),
    html: `<div style="font-family:Georgia,serif;color:#2a2018;max-width:520px">${lines
      .map((line) => `<p>${escapeHtml(line).replace(/\n/g, '<br>')}</p>`)
      .join('')}</div>`,
  }
}

/** The order number the buyer sees: the last 8 characters of the session id, in capitals (spec). */
export const orderNumber = (sessionId: string | null, orderId: string) =>
  (sessionId ?? orderId).slice(-8).toUpperCase()
