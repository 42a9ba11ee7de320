import { useNavigationBlocker } from '@lamplight/remote'
import { Button, Dialog, DialogContent, DialogFooter, DialogHead } from '@lamplight/ui'
import { useEffect } from 'react'

/**
 * "Leave without saving?" when unsaved changes would be lost: inside the app (a link, Back)
 * with our own dialog, and on closing or reloading the tab with the browser's own prompt.
 * In-app blocking needs the shell's navigator (`useNavigationBlocker`); elsewhere (the
 * standalone harness, tests in a MemoryRouter) only the tab prompt works.
 */
export function LeaveGuard({ when }: { when: boolean }) {
  useEffect(() => {
    if (!when) return
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault()
      event.returnValue = ''
    }
    window.addEventListener('beforeunload', warn)
    return () => window.removeEventListener('beforeunload', warn)
  }, [when])
  const { block: blocker } = useNavigationBlocker(
    ({ from, location }) => when && from.pathname !== location.pathname,
  )
  const open = blocker.state === 'blocked'
  return (
    <Dialog open={open} onOpenChange={(next) => !next && blocker.reset?.()}>
      <DialogContent>
        <DialogHead title="Leave without saving?">
          Your changes to this resource have not been saved.
        </DialogHead>
        <DialogFooter>
          <Button variant="outline" onClick={() => blocker.reset?.()}>
            Stay and keep editing
          </Button>
          <Button variant="destructive" onClick={() => blocker.proceed?.()}>
            Leave
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
