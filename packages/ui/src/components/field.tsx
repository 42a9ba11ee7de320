import type * as React from 'react'
import { cn } from '../lib/cn'
import { Label } from './label'

/**
 * A labelled form control with its error message. The control must carry `id={id}`;
 * pass `aria-invalid` and `aria-describedby={errorId(id)}` to it when `error` is set
 * (`fieldProps` does both).
 */
function Field({
  id,
  label,
  error,
  hint,
  className,
  children,
}: {
  id: string
  label: React.ReactNode
  error?: string
  hint?: React.ReactNode
  className?: string
  children: React.ReactNode
}) {
  return (
    <div data-slot="field" className={cn('grid gap-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint && !error && <p className="text-sm text-muted-foreground">{hint}</p>}
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
function fieldProps(id: string, error?: string) {
  return { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? errorId(id) : undefined }
}

export { Field, fieldProps }
