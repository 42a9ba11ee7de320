import { Slot } from '@radix-ui/react-slot'
import { cva } from 'class-variance-authority'
import {
  type ComponentProps,
  createContext,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
  type ReactNode,
  type RefObject,
  useCallback,
  useContext,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react'
import { ChevronDownIcon } from '../icons'
import { cn } from '../lib/cn'

/**
 * A site's main navigation: top-level links and dropdowns of links, following the WAI-ARIA
 * disclosure navigation pattern (a button with `aria-expanded` shows its list of links).
 *
 * Our own, not Radix's NavigationMenu: the header is on every first page load, and Radix's
 * menu brought 12 KB gzip of collection, dismissable-layer and presence code (decision 021)
 * for what a disclosure does. What it keeps from it: one dropdown open at a time, opening
 * on hover after `delayDuration` (at once for `skipDelayDuration` after another closed),
 * closing 150 ms after the pointer leaves, on Escape (focus back on the button), on a click
 * or focus outside, and when a link inside is followed. One thing more: a click that lands
 * just after the pointer opened the dropdown does not toggle it shut again.
 */

const CLOSE_DELAY_MS = 150
/**
 * A click this soon after the pointer opened a dropdown was aimed at a closed button (the
 * pointer got there first, at once when the skip delay applies): it keeps the dropdown open
 * instead of toggling it shut under the user's click.
 */
const HOVER_CLICK_GUARD_MS = 300

type MenuContextValue = {
  open: string | null
  setOpen: (value: string | null) => void
  hoverOpen: (value: string) => void
  hoverLeave: () => void
  cancelClose: () => void
  /** A click closed this item: hovering it does not reopen it until the pointer leaves. */
  clickClosed: RefObject<string | null>
  /** When the pointer last opened a dropdown (Date.now), for HOVER_CLICK_GUARD_MS. */
  hoverOpenedAt: RefObject<number>
}

const MenuContext = createContext<MenuContextValue | null>(null)
const ItemContext = createContext<{ value: string; contentId: string } | null>(null)

function useMenu(): MenuContextValue {
  const menu = useContext(MenuContext)
  if (!menu) throw new Error('NavigationMenu parts must be used inside <NavigationMenu>')
  return menu
}

function useItem() {
  const item = useContext(ItemContext)
  if (!item)
    throw new Error('NavigationMenuTrigger and NavigationMenuContent must be inside <NavigationMenuItem>')
  return item
}

function NavigationMenu({
  className,
  children,
  delayDuration = 200,
  skipDelayDuration = 300,
  ...props
}: ComponentProps<'nav'> & { delayDuration?: number; skipDelayDuration?: number }) {
  const [open, setOpenState] = useState<string | null>(null)
  const nav = useRef<HTMLElement>(null)
  const openTimer = useRef<ReturnType<typeof setTimeout>>(undefined)
  const closeTimer = useRef<ReturnType<typeof setTimeout>>(undefined)
  const skipTimer = useRef<ReturnType<typeof setTimeout>>(undefined)
  const skipDelay = useRef(false)
  /** The dropdown the open timer is counting down for (moving the pointer does not restart it). */
  const pending = useRef<string | null>(null)
  const clickClosed = useRef<string | null>(null)
  const hoverOpenedAt = useRef(0)
  const openRef = useRef(open)
  openRef.current = open

  const setOpen = useCallback(
    (value: string | null) => {
      clearTimeout(openTimer.current)
      clearTimeout(closeTimer.current)
      pending.current = null
      if (value === null && openRef.current !== null) {
        // Just closed: moving on to a neighbour opens it without the delay.
        skipDelay.current = true
        clearTimeout(skipTimer.current)
        skipTimer.current = setTimeout(() => {
          skipDelay.current = false
        }, skipDelayDuration)
      }
      setOpenState(value)
    },
    [skipDelayDuration],
  )

  const menu = useMemo<MenuContextValue>(
    () => ({
      open,
      setOpen,
      clickClosed,
      hoverOpenedAt,
      cancelClose: () => clearTimeout(closeTimer.current),
      hoverOpen: (value) => {
        clearTimeout(closeTimer.current)
        if (openRef.current === value || clickClosed.current === value || pending.current === value) return
        clearTimeout(openTimer.current)
        const openByHover = () => {
          hoverOpenedAt.current = Date.now()
          setOpen(value)
        }
        if (openRef.current !== null || skipDelay.current) openByHover()
        else {
          pending.current = value
          openTimer.current = setTimeout(openByHover, delayDuration)
        }
      },
      hoverLeave: () => {
        clearTimeout(openTimer.current)
        pending.current = null
        clearTimeout(closeTimer.current)
        clickClosed.current = null
        if (openRef.current !== null) closeTimer.current = setTimeout(() => setOpen(null), CLOSE_DELAY_MS)
      },
    }),
    [open, setOpen, delayDuration],
  )

  // A click or tap anywhere else closes the open dropdown.
  useEffect(() => {
    if (open === null) return
    const onPointerDown = (event: globalThis.PointerEvent) => {
      if (!nav.current?.contains(event.target as Node)) setOpen(null)
    }
    document.addEventListener('pointerdown', onPointerDown)
    return () => document.removeEventListener('pointerdown', onPointerDown)
  }, [open, setOpen])

  useEffect(
    () => () => {
      clearTimeout(openTimer.current)
      clearTimeout(closeTimer.current)
      clearTimeout(skipTimer.current)
    },
    [],
  )

  return (
    <MenuContext.Provider value={menu}>
      <nav
        ref={nav}
        data-slot="navigation-menu"
        className={cn(
          'group/navigation-menu relative flex max-w-max flex-1 items-center justify-center',
          className,
        )}
        {...props}
      >
        {children}
      </nav>
    </MenuContext.Provider>
  )
}

function NavigationMenuList({ className, ...props }: ComponentProps<'ul'>) {
  return (
    <ul
      data-slot="navigation-menu-list"
      className={cn('group flex flex-1 list-none items-center justify-center gap-1', className)}
      {...props}
    />
  )
}

function NavigationMenuItem({ className, onKeyDown, onBlur, ...props }: ComponentProps<'li'>) {
  const menu = useMenu()
  const value = useId()
  const item = useMemo(() => ({ value, contentId: `${value}-content` }), [value])
  const isOpen = menu.open === value
  return (
    <ItemContext.Provider value={item}>
      <li
        data-slot="navigation-menu-item"
        className={cn('relative', className)}
        onKeyDown={(event: KeyboardEvent<HTMLLIElement>) => {
          onKeyDown?.(event)
          if (event.key === 'Escape' && isOpen) {
            event.preventDefault()
            menu.setOpen(null)
            event.currentTarget.querySelector<HTMLElement>('[data-slot="navigation-menu-trigger"]')?.focus()
          }
        }}
        onBlur={(event) => {
          onBlur?.(event)
          // Focus moved out of this item (Tab past its last link, or elsewhere): close it.
          if (isOpen && event.relatedTarget && !event.currentTarget.contains(event.relatedTarget as Node))
            menu.setOpen(null)
        }}
        {...props}
      />
    </ItemContext.Provider>
  )
}

const navigationMenuTriggerStyle = cva(
  'group inline-flex h-10 w-max items-center justify-center rounded-md bg-transparent px-4 py-2 font-medium text-sm transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:outline-2 focus-visible:outline-ring focus-visible:outline-offset-2 disabled:pointer-events-none disabled:opacity-50 data-[state=open]:bg-accent/60 data-[state=open]:text-accent-foreground data-[state=open]:hover:bg-accent',
)

function isMouse(event: PointerEvent) {
  return event.pointerType === 'mouse'
}

function NavigationMenuTrigger({ className, children, onClick, ...props }: ComponentProps<'button'>) {
  const menu = useMenu()
  const { value, contentId } = useItem()
  const isOpen = menu.open === value
  return (
    <button
      type="button"
      data-slot="navigation-menu-trigger"
      data-state={isOpen ? 'open' : 'closed'}
      aria-expanded={isOpen}
      aria-controls={isOpen ? contentId : undefined}
      className={cn(navigationMenuTriggerStyle(), 'group', className)}
      onPointerMove={(event) => isMouse(event) && menu.hoverOpen(value)}
      onPointerLeave={(event) => isMouse(event) && menu.hoverLeave()}
      onClick={(event) => {
        onClick?.(event)
        if (isOpen) {
          if (Date.now() - menu.hoverOpenedAt.current < HOVER_CLICK_GUARD_MS) return
          menu.clickClosed.current = value
          menu.setOpen(null)
        } else {
          menu.clickClosed.current = null
          menu.setOpen(value)
        }
      }}
      {...props}
    >
      {children}{' '}
      <ChevronDownIcon
        aria-hidden="true"
        className="relative top-px ml-1 size-3 transition duration-300 group-data-[state=open]:rotate-180"
      />
    </button>
  )
}

/** The dropdown's links, shown under its button while open (not rendered while closed). */
function NavigationMenuContent({ className, ...props }: ComponentProps<'div'>) {
  const menu = useMenu()
  const { value, contentId } = useItem()
  if (menu.open !== value) return null
  return (
    <div
      id={contentId}
      data-slot="navigation-menu-content"
      data-state="open"
      className={cn(
        'absolute top-full left-0 mt-1.5 w-auto animate-zoom-in overflow-hidden rounded-md border bg-popover p-2 text-popover-foreground shadow',
        className,
      )}
      onPointerEnter={(event) => isMouse(event) && menu.cancelClose()}
      onPointerLeave={(event) => isMouse(event) && menu.hoverLeave()}
      {...props}
    />
  )
}

function NavigationMenuLink({
  className,
  asChild,
  active,
  onClick,
  ...props
}: ComponentProps<'a'> & { asChild?: boolean; active?: boolean; children?: ReactNode }) {
  const menu = useContext(MenuContext)
  const Comp = asChild ? Slot : 'a'
  return (
    <Comp
      data-slot="navigation-menu-link"
      data-active={active ? '' : undefined}
      aria-current={active ? 'page' : undefined}
      className={cn(
        "flex flex-col gap-1 rounded-md p-2 text-sm transition-colors hover:bg-accent hover:text-accent-foreground focus:bg-accent focus:text-accent-foreground focus-visible:outline-2 focus-visible:outline-ring focus-visible:-outline-offset-2 data-[active]:bg-accent/60 data-[active]:text-accent-foreground [&_svg:not([class*='size-'])]:size-4 [&_svg:not([class*='text-'])]:text-muted-foreground",
        className,
      )}
      onClick={(event: MouseEvent<HTMLAnchorElement>) => {
        onClick?.(event)
        // Following a link closes the dropdown it was in.
        if (!event.defaultPrevented) menu?.setOpen(null)
      }}
      {...props}
    />
  )
}

export {
  NavigationMenu,
  NavigationMenuContent,
  NavigationMenuItem,
  NavigationMenuLink,
  NavigationMenuList,
  NavigationMenuTrigger,
  navigationMenuTriggerStyle,
}
