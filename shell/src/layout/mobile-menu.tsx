import { EXPERIENCE_LINKS, RESOURCE_CATEGORY_LINKS } from '@lamplight/config/routes'
import { useAuth } from '@lamplight/session'
import {
  Button,
  cn,
  Drawer,
  DrawerContent,
  DrawerDescription,
  DrawerHeader,
  DrawerTitle,
  DrawerTrigger,
} from '@lamplight/ui'
import { Menu } from 'lucide-react'
import { useState } from 'react'
import { Link, useLocation } from 'react-router'
import { AuthSlot } from './auth-slot'
import { isCurrent, MAIN_LINKS } from './nav-links'

/** The phone menu: a bottom drawer with the spec's links (plus Resources, which phones need too). */
export function MobileMenu() {
  const [open, setOpen] = useState(false)
  const { canSeeAdmin } = useAuth()
  const close = () => setOpen(false)

  return (
    <Drawer open={open} onOpenChange={setOpen}>
      <DrawerTrigger asChild>
        <Button variant="ghost" size="icon" className="lg:hidden" aria-label="Open menu">
          <Menu aria-hidden className="size-6" />
        </Button>
      </DrawerTrigger>
      <DrawerContent>
        <DrawerHeader>
          <DrawerTitle>Menu</DrawerTitle>
          <DrawerDescription className="sr-only">Site navigation</DrawerDescription>
        </DrawerHeader>
        <nav aria-label="Mobile" className="max-h-[70vh] overflow-y-auto px-4 pb-6">
          <ul className="flex flex-col gap-1">
            <DrawerLink {...MAIN_LINKS.home} onNavigate={close} />
            <DrawerLink label="All Experiences" href={MAIN_LINKS.experiences.href} onNavigate={close} />
            <SubLinks items={EXPERIENCE_LINKS} onNavigate={close} />
            <DrawerLink {...MAIN_LINKS.about} onNavigate={close} />
            <DrawerLink label="All Resources" href={MAIN_LINKS.resources.href} onNavigate={close} />
            <SubLinks items={RESOURCE_CATEGORY_LINKS} onNavigate={close} />
            <DrawerLink {...MAIN_LINKS.shop} onNavigate={close} />
            <DrawerLink {...MAIN_LINKS.faq} onNavigate={close} />
            <DrawerLink {...MAIN_LINKS.contact} onNavigate={close} />
            {canSeeAdmin && <DrawerLink {...MAIN_LINKS.admin} onNavigate={close} />}
          </ul>
          <div className="mt-4 border-t border-border pt-4">
            <AuthSlot onNavigate={close} />
          </div>
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
          'block rounded-md px-3 py-2.5 text-base font-medium hover:bg-accent',
          current && 'bg-secondary text-secondary-foreground',
        )}
      >
        {label}
      </Link>
    </li>
  )
}

function SubLinks({
  items,
  onNavigate,
}: {
  items: readonly { label: string; href: string }[]
  onNavigate: () => void
}) {
  return (
    <li>
      <ul className="mb-1 ml-3 flex flex-col border-l border-border pl-3">
        {items.map((item) => (
          <li key={item.href}>
            <Link
              to={item.href}
              onClick={onNavigate}
              className="block rounded-md px-3 py-2 text-sm text-muted-foreground hover:bg-accent hover:text-foreground"
            >
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </li>
  )
}
