import { COUNTRIES, type CountryCode, formatMoney, type ShippingRate } from '@lamplight/contracts'
import { Button, ErrorState, Field, Form, Input, Skeleton, Spinner, toast } from '@lamplight/ui'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { saveShippingRateMutation, shippingKeys, shippingRatesQuery } from '../../api/shipping'
import { AdminPage } from '../../components/admin-page'
import { centsOf, dollarsOf } from '../../lib/money'
import { useFieldErrors } from '../../lib/use-field-errors'

/**
 * `/admin/shipping` (issue 32): each zone's standard rate and its free-shipping threshold. The
 * cart, the checkout and the public Shipping page read the same rows, so a change here is
 * what the next buyer is charged; orders already placed keep what they paid.
 */
export function ShippingRatesPage() {
  return (
    <AdminPage
      eyebrow="Settings"
      title="Shipping Rates"
      lead="What a box costs to ship, by destination. The cart, the checkout and the Shipping page show these; orders already placed keep what they paid."
      back={{ to: '/admin', label: 'Dashboard' }}
      backClassName="mb-6"
    >
      <Rates />
    </AdminPage>
  )
}

function Rates() {
  const query = useQuery(shippingRatesQuery())
  if (query.isError)
    return (
      <ErrorState
        size="section"
        title="The shipping rates could not be loaded."
        onRetry={() => query.refetch()}
        retrying={query.isFetching}
      />
    )
  if (query.isPending)
    return (
      <div className="grid gap-6 lg:grid-cols-2" aria-busy="true">
        <Skeleton className="h-72 w-full" />
        <Skeleton className="h-72 w-full" />
      </div>
    )
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      {query.data.map((rate) => (
        <RateForm key={rate.country} rate={rate} />
      ))}
    </div>
  )
}

const countryName = (code: string) => COUNTRIES.find(([c]) => c === code)?.[1] ?? code

function RateForm({ rate }: { rate: ShippingRate }) {
  const queryClient = useQueryClient()
  const [name, setName] = useState(rate.name)
  const [amount, setAmount] = useState(dollarsOf(rate.amountCents))
  const [freeOver, setFreeOver] = useState(dollarsOf(rate.freeOverCents))
  const { errors, fail, show, clear } = useFieldErrors()
  const country = countryName(rate.country)
  const save = useMutation({
    ...saveShippingRateMutation(),
    onSuccess: (saved) => {
      clear()
      queryClient.setQueryData(shippingKeys.rates, (current: { data: ShippingRate[] } | undefined) =>
        current ? { data: current.data.map((r) => (r.country === saved.country ? saved : r)) } : current,
      )
      toast.success(`${country}: shipping rate saved`)
    },
    onError: (error) => fail(error, `${country}: the shipping rate was not saved`),
  })

  const submit = () => {
    const amountCents = centsOf(amount)
    const freeOverCents = freeOver.trim() === '' ? null : centsOf(freeOver)
    const local: Record<string, string> = {}
    if (amountCents === undefined) local.amountCents = 'Please enter an amount in dollars, like 5.99.'
    if (freeOverCents === undefined)
      local.freeOverCents = 'Please enter an amount in dollars, like 35, or leave it empty.'
    if (Object.keys(local).length) return show(local)
    save.mutate({
      country: rate.country as CountryCode,
      rate: { name, amountCents: amountCents ?? 0, freeOverCents: freeOverCents ?? null },
    })
  }

  return (
    <Form
      aria-label={`${country} shipping`}
      className="grid content-start gap-4 rounded-xl border border-border bg-card p-4 sm:p-6"
      onSubmit={(e) => {
        e.preventDefault()
        submit()
      }}
    >
      <div>
        <h2 className="font-serif text-xl">{country}</h2>
        <p className="text-muted-foreground text-sm">
          Now: {rate.amountCents === 0 ? 'free' : formatMoney(rate.amountCents)}
          {rate.freeOverCents !== null && `, free from ${formatMoney(rate.freeOverCents)}`} ·{' '}
          {rate.deliveryTime}
        </p>
      </div>
      <Field label="Name" hint="What the buyer reads at checkout." error={errors.name}>
        {(c) => <Input {...c} value={name} maxLength={80} onChange={(e) => setName(e.target.value)} />}
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Rate (USD)" hint="Per order. 0 ships free." error={errors.amountCents}>
          {(c) => (
            <Input {...c} inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} />
          )}
        </Field>
        <Field
          label="Free from (USD)"
          hint="Subtotal for free shipping. Empty: never free."
          error={errors.freeOverCents}
        >
          {(c) => (
            <Input
              {...c}
              inputMode="decimal"
              value={freeOver}
              onChange={(e) => setFreeOver(e.target.value)}
            />
          )}
        </Field>
      </div>
      <div>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending && <Spinner size="sm" label="Saving" />}
          Save {country} rate
        </Button>
      </div>
    </Form>
  )
}
