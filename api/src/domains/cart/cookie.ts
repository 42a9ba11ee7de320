import type { Context } from 'hono'
import { deleteCookie, getSignedCookie, setSignedCookie } from 'hono/cookie'
import { currentUser } from '../../middleware/guards'
import type { AppEnv } from '../../types'
import type { CartOwner } from './service'

/**
 * A visitor's cart id travels in a signed, httpOnly cookie (HMAC with the sessions' secret):
 * it cannot be read by scripts, nor guessed or changed into another visitor's cart.
 */
export const CART_COOKIE = 'lamplight_cart'
const CART_COOKIE_DAYS = 60

const secretOf = (c: Context<AppEnv>) => c.get('deps').auth.options.secret as string

export async function cartOwnerOf(c: Context<AppEnv>): Promise<CartOwner> {
  const user = await currentUser(c)
  const signed = await getSignedCookie(c, secretOf(c), CART_COOKIE)
  const visitorCartId = typeof signed === 'string' && /^[0-9a-f-]{36}$/.test(signed) ? signed : null
  return { userId: user?.id ?? null, visitorCartId }
}

/** After resolving: a visitor's new cart gets its cookie; a merged one loses it. */
export async function keepCartCookie(
  c: Context<AppEnv>,
  owner: CartOwner,
  resolved: { cartId: string | null; merged: boolean },
) {
  if (resolved.merged) deleteCookie(c, CART_COOKIE, { path: '/api' })
  else if (!owner.userId && resolved.cartId && resolved.cartId !== owner.visitorCartId)
    await setSignedCookie(c, CART_COOKIE, resolved.cartId, secretOf(c), {
      path: '/api',
      httpOnly: true,
      sameSite: 'Lax',
      secure: c.get('deps').config.publicUrl.startsWith('https:'),
      maxAge: CART_COOKIE_DAYS * 24 * 3600,
    })
}
