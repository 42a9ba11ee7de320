/** The main navigation's top-level links (spec, Layout). Dropdown items come from the route map's package. */
export const MAIN_LINKS = {
  home: { label: 'Home', href: '/' },
  experiences: { label: 'Experiences', href: '/experiences' },
  about: { label: 'About', href: '/about' },
  resources: { label: 'Resources', href: '/resources' },
  shop: { label: 'Shop', href: '/shop' },
  // Not a top-level link of the spec's header: in the phone menu and the footer, since the
  // plans sit at the foot of a long shop page.
  plans: { label: 'Monthly Plans', href: '/shop#plans' },
  faq: { label: 'FAQ', href: '/faq' },
  contact: { label: 'Contact', href: '/contact' },
  admin: { label: 'Admin', href: '/admin' },
} as const

/** A link is current when the path is it, or (for sections) lies under it. */
export function isCurrent(pathname: string, href: string): boolean {
  const path = href.split('#')[0] ?? href
  if (path === '/') return pathname === '/'
  return pathname === path || pathname.startsWith(`${path}/`)
}
