import { adminSubscriptionsContract, subscriptionsContract } from '@lamplight/contracts'
import type { Context } from 'hono'
import { notFound } from '../../lib/errors'
import { defineRouter } from '../../lib/router'
import { rateLimit, userOrClientKey } from '../../middleware/rate-limit'
import { recordAudit } from '../../services/audit'
import type { AppEnv } from '../../types'
import { providerOf } from '../payments/service'
import { runGiftRenewals, shipWaitingGiftMonths } from './gifts'
import {
  changeAddress,
  endOfMonth,
  runTestRenewals,
  setCancelAtPeriodEnd,
  setMonthBox,
  skipNextMonth,
} from './periods'
import {
  listSubscribers,
  mySubscription,
  subscriberDetail,
  subscriptionBoxList,
  subscriptionFigures,
} from './queries'
import { changePlan, pauseSubscription, planChangeQuote, unpauseSubscription } from './self-service'
import { openPortal, startSubscriptionCheckout, subscriptionDepsOf, subscriptionStatusOf } from './service'

// Per user: each call may ask the payment provider (a customer, a session, a portal).
const limitProviderCalls = rateLimit({
  name: 'subscriptions',
  limit: 30,
  windowMs: 10 * 60_000,
  key: userOrClientKey,
  message: 'You have opened several plan pages in a short time. Please wait a few minutes and try again.',
})

// Per user: skip, cancel, resume and address changes each mail the subscriber.
const limitChanges = rateLimit({
  name: 'subscription-changes',
  limit: 30,
  windowMs: 10 * 60_000,
  key: userOrClientKey,
  message: 'You have changed your subscription several times in a short time. Please wait a few minutes.',
})

const noStore = (c: Context<AppEnv>) => c.header('Cache-Control', 'private, no-store')

/** The spec's check-subscription, create-subscription and customer-portal, and the subscriber's own changes. */
export const subscriptionsRouter = defineRouter('/subscriptions')
  .handle(subscriptionsContract.status, async ({ c, db, user }) => {
    noStore(c)
    return c.json(await subscriptionStatusOf(db, user.id))
  })
  .handle(
    subscriptionsContract.checkout,
    { bodyLimit: 4 * 1024, middleware: [limitProviderCalls] },
    async ({ c, deps, body, user }) => {
      const result = await startSubscriptionCheckout(subscriptionDepsOf(deps), providerOf(deps), user, body)
      noStore(c)
      return c.json(result)
    },
  )
  .handle(
    subscriptionsContract.portal,
    { bodyLimit: 4 * 1024, middleware: [limitProviderCalls] },
    async ({ c, deps, user }) => {
      const { url } = await openPortal(subscriptionDepsOf(deps), providerOf(deps), user)
      noStore(c)
      return c.json({ url })
    },
  )
  .handle(subscriptionsContract.mine, async ({ c, db, user }) => {
    noStore(c)
    return c.json({ data: await mySubscription(db, user.id) })
  })
  .handle(
    subscriptionsContract.address,
    { bodyLimit: 4 * 1024, middleware: [limitChanges] },
    async ({ c, db, deps, body, user }) => {
      const { from } = await changeAddress(subscriptionDepsOf(deps), user.id, body)
      noStore(c)
      return c.json({ data: (await mySubscription(db, user.id))!, from_period: from })
    },
  )
  .handle(
    subscriptionsContract.act,
    { bodyLimit: 1024, middleware: [limitChanges] },
    async ({ c, db, deps, params, user }) => {
      const sd = subscriptionDepsOf(deps)
      if (params.action === 'skip' || params.action === 'unskip' || params.action === 'skip-with-credit')
        await skipNextMonth(
          sd,
          { userId: user.id },
          params.action !== 'unskip',
          null,
          params.action === 'skip-with-credit',
        )
      else await setCancelAtPeriodEnd(sd, { userId: user.id }, params.action === 'cancel', null)
      noStore(c)
      return c.json({ data: (await mySubscription(db, user.id))! })
    },
  )
  .handle(subscriptionsContract.planQuote, async ({ c, deps, query, user }) => {
    noStore(c)
    return c.json({ data: await planChangeQuote(subscriptionDepsOf(deps), user.id, query.tier) })
  })
  .handle(
    subscriptionsContract.changePlan,
    { bodyLimit: 1024, middleware: [limitChanges] },
    async ({ c, db, deps, body, user }) => {
      const quote = await changePlan(subscriptionDepsOf(deps), user.id, body.tier)
      noStore(c)
      return c.json({ data: (await mySubscription(db, user.id))!, quote })
    },
  )
  .handle(
    subscriptionsContract.pause,
    { bodyLimit: 1024, middleware: [limitChanges] },
    async ({ c, db, deps, body, user }) => {
      await pauseSubscription(subscriptionDepsOf(deps), user.id, body.months)
      noStore(c)
      return c.json({ data: (await mySubscription(db, user.id))! })
    },
  )
  .handle(
    subscriptionsContract.unpause,
    { bodyLimit: 1024, middleware: [limitChanges] },
    async ({ c, db, deps, user }) => {
      await unpauseSubscription(subscriptionDepsOf(deps), user.id)
      noStore(c)
      return c.json({ data: (await mySubscription(db, user.id))! })
    },
  )

/** The admin's subscribers (issue 34): list, figures, detail, skip/cancel/resume (audited), the test clock. */
export const adminSubscriptionsRouter = defineRouter('/admin/subscriptions')
  .handle(adminSubscriptionsContract.list, async ({ c, db, query }) => {
    noStore(c)
    return c.json(await listSubscribers(db, query))
  })
  .handle(adminSubscriptionsContract.figures, async ({ c, db }) => {
    noStore(c)
    return c.json({ data: await subscriptionFigures(db) })
  })
  .handle(adminSubscriptionsContract.testRenewals, { bodyLimit: 1024 }, async ({ c, deps, body, user }) => {
    if (!deps.config.payments.testMode) throw notFound()
    const subs = await runTestRenewals(subscriptionDepsOf(deps), endOfMonth(body.month), {
      decline: body.decline,
    })
    // Gift subscriptions move with the same clock (decision 064).
    const gifts = await runGiftRenewals(subscriptionDepsOf(deps), endOfMonth(body.month))
    const counts = { ...subs, renewed: subs.renewed + gifts.renewed, shipped: subs.shipped + gifts.shipped }
    await recordAudit(deps.database.db, {
      actorId: user.id,
      action: 'subscription.test_renewals',
      entity: 'subscription_clock',
      entityId: body.month,
      before: null,
      after: counts,
    })
    return c.json(counts)
  })
  .handle(adminSubscriptionsContract.get, async ({ c, db, params }) => {
    const data = await subscriberDetail(db, params.id)
    if (!data) throw notFound('We could not find that subscriber.')
    noStore(c)
    return c.json({ data })
  })
  .handle(adminSubscriptionsContract.act, { bodyLimit: 1024 }, async ({ c, db, deps, params, user }) => {
    const sd = subscriptionDepsOf(deps)
    if (params.action === 'skip' || params.action === 'unskip' || params.action === 'skip-with-credit')
      await skipNextMonth(
        sd,
        { id: params.id },
        params.action !== 'unskip',
        user,
        params.action === 'skip-with-credit',
      )
    else await setCancelAtPeriodEnd(sd, { id: params.id }, params.action === 'cancel', user)
    return c.json({ data: (await subscriberDetail(db, params.id))! })
  })

/** The box of each month, set by the admin from the catalogue. */
export const adminSubscriptionBoxesRouter = defineRouter('/admin/subscription-boxes')
  .handle(adminSubscriptionsContract.boxes, async ({ c, db }) => {
    noStore(c)
    return c.json({ data: await subscriptionBoxList(db) })
  })
  .handle(adminSubscriptionsContract.setBox, { bodyLimit: 1024 }, async ({ c, deps, params, body, user }) => {
    const { box, shipped: subscriptions } = await setMonthBox(
      subscriptionDepsOf(deps),
      params.month,
      body.productId,
      user,
    )
    const shipped = subscriptions + (await shipWaitingGiftMonths(subscriptionDepsOf(deps), params.month))
    return c.json({
      data: {
        month: box.month,
        product_id: box.id,
        product_name: box.name,
        product_slug: box.slug,
        stock: box.stock,
      },
      shipped,
    })
  })
