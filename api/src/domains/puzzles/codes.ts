import { createHash, randomInt } from 'node:crypto'
import { CODE_ALPHABET, CODE_LENGTH } from '@lamplight/contracts'

/**
 * Per-box access codes (decision 047). A code is 16 characters of an alphabet without
 * look-alikes, printed in groups of four ("7KQM-3XCF-..."), about 75 bits: nobody guesses
 * one within the rate limit, and a leaked table of SHA-256 hashes cannot be walked back to
 * codes. Only the hash and the first four characters (to recognise a code) are stored.
 */
export const CODE_PREFIX_LENGTH = 4

export function generateCode(): string {
  let raw = ''
  for (let i = 0; i < CODE_LENGTH; i++) raw += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]
  return raw.match(/.{4}/g)!.join('-')
}

/** What a player typed, as a code: upper case, spaces and dashes gone. */
export function normalizeCode(typed: string): string {
  return typed.toUpperCase().replace(/[^0-9A-Z]/g, '')
}

/** Whether the typed text can be a per-box code at all (length and alphabet). */
export function looksLikeBoxCode(normalized: string): boolean {
  return normalized.length === CODE_LENGTH && [...normalized].every((c) => CODE_ALPHABET.includes(c))
}

export function hashCode(normalized: string): string {
  return createHash('sha256').update(`portal-code:${normalized}`).digest('hex')
}

export const prefixOf = (normalized: string) => normalized.slice(0, CODE_PREFIX_LENGTH)
