import { randomBytes } from 'node:crypto'
import postgres from 'postgres'
import type { Row, Server } from './servers'

/**
 * Issue 32's purchase path on PostgreSQL: buyers who each add a box to a cart, check the cart
 * out and pay in test mode, all at once. It reports paid orders per second and the p99 of each
 * step, and fails on any error or on a buyer without exactly one paid order. Each buyer comes
 * from an address of its own (the site trusts `X-Forwarded-For` from loopback in the bench, as
 * behind a proxy), as real buyers do; the per-address checkout limit is the API tests' matter.
 */
export const PURCHASE = {
  buyers: 50,
  productSlug: 'scroll-of-antioch',
  /** Per step, at 50 buyers at once on the bench's machine. */
  maxP99Ms: 2_000,
  minOrdersPerSecond: 10,
} as const

const STEPS = ['add to cart', 'create checkout', 'pay (test mode)'] as const
type Step = (typeof STEPS)[number]

const ADDRESS = {
  firstName: 'Bench',
  lastName: 'Buyer',
  address: '1 Market Street',
  city: 'Atlanta',
  state: 'GA',
  zipCode: '30301',
  country: 'US',
}

type Outcome = { ms: Record<Step, number>; error: string | null }

async function buy(site: Server, email: string, ip: string): Promise<Outcome> {
  const ms = { 'add to cart': 0, 'create checkout': 0, 'pay (test mode)': 0 } as Record<Step, number>
  let cookie = ''
  const call = async (step: Step, path: string, body?: unknown) => {
    const started = performance.now()
    const res = await fetch(`${site.url}${path}`, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        Origin: site.url,
        'X-Forwarded-For': ip,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...(cookie ? { Cookie: cookie } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const text = await res.text()
    ms[step] = performance.now() - started
    const set = res.headers.getSetCookie().map((c) => c.split(';')[0])
    if (set.length) cookie = set.join('; ')
    return { status: res.status, text }
  }
  try {
    const added = await call('add to cart', '/api/cart/items', {
      productSlug: PURCHASE.productSlug,
      quantity: 1,
    })
    if (added.status !== 200) return { ms, error: `add to cart: ${added.status} ${added.text.slice(0, 120)}` }
    const checkout = await call('create checkout', '/api/checkout', {
      fromCart: true,
      customerInfo: { ...ADDRESS, email },
    })
    if (checkout.status !== 200)
      return { ms, error: `checkout: ${checkout.status} ${checkout.text.slice(0, 120)}` }
    const session = new URL(JSON.parse(checkout.text).url).pathname.split('/').at(-1)
    const paid = await call('pay (test mode)', `/api/payments/test/${session}/pay`)
    if (paid.status !== 303) return { ms, error: `pay: ${paid.status} ${paid.text.slice(0, 120)}` }
    return { ms, error: null }
  } catch (error) {
    return { ms, error: String(error) }
  }
}

const p99 = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.99) - 1)] ?? Number.NaN
}

async function round(site: Server, buyers: number, run: string) {
  const started = performance.now()
  const outcomes = await Promise.all(
    Array.from({ length: buyers }, (_, i) =>
      buy(site, `bench-${run}-${i}@example.test`, `10.77.${Math.floor(i / 250)}.${(i % 250) + 1}`),
    ),
  )
  return { outcomes, seconds: (performance.now() - started) / 1000 }
}

export async function benchPurchase(site: Server, databaseUrl: string): Promise<Row[]> {
  // A warm-up round (JIT, pools, the catalogue cache), then the measured one.
  await round(site, 5, `warm-${randomBytes(3).toString('hex')}`)
  const run = randomBytes(4).toString('hex')
  const { outcomes, seconds } = await round(site, PURCHASE.buyers, run)
  const errors = outcomes.filter((o) => o.error)
  for (const e of errors.slice(0, 3)) console.error(`bench: purchase: ${e.error}`)

  // Exactly one paid order per buyer, read from the database, not from the answers.
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} })
  let perBuyer: { email: string; n: number }[]
  try {
    perBuyer = await sql<{ email: string; n: number }[]>`
      select email, count(*)::int as n from orders
      where email like ${`bench-${run}-%`} and status in ('paid', 'completed') group by email`
  } finally {
    await sql.end()
  }
  const exactlyOnce = perBuyer.length === PURCHASE.buyers && perBuyer.every((b) => b.n === 1)
  const rate = PURCHASE.buyers / seconds
  const rows: Row[] = [
    {
      what: `purchase path: ${PURCHASE.buyers} buyers at once (PostgreSQL)`,
      measured: `${rate.toFixed(1)} paid orders/s, ${errors.length} errors, ${perBuyer.length} buyers with ${
        exactlyOnce ? 'one paid order each' : `paid orders ${JSON.stringify(perBuyer.map((b) => b.n))}`
      }`,
      goal: `≥ ${PURCHASE.minOrdersPerSecond}/s, 0 errors, one paid order per buyer`,
      ok: rate >= PURCHASE.minOrdersPerSecond && errors.length === 0 && exactlyOnce,
    },
  ]
  for (const step of STEPS) {
    const value = p99(outcomes.filter((o) => !o.error).map((o) => o.ms[step]))
    rows.push({
      what: `purchase path: ${step}`,
      measured: `p99 ${Math.round(value)} ms`,
      goal: `p99 ≤ ${PURCHASE.maxP99Ms} ms`,
      ok: value <= PURCHASE.maxP99Ms,
    })
  }
  return rows
}
