/**
 * Money as an admin types it, and back (products, quantity prices, shipping rates).
 */

/** Cents as the dollars an admin types: 4999 → "49.99", 5000 → "50.00". */
export const dollarsOf = (cents: number | null) => (cents === null ? '' : (cents / 100).toFixed(2))

const DOLLARS = /^-?\d+(\.\d{1,2})?$/

/**
 * Dollars as typed ("49.99", "$1,200", "-5") in whole cents, counted without floating point
 * so 19.99 is 1999, never 1998.9999. Not a sum of money (letters, three decimals): undefined.
 * The sign is kept: the API says on the field that a price cannot be negative.
 */
export function centsOf(text: string): number | undefined {
  const plain = text
    .trim()
    .replace(/^\$/, '')
    .replace(/^(-?)\$/, '$1')
    .replace(/,/g, '')
  if (!DOLLARS.test(plain)) return undefined
  const negative = plain.startsWith('-')
  const [whole = '0', fraction = ''] = plain.replace('-', '').split('.')
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'))
  return negative ? -cents : cents
}
