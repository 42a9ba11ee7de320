import { Logo } from '@lamplight/ui'
import { Link } from 'react-router'
import { AccountLink } from './account-link'
import { AuthSlot } from './auth-slot'
import { CartLink } from './cart-link'
import { DesktopNav } from './desktop-nav'
import { MobileMenu } from './mobile-menu'

export function SiteHeader() {
  return (
    <header
      data-print-hidden
      className="sticky top-0 z-40 border-b border-border/70 bg-background/90 backdrop-blur supports-[backdrop-filter]:bg-background/75"
    >
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4 sm:px-6 lg:px-8">
        <Link to="/" className="shrink-0 rounded-md text-primary">
          <Logo className="h-9 w-auto" withWordmark />
        </Link>
        <DesktopNav />
        <div className="ml-auto flex items-center gap-1 lg:gap-2">
          <div className="hidden lg:flex">
            <AuthSlot />
          </div>
          <CartLink />
          <AccountLink />
          <MobileMenu />
        </div>
      </div>
    </header>
  )
}
