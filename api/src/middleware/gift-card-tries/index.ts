import type { Context } from 'hono'
import { clientNetwork } from '../../lib/client-address'
import type { AppEnv } from '../../types'
import { enforce } from '../rate-limit'

/**
 * Guessing gift card codes (issue 33): every attempt to use one, wherever it is typed (the
 * balance check, the checkout's quote, the checkout), counts against one limit per client
 * address and, when signed in, one per account, so neither many addresses nor many accounts
 * multiply a guesser's tries. 80-bit codes make guessing hopeless anyway; the limit keeps
 * it from costing us queries.
 */
export const GIFT_CARD_TRIES = { limit: 10, windowMs: 10 * 60_000 }
const message =
  'You have tried several gift card codes in a short time. Please wait a few minutes and try again.'

export async function limitGiftCardTries(c: Context<AppEnv>, userId: string | null) {
  await enforce(
    c,
    { name: 'gift-card-client', ...GIFT_CARD_TRIES, message },
    clientNetwork(c.get('clientIp')),
  )
  if (userId) await enforce(c, { name: 'gift-card-account', ...GIFT_CARD_TRIES, message }, userId)
}
