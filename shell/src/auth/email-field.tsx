import { Field, Input } from '@lamplight/ui'
import type { UseFormRegisterReturn } from 'react-hook-form'

/** The email field of an /auth form, registered with the form (`field`: what `register('email')` gave). */
export function EmailField({
  id,
  error,
  field,
}: {
  id: string
  error?: string
  field: UseFormRegisterReturn
}) {
  return (
    <Field id={id} label="Email" error={error}>
      {(control) => <Input {...control} type="email" autoComplete="email" {...field} />}
    </Field>
  )
}
