import { Button, Spinner } from '@lamplight/ui'
import type { ReactNode } from 'react'

/** A full-width submit button that shows progress while the form is being sent. */
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
    <Button type="submit" className="w-full" disabled={busy} aria-busy={busy}>
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
