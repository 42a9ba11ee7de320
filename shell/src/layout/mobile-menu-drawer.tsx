import { EXPERIENCE_LINKS, RESOURCE_CATEGORY_LINKS } from '@lamplight/routes'
import { useAuth } from '@lamplight/session'
import {
  Button,
  cn,
  Drawer,
  DrawerClose,
  DrawerContent,
  DrawerDescription,
  DrawerHeader,
  DrawerTitle,
} from '@lamplight/ui'
import { XIcon } from '@lamplight/ui/icons'
import { type RefObject, useId } from 'react'
import { Link, useLocation } from 'react-router'
import { AuthSlot } from './auth-slot'
import { isCurrent, MAIN_LINKS } from './nav-links'

/**
 * The phone menu's drawer (vaul and Radix's dialog, about 15 KB gzip): loaded the first time
 * someone reaches for the menu button, never on a page's first load (mobile-menu.tsx).
 * It is a modal dialog: opening it moves focus in (to Close), Tab stays inside, and
 * closing it puts focus back on the menu button. The account action comes first, not
 * after twenty links, then Shop, Experiences and Resources, within the first screen.
 */
export function MobileMenuDrawer({
  open,
  onOpenChange,
  trigger,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  trigger: RefObject<HTMLButtonElement | null>
}) {
  const { canSeeAdmin } = useAuth()
  const close = () => onOpenChange(false)

  return (
    <Drawer open={open} onOpenChange={onOpenChange} autoFocus>
      <DrawerContent
        onCloseAutoFocus={(event) => {
          // Focus goes back to the menu button without scrolling: a plain focus() would stop
          // the page's smooth scroll to the card a link in the menu just asked for.
          event.preventDefault()
          trigger.current?.focus({ preventScroll: true })
        }}
      >
        <DrawerHeader className="flex-row items-center justify-between gap-3 py-2 text-left">
          <DrawerTitle>Menu</DrawerTitle>
          <DrawerDescription className="sr-only">Site navigation</DrawerDescription>
          <DrawerClose asChild>
            <Button variant="ghost" size="icon" className="size-11" aria-label="Close menu">
              <XIcon aria-hidden className="size-5" />
            </Button>
          </DrawerClose>
        </DrawerHeader>
        <div className="border-b border-border px-4 pb-3 [&_a]:h-11 [&_a]:w-full [&_button]:h-11 [&>div]:justify-between">
          <AuthSlot onNavigate={close} />
        </div>
        <nav aria-label="Mobile" className="max-h-[60dvh] overflow-y-auto px-4 pt-2 pb-6">
          <ul className="flex flex-col gap-1">
            {/* What people come for first (Shop, the boxes, the library), the rest after. */}
            <DrawerLink {...MAIN_LINKS.shop} onNavigate={close} />
            <DrawerLink label="All Experiences" href={MAIN_LINKS.experiences.href} onNavigate={close} />
            <DrawerLink label="All Resources" href={MAIN_LINKS.resources.href} onNavigate={close} />
            <DrawerLink {...MAIN_LINKS.plans} onNavigate={close} />
            <SubLinks heading="Experiences" items={EXPERIENCE_LINKS} onNavigate={close} />
            <SubLinks heading="Resource categories" items={RESOURCE_CATEGORY_LINKS} onNavigate={close} />
            <DrawerLink {...MAIN_LINKS.home} onNavigate={close} />
            <DrawerLink {...MAIN_LINKS.about} onNavigate={close} />
            <DrawerLink {...MAIN_LINKS.faq} onNavigate={close} />
            <DrawerLink {...MAIN_LINKS.contact} onNavigate={close} />
            {canSeeAdmin && <DrawerLink {...MAIN_LINKS.admin} onNavigate={close} />}
          </ul>
        </nav>
      </DrawerContent>
    </Drawer>
  )
}

function DrawerLink({ label, href, onNavigate }: { label: string; href: string; onNavigate: () => void }) {
  const { pathname } = useLocation()
  const current = isCurrent(pathname, href)
  return (
    <li>
      <Link
        to={href}
        onClick={onNavigate}
        aria-current={current ? 'page' : undefined}
        className={cn(
          'flex min-h-11 items-center rounded-md px-3 text-base font-medium hover:bg-accent',
          current && 'bg-secondary text-secondary-foreground',
        )}
      >
        {label}
      </Link>
    </li>
  )
}

function SubLinks({
  heading,
  items,
  onNavigate,
}: {
  heading: string
  items: readonly { label: string; href: string }[]
  onNavigate: () => void
}) {
  const id = useId()
  return (
    <li className="mt-2">
      <p id={id} className="px-3 pb-1 font-semibold text-muted-foreground text-xs uppercase tracking-wide">
        {heading}
      </p>
      <ul aria-labelledby={id} className="mb-1 ml-3 flex flex-col border-l border-border pl-3">
        {items.map((item) => (
          <li key={item.href}>
            <Link
              to={item.href}
              onClick={onNavigate}
              className="flex min-h-10 items-center rounded-md px-3 text-sm text-muted-foreground hover:bg-accent hover:text-foreground"
            >
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </li>
  )
}
