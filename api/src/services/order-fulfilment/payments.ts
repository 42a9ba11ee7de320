import { ApiError } from '../../lib/errors'

/**
 * The refund operation of a payment provider, as the admin console needs it.
 *
 * INTERIM: engineer `shop` is building the payment provider interface (with its refund
 * operation) in `api/src/services/`. Until it is on main, this stands in for it: the
 * built-in test provider and admin grants refund locally; Stripe refunds wait for the real
 * adapter. Swap `refundPayment` for the provider's refund when it lands.
 */
export type RefundRequest = {
  provider: string
  providerSessionId: string | null
  amountCents: number
  currency: string
  /** The same key for every attempt at one order's refund, so a provider refunds once. */
  idempotencyKey: string
}

export type RefundOutcome = { reference: string | null }

export async function refundPayment(request: RefundRequest): Promise<RefundOutcome> {
  switch (request.provider) {
    case 'admin':
      // A grant moved no money: revoking it is the whole refund.
      return { reference: null }
    case 'test':
      return { reference: `test_refund_${request.idempotencyKey}` }
    default:
      throw new ApiError(
        502,
        'provider_unavailable',
        'Refunds through this payment provider are not available yet. Refund it in the provider’s dashboard.',
      )
  }
}
