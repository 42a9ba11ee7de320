import type * as React from 'react'
import { CircleCheckIcon, CircleExclamationPointIcon } from '../icons'
import { Button } from './button'
import { Spinner } from './spinner'

/** A form's submit button: disabled and saying what it is doing while the form is busy. */
function SubmitButton({
  busy,
  busyLabel,
  children,
  className,
  ...props
}: Omit<React.ComponentProps<typeof Button>, 'type'> & { busy: boolean; busyLabel: string }) {
  return (
    <Button
      type="submit"
      className={className}
      disabled={busy || props.disabled}
      aria-busy={busy || undefined}
      {...props}
    >
      {busy ? (
        <>
          <Spinner size="sm" label="" className="text-current" />
          {busyLabel}
        </>
      ) : (
        children
      )}
    </Button>
  )
}

export type Outcome =
  | { kind: 'sent'; text: React.ReactNode }
  | { kind: 'failed'; text: React.ReactNode }
  | null

/**
 * What happened to the last submission, right under the button that sent it: success in a
 * polite live region (present from the start, so it is announced), a refusal as an alert.
 */
function FormOutcome({ outcome, className }: { outcome: Outcome; className?: string }) {
  return (
    <div data-slot="form-outcome" className={className}>
      <div aria-live="polite">
        {outcome?.kind === 'sent' && (
          <p className="flex items-start gap-3 rounded-lg border border-gold/70 bg-accent p-4 text-accent-foreground">
            <CircleCheckIcon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
            <span>{outcome.text}</span>
          </p>
        )}
      </div>
      {outcome?.kind === 'failed' && (
        <p
          role="alert"
          className="flex items-start gap-3 rounded-lg border border-destructive/40 bg-destructive/5 p-4 text-destructive"
        >
          <CircleExclamationPointIcon aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          <span>{outcome.text}</span>
        </p>
      )}
    </div>
  )
}

/**
 * A form that sends itself through its `onSubmit` (fetch), validating with its own messages.
 * Submitted before the page has hydrated (a slow phone, a script that failed) or with scripts
 * off, the browser sends it instead, by default as a GET with every field in the address: a
 * password in the history, the server's logs and the next page's Referer. This one posts to
 * its page, which loads again (serve-apps answers 303), so no field ever lands in a URL.
 */
function Form({ method = 'post', noValidate = true, ...props }: React.ComponentProps<'form'>) {
  return <form method={method} noValidate={noValidate} {...props} />
}

export { Form, FormOutcome, SubmitButton }
