import { useRef } from 'react'
import { Outlet } from 'react-router'
import { ScrollRestoration } from '../router/scroll-restoration'
import { SiteFooter } from './site-footer'
import { SiteHeader } from './site-header'
import { useFocusAfterNavigation } from './use-focus-after-navigation'

export function SiteLayout() {
  const main = useRef<HTMLElement>(null)
  useFocusAfterNavigation(main)
  return (
    <div className="flex min-h-screen flex-col bg-background text-foreground">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded-md focus:bg-card focus:px-4 focus:py-2"
      >
        Skip to content
      </a>
      <SiteHeader />
      {/* Focusable from script only (skip link, after navigation); no ring around a whole page.
          At least a screen tall below the header (h-16 and its border), so the footer starts
          below the fold while a remote loads and never paints in view only to be pushed down
          (it was the whole of the pages' layout shift, and their largest paint). */}
      <main id="main" ref={main} tabIndex={-1} className="min-h-[calc(100dvh-4rem-1px)] flex-1 outline-none">
        <Outlet />
      </main>
      <SiteFooter />
      <ScrollRestoration />
    </div>
  )
}
