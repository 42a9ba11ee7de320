import * as React from 'react'
import { cn } from '../lib/cn'
import { Label } from './label'

/** What a control needs from its field: its id, and its error's wiring for screen readers. */
export type FieldControlProps = {
  id: string
  'aria-invalid': true | undefined
  'aria-describedby': string | undefined
}

/**
 * A labelled form control with its hint and error message. The field makes its own id and
 * hands the control everything it needs:
 *
 *   <Field label="Email" error={errors.email?.message}>
 *     {(control) => <Input type="email" {...control} {...register('email')} />}
 *   </Field>
 *
 * This is the only wiring (`npm run lint` refuses a control wired by hand). `id` names the
 * control when a test or a link needs a stable one; without it the field makes its own.
 */
function Field({
  id: givenId,
  label,
  error,
  hint,
  className,
  children,
}: {
  id?: string
  label: React.ReactNode
  error?: string
  hint?: React.ReactNode
  className?: string
  children: (control: FieldControlProps) => React.ReactNode
}) {
  const generated = React.useId()
  const id = givenId ?? `field-${generated.replace(/:/g, '')}`
  const hintId = `${id}-hint`
  const control: FieldControlProps = {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : hint ? hintId : undefined,
  }
  return (
    <div data-slot="field" className={cn('grid content-start gap-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      {children(control)}
      {hint && !error && (
        <p id={hintId} className="text-sm text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  )
}

export { Field }
