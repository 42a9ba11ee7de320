import { type EditableProduct, formatMoney, MAX_CART_QUANTITY } from '@lamplight/contracts'
import { Button, ErrorState, Field, Form, Input, Skeleton, Spinner, toast } from '@lamplight/ui'
import { PlusIcon, TrashIcon } from '@lamplight/ui/icons'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { quantityPricesQuery, saveQuantityPricesMutation } from '../../api/products'
import { centsOf, dollarsOf } from '../../lib/money'
import { useFieldErrors } from '../../lib/use-field-errors'

type Row = { key: number; minQuantity: string; unitPrice: string }

let nextKey = 0
const rowOf = (t: { minQuantity: number; unitPriceCents: number }): Row => ({
  key: nextKey++,
  minQuantity: String(t.minQuantity),
  unitPrice: dollarsOf(t.unitPriceCents),
})

/** Five is the API's limit: more would be a price list nobody reads in a cart. */
const MAX_TIERS = 5

/**
 * Group pricing (issue 32, the FAQ's "bulk pricing for groups of 10 or more"): from a quantity
 * of one box, each costs less. The cart applies the best tier on the server; this panel only
 * edits the list, saved on its own (the product form's Save does not send it).
 */
export function QuantityPricesPanel({ product }: { product: EditableProduct }) {
  const queryClient = useQueryClient()
  const query = useQuery(quantityPricesQuery(product.id))
  const [rows, setRows] = useState<Row[] | null>(null)
  const { errors, fail, show, clear } = useFieldErrors()
  useEffect(() => {
    if (query.data && rows === null) setRows(query.data.map(rowOf))
  }, [query.data, rows])

  const save = useMutation({
    ...saveQuantityPricesMutation(product.id),
    onSuccess: (tiers) => {
      queryClient.setQueryData(quantityPricesQuery(product.id).queryKey, { data: tiers })
      setRows(tiers.map(rowOf))
      clear()
      toast.success(tiers.length ? 'Quantity prices saved' : 'Quantity prices removed')
    },
    onError: (error) => fail(error, 'The quantity prices were not saved'),
  })

  const submit = () => {
    if (!rows) return
    // What the browser can tell is not a number is said here; the rest is the API's to judge.
    const local: Record<string, string> = {}
    const tiers = rows.map((row, i) => {
      const minQuantity = /^\s*\d+\s*$/.test(row.minQuantity) ? Number(row.minQuantity) : Number.NaN
      const unitPriceCents = centsOf(row.unitPrice)
      if (Number.isNaN(minQuantity)) local[`tiers.${i}.minQuantity`] = 'Please enter a whole number.'
      if (unitPriceCents === undefined)
        local[`tiers.${i}.unitPriceCents`] = 'Please enter a price, like 39.99.'
      return { minQuantity, unitPriceCents: unitPriceCents ?? 0 }
    })
    if (Object.keys(local).length) return show(local)
    save.mutate(tiers)
  }

  const edit = (key: number, patch: Partial<Row>) =>
    setRows((current) => current?.map((r) => (r.key === key ? { ...r, ...patch } : r)) ?? null)

  return (
    <section
      aria-labelledby="quantity-prices-title"
      className="grid gap-4 rounded-xl border border-border bg-card p-4 sm:p-6"
    >
      <div className="grid gap-1">
        <h2 id="quantity-prices-title" className="font-serif text-xl">
          Quantity prices
        </h2>
        <p className="text-muted-foreground text-sm">
          For groups: from a quantity of this box, each costs less (now {formatMoney(product.price_cents)}{' '}
          each). The cart shows the price that applies.
        </p>
      </div>
      {query.isError ? (
        <ErrorState
          size="section"
          title="The quantity prices could not be loaded."
          onRetry={() => query.refetch()}
          retrying={query.isFetching}
        />
      ) : rows === null ? (
        <Skeleton className="h-20 w-full" />
      ) : (
        <Form
          aria-label="Quantity prices"
          className="grid gap-4"
          onSubmit={(e) => {
            e.preventDefault()
            submit()
          }}
        >
          {rows.length === 0 && <p className="text-sm">No quantity prices: every box costs the same.</p>}
          <ul className="grid gap-3">
            {rows.map((row, i) => (
              <li key={row.key} className="grid grid-cols-[1fr_1fr_auto] items-start gap-2">
                <Field label="From (boxes)" error={errors[`tiers.${i}.minQuantity`]}>
                  {(c) => (
                    <Input
                      {...c}
                      inputMode="numeric"
                      value={row.minQuantity}
                      onChange={(e) => edit(row.key, { minQuantity: e.target.value })}
                    />
                  )}
                </Field>
                <Field label="Each (USD)" error={errors[`tiers.${i}.unitPriceCents`]}>
                  {(c) => (
                    <Input
                      {...c}
                      inputMode="decimal"
                      value={row.unitPrice}
                      onChange={(e) => edit(row.key, { unitPrice: e.target.value })}
                    />
                  )}
                </Field>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  className="mt-6"
                  aria-label={`Remove the price from ${row.minQuantity || 'this quantity'}`}
                  onClick={() => setRows((current) => current?.filter((r) => r.key !== row.key) ?? null)}
                >
                  <TrashIcon aria-hidden className="size-4" />
                </Button>
              </li>
            ))}
          </ul>
          {errors.tiers && !Object.keys(errors).some((k) => k.startsWith('tiers.')) && (
            <p role="alert" className="font-medium text-destructive text-sm">
              {errors.tiers}
            </p>
          )}
          <div className="flex flex-wrap gap-2">
            <Button
              type="button"
              variant="outline"
              disabled={rows.length >= MAX_TIERS}
              onClick={() =>
                setRows((current) => [
                  ...(current ?? []),
                  { key: nextKey++, minQuantity: current?.length ? '' : '10', unitPrice: '' },
                ])
              }
            >
              <PlusIcon aria-hidden className="size-4" />
              Add a quantity price
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending && <Spinner size="sm" label="Saving" />}
              Save quantity prices
            </Button>
          </div>
          <p className="text-muted-foreground text-xs">
            From 2 to {MAX_CART_QUANTITY} boxes, up to {MAX_TIERS} prices, each below the box’s own price.
          </p>
        </Form>
      )}
    </section>
  )
}
