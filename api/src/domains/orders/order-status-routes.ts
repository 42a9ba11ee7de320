import { ORDER_LOOKUP_ANSWER, orderStatusContract } from '@lamplight/contracts'
import type { Context } from 'hono'
import { notFound } from '../../lib/errors'
import { defineRouter } from '../../lib/router'
import { rateLimit } from '../../middleware/rate-limit'
import type { AppEnv } from '../../types'
import { mailStatusLink, orderStatus, readStatusToken } from './order-status'

// Each attempt counts, found or not: nobody tries numbers by the hundred, nor fills a
// stranger's mailbox with links.
const limitLookups = rateLimit({
  name: 'order-lookup',
  limit: 10,
  windowMs: 15 * 60_000,
  message: 'You have looked up several orders in a short time. Please wait a few minutes and try again.',
})
const limitStatus = rateLimit({ name: 'order-status', limit: 60, windowMs: 60_000 })

/** The auth secret signs status links, as it signs visitors' passes. */
const secretOf = (c: Context<AppEnv>) => c.get('deps').auth.options.secret as string

const LINK_INVALID = 'This link has expired or is not complete. Look your order up again to get a new one.'

/** Order status without an account (issue 35). */
export const orderStatusRouter = defineRouter('/orders')
  .handle(orderStatusContract.lookup, { middleware: [limitLookups] }, async ({ c, db, deps, body }) => {
    await mailStatusLink(
      {
        db,
        mailer: deps.mailer,
        publicUrl: deps.config.publicUrl,
        secret: secretOf(c),
        rateLimits: deps.rateLimits,
      },
      body.email,
      body.order_number,
    )
    return c.json({ message: ORDER_LOOKUP_ANSWER }, 202)
  })
  .handle(orderStatusContract.status, { middleware: [limitStatus] }, async ({ c, db, query }) => {
    const token = readStatusToken(secretOf(c), query.token)
    if (!token) throw notFound(LINK_INVALID)
    const status = await orderStatus(db, token.orderId, token.expiresAt)
    if (!status) throw notFound(LINK_INVALID)
    c.header('Cache-Control', 'no-store')
    return c.json({ data: status })
  })
