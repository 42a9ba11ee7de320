import type { CustomerInfoInput } from '@lamplight/contracts'
import type { APIRequestContext } from '@playwright/test'
import { expect } from './fixtures'

/**
 * Paid orders made through the API the way the checkout page makes them, for specs that need
 * orders to work on (the admin's lists, fulfilment, insights) rather than the buying itself.
 */

export const ORIGIN = new URL(process.env.E2E_BASE_URL ?? 'http://localhost:3000').origin

let checkouts = 0

/**
 * Starts a checkout of one box for `buyer` and pays it on the test-mode payment page; answers
 * the checkout's session id. `fromSubnet` ("10.251"): each checkout from an address of its
 * own in it, as different shoppers (checkouts are rate-limited per client address).
 */
export async function buyInTestMode(
  request: APIRequestContext,
  buyer: CustomerInfoInput,
  {
    productSlug = 'scroll-of-antioch',
    collectShipping = true,
    fromSubnet,
  }: { productSlug?: string; collectShipping?: boolean; fromSubnet?: string } = {},
): Promise<string> {
  checkouts += 1
  const created = await request.post('/api/checkout', {
    headers: {
      Origin: ORIGIN,
      ...(fromSubnet && {
        'X-Forwarded-For': `${fromSubnet}.${Math.floor(Math.random() * 250)}.${checkouts % 250}`,
      }),
    },
    data: {
      productSlug,
      ...(collectShipping && { collectShipping }),
      paymentMethod: 'card',
      customerInfo: buyer,
    },
  })
  expect(created.status(), await created.text()).toBeLessThan(300)
  const { url } = (await created.json()) as { url: string }
  const sessionId = new URL(url, ORIGIN).pathname.split('/').pop()!
  const paid = await request.post(`/api/payments/test/${sessionId}/pay`, {
    headers: { Origin: ORIGIN },
    maxRedirects: 0,
  })
  expect(paid.status(), await paid.text()).toBeLessThan(400)
  return sessionId
}
