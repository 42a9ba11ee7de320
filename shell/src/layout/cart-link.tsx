import { type Cart, cartReadKey } from '@lamplight/contracts'
import { useAuth } from '@lamplight/session'
import { Button } from '@lamplight/ui'
import { ShoppingCartIcon } from '@lamplight/ui/icons'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { Link } from 'react-router'

/**
 * The header's cart (desktop and phone): a link to /cart with how many boxes are in it. It
 * reads the cart under the storefront's own key (`cartReadKey`, one react-query cache for
 * the shell and the remotes), so Add to Cart, − / + and Remove update the count with no
 * event of their own. Part of every page's first load: the endpoint table and a key, no zod,
 * no drawer (the storefront's Add to Cart brings that). A server render has no count; the
 * browser asks once the page is live, and again when someone signs in or out (the cart
 * follows the account).
 */
export function CartLink() {
  const { user, loading } = useAuth()
  const queryClient = useQueryClient()
  const cart = useQuery({
    queryKey: cartReadKey(),
    // A plain fetch of `cartEndpoints.read` (GET /api/cart), not `request`: the contracts' API
    // client here would be a second copy of the one the session package carries (0.9 KB
    // brotli of every first load, measured). The answer is the cart's read, as the storefront
    // keeps it under the same key.
    queryFn: async ({ signal }): Promise<Cart> => {
      const res = await fetch('/api/cart', { signal, credentials: 'same-origin' })
      if (!res.ok) throw new Error(`GET /api/cart answered ${res.status}`)
      return ((await res.json()) as { data: Cart }).data
    },
    enabled: !loading,
    // The count is a hint: a failed read shows the plain icon, not an error.
    retry: false,
  })
  const userId = user?.id ?? null
  const seenUser = useRef<string | null | undefined>(undefined)
  useEffect(() => {
    if (loading) return
    // A sign-in merges the visitor's cart into the account's; a sign-out leaves an empty one.
    if (seenUser.current !== undefined && seenUser.current !== userId)
      void queryClient.invalidateQueries({ queryKey: ['cart'] })
    seenUser.current = userId
  }, [loading, userId, queryClient])

  const count = cart.data?.itemCount ?? 0
  const label = count === 0 ? 'Cart, empty' : `Cart, ${count} ${count === 1 ? 'item' : 'items'}`
  return (
    <Button asChild variant="ghost" size="icon" className="relative size-11">
      <Link to="/cart" aria-label={label} title="Cart" data-testid="header-cart">
        <ShoppingCartIcon aria-hidden className="size-6" />
        {count > 0 && (
          <span
            aria-hidden
            className="absolute top-0.5 right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-primary px-1 font-semibold text-primary-foreground text-xs tabular-nums"
          >
            {count > 99 ? '99+' : count}
          </span>
        )}
      </Link>
    </Button>
  )
}
