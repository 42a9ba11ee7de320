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
 * (Passing `id` and plain children, with `fieldProps(id, error)` on the control, still works.)
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
  children: React.ReactNode | ((control: FieldControlProps) => React.ReactNode)
}) {
  const generated = React.useId()
  const id = givenId ?? `field-${generated.replace(/:/g, '')}`
  const hintId = `${id}-hint`
  const control = fieldProps(id, error)
  if (hint && !error) control['aria-describedby'] = hintId
  return (
    <div data-slot="field" className={cn('grid content-start gap-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      {typeof children === 'function' ? children(control) : children}
      {hint && !error && (
        <p id={hintId} className="text-sm text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId(id)} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  )
}

const errorId = (id: string) => `${id}-error`

/** The accessibility attributes a control needs for its field's error. */
function fieldProps(id: string, error?: string): FieldControlProps {
  return { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? errorId(id) : undefined }
}

export { Field, fieldProps }
