import { GIFT_CARD_PRODUCT_SLUG } from '@lamplight/contracts'
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import {
  discountCodeProducts,
  discountCodes,
  discountRedemptions,
  giftCardLedger,
  giftCards,
  orders,
  products,
} from '../../db/schema'

export type DbOrTx = Db | Parameters<Parameters<Db['transaction']>[0]>[0]

// ---- Discount codes ----------------------------------------------------------------------

export async function findDiscountByCode(db: DbOrTx, normalised: string) {
  const [row] = await db.select().from(discountCodes).where(sql`upper(${discountCodes.code}) = ${normalised}`)
  return row ?? null
}

export async function findDiscountById(db: DbOrTx, id: string) {
  const [row] = await db.select().from(discountCodes).where(eq(discountCodes.id, id))
  return row ?? null
}

export async function productIdsOfDiscount(db: DbOrTx, id: string) {
  const rows = await db
    .select({ productId: discountCodeProducts.productId })
    .from(discountCodeProducts)
    .where(eq(discountCodeProducts.discountCodeId, id))
  return rows.map((r) => r.productId)
}

/** Whether this buyer (by email, or by account) holds a live use of a code. */
export async function hasLiveRedemption(
  db: DbOrTx,
  discountCodeId: string,
  buyer: { userId: string | null; email: string | null },
) {
  const who = [
    buyer.email ? sql`lower(${discountRedemptions.email}) = ${buyer.email.toLowerCase()}` : null,
    buyer.userId ? sql`${discountRedemptions.userId} = ${buyer.userId}` : null,
  ].filter((x) => x !== null)
  if (!who.length) return false
  const [row] = await db
    .select({ id: discountRedemptions.id })
    .from(discountRedemptions)
    .where(
      and(
        eq(discountRedemptions.discountCodeId, discountCodeId),
        isNull(discountRedemptions.releasedAt),
        sql`(${sql.join(who, sql` or `)})`,
      ),
    )
    .limit(1)
  return !!row
}

/**
 * Takes one use of a code, if it is active and under its limit: one conditional update,
 * which both drivers serialise on the row, so the limit holds however many checkouts race.
 */
export async function takeDiscountUse(db: DbOrTx, id: string) {
  const [row] = await db
    .update(discountCodes)
    .set({ usedCount: sql`${discountCodes.usedCount} + 1` })
    .where(
      and(
        eq(discountCodes.id, id),
        eq(discountCodes.status, 'active'),
        sql`(${discountCodes.usageLimit} is null or ${discountCodes.usedCount} < ${discountCodes.usageLimit})`,
      ),
    )
    .returning({ id: discountCodes.id })
  return !!row
}

export async function insertRedemption(db: DbOrTx, values: typeof discountRedemptions.$inferInsert) {
  await db.insert(discountRedemptions).values(values)
}

/** Releases an order's live use of a code (once) and gives the use back to the code. */
export async function releaseRedemption(db: DbOrTx, orderId: string) {
  const [released] = await db
    .update(discountRedemptions)
    .set({ releasedAt: new Date() })
    .where(and(eq(discountRedemptions.orderId, orderId), isNull(discountRedemptions.releasedAt)))
    .returning({ discountCodeId: discountRedemptions.discountCodeId })
  if (!released) return false
  await db
    .update(discountCodes)
    .set({ usedCount: sql`greatest(0, ${discountCodes.usedCount} - 1)` })
    .where(eq(discountCodes.id, released.discountCodeId))
  return true
}

/** Every code with its paid orders and what they brought in. */
export async function listDiscountsWithStats(db: DbOrTx) {
  const rows = await db
    .select({
      code: discountCodes,
      paidOrders: sql<number>`count(${orders.id})::int`,
      revenueCents: sql<number>`coalesce(sum(${orders.amountCents} + ${orders.giftCardCents}), 0)::int`,
      discountedCents: sql<number>`coalesce(sum(${discountRedemptions.amountCents}) filter (where ${orders.id} is not null), 0)::int`,
    })
    .from(discountCodes)
    .leftJoin(
      discountRedemptions,
      and(eq(discountRedemptions.discountCodeId, discountCodes.id), isNull(discountRedemptions.releasedAt)),
    )
    .leftJoin(
      orders,
      and(eq(orders.id, discountRedemptions.orderId), inArray(orders.status, ['paid', 'completed'])),
    )
    .groupBy(discountCodes.id)
    .orderBy(desc(discountCodes.createdAt))
  const products = rows.length
    ? await db
        .select()
        .from(discountCodeProducts)
        .where(
          inArray(
            discountCodeProducts.discountCodeId,
            rows.map((r) => r.code.id),
          ),
        )
    : []
  return rows.map((r) => ({
    ...r,
    productIds: products.filter((p) => p.discountCodeId === r.code.id).map((p) => p.productId),
  }))
}

export async function insertDiscount(db: DbOrTx, values: typeof discountCodes.$inferInsert) {
  const [row] = await db.insert(discountCodes).values(values).returning({ id: discountCodes.id })
  return row!.id
}

export async function updateDiscountRow(
  db: DbOrTx,
  id: string,
  values: Partial<typeof discountCodes.$inferInsert>,
) {
  await db
    .update(discountCodes)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(discountCodes.id, id))
}

export async function replaceDiscountProducts(db: DbOrTx, id: string, productIds: string[]) {
  await db.delete(discountCodeProducts).where(eq(discountCodeProducts.discountCodeId, id))
  if (productIds.length)
    await db
      .insert(discountCodeProducts)
      .values([...new Set(productIds)].map((productId) => ({ discountCodeId: id, productId })))
}

// ---- Gift cards --------------------------------------------------------------------------

export async function findGiftCardsByHashes(db: DbOrTx, hashes: string[]) {
  if (!hashes.length) return []
  return db
    .select({
      id: giftCards.id,
      codeHash: giftCards.codeHash,
      last4: giftCards.last4,
      balanceCents: giftCards.balanceCents,
      currency: giftCards.currency,
      status: giftCards.status,
    })
    .from(giftCards)
    .where(inArray(giftCards.codeHash, hashes))
}

/** The card's row, locked for this transaction. */
export async function lockGiftCard(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ id: giftCards.id, balanceCents: giftCards.balanceCents, status: giftCards.status })
    .from(giftCards)
    .where(eq(giftCards.id, id))
    .for('update')
  return row ?? null
}

/** Debits an active card, only if it still holds the amount (the last net is the check constraint). */
export async function debitGiftCard(db: DbOrTx, id: string, amountCents: number) {
  const [row] = await db
    .update(giftCards)
    .set({ balanceCents: sql`${giftCards.balanceCents} - ${amountCents}`, updatedAt: new Date() })
    .where(
      and(
        eq(giftCards.id, id),
        eq(giftCards.status, 'active'),
        sql`${giftCards.balanceCents} >= ${amountCents}`,
      ),
    )
    .returning({ balanceCents: giftCards.balanceCents })
  return row ?? null
}

export async function creditGiftCard(db: DbOrTx, id: string, amountCents: number) {
  await db
    .update(giftCards)
    .set({ balanceCents: sql`${giftCards.balanceCents} + ${amountCents}`, updatedAt: new Date() })
    .where(eq(giftCards.id, id))
}

/** Writes a ledger entry once per (card, order, kind); answers whether it was written now. */
export async function insertLedgerEntry(db: DbOrTx, entry: typeof giftCardLedger.$inferInsert) {
  const [row] = await db
    .insert(giftCardLedger)
    .values(entry)
    .onConflictDoNothing({
      target: [giftCardLedger.giftCardId, giftCardLedger.orderId, giftCardLedger.kind],
      where: sql`${giftCardLedger.orderId} is not null and ${giftCardLedger.kind} in ('debit', 'release', 'refund')`,
    })
    .returning({ id: giftCardLedger.id })
  return !!row
}

/** The debits an order made on gift cards, with whether each was given back already. */
export async function orderGiftCardDebits(db: DbOrTx, orderId: string) {
  return db
    .select({
      giftCardId: giftCardLedger.giftCardId,
      amountCents: sql<number>`-${giftCardLedger.amountCents}`,
    })
    .from(giftCardLedger)
    .where(and(eq(giftCardLedger.orderId, orderId), eq(giftCardLedger.kind, 'debit')))
}

export async function insertGiftCard(db: DbOrTx, values: typeof giftCards.$inferInsert) {
  const [row] = await db.insert(giftCards).values(values).returning()
  return row!
}

export async function listGiftCards(db: DbOrTx, limit = 500) {
  return db.select().from(giftCards).orderBy(desc(giftCards.createdAt), desc(giftCards.id)).limit(limit)
}

export async function findGiftCard(db: DbOrTx, id: string) {
  const [row] = await db.select().from(giftCards).where(eq(giftCards.id, id))
  return row ?? null
}

export async function ledgerOf(db: DbOrTx, giftCardId: string) {
  return db
    .select()
    .from(giftCardLedger)
    .where(eq(giftCardLedger.giftCardId, giftCardId))
    .orderBy(giftCardLedger.createdAt, giftCardLedger.id)
}

export async function setGiftCardStatus(db: DbOrTx, id: string, status: 'active' | 'disabled' | 'pending') {
  const [row] = await db
    .update(giftCards)
    .set({ status, updatedAt: new Date() })
    .where(eq(giftCards.id, id))
    .returning()
  return row ?? null
}

// ---- Gift cards bought ---------------------------------------------------------------------

/**
 * The product a gift card order's line is of (orders need one). A draft, so no catalogue
 * page lists it; made on first use (two first uses at once make one: the unique slug).
 */
export async function ensureGiftCardProduct(db: DbOrTx) {
  await db
    .insert(products)
    .values({
      slug: GIFT_CARD_PRODUCT_SLUG,
      name: 'Lamplight gift card',
      tagline: 'A gift card, sent by email',
      priceCents: 0,
      status: 'draft',
    })
    .onConflictDoNothing({ target: products.slug })
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.slug, GIFT_CARD_PRODUCT_SLUG))
  return row!.id
}

/** The card an order bought, once issued (it has its code); `lock`: for this transaction. */
export async function findIssuedCardOfOrder(db: DbOrTx, orderId: string, { lock = false } = {}) {
  const query = db
    .select()
    .from(giftCards)
    .where(and(eq(giftCards.orderId, orderId), sql`${giftCards.codeHash} not like 'unissued:%'`))
  const [row] = await (lock ? query.for('update') : query)
  return row ?? null
}

/** Sets a card's balance and status together (closing or reopening it). */
export async function setGiftCardBalance(
  db: DbOrTx,
  id: string,
  values: { balanceCents: number; status: 'active' | 'disabled' },
) {
  await db
    .update(giftCards)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(giftCards.id, id))
}

/** The card an order bought, while it waits for the payment (no code yet). */
export async function findUnissuedCardOfOrder(db: DbOrTx, orderId: string) {
  const [row] = await db
    .select()
    .from(giftCards)
    .where(and(eq(giftCards.orderId, orderId), sql`${giftCards.codeHash} like 'unissued:%'`))
    .for('update')
  return row ?? null
}

export async function issueCardCode(
  db: DbOrTx,
  id: string,
  values: { codeHash: string; last4: string; balanceCents: number },
) {
  const [row] = await db
    .update(giftCards)
    .set({ ...values, status: 'active', updatedAt: new Date() })
    .where(and(eq(giftCards.id, id), sql`${giftCards.codeHash} like 'unissued:%'`))
    .returning()
  return row ?? null
}

/** Whom the card an order bought is mailed to, and when (null when the order bought none). */
export async function findCardRecipientOfOrder(db: DbOrTx, orderId: string) {
  const [row] = await db
    .select({
      name: giftCards.recipientName,
      email: giftCards.recipientEmail,
      deliverOn: giftCards.deliverOn,
    })
    .from(giftCards)
    .where(eq(giftCards.orderId, orderId))
  return row ?? null
}
