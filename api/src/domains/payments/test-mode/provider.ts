import { randomBytes } from 'node:crypto'
import type { PaymentProvider } from '../types'

/** A random id a test-mode page is reached by: knowing it is what lets someone act on it. */
export const testId = (prefix: string) =>
  `${prefix}_test_${randomBytes(24).toString('base64url').replace(/[-]/g, 'A').replace(/_/g, 'B')}`

/**
 * Test mode: the session id is 32 random bytes, so knowing it is what lets someone pay,
 * decline or see it, as with a real provider's hosted page. The customer portal is ours
 * too, for the signed-in user (their session cookie, as the page is on our origin).
 */
export function createTestProvider(publicUrl: string): PaymentProvider {
  return {
    name: 'test',
    async createCheckout() {
      const id = testId('cs')
      return { id, url: `${publicUrl}/api/payments/test/${id}` }
    },
    async createCustomer(user) {
      return { id: `cus_test_${user.id}` }
    },
    async createSubscriptionCheckout() {
      const id = testId('cs')
      return { id, url: `${publicUrl}/api/payments/test-billing/checkout/${id}` }
    },
    // Test-mode plan pages live in our database: closing our row closes the page.
    async expireCheckout() {
      return 'expired' as const
    },
    async openCustomerPortal() {
      return { url: `${publicUrl}/api/payments/test-billing/portal` }
    },
    async refund(payment) {
      // Nothing was charged: the refund is the record of it.
      return { reference: `test_refund_${payment.idempotencyKey}` }
    },
  }
}
