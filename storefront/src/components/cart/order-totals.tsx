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
  // One row per figure (a <div> of its <dt> and <dd>, as HTML allows in a <dl>), so a long
  // label or the shipping's details take the row's width on a phone.
  const row = 'flex items-baseline justify-between gap-4'
  return (
    <dl className={cn('grid gap-1.5', className)} data-testid="order-totals">
      <div className={row}>
        <dt>Subtotal</dt>
        <dd className="text-right tabular-nums">{formatMoney(totals.subtotalCents)}</dd>
      </div>
      {/* The discounts' place (discount codes are another change): shown whenever the server gives one. */}
      {totals.discountCents > 0 && (
        <div className={row}>
          <dt>Discount</dt>
          <dd className="text-right text-primary tabular-nums">−{formatMoney(totals.discountCents)}</dd>
        </div>
      )}
      <div className={cn(row, 'flex-wrap gap-y-0')}>
        <dt>Shipping</dt>
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
        {shipping && (
          <dd className="w-full text-muted-foreground text-sm">
            {shipping.name} to {shipping.country === 'CA' ? 'Canada' : 'the United States'}
            {shipping.zipCode ? ` ${shipping.zipCode}` : ''} · {shipping.deliveryTime}
          </dd>
        )}
      </div>
      <div className={row}>
        <dt>Tax</dt>
        <dd className="text-right text-muted-foreground text-sm">{taxText(totals.taxNote)}</dd>
      </div>
      <div className={cn(row, 'mt-1 border-border border-t pt-2 font-semibold')}>
        <dt>Total</dt>
        <dd className="text-right tabular-nums">{formatMoney(totals.totalCents)}</dd>
      </div>
    </dl>
  )
}

/** "Tax calculated at payment: none in test mode" beside the word Tax: the note without its "Tax". */
function taxText(note: string) {
  const rest = note.replace(/^Tax /, '')
  return rest.charAt(0).toUpperCase() + rest.slice(1)
}
