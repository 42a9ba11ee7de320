import { EXPERIENCE_LINKS, RESOURCE_CATEGORY_LINKS } from '@lamplight/routes'
import { useAuth } from '@lamplight/session'
import {
  cn,
  NavigationMenu,
  NavigationMenuContent,
  NavigationMenuItem,
  NavigationMenuLink,
  NavigationMenuList,
  NavigationMenuTrigger,
} from '@lamplight/ui'
import { Link, useLocation } from 'react-router'
import { isCurrent, MAIN_LINKS } from './nav-links'

const linkClass =
  'inline-flex h-9 items-center rounded-md px-3 text-sm font-medium text-foreground/80 transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring'
const currentClass = 'bg-secondary text-secondary-foreground'

function TopLink({ href, label }: { href: string; label: string }) {
  const { pathname } = useLocation()
  const current = isCurrent(pathname, href)
  return (
    <NavigationMenuItem>
      <NavigationMenuLink asChild active={current}>
        <Link
          to={href}
          aria-current={current ? 'page' : undefined}
          className={cn(linkClass, current && currentClass)}
        >
          {label}
        </Link>
      </NavigationMenuLink>
    </NavigationMenuItem>
  )
}

function Dropdown({
  label,
  all,
  items,
}: {
  label: string
  all: { label: string; href: string }
  items: readonly { label: string; href: string }[]
}) {
  const { pathname } = useLocation()
  const current =
    isCurrent(pathname, all.href) || items.some((i) => !i.href.includes('#') && isCurrent(pathname, i.href))
  return (
    <NavigationMenuItem>
      <NavigationMenuTrigger className={cn('h-9 px-3 text-foreground/80', current && currentClass)}>
        {label}
      </NavigationMenuTrigger>
      <NavigationMenuContent className="z-50">
        <ul className="grid w-72 gap-1 p-2">
          {[all, ...items].map((item) => (
            <li key={item.href}>
              <NavigationMenuLink asChild>
                <Link
                  to={item.href}
                  className={cn(
                    'block rounded-md px-3 py-2 text-sm hover:bg-accent hover:text-accent-foreground',
                    item === all && 'font-semibold',
                  )}
                >
                  {item.label}
                </Link>
              </NavigationMenuLink>
            </li>
          ))}
        </ul>
      </NavigationMenuContent>
    </NavigationMenuItem>
  )
}

export function DesktopNav() {
  const { canSeeAdmin } = useAuth()
  return (
    // Each dropdown opens under its own button.
    <NavigationMenu className="hidden lg:flex" aria-label="Main">
      <NavigationMenuList>
        <TopLink {...MAIN_LINKS.home} />
        <Dropdown
          label="Experiences"
          all={{ label: 'All Experiences', href: MAIN_LINKS.experiences.href }}
          items={EXPERIENCE_LINKS}
        />
        <TopLink {...MAIN_LINKS.about} />
        <Dropdown
          label="Resources"
          all={{ label: 'All Resources', href: MAIN_LINKS.resources.href }}
          items={RESOURCE_CATEGORY_LINKS}
        />
        <TopLink {...MAIN_LINKS.shop} />
        <TopLink {...MAIN_LINKS.faq} />
        <TopLink {...MAIN_LINKS.contact} />
        {canSeeAdmin && <TopLink {...MAIN_LINKS.admin} />}
      </NavigationMenuList>
    </NavigationMenu>
  )
}
