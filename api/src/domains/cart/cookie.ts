import type { Context } from 'hono'
import { deleteCookie, getSignedCookie, setSignedCookie } from 'hono/cookie'

/**
 * A visitor's cart id travels in a signed, httpOnly cookie (HMAC with the sessions' secret):
 * it cannot be read by scripts, nor guessed or changed into another visitor's cart. Typed
 * by what it reads of the app (not the app's types), so the orders' service, which the auth
 * module calls, can reach the cart without a circle back to the app.
 */
export const CART_COOKIE = 'lamplight_cart'
const CART_COOKIE_DAYS = 60

/** Whose cart: a signed-in user's, or the visitor's of the cookie. */
export type CartOwner = { userId: string | null; visitorCartId: string | null }

type CookieDeps = { auth: { options: { secret?: string } }; config: { publicUrl: string } }
const depsOf = (c: Context) => c.get('deps') as CookieDeps

/** The caller's cart owner: the signed-in user (the route knows it), and the cookie's cart id if its signature holds. */
export async function cartOwnerOf(c: Context, userId: string | null): Promise<CartOwner> {
  const signed = await getSignedCookie(c, depsOf(c).auth.options.secret as string, CART_COOKIE)
  const visitorCartId = typeof signed === 'string' && /^[0-9a-f-]{36}$/.test(signed) ? signed : null
  return { userId, visitorCartId }
}

/** After resolving: a visitor's new cart gets its cookie; a merged one loses it. */
export async function keepCartCookie(
  c: Context,
  owner: CartOwner,
  resolved: { cartId: string | null; merged: boolean },
) {
  if (resolved.merged) deleteCookie(c, CART_COOKIE, { path: '/api' })
  else if (!owner.userId && resolved.cartId && resolved.cartId !== owner.visitorCartId)
    await setSignedCookie(c, CART_COOKIE, resolved.cartId, depsOf(c).auth.options.secret as string, {
      path: '/api',
      httpOnly: true,
      sameSite: 'Lax',
      secure: depsOf(c).config.publicUrl.startsWith('https:'),
      maxAge: CART_COOKIE_DAYS * 24 * 3600,
    })
}
