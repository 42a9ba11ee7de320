import { type Cart, formatMoney } from '@lamplight/contracts'
import { cn } from '@lamplight/ui'

type Totals = Pick<Cart, 'subtotalCents' | 'discountCents' | 'shipping' | 'taxNote' | 'totalCents'>

/**
 * Subtotal, discount (when the server gives one), shipping, tax and total, exactly as the
 * server answered them (the cart's read or Review Order's quote): nothing is added up here.
 * Without a destination the shipping line says where it will come from instead of a price.
 */
export function OrderTotals({
  totals,
  noDestination = 'Choose your country to see it',
  className,
}: {
  totals: Totals
  /** What the shipping line says before a destination is known. */
  noDestination?: string
  className?: string
}) {
  const { shipping } = totals
  return (
    <dl className={cn('grid grid-cols-[1fr_auto] gap-x-4 gap-y-1.5', className)} data-testid="order-totals">
      <dt>Subtotal</dt>
      <dd className="text-right tabular-nums">{formatMoney(totals.subtotalCents)}</dd>
      {/* The discounts' place (discount codes are another change): shown whenever the server gives one. */}
      {totals.discountCents > 0 && (
        <>
          <dt>Discount</dt>
          <dd className="text-right text-primary tabular-nums">−{formatMoney(totals.discountCents)}</dd>
        </>
      )}
      <dt>
        Shipping
        {shipping && (
          <span className="block text-muted-foreground text-sm">
            {shipping.name} to {shipping.country === 'CA' ? 'Canada' : 'the United States'}
            {shipping.zipCode ? ` ${shipping.zipCode}` : ''} · {shipping.deliveryTime}
          </span>
        )}
      </dt>
      <dd
        className={cn('text-right tabular-nums', shipping?.amountCents === 0 && 'font-medium text-primary')}
      >
        {shipping ? (
          shipping.amountCents === 0 ? (
            'FREE'
          ) : (
            formatMoney(shipping.amountCents)
          )
        ) : (
          <span className="text-muted-foreground text-sm">{noDestination}</span>
        )}
      </dd>
      <dt>Tax</dt>
      <dd className="text-right text-muted-foreground text-sm">{taxText(totals.taxNote)}</dd>
      <dt className="mt-1 border-border border-t pt-2 font-semibold">Total</dt>
      <dd className="mt-1 border-border border-t pt-2 text-right font-semibold tabular-nums">
        {formatMoney(totals.totalCents)}
      </dd>
    </dl>
  )
}

/** "Tax calculated at payment: none in test mode" beside the word Tax: the note without its "Tax". */
function taxText(note: string) {
  const rest = note.replace(/^Tax /, '')
  return rest.charAt(0).toUpperCase() + rest.slice(1)
}
