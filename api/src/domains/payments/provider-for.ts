import type { PaymentProvider, Payments } from './types'

/** The provider an existing payment belongs to, or null when it is not configured now. */
export function providerFor(payments: Payments, name: string): PaymentProvider | null {
  if (name === 'test') return payments.test
  if (name === 'stripe') return payments.stripeProvider
  return null
}
