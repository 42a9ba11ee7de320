import { createHash } from 'node:crypto'

/** The keys of a keyed checkout (decision 023): derived, never stored on their own. */

/**
 * The order id of a keyed checkout: derived from the buyer and their key, so a retry after
 * a failed transaction asks the provider again with the same order id, and so the same
 * provider idempotency key (`checkout-<order id>`), and gets the same session back instead
 * of leaving one unpaid. The buyer is in it, so two buyers' keys never meet at the provider.
 * A UUID of version 8 (RFC 9562: custom).
 */
export function keyedOrderId(userId: string | null, key: string): string {
  const b = createHash('sha256')
    .update(`checkout-order\n${userId ?? ''}\n${key}`)
    .digest()
  b[6] = (b[6]! & 0x0f) | 0x80
  b[8] = (b[8]! & 0x3f) | 0x80
  const hex = b.subarray(0, 16).toString('hex')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

/** What a keyed checkout compares: the body as parsed (the schema fixes its keys' order). */
export const requestHashOf = (body: unknown) =>
  createHash('sha256').update(JSON.stringify(body)).digest('hex')
