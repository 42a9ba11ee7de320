import {
  DeliveryAddressSchema,
  SUBSCRIPTION_PLANS,
  testBillingContract,
  testPaymentsContract,
} from '@lamplight/contracts'
import { notFound } from '../../../lib/errors'
import { defineRouter } from '../../../lib/router'
import type { AppDeps } from '../../../types'
import { expireTestSessions, findTestSession } from '../../orders/service'
import {
  findTestGiftSession,
  findTestSubscriptionCheckout,
  storeTestCheckoutAddress,
  testPortalChange,
  testPortalView,
  testSubscriptionOf,
} from '../../subscriptions/service'
import { handlePaymentEvent } from '../events'
import { testCheckoutPage, testPortalPage } from './billing-pages'
import { testPaymentPage } from './payment-page'

/**
 * The test mode's hosted pages, our stand-in for Stripe's: a payment page, a plan page and
 * a customer portal. Their buttons emit the events Stripe's webhook would deliver into the
 * same handler (`../events.ts`), so test mode exercises the path a real payment takes.
 * Each answers 404 unless test mode is on.
 */
const onlyInTestMode = (deps: AppDeps) => {
  if (!deps.config.payments.testMode) throw notFound()
}

/** The built-in test-mode payment pages. */
export const testPaymentsRouter = defineRouter('/payments/test')
  .handle(testPaymentsContract.page, async ({ c, db, deps, params }) => {
    onlyInTestMode(deps)
    await expireTestSessions(db, params.sessionId)
    // An order's page, or a gift subscription's (decision 064).
    const session =
      (await findTestSession(db, params.sessionId)) ?? (await findTestGiftSession({ db }, params.sessionId))
    if (!session) throw notFound('No such payment session.')
    c.header('Cache-Control', 'no-store')
    return c.html(testPaymentPage(params.sessionId, session))
  })
  .handle(testPaymentsContract.act, { bodyLimit: 1024 }, async ({ c, db, deps, params }) => {
    onlyInTestMode(deps)
    // A session a day old takes no payment, as Stripe's would not.
    await expireTestSessions(db, params.sessionId)
    const session = await findTestSession(db, params.sessionId)
    if (!session) {
      // A gift subscription's page: the same buttons, the gift's events (decision 064).
      if (!(await findTestGiftSession({ db }, params.sessionId))) throw notFound('No such payment session.')
      const site = deps.config.publicUrl
      if (params.action === 'pay') {
        await handlePaymentEvent(deps, { type: 'gift.paid', sessionId: params.sessionId })
        return c.redirect(`${site}/shop?gift=sent`, 303)
      }
      // A declined card leaves the page open, as Stripe's does; Cancel closes it.
      if (params.action === 'decline')
        return c.redirect(`/api/payments/test/${encodeURIComponent(params.sessionId)}`, 303)
      await handlePaymentEvent(deps, { type: 'gift.closed', sessionId: params.sessionId })
      return c.redirect(`${site}/shop?gift=cancelled`, 303)
    }
    const back = `${deps.config.publicUrl}/checkout?session_id=${encodeURIComponent(params.sessionId)}`
    const { sessionId } = params
    if (params.action === 'pay') {
      await handlePaymentEvent(deps, { type: 'checkout.paid', sessionId })
      return c.redirect(back, 303)
    }
    if (params.action === 'decline') {
      await handlePaymentEvent(deps, {
        type: 'checkout.failed',
        sessionId,
        note: 'Payment declined (test mode)',
      })
      return c.redirect(back, 303)
    }
    await handlePaymentEvent(deps, { type: 'checkout.cancelled', sessionId, note: 'Checkout cancelled' })
    // Like a decline, to the order's page, which takes the buyer back to their checkout (issue 32).
    return c.redirect(back, 303)
  })

/** The built-in test-mode plan page and customer portal. */
export const testBillingRouter = defineRouter('/payments/test-billing')
  .handle(testBillingContract.checkoutPage, async ({ c, db, deps, params }) => {
    onlyInTestMode(deps)
    const checkout = await findTestSubscriptionCheckout(db, params.sessionId)
    if (!checkout) throw notFound('No such subscription checkout.')
    c.header('Cache-Control', 'no-store')
    return c.html(testCheckoutPage(params.sessionId, checkout))
  })
  .handle(testBillingContract.checkoutAct, { bodyLimit: 4 * 1024 }, async ({ c, db, deps, params }) => {
    onlyInTestMode(deps)
    const checkout = await findTestSubscriptionCheckout(db, params.sessionId)
    if (!checkout) throw notFound('No such subscription checkout.')
    const site = deps.config.publicUrl
    const { sessionId } = params
    const page = `/api/payments/test-billing/checkout/${encodeURIComponent(sessionId)}`
    if (params.action === 'pay') {
      if (checkout.status === 'completed') return c.redirect(`${site}/shop?subscription=started`, 303)
      if (checkout.status !== 'open') return c.redirect(page, 303)
      // The address, checked by the checkout's own schema: a mistake is shown on its field.
      // A form from the page (a client of the API may send the same fields as JSON).
      const form: Record<string, unknown> = await (c.req.header('content-type')?.includes('json')
        ? c.req.json()
        : c.req.parseBody()
      ).catch(() => ({}))
      const values = Object.fromEntries(
        Object.entries(form).filter((e): e is [string, string] => typeof e[1] === 'string'),
      )
      const address = DeliveryAddressSchema.safeParse(values)
      if (!address.success) {
        const errors: Record<string, string> = {}
        for (const issue of address.error.issues) errors[String(issue.path[0])] ??= issue.message
        c.header('Cache-Control', 'no-store')
        return c.html(testCheckoutPage(sessionId, checkout, { values, errors }), 400)
      }
      await storeTestCheckoutAddress(db, checkout.id, address.data)
      // What Stripe reports of a paid plan page: the subscription it started, and its first invoice paid.
      const subscription = { ...(await testSubscriptionOf(db, checkout)), shippingAddress: address.data }
      const outcome = await handlePaymentEvent(deps, { type: 'subscription.changed', subscription })
      if (outcome === 'duplicate') {
        // A second live subscription is never kept (Stripe's is cancelled): the page closes unpaid.
        await handlePaymentEvent(deps, { type: 'subscription-checkout.closed', sessionId, status: 'expired' })
        return c.redirect(page, 303)
      }
      if (outcome === 'unknown-user') return c.redirect(page, 303)
      await handlePaymentEvent(deps, {
        type: 'subscription.period-paid',
        subscriptionId: subscription.subscriptionId,
        periodStart: new Date(),
        amountCents: null,
        invoiceId: `in_test_${checkout.id.replaceAll('-', '').slice(0, 16)}_first`,
      })
      return c.redirect(`${site}/shop?subscription=started`, 303)
    }
    await handlePaymentEvent(deps, { type: 'subscription-checkout.closed', sessionId, status: 'expired' })
    return c.redirect(`${site}/shop`, 303)
  })
  .handle(testBillingContract.portalPage, async ({ c, db, deps, user }) => {
    onlyInTestMode(deps)
    c.header('Cache-Control', 'no-store')
    return c.html(testPortalPage(user.email, await testPortalView(db, user.id), SUBSCRIPTION_PLANS))
  })
  .handle(testBillingContract.portalAct, { bodyLimit: 1024 }, async ({ c, db, deps, params, user }) => {
    onlyInTestMode(deps)
    const subscription = await testPortalChange(db, user.id, params.action)
    if (subscription) await handlePaymentEvent(deps, { type: 'subscription.changed', subscription })
    // A renewal declined: the try is counted and mailed with the next try's date.
    if (subscription?.failed)
      await handlePaymentEvent(deps, {
        type: 'subscription.payment-failed',
        subscriptionId: subscription.subscriptionId,
        ...subscription.failed,
      })
    // A renewal paid: its period ships, once (as Stripe's invoice.paid would make it).
    if (subscription?.paidPeriodStart)
      await handlePaymentEvent(deps, {
        type: 'subscription.period-paid',
        subscriptionId: subscription.subscriptionId,
        periodStart: subscription.paidPeriodStart,
        amountCents: null,
        invoiceId: null,
      })
    return c.redirect('/api/payments/test-billing/portal', 303)
  })
  .handle(
    testBillingContract.portalChangePlan,
    { bodyLimit: 1024 },
    async ({ c, db, deps, params, user }) => {
      onlyInTestMode(deps)
      const subscription = await testPortalChange(db, user.id, 'plan', params.tier)
      if (subscription) await handlePaymentEvent(deps, { type: 'subscription.changed', subscription })
      return c.redirect('/api/payments/test-billing/portal', 303)
    },
  )
