import { COUNTRIES, type CountryCode } from '@lamplight/contracts'
import { Button, Field, Form, Input, NativeSelect } from '@lamplight/ui'
import { useEffect, useState } from 'react'
import type { Destination } from '../../api/cart'

const STORAGE_KEY = 'lamplight.cart.destination'

/**
 * Where the buyer's estimate ships to, kept in this browser so the cart, the drawer and the
 * checkout's first step agree. Read in an effect: a server render has no destination.
 */
export function useDestination() {
  const [destination, setDestination] = useState<Destination>({})
  useEffect(() => {
    try {
      const saved = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as Destination | null
      if (saved && (saved.country === 'US' || saved.country === 'CA'))
        setDestination({ country: saved.country, zipCode: saved.zipCode || undefined })
    } catch {
      // Nothing usable saved: no estimate yet.
    }
  }, [])
  const choose = (next: Destination) => {
    setDestination(next)
    try {
      localStorage.setItem(STORAGE_KEY, JSON.stringify(next))
    } catch {
      // Private mode: the estimate lasts as long as the page.
    }
  }
  return [destination, choose] as const
}

/** Country and postal code for the shipping estimate; the server says whether the code is one. */
export function ShippingEstimate({
  destination,
  onChange,
  zipError,
}: {
  destination: Destination
  onChange: (next: Destination) => void
  /** The server's word on the postal code, when it refused it. */
  zipError?: string
}) {
  const [country, setCountry] = useState<CountryCode>(destination.country ?? 'US')
  const [zipCode, setZipCode] = useState(destination.zipCode ?? '')
  // A destination restored from storage after the first render fills the fields.
  useEffect(() => {
    if (destination.country) setCountry(destination.country)
    setZipCode(destination.zipCode ?? '')
  }, [destination.country, destination.zipCode])
  return (
    <Form
      aria-label="Shipping estimate"
      className="grid grid-cols-2 items-start gap-x-3 gap-y-2"
      onSubmit={(event) => {
        event.preventDefault()
        onChange({ country, zipCode: zipCode.trim() || undefined })
      }}
    >
      <Field label="Ship to">
        {(control) => (
          <NativeSelect
            className="w-full"
            {...control}
            value={country}
            onChange={(event) => {
              const next = event.target.value as CountryCode
              setCountry(next)
              // A country alone is enough for an estimate: show it at once.
              onChange({ country: next, zipCode: undefined })
              setZipCode('')
            }}
          >
            {COUNTRIES.map(([code, name]) => (
              <option key={code} value={code}>
                {name}
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>
      <Field label={country === 'CA' ? 'Postal code' : 'ZIP code'} error={zipError}>
        {(control) => (
          <Input
            autoComplete="postal-code"
            {...control}
            value={zipCode}
            onChange={(event) => setZipCode(event.target.value)}
          />
        )}
      </Field>
      <Button type="submit" variant="outline" className="col-span-2">
        Estimate shipping
      </Button>
    </Form>
  )
}
