/**
 * The route-ownership map: which deployable renders which path. The shell builds its
 * router from this list and each remote builds its <Routes> from its own slice of it,
 * so a path is declared exactly once.
 */
export const REMOTE_NAMES = ['storefront', 'resources-app', 'puzzle-app', 'admin-app'] as const
export type RemoteName = (typeof REMOTE_NAMES)[number]

/** Federation container names must be valid JS identifiers: `resources-app` → `resources_app`. */
export const federationName = (remote: RemoteName | 'shell') => remote.replace(/-/g, '_')

/**
 * Who may open a route. The shell sends signed-out visitors of non-public routes to
 * /auth?redirect=…, and signed-in visitors without the role back home with "Access Denied".
 * The API checks the same rules on every request; this only spares people a dead end.
 * `staff` is admins and editors.
 */
export type RouteAccess = 'public' | 'user' | 'staff' | 'admin'

export type RouteDef = {
  path: string
  remote: RemoteName
  /** Document title and, until the page is built, its heading. */
  title: string
  access: RouteAccess
}

const route = (
  path: string,
  remote: RemoteName,
  title: string,
  access: RouteAccess = 'public',
): RouteDef => ({
  path,
  remote,
  title,
  access,
})

export const ROUTES: readonly RouteDef[] = [
  route('/', 'storefront', 'Home'),
  route('/experiences', 'storefront', 'Experiences'),
  // One page per product from the catalogue (issue 31); the Scroll's stays /scroll-of-antioch (spec).
  route('/experiences/:productSlug', 'storefront', 'Experience'),
  route('/about', 'storefront', 'About Us'),
  route('/shop', 'storefront', 'Shop'),
  // The cart (issue 32) and its checkout; "cart" is a reserved product slug (decision 056).
  route('/cart', 'storefront', 'Your Cart'),
  route('/checkout/cart', 'storefront', 'Checkout'),
  route('/checkout/:productSlug', 'storefront', 'Checkout'),
  route('/checkout', 'storefront', 'Order Confirmed'),
  route('/purchase-success', 'storefront', 'Purchase Successful'),
  route('/gift-cards', 'storefront', 'Gift Cards'),
  route('/faq', 'storefront', 'Frequently Asked Questions'),
  route('/contact', 'storefront', 'Contact Us'),
  route('/scroll-of-antioch', 'storefront', 'The Scroll of Antioch'),
  // Not in the spec (its footer links are dead `#`s): the terms a buyer looks for before paying.
  route('/account', 'storefront', 'My Account', 'user'),
  route('/shipping', 'storefront', 'Shipping Info'),
  // A guest's order without an account (issue 35): the lookup mails a link to the status page.
  route('/orders/lookup', 'storefront', 'Find your order'),
  route('/orders/status', 'storefront', 'Your order'),
  route('/returns', 'storefront', 'Returns'),
  route('/privacy', 'storefront', 'Privacy Policy'),
  route('/puzzle-portal', 'puzzle-app', 'Puzzle Portal'),
  // Every other box's portal (issue 36); /puzzle-portal stays the Scroll's, as the spec has it.
  route('/puzzle-portal/:productSlug', 'puzzle-app', 'Puzzle Portal'),
  route('/puzzle/:productSlug', 'puzzle-app', 'Puzzle', 'user'),
  route('/resources', 'resources-app', 'Free Resources'),
  route('/resources/item/:slug', 'resources-app', 'Resource'),
  route('/resources/print/:slug', 'resources-app', 'Print View'),
  route('/resources/:categorySlug', 'resources-app', 'Resource Category'),
  route('/kids-activities-colouring/bible-verses', 'resources-app', 'Bible Verses Colouring Pages'),
  route('/kids-activities-colouring/faith-coloring-pages', 'resources-app', 'Faith Coloring Pages'),
  route('/kids-activities-colouring/noahs-ark-coloring-pages', 'resources-app', "Noah's Ark Coloring Pages"),
  route('/admin', 'admin-app', 'Admin Dashboard', 'staff'),
  route('/admin/orders', 'admin-app', 'Orders', 'admin'),
  route('/admin/orders/:id', 'admin-app', 'Order Details', 'admin'),
  // What to pack and ship (issue 35).
  route('/admin/fulfilment', 'admin-app', 'Fulfilment', 'admin'),
  route('/admin/insights', 'admin-app', 'Insights', 'admin'),
  route('/admin/products', 'admin-app', 'Products', 'admin'),
  route('/admin/products/new', 'admin-app', 'New Product', 'admin'),
  route('/admin/products/:id', 'admin-app', 'Edit Product', 'admin'),
  route('/admin/shipping', 'admin-app', 'Shipping Rates', 'admin'),
  route('/admin/discounts', 'admin-app', 'Discount codes', 'admin'),
  route('/admin/gift-cards', 'admin-app', 'Gift cards', 'admin'),
  route('/admin/subscribers', 'admin-app', 'Subscribers', 'admin'),
  route('/admin/puzzles', 'admin-app', 'Puzzles', 'admin'),
  route('/admin/puzzles/:productId', 'admin-app', 'Puzzle', 'admin'),
  route('/admin/resources/new', 'admin-app', 'New Resource', 'staff'),
  route('/admin/resources/:id/edit', 'admin-app', 'Edit Resource', 'staff'),
  // For developers: which release of each remote the site loads (decision 012).
  route('/admin/deployments', 'admin-app', 'Deployments', 'admin'),
]

/** Paths the shell renders itself. */
export const SHELL_ROUTES = ['/auth', '/auth/reset-password', '/auth/verify-email'] as const

export function routesOf(remote: RemoteName): RouteDef[] {
  return ROUTES.filter((r) => r.remote === remote)
}

export type RouteMatch = { route: RouteDef; params: Record<string, string> }

/**
 * Finds the owner of a pathname. Static segments beat parameters, so
 * `/resources/item/x` goes to the item page, not to a category called "item".
 */
export function matchRoute(pathname: string, routes: readonly RouteDef[] = ROUTES): RouteMatch | null {
  const parts = splitPath(pathname)
  let best: { match: RouteMatch; score: number } | null = null
  for (const r of routes) {
    const pattern = splitPath(r.path)
    if (pattern.length !== parts.length) continue
    const params: Record<string, string> = {}
    let score = 0
    let ok = true
    for (let i = 0; i < pattern.length; i++) {
      const seg = pattern[i] as string
      const part = parts[i] as string
      if (seg.startsWith(':')) {
        params[seg.slice(1)] = safeDecode(part)
      } else if (seg === part) {
        score += 1
      } else {
        ok = false
        break
      }
    }
    if (ok && (!best || score > best.score)) best = { match: { route: r, params }, score }
  }
  return best?.match ?? null
}

function splitPath(pathname: string): string[] {
  return pathname.split('/').filter(Boolean)
}

function safeDecode(part: string): string {
  try {
    return decodeURIComponent(part)
  } catch {
    return part
  }
}

/**
 * A concrete URL for a route pattern, for links in the harness and for tests: slugs of the
 * seeded catalogue, so the example pages show real content.
 */
export function examplePath(pattern: string): string {
  return pattern
    .replace(':productSlug', 'scroll-of-antioch')
    .replace(':categorySlug', 'teaching-resources')
    .replace(':slug', 'creation-week-colouring-book')
    .replace(/:[A-Za-z]+/g, 'example')
}

/**
 * The Experiences menu of the header and the mobile drawer (spec, Layout): the spec's six
 * boxes, each to its own page (the Scroll's is /scroll-of-antioch). Kept here rather than read
 * from the catalogue (decision 049): the menu is the shell's, on every page and in its first
 * load; "All Experiences" above it leads to the list the database keeps. The seed's test
 * checks each link names a product the seed makes.
 */
export const EXPERIENCE_LINKS = [
  { label: "Pilgrim's Cipher", href: '/experiences/pilgrims-cipher' },
  { label: 'The Scroll of Antioch', href: '/scroll-of-antioch' },
  { label: 'Letters to the Lost', href: '/experiences/letters-to-the-lost' },
  { label: 'Parables Unboxed', href: '/experiences/parables-unboxed' },
  { label: "The Disciple's Toolkit", href: '/experiences/disciples-toolkit' },
  { label: 'Mysteries of the Psalms', href: '/experiences/mysteries-of-the-psalms' },
] as const

export const RESOURCE_CATEGORY_LINKS = [
  { label: 'Kids Activities & Colouring', href: '/resources/kids-activities-colouring' },
  { label: 'Teaching Resources', href: '/resources/teaching-resources' },
  { label: 'Engagement & Reflection', href: '/resources/engagement-reflection' },
  { label: 'Games & Puzzles', href: '/resources/games-puzzles' },
  { label: 'Seasonal & Special', href: '/resources/seasonal-special' },
] as const
export * from './server-render'
