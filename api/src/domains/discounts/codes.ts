import { createHmac, randomBytes } from 'node:crypto'

/**
 * Gift card codes (issue 33, decision 057): 16 characters of Crockford's base32 (no I, L, O,
 * U), 80 bits from the system's random source, shown in groups of four
 * (`7KQM-3XCF-9D2A-PW4T`). Typed codes are read forgivingly as Crockford says: any case,
 * spaces and dashes ignored, O read as 0 and I or L as 1. Stored only as an HMAC-SHA256
 * under the server secret, so a copy of the table without the secret yields no code and
 * no way to test guesses offline; the last four characters are kept to recognise a card.
 */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'
export const GIFT_CARD_CODE_LENGTH = 16

export function generateGiftCardCode(): string {
  const bytes = randomBytes(10) // 80 bits = 16 symbols of 5 bits
  let bits = 0
  let value = 0
  let out = ''
  for (const byte of bytes) {
    value = (value << 8) | byte
    bits += 8
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31]
      bits -= 5
    }
    value &= (1 << bits) - 1
  }
  return formatGiftCardCode(out)
}

export const formatGiftCardCode = (compact: string) => compact.match(/.{1,4}/g)!.join('-')

/** The code as stored (16 symbols), or null when what was typed cannot be a code. */
export function normaliseGiftCardCode(typed: string): string | null {
  const compact = typed
    .toUpperCase()
    .replace(/[\s-]+/g, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1')
  if (compact.length !== GIFT_CARD_CODE_LENGTH) return null
  for (const ch of compact) if (!ALPHABET.includes(ch)) return null
  return compact
}

/** The keyed hash a code is stored and found by. Domain-separated from other uses of the secret. */
export function giftCardCodeHash(secret: string, normalised: string): string {
  return createHmac('sha256', secret).update(`gift-card:${normalised}`).digest('hex')
}

/** A discount code as stored and compared: upper case, trimmed. */
export const normaliseDiscountCode = (typed: string) => typed.trim().toUpperCase()

/** What may be shown or logged of a code: its last four characters. */
export const lastFour = (normalised: string) => normalised.slice(-4)
