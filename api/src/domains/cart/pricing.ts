import { CART_MESSAGES, type CartLine, MAX_CART_QUANTITY } from '@lamplight/contracts'

/**
 * The cart's and the checkout's arithmetic, pure: the same function prices a cart read and
 * the order a checkout creates, from the database's products (never the client's numbers).
 */
export type PricedProduct = {
  id: string
  slug: string
  name: string
  priceCents: number
  status: string
  stock: number | null
  imageUrl: string | null
  tiers: { minQuantity: number; unitPriceCents: number }[]
}

export type PricedLine = CartLine & { productId: string }

/** The tier a quantity reaches: the highest minimum at or under it that lowers the price. */
export function tierFor(product: Pick<PricedProduct, 'priceCents' | 'tiers'>, quantity: number) {
  let best: PricedProduct['tiers'][number] | null = null
  for (const t of product.tiers)
    if (
      t.minQuantity <= quantity &&
      t.unitPriceCents < product.priceCents &&
      (!best || t.minQuantity > best.minQuantity)
    )
      best = t
  return best
}

export function priceLine(product: PricedProduct, quantity: number): PricedLine {
  const sold = product.status === 'on_sale' || product.status === 'sold_out'
  const left = product.stock ?? MAX_CART_QUANTITY
  const onSale = product.status === 'on_sale' && left > 0
  const maxQuantity = Math.max(0, Math.min(MAX_CART_QUANTITY, left))
  const available = onSale && quantity <= maxQuantity
  const tier = tierFor(product, quantity)
  const unit = tier?.unitPriceCents ?? product.priceCents
  const next = product.tiers.find((t) => t.minQuantity > quantity && t.unitPriceCents < unit) ?? null
  return {
    productId: product.id,
    productSlug: product.slug,
    productName: product.name,
    imageUrl: product.imageUrl,
    quantity,
    unitPriceCents: unit,
    listUnitPriceCents: product.priceCents,
    lineTotalCents: unit * quantity,
    quantityPrice: tier,
    nextQuantityPrice: next,
    available,
    maxQuantity: onSale ? maxQuantity : 0,
    message: available
      ? null
      : !sold || product.status === 'sold_out'
        ? product.status === 'sold_out'
          ? CART_MESSAGES.stock(0)
          : CART_MESSAGES.notOnSale
        : CART_MESSAGES.stock(maxQuantity),
  }
}

/** Subtotal of the lines that can be bought; discounts are none yet (codes would go here). */
export function sumLines(lines: PricedLine[]) {
  const buyable = lines.filter((l) => l.available)
  return {
    itemCount: lines.reduce((n, l) => n + l.quantity, 0),
    subtotalCents: buyable.reduce((n, l) => n + l.lineTotalCents, 0),
    discountCents: 0,
  }
}

/** A discount code's terms, as pricing needs them (issue 33). */
export type DiscountTerms = {
  kind: 'percent' | 'fixed'
  /** Percent (1-100) or cents. */
  value: number
  /** Only these products' lines, when given; the whole order otherwise. */
  productIds: string[] | null
}

/**
 * What a discount takes off priced lines: a percentage of the lines it applies to (rounded
 * to the cent, half up), or a fixed amount, never more than those lines cost. Shipping is
 * never discounted. 0 when no buyable line is one the code is for.
 */
export function discountOf(lines: PricedLine[], terms: DiscountTerms): number {
  const eligible = lines
    .filter((l) => l.available && (!terms.productIds || terms.productIds.includes(l.productId)))
    .reduce((n, l) => n + l.lineTotalCents, 0)
  if (eligible <= 0) return 0
  const off = terms.kind === 'percent' ? Math.round((eligible * terms.value) / 100) : terms.value
  return Math.min(off, eligible)
}

/**
 * The smallest card payment the provider takes (Stripe: $0.50 in USD). A gift card that
 * would leave less than this to pay by card pays a little less, so the rest can be charged.
 */
export const MIN_CARD_CHARGE_CENTS = 50

/** What a gift card of `balanceCents` pays of `dueCents`: all it can, leaving 0 or at least the minimum. */
export function giftCardShare(dueCents: number, balanceCents: number): number {
  if (balanceCents <= 0 || dueCents <= 0) return 0
  if (balanceCents >= dueCents) return dueCents
  const left = dueCents - balanceCents
  return left >= MIN_CARD_CHARGE_CENTS ? balanceCents : Math.max(0, dueCents - MIN_CARD_CHARGE_CENTS)
}
