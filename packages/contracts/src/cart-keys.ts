/**
 * The react-query key of a cart read, shared by the shell's header count and the storefront's
 * cart (react-query is a federation singleton: one cache for both), so a change in the cart
 * updates the header without an event of its own. A module of its own: nothing else of the
 * cart's comes with it into the shell's first load. `destination` is the shipping estimate's
 * country and postal code, if any.
 */
export const cartReadKey = (destination: { country?: string; zipCode?: string } = {}) =>
  ['cart', { country: destination.country ?? null, zipCode: destination.zipCode ?? null }] as const
