import { ApiError, apiErrorMessage } from '@lamplight/session'
import { Button, cn, ErrorState, LoadingState } from '@lamplight/ui'
import { ShoppingCartIcon } from '@lamplight/ui/icons'
import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { cartQueries, useCart } from '../../api/cart'
import { CartLines } from './cart-lines'
import { OrderTotals } from './order-totals'
import { ShippingEstimate, useDestination } from './shipping-estimate'
import { useBrowserRender } from './use-browser-render'

/** Where the cart's checkout lives (decision 056): "cart" is a reserved product slug. */
export const CART_CHECKOUT_PATH = '/checkout/cart'

/**
 * The cart, in the drawer and on /cart: its lines with quantity − / + and Remove, the
 * quantity prices, a shipping estimate for a country and postal code, the totals the server
 * computed, and Checkout. `onNavigate` closes the drawer when a link is followed.
 */
export function CartContents({ onNavigate, className }: { onNavigate?: () => void; className?: string }) {
  const cart = useCart()
  const [destination, setDestination] = useDestination()
  // The estimate is a second read with the destination; a refused postal code keeps the plain totals.
  const estimate = useQuery({ ...cartQueries.detail(destination), enabled: !!destination.country })
  const zipError =
    estimate.error instanceof ApiError && estimate.error.status === 400
      ? (estimate.error.issues.find((i) => i.path.endsWith('zipCode'))?.message ??
        apiErrorMessage(estimate.error, 'Please check the postal code.'))
      : undefined

  const browser = useBrowserRender()
  if (cart.isPending || !browser) return <LoadingState label="Loading your cart…" className="min-h-0 py-10" />
  // A section, not a page: the page's h1 would be a second one on /cart and in the drawer.
  if (cart.isError)
    return (
      <ErrorState
        size="section"
        className={className}
        title="We could not load your cart"
        message="Please check your connection and try again."
        onRetry={() => cart.refetch()}
        retrying={cart.isFetching}
      />
    )
  const data = cart.data
  if (!data.lines.length)
    return (
      <div className={cn('py-10 text-center', className)}>
        <ShoppingCartIcon aria-hidden="true" className="mx-auto size-10 text-muted-foreground" />
        <p className="mt-3 font-serif text-xl">Your cart is empty</p>
        <p className="mt-1 text-muted-foreground">Our puzzle boxes are waiting for you.</p>
        <Button asChild className="mt-5">
          <Link to="/shop" onClick={onNavigate}>
            Browse the shop
          </Link>
        </Button>
      </div>
    )
  const totals = estimate.data && !estimate.isError ? estimate.data : data
  return (
    <div className={cn('grid gap-5', className)}>
      <CartLines lines={data.lines} editable onNavigate={onNavigate} />
      <section aria-label="Order summary" className="grid gap-4 rounded-lg border border-border bg-card p-4">
        <ShippingEstimate destination={destination} onChange={setDestination} zipError={zipError} />
        <OrderTotals totals={totals} noDestination="Estimated at checkout" />
        {!data.checkoutReady && (
          <p role="alert" className="font-medium text-destructive text-sm">
            Please change the lines marked above before checking out.
          </p>
        )}
        {data.checkoutReady ? (
          <Button asChild size="lg" className="w-full">
            <Link to={CART_CHECKOUT_PATH} onClick={onNavigate}>
              Checkout
            </Link>
          </Button>
        ) : (
          <Button size="lg" className="w-full" disabled>
            Checkout
          </Button>
        )}
        <Button asChild variant="outline" className="w-full">
          <Link to="/shop" onClick={onNavigate}>
            Continue shopping
          </Link>
        </Button>
      </section>
    </div>
  )
}
