// Its own module, for the reason format-date.ts gives: only pages after the first show it.

/**
 * The order number a buyer sees (pages, mails, support): the last 8 characters of the payment
 * session's id in capitals, as the spec shows it, or of the order's own id when it has none.
 */
export function orderNumber(sessionId: string | null | undefined, orderId: string): string {
  return (sessionId ?? orderId).slice(-8).toUpperCase()
}
