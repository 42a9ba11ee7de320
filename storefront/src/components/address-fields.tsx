import { COUNTRIES, type CountryCode, type DeliveryAddressInput, regionsOf } from '@lamplight/contracts'
import { Field, Input } from '@lamplight/ui'
import type { FieldErrors, UseFormRegister } from 'react-hook-form'

const selectClass =
  'flex h-10 w-full rounded-md border border-input bg-card px-3 text-base text-foreground shadow-xs focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-ring focus-visible:outline-offset-1 aria-invalid:border-destructive md:text-sm'

/**
 * A shipping address's fields (name, street, city, country, region, postal code), as the
 * checkout asks them and the subscription's address (issue 34) too: one form of fields over
 * the contracts' address schema, in whatever form holds them.
 */
export function AddressFields({
  register,
  errors,
  country,
}: {
  register: UseFormRegister<DeliveryAddressInput>
  errors: FieldErrors<DeliveryAddressInput>
  country: CountryCode
}) {
  return (
    <>
      <Field label="First name" error={errors.firstName?.message}>
        {(control) => <Input autoComplete="given-name" {...control} {...register('firstName')} />}
      </Field>
      <Field label="Last name" error={errors.lastName?.message}>
        {(control) => <Input autoComplete="family-name" {...control} {...register('lastName')} />}
      </Field>
      <Field label="Address" error={errors.address?.message} className="sm:col-span-2">
        {(control) => <Input autoComplete="street-address" {...control} {...register('address')} />}
      </Field>
      <Field label="City" error={errors.city?.message}>
        {(control) => <Input autoComplete="address-level2" {...control} {...register('city')} />}
      </Field>
      <Field label="Country" error={errors.country?.message}>
        {(control) => (
          <select className={selectClass} autoComplete="country" {...control} {...register('country')}>
            {COUNTRIES.map(([code, name]) => (
              <option key={code} value={code}>
                {name}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={country === 'CA' ? 'Province' : 'State'} error={errors.state?.message}>
        {(control) => (
          <select className={selectClass} autoComplete="address-level1" {...control} {...register('state')}>
            <option value="">Choose…</option>
            {regionsOf(country).map(([code, name]) => (
              <option key={code} value={code}>
                {name}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={country === 'CA' ? 'Postal code' : 'ZIP code'} error={errors.zipCode?.message}>
        {(control) => <Input autoComplete="postal-code" {...control} {...register('zipCode')} />}
      </Field>
    </>
  )
}
