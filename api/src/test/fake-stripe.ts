import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { addBillingMonths } from '@lamplight/contracts'

type Obj = Record<string, unknown> & { id: string }

/** Stripe's form encoding (`a[b][0][c]=1`) back into an object. */
function parseForm(body: string): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, '').split('[')
    let node = out as Record<string, unknown>
    path.forEach((part, i) => {
      if (i === path.length - 1) node[part] = value
      else {
        node[part] ??= {}
        node = node[part] as Record<string, unknown>
      }
    })
  }
  return out
}

/**
 * A small Stripe of our own on loopback, for the adapter's tests: Checkout Sessions
 * (payment and subscription mode, with an amount-off coupon as `discounts`), coupons, customers, prices by lookup key, subscriptions, Billing
 * portal sessions and refunds. Idempotency keys are honoured as Stripe does: the same key
 * answers the first result again. Nothing leaves the machine.
 */
export function fakeStripe() {
  const sessions = new Map<string, Obj>()
  const customers = new Map<string, Obj>()
  const subscriptions = new Map<string, Obj>()
  const refunds = new Map<string, Obj>()
  const coupons = new Map<string, Obj>()
  const portals: Obj[] = []
  /** Customer balance transactions (a skip's credit is a negative one) and plan changes' prorations. */
  const balanceTransactions: Obj[] = []
  const prorations: { subscription: string; behavior: string; amount: number }[] = []
  const byIdempotencyKey = new Map<string, Obj>()
  /** Every POST's form, for assertions (path and parsed form). */
  const requests: { path: string; form: URLSearchParams; body: Record<string, unknown>; key: string }[] = []
  const prices: Obj[] = [
    { id: 'price_1Basic', object: 'price', lookup_key: 'price_basic_monthly', unit_amount: 1999 },
    { id: 'price_1Premium', object: 'price', lookup_key: 'price_premium_monthly', unit_amount: 2999 },
    { id: 'price_1Family', object: 'price', lookup_key: 'price_family_monthly', unit_amount: 4999 },
  ]
  /** Held create-session requests (see `holdNextCheckout`). */
  let hold: { key?: string; arrived: () => void; released: Promise<void> } | null = null
  let counter = 0
  const nextId = (prefix: string) => `${prefix}_fake${++counter}${Date.now().toString(36)}`
  const list = (data: unknown[]) => ({ object: 'list', data, has_more: false, url: '/v1/x' })
  const priceById = (id: string) => prices.find((p) => p.id === id)

  function subscriptionObject(customer: string, priceId: string, metadata: Record<string, unknown>): Obj {
    const id = nextId('sub')
    // A calendar month, as Stripe bills (30 days from the 1st of a 31-day month ends in it).
    const now = new Date()
    const start = Math.floor(now.getTime() / 1000)
    const end = Math.floor(addBillingMonths(now, 1).getTime() / 1000)
    const sub: Obj = {
      id,
      object: 'subscription',
      customer,
      status: 'active',
      cancel_at_period_end: false,
      cancel_at: null,
      metadata,
      items: {
        object: 'list',
        data: [
          {
            id: nextId('si'),
            object: 'subscription_item',
            price: priceById(priceId),
            current_period_start: start,
            current_period_end: end,
          },
        ],
      },
    }
    subscriptions.set(id, sub)
    return sub
  }

  const server: Server = createServer((req, res) => {
    let raw = ''
    req.on('data', (chunk) => (raw += chunk))
    req.on('end', async () => {
      if (hold && req.method === 'POST' && req.url === '/v1/checkout/sessions') {
        // The held request, and the client's own retries of it (same idempotency key, after
        // its timeout): answered (as below) only once the test releases them.
        const key = String(req.headers['idempotency-key'] ?? '')
        hold.key ??= key
        if (hold.key === key) {
          hold.arrived()
          await hold.released
        }
      }
      const send = (status: number, value: unknown) => {
        res.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': 'req_fake' })
        res.end(JSON.stringify(value))
      }
      const missing = () => send(404, { error: { type: 'invalid_request_error', code: 'resource_missing' } })
      const url = new URL(req.url ?? '/', 'http://fake')
      const path = url.pathname
      const form = new URLSearchParams(raw)
      const body = parseForm(raw)
      const key = String(req.headers['idempotency-key'] ?? '')
      if (req.method === 'POST' || req.method === 'DELETE') {
        requests.push({ path, form, body, key })
        const seen = key && byIdempotencyKey.get(`${path} ${key}`)
        if (seen) return send(200, seen)
      }
      const remember = (value: Obj) => {
        if (key) byIdempotencyKey.set(`${path} ${key}`, value)
        return send(200, value)
      }
      const on = (method: string, pattern: RegExp) => (req.method === method ? path.match(pattern) : null)
      let m: RegExpMatchArray | null = null
      if (req.method === 'POST' && path === '/v1/checkout/sessions') {
        const id = nextId('cs_test')
        const subscription = body.mode === 'subscription'
        // As Stripe adds it up: the lines, less a coupon (never below 0, never on shipping),
        // plus the shipping rate. A coupon that does not exist is refused, as Stripe does.
        const items = Object.values((body.line_items ?? {}) as Record<string, Record<string, unknown>>)
        const linesTotal = items.reduce(
          (n, item) =>
            n +
            Number((item.price_data as Record<string, unknown> | undefined)?.unit_amount ?? 0) *
              Number(item.quantity ?? 1),
          0,
        )
        const couponId = form.get('discounts[0][coupon]')
        const coupon = couponId ? coupons.get(couponId) : null
        if (couponId && !coupon)
          return send(400, {
            error: { type: 'invalid_request_error', message: `No such coupon: '${couponId}'` },
          })
        if (coupon && Number(coupon.times_redeemed) >= Number(coupon.max_redemptions ?? Infinity))
          return send(400, {
            error: { type: 'invalid_request_error', message: 'This coupon has been used up.' },
          })
        const discount = coupon ? Math.min(Number(coupon.amount_off), linesTotal) : 0
        const shipping = Number(
          form.get('shipping_options[0][shipping_rate_data][fixed_amount][amount]') ?? 0,
        )
        const session: Obj = {
          id,
          object: 'checkout.session',
          mode: subscription ? 'subscription' : 'payment',
          url: `https://checkout.stripe.test/c/pay/${id}`,
          status: 'open',
          payment_status: 'unpaid',
          amount_total: subscription ? null : linesTotal - discount + shipping,
          amount_subtotal: subscription ? null : linesTotal,
          total_details: subscription
            ? null
            : { amount_discount: discount, amount_shipping: shipping, amount_tax: 0 },
          discounts: coupon ? [{ coupon: coupon.id }] : [],
          client_reference_id: form.get('client_reference_id'),
          customer: form.get('customer'),
          metadata: body.metadata ?? {},
          payment_intent: subscription ? null : nextId('pi'),
          subscription: null,
          line_price: form.get('line_items[0][price]'),
          subscription_metadata:
            (body.subscription_data as { metadata?: unknown } | undefined)?.metadata ?? {},
        }
        sessions.set(id, session)
        return remember(session)
      }
      m = on('POST', /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/)
      if (m) {
        const session = sessions.get(m[1]!)
        if (!session) return missing()
        if (session.status !== 'open')
          return send(400, { error: { type: 'invalid_request_error', message: 'not open' } })
        session.status = 'expired'
        return send(200, session)
      }
      m = on('GET', /^\/v1\/checkout\/sessions\/([^/]+)$/)
      if (m) {
        const session = sessions.get(m[1]!)
        return session ? send(200, session) : missing()
      }
      if (req.method === 'POST' && path === '/v1/coupons') {
        const amountOff = Number(form.get('amount_off'))
        if (!form.get('percent_off') && !(amountOff > 0))
          return send(400, {
            error: { type: 'invalid_request_error', message: 'amount_off must be positive' },
          })
        if (form.get('amount_off') && !form.get('currency'))
          return send(400, {
            error: { type: 'invalid_request_error', message: 'currency is required with amount_off' },
          })
        const coupon: Obj = {
          id: nextId('coupon'),
          object: 'coupon',
          amount_off: amountOff,
          currency: form.get('currency'),
          duration: form.get('duration') ?? 'once',
          max_redemptions: form.get('max_redemptions') ? Number(form.get('max_redemptions')) : null,
          name: form.get('name'),
          metadata: body.metadata ?? {},
          times_redeemed: 0,
          valid: true,
        }
        coupons.set(coupon.id, coupon)
        return remember(coupon)
      }
      if (req.method === 'POST' && path === '/v1/customers') {
        const customer: Obj = {
          id: nextId('cus'),
          object: 'customer',
          email: form.get('email'),
          metadata: body.metadata,
        }
        customers.set(customer.id, customer)
        return remember(customer)
      }
      if (req.method === 'GET' && path === '/v1/prices') {
        const keys = [...url.searchParams].filter(([k]) => k.startsWith('lookup_keys')).map(([, v]) => v)
        return send(200, list(prices.filter((p) => keys.includes(String(p.lookup_key)))))
      }
      m = on('GET', /^\/v1\/subscriptions\/([^/]+)$/)
      if (m) {
        const sub = subscriptions.get(m[1]!)
        return sub ? send(200, sub) : missing()
      }
      m = on('POST', /^\/v1\/subscriptions\/([^/]+)$/)
      if (m) {
        // What the shop changes on a subscription: cancel at period end / resume, and a
        // skipped month (collection paused, its invoice voided).
        const sub = subscriptions.get(m[1]!)
        if (!sub) return missing()
        if (form.has('cancel_at_period_end'))
          sub.cancel_at_period_end = form.get('cancel_at_period_end') === 'true'
        if (form.has('pause_collection'))
          sub.pause_collection = form.get('pause_collection') ? body.pause_collection : null
        if (form.has('pause_collection[behavior]')) sub.pause_collection = body.pause_collection
        // A plan change: the item's price, prorated as asked (Stripe's default is create_prorations).
        const newPrice = form.get('items[0][price]')
        if (newPrice) {
          const price = priceById(newPrice)
          const item = (sub.items as { data: Obj[] }).data[0]!
          if (!price || form.get('items[0][id]') !== item.id)
            return send(400, { error: { type: 'invalid_request_error', message: 'No such price or item' } })
          const behavior = form.get('proration_behavior') ?? 'create_prorations'
          if (!['create_prorations', 'none', 'always_invoice'].includes(behavior))
            return send(400, {
              error: { type: 'invalid_request_error', message: 'Invalid proration_behavior' },
            })
          const old = item.price as Obj
          const [start, end] = [Number(item.current_period_start), Number(item.current_period_end)]
          const left = Math.max(0, end - Date.now() / 1000)
          if (behavior !== 'none')
            prorations.push({
              subscription: sub.id,
              behavior,
              amount: Math.round(
                ((Number(price.unit_amount) - Number(old.unit_amount)) * left) / (end - start),
              ),
            })
          item.price = price
        }
        if (body.metadata) sub.metadata = { ...(sub.metadata as object), ...(body.metadata as object) }
        return remember(sub)
      }
      m = on('DELETE', /^\/v1\/subscriptions\/([^/]+)$/)
      if (m) {
        const sub = subscriptions.get(m[1]!)
        if (!sub) return missing()
        sub.status = 'canceled'
        return remember(sub)
      }
      m = on('POST', /^\/v1\/customers\/([^/]+)\/balance_transactions$/)
      if (m) {
        const customer = customers.get(m[1]!)
        if (!customer) return missing()
        const amount = Number(form.get('amount'))
        if (!Number.isInteger(amount) || !form.get('currency'))
          return send(400, {
            error: { type: 'invalid_request_error', message: 'amount and currency required' },
          })
        const txn: Obj = {
          id: nextId('cbtxn'),
          object: 'customer_balance_transaction',
          customer: customer.id,
          amount,
          currency: form.get('currency'),
          description: form.get('description'),
          metadata: body.metadata ?? {},
        }
        balanceTransactions.push(txn)
        customer.balance = Number(customer.balance ?? 0) + amount
        return remember(txn)
      }
      if (req.method === 'POST' && path === '/v1/billing_portal/sessions') {
        const portal: Obj = {
          id: nextId('bps'),
          object: 'billing_portal.session',
          customer: form.get('customer'),
          return_url: form.get('return_url'),
          url: `https://billing.stripe.test/p/session/${counter}`,
        }
        portals.push(portal)
        return send(200, portal)
      }
      if (req.method === 'POST' && path === '/v1/refunds') {
        const refund: Obj = {
          id: nextId('re'),
          object: 'refund',
          payment_intent: form.get('payment_intent'),
          amount: Number(form.get('amount')),
          status: 'succeeded',
        }
        refunds.set(refund.id, refund)
        return remember(refund)
      }
      send(404, { error: { type: 'invalid_request_error', message: `not faked: ${req.method} ${path}` } })
    })
  })

  return {
    server,
    sessions,
    customers,
    subscriptions,
    refunds,
    coupons,
    portals,
    balanceTransactions,
    prorations,
    prices,
    requests,
    /** What our code sent in its last request to `path` (`/v1/checkout/sessions`, ...). */
    lastForm: (path: string) => requests.filter((r) => r.path === path).at(-1)!.form,
    async listen() {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    },
    close: () => new Promise((resolve) => server.close(resolve)),
    /**
     * Holds the next create-session request (a slow Stripe): `arrived` resolves when it is
     * here, and it (with any retry of it) is answered only after `release()`. Requests with
     * other idempotency keys are answered at once.
     */
    holdNextCheckout() {
      let arrived!: () => void
      let release!: () => void
      const arrival = new Promise<void>((resolve) => (arrived = resolve))
      const released = new Promise<void>((resolve) => (release = resolve))
      const held = { arrived, released }
      hold = held
      return {
        arrived: arrival,
        release() {
          if (hold === held) hold = null
          release()
        },
      }
    },
    /** The buyer pays a subscription-mode session: Stripe makes the subscription. */
    completeSubscriptionSession(sessionId: string) {
      const session = sessions.get(sessionId)
      if (!session) throw new Error(`no session ${sessionId}`)
      const sub = subscriptionObject(
        String(session.customer),
        String(session.line_price),
        session.subscription_metadata as Record<string, unknown>,
      )
      Object.assign(session, { status: 'complete', payment_status: 'paid', subscription: sub.id })
      return sub
    },
    /** What the Billing portal does to a subscription: change price, cancel at period end, resume. */
    changePrice(subscriptionId: string, priceId: string) {
      const sub = subscriptions.get(subscriptionId)!
      ;(sub.items as { data: { price: unknown }[] }).data[0]!.price = priceById(priceId)
      return sub
    },
  }
}

export type FakeStripe = ReturnType<typeof fakeStripe>
