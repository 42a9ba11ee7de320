import type { CustomerInfoInput } from '@lamplight/contracts'

/** `/checkout/cart` is the cart's checkout; no product may have this slug (decision 056). */
export const CART_CHECKOUT_SLUG = 'cart'

/** The one message after a declined payment (issue 32). */
export const DECLINED_MESSAGE =
  'Your payment was declined. You have not been charged. Try again or use another card.'

const KEY = 'lamplight.checkout.return'
/** A way back older than this is not this attempt's (the payment page expires in a day). */
const MAX_AGE_MS = 24 * 60 * 60_000

type CheckoutReturn = { path: string; customerInfo: CustomerInfoInput; at: number }

/**
 * Kept in this tab's sessionStorage as the buyer leaves for the payment page: which checkout
 * they came from and the address they typed, so a declined or cancelled payment brings them
 * back to it with nothing to type again. Never sent anywhere; gone with the tab.
 */
export function rememberCheckoutReturn(value: Omit<CheckoutReturn, 'at'>) {
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ ...value, at: Date.now() }))
  } catch {
    // Private mode or full storage: the way back opens the checkout with an empty form.
  }
}

export function readCheckoutReturn(): CheckoutReturn | null {
  try {
    const value = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as CheckoutReturn | null
    if (!value || typeof value.path !== 'string' || !value.path.startsWith('/checkout/')) return null
    if (Date.now() - value.at > MAX_AGE_MS) return null
    return value
  } catch {
    return null
  }
}

/** A paid order needs no way back. */
export function forgetCheckoutReturn() {
  try {
    sessionStorage.removeItem(KEY)
  } catch {
    // Nothing kept.
  }
}
