/** Business constants of the specification's section 9, in one place for the API and every app. */

export const CURRENCY = 'usd'

/** Milliseconds in a (UTC) day: the dates of subscriptions, gifts, discounts and reports step by it. */
export const DAY_MS = 86_400_000

/** Free shipping on US orders over this amount; standard delivery time. */
export const FREE_SHIPPING_THRESHOLD_CENTS = 3500
export const STANDARD_DELIVERY = '3-5 business days'
/**
 * The two parts of STANDARD_DELIVERY, for the confirmation's timeline and the plan mail: every
 * place that says how long shipping takes reads these three, so none disagrees (issue 32).
 */
export const PROCESSING_TIME = '1-2 business days'
export const TRANSIT_TIME = '2-3 business days'
/** Days after delivery in which an unhappy buyer gets a replacement or a refund (spec, FAQ facts). */
export const SATISFACTION_WINDOW_DAYS = 30

export const GIFT_CARD_AMOUNTS_CENTS = [2500, 5000, 10000] as const

export const ADMIN_ORDERS_PAGE_SIZE = 25
export const ADMIN_ORDERS_MAX_PAGE_LINKS = 5
export const FEATURED_RESOURCES_LIMIT = 6

/** Resources whose slug starts with one of these appear only in the colouring galleries. */
export const GALLERY_PREFIXES = {
  bibleVerses: 'bible-verses-',
  faithColoring: 'faith-coloring-',
  noahsArk: 'noahs-ark-',
} as const
// Pure: a page that imports these constants and not this list carries no call for it.
export const GALLERY_SLUG_PREFIXES = /* @__PURE__ */ Object.values(GALLERY_PREFIXES)

export const COLOURING_CATEGORY_SLUG = 'kids-activities-colouring'

export const SCROLL_FRAGMENT_COUNT = 5
export const HINTS_PER_FRAGMENT = 3

export const PRODUCT_SLUG_SCROLL = 'scroll-of-antioch'

// The catalogue's words, here with no schema beside them: the shop's category filters read
// them, and a public page must not load zod (decision 021).
export const PRODUCT_CATEGORIES = ['mystery', 'devotional', 'history'] as const
export type ProductCategory = (typeof PRODUCT_CATEGORIES)[number]
export const PRODUCT_STATUSES = ['draft', 'coming_soon', 'on_sale', 'sold_out'] as const
export type ProductStatus = (typeof PRODUCT_STATUSES)[number]
/** What a visitor is told: the owner's status, sold out too when counted stock reached 0. */
export type ProductAvailability = Exclude<ProductStatus, 'draft'>

/**
 * Where a product's scroll portal is played: the spec's /puzzle-portal is the Scroll's. Here,
 * with no schema beside it, so a public page can link to it without loading zod.
 */
export const portalPathOf = (productSlug: string) =>
  productSlug === PRODUCT_SLUG_SCROLL ? '/puzzle-portal' : `/puzzle-portal/${productSlug}`

/**
 * A product's own page: the spec's /scroll-of-antioch is the Scroll's (its sales page), every
 * other box has the generic page at /experiences/:slug. No schema beside it, like portalPathOf.
 */
export const productPathOf = (productSlug: string) =>
  productSlug === PRODUCT_SLUG_SCROLL ? '/scroll-of-antioch' : `/experiences/${productSlug}`

/** Field limits of the contact and prayer forms: the storefront shows them, the API enforces them. */
export const CONTACT_LIMITS = {
  name: 100,
  email: 254,
  subject: 200,
  message: 5000,
  request: 5000,
} as const
