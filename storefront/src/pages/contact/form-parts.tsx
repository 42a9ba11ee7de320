import { formatCount } from '@lamplight/contracts'
import { FormOutcome, Input, type Outcome, SubmitButton } from '@lamplight/ui'
import type { ComponentProps, ReactNode } from 'react'

/** "120 / 5,000": how much room is left in a long field. */
export function CharacterCount({ id, length, max }: { id: string; length: number; max: number }) {
  const over = length > max
  return (
    <p
      id={id}
      className={over ? 'text-right text-destructive text-xs' : 'text-right text-muted-foreground text-xs'}
    >
      {formatCount(length)} / {formatCount(max)} characters
    </p>
  )
}

/** An email address field: the keyboard, the autofill and the browser's check of one. */
export function EmailInput(props: ComponentProps<typeof Input>) {
  return <Input type="email" autoComplete="email" inputMode="email" {...props} />
}

/** A contact form's large send button and, under it, how the send went. */
export function SendRow({
  busy,
  outcome,
  children,
}: {
  busy: boolean
  outcome: Outcome
  children: ReactNode
}) {
  return (
    <div className="grid gap-4">
      <div>
        <SubmitButton size="lg" className="w-full sm:w-auto" busy={busy} busyLabel="Sending…">
          {children}
        </SubmitButton>
      </div>
      <FormOutcome outcome={outcome} />
    </div>
  )
}
