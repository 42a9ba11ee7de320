import type { ProductAvailability, ProductCategory } from '@lamplight/contracts'

export const CATEGORY_LABELS: Record<ProductCategory, string> = {
  mystery: 'Mystery',
  devotional: 'Devotional',
  history: 'History',
}

/** What a card or page says about a box that cannot be bought now. */
export const AVAILABILITY_LABELS: Record<ProductAvailability, string> = {
  on_sale: 'On sale',
  coming_soon: 'Coming Soon',
  sold_out: 'Sold Out',
}
