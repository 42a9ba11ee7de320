import { Button, Dialog, DialogClose, DialogContent, DialogFooter, DialogHead, Spinner } from '@lamplight/ui'
import { type ReactNode, useEffect, useRef, useState } from 'react'

/**
 * "Are you sure?" for an action that changes something for real. The confirm button acts
 * once: from the first click it is disabled (a ref guards the clicks before React renders
 * it so) until `onConfirm` fails, which allows another try, or the dialog is opened again.
 * A success keeps it shut while the dialog closes, so a second click landing during the
 * closing animation sends nothing. `onConfirm` answers whether it succeeded (a
 * `useExclusiveMutation`'s `run`); `false` for "nothing was done".
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  destructive,
  busy,
  onConfirm,
  children,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: string
  description: ReactNode
  confirmLabel: string
  destructive?: boolean
  busy?: boolean
  onConfirm: () => Promise<boolean> | boolean
  children?: ReactNode
}) {
  const acting = useRef(false)
  const [state, setState] = useState<'idle' | 'running' | 'done'>('idle')
  useEffect(() => {
    if (open) {
      acting.current = false
      setState('idle')
    }
  }, [open])
  const running = busy || state === 'running'

  async function confirm() {
    if (acting.current || busy) return
    acting.current = true
    setState('running')
    let ok = false
    try {
      ok = await onConfirm()
    } finally {
      if (!ok) acting.current = false
      setState(ok ? 'done' : 'idle')
    }
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !running && onOpenChange(next)}>
      <DialogContent>
        <DialogHead title={title}>{description}</DialogHead>
        {children}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={running}>
              Cancel
            </Button>
          </DialogClose>
          <Button
            variant={destructive ? 'destructive' : 'default'}
            disabled={running || state === 'done'}
            aria-busy={running || undefined}
            onClick={confirm}
          >
            {running && <Spinner size="sm" label="Working" />}
            {confirmLabel}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
