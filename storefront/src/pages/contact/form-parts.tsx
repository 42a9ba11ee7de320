import { Button, Spinner } from '@lamplight/ui'
import { CircleAlert, CircleCheck } from 'lucide-react'
import type { ReactNode } from 'react'

export type Outcome = { kind: 'sent'; text: ReactNode } | { kind: 'failed'; text: string } | null

/**
 * What happened to the last submission, right under the button that sent it: thanks in a
 * polite live region (present from the start, so it is announced), a refusal as an alert.
 */
export function FormOutcome({ outcome }: { outcome: Outcome }) {
  return (
    <>
      <div aria-live="polite">
        {outcome?.kind === 'sent' && (
          <p className="flex items-start gap-3 rounded-lg border border-gold/70 bg-accent p-4 text-accent-foreground">
            <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
            <span>{outcome.text}</span>
          </p>
        )}
      </div>
      {outcome?.kind === 'failed' && (
        <p
          role="alert"
          className="flex items-start gap-3 rounded-lg border border-destructive/40 bg-destructive/5 p-4 text-destructive"
        >
          <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          <span>{outcome.text}</span>
        </p>
      )}
    </>
  )
}

export function SubmitButton({
  busy,
  busyLabel,
  children,
}: {
  busy: boolean
  busyLabel: string
  children: ReactNode
}) {
  return (
    <Button
      type="submit"
      size="lg"
      className="w-full sm:w-auto"
      disabled={busy}
      aria-busy={busy || undefined}
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

/** "120 / 5,000": how much room is left in a long field. */
export function CharacterCount({ id, length, max }: { id: string; length: number; max: number }) {
  const over = length > max
  return (
    <p
      id={id}
      className={over ? 'text-right text-destructive text-xs' : 'text-right text-muted-foreground text-xs'}
    >
      {length.toLocaleString('en-US')} / {max.toLocaleString('en-US')} characters
    </p>
  )
}
