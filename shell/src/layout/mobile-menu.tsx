import { Button } from '@lamplight/ui'
import { MenuIcon } from '@lamplight/ui/icons'
import { lazy, Suspense, useRef, useState } from 'react'

const loadDrawer = () => import('./mobile-menu-drawer')
const MobileMenuDrawer = lazy(() => loadDrawer().then((m) => ({ default: m.MobileMenuDrawer })))

/**
 * The phone menu: a bottom drawer with the spec's links (plus Resources, which phones need
 * too). Only the button is part of the first load; the drawer's code is fetched when a
 * finger or pointer comes near the button (and at the latest on the press), so a page
 * that is only read never downloads it.
 */
export function MobileMenu() {
  const [open, setOpen] = useState(false)
  const [wanted, setWanted] = useState(false)
  const trigger = useRef<HTMLButtonElement>(null)
  const prefetch = () => {
    void loadDrawer()
  }

  return (
    <>
      <Button
        ref={trigger}
        variant="ghost"
        size="icon"
        className="size-11 lg:hidden"
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        data-state={open ? 'open' : 'closed'}
        onPointerEnter={prefetch}
        onTouchStart={prefetch}
        onFocus={prefetch}
        onClick={() => {
          setWanted(true)
          setOpen(true)
        }}
      >
        <MenuIcon aria-hidden className="size-6" />
      </Button>
      {wanted && (
        <Suspense fallback={null}>
          <MobileMenuDrawer open={open} onOpenChange={setOpen} trigger={trigger} />
        </Suspense>
      )}
    </>
  )
}
