import { type CartLine, formatMoney, productPathOf } from '@lamplight/contracts'
import { apiErrorMessage } from '@lamplight/session'
import { Button, cn, toast } from '@lamplight/ui'
import { PackageIcon, PlusIcon, TrashIcon } from '@lamplight/ui/icons'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Link } from 'react-router'
import { cartMutations } from '../../api/cart'

/**
 * The cart's lines as the server priced them: picture, name, unit price (the quantity price
 * when the line reaches one: "10+ at $39.99 each"), the next quantity price as a hint, and the
 * line total. `editable`: quantity − / + and Remove (the cart); Review Order lists them only.
 */
export function CartLines({
  lines,
  editable = false,
  onNavigate,
}: {
  lines: CartLine[]
  editable?: boolean
  /** A product link was followed (the drawer closes). */
  onNavigate?: () => void
}) {
  return (
    <ul aria-label="Items in your cart" className="divide-y divide-border">
      {lines.map((line) => (
        <CartLineRow key={line.productSlug} line={line} editable={editable} onNavigate={onNavigate} />
      ))}
    </ul>
  )
}

function CartLineRow({
  line,
  editable,
  onNavigate,
}: {
  line: CartLine
  editable: boolean
  onNavigate?: () => void
}) {
  const queryClient = useQueryClient()
  const update = useMutation(cartMutations.update(queryClient))
  const remove = useMutation(cartMutations.remove(queryClient))
  const busy = update.isPending || remove.isPending
  const failed = (error: unknown) =>
    toast.error('Your cart was not changed', { description: apiErrorMessage(error, 'Please try again.') })
  const setQuantity = (quantity: number) =>
    update.mutate({ productSlug: line.productSlug, quantity }, { onError: failed })

  const reduced = line.unitPriceCents < line.listUnitPriceCents
  return (
    <li className="flex gap-3 py-4" data-testid="cart-line" aria-busy={busy || undefined}>
      {line.imageUrl ? (
        <img
          src={line.imageUrl}
          alt=""
          width={72}
          height={54}
          loading="lazy"
          className="h-[54px] w-[72px] shrink-0 rounded-md border border-border bg-parchment object-contain"
        />
      ) : (
        <span
          aria-hidden="true"
          className="flex h-[54px] w-[72px] shrink-0 items-center justify-center rounded-md bg-parchment text-gold-deep"
        >
          <PackageIcon className="size-6" />
        </span>
      )}
      <div className="min-w-0 flex-1">
        <div className="flex items-start justify-between gap-3">
          <Link
            to={productPathOf(line.productSlug)}
            onClick={onNavigate}
            className="font-semibold font-serif text-foreground leading-snug underline-offset-4 hover:underline"
          >
            {line.productName}
          </Link>
          <span className="shrink-0 font-semibold tabular-nums">
            <span className="sr-only">Line total: </span>
            {formatMoney(line.lineTotalCents)}
          </span>
        </div>
        <p className="mt-0.5 text-muted-foreground text-sm">
          {line.quantityPrice ? (
            <>
              <span className="font-medium text-primary">
                {line.quantityPrice.minQuantity}+ at {formatMoney(line.quantityPrice.unitPriceCents)} each
              </span>{' '}
              {reduced && (
                <s>
                  <span className="sr-only">instead of </span>
                  {formatMoney(line.listUnitPriceCents)}
                </s>
              )}
            </>
          ) : (
            <>{formatMoney(line.unitPriceCents)} each</>
          )}
        </p>
        {line.nextQuantityPrice && (
          <p className="text-gold-deep text-sm">
            {line.nextQuantityPrice.minQuantity} or more: {formatMoney(line.nextQuantityPrice.unitPriceCents)}{' '}
            each
          </p>
        )}
        {!line.available && line.message && (
          <p role="alert" className="mt-1 font-medium text-destructive text-sm">
            {line.message}
          </p>
        )}
        {editable ? (
          <div className="mt-2 flex items-center gap-2">
            <fieldset
              className="flex items-center rounded-md border border-input"
              aria-label={`Quantity of ${line.productName}`}
            >
              <Button
                type="button"
                variant="ghost"
                size="icon"
                className="size-10 rounded-r-none text-lg"
                aria-label={`One fewer ${line.productName}`}
                disabled={busy || line.quantity <= 1}
                onClick={() => setQuantity(line.quantity - 1)}
              >
                <span aria-hidden="true">−</span>
              </Button>
              <output
                aria-live="polite"
                aria-label={`Quantity of ${line.productName}`}
                className={cn('w-10 text-center font-semibold tabular-nums', busy && 'opacity-60')}
              >
                {line.quantity}
              </output>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                className="size-10 rounded-l-none"
                aria-label={`One more ${line.productName}`}
                disabled={busy || line.quantity >= line.maxQuantity}
                onClick={() => setQuantity(line.quantity + 1)}
              >
                <PlusIcon aria-hidden="true" />
              </Button>
            </fieldset>
            <Button
              type="button"
              variant="ghost"
              size="sm"
              className="h-10 text-muted-foreground"
              aria-label={`Remove ${line.productName}`}
              disabled={busy}
              onClick={() => remove.mutate(line.productSlug, { onError: failed })}
            >
              <TrashIcon aria-hidden="true" />
              Remove
            </Button>
          </div>
        ) : (
          <p className="mt-1 text-sm">
            Quantity: <span className="font-semibold tabular-nums">{line.quantity}</span>
          </p>
        )}
      </div>
    </li>
  )
}
