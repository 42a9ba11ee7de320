import { adminDiscountsContract, adminGiftCardsContract } from '@lamplight/contracts'
import { notFound } from '../../lib/errors'
import { defineRouter } from '../../lib/router'
import {
  createDiscount,
  disableGiftCard,
  giftCardSecret,
  giftCardWithLedger,
  issueGiftCardByHand,
  listDiscounts,
  listGiftCardsForAdmin,
  updateDiscount,
} from './service'

/** The admin's discount codes: list with uses and revenue, create, edit, pause (audited). */
export const adminDiscountsRouter = defineRouter('/admin/discounts')
  .handle(adminDiscountsContract.list, async ({ c, db }) => {
    c.header('Cache-Control', 'private, no-store')
    return c.json({ data: await listDiscounts(db) })
  })
  .handle(adminDiscountsContract.create, async ({ c, db, body, user }) =>
    c.json({ data: await createDiscount(db, user.id, body) }, 201),
  )
  .handle(adminDiscountsContract.update, async ({ c, db, params, body, user }) => {
    const data = await updateDiscount(db, user.id, params.id, body)
    if (!data) throw notFound('We could not find that discount code.')
    return c.json({ data })
  })

/** The admin's gift cards: last four characters only, ledger, issue by hand, disable (audited). */
export const adminGiftCardsRouter = defineRouter('/admin/gift-cards')
  .handle(adminGiftCardsContract.list, async ({ c, db }) => {
    c.header('Cache-Control', 'private, no-store')
    return c.json({ data: await listGiftCardsForAdmin(db) })
  })
  .handle(adminGiftCardsContract.get, async ({ c, db, params }) => {
    const data = await giftCardWithLedger(db, params.id)
    if (!data) throw notFound('We could not find that gift card.')
    c.header('Cache-Control', 'private, no-store')
    return c.json({ data })
  })
  .handle(adminGiftCardsContract.issue, async ({ c, db, deps, body, user }) => {
    c.header('Cache-Control', 'private, no-store')
    return c.json({ data: await issueGiftCardByHand(db, giftCardSecret(deps), user.id, body) }, 201)
  })
  .handle(adminGiftCardsContract.disable, async ({ c, db, params, user }) => {
    const data = await disableGiftCard(db, user.id, params.id)
    if (!data) throw notFound('We could not find that gift card.')
    return c.json({ data })
  })
