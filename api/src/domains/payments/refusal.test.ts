import Stripe from 'stripe'
import { describe, expect, it } from 'vitest'
import { ApiError } from '../../lib/errors'
import { isDefiniteRefusal } from './refusal'

const stripeError = (type: string, statusCode?: number) =>
  Stripe.errors.StripeError.generate({ type, message: 'x', ...(statusCode ? { statusCode } : {}) } as never)

describe('isDefiniteRefusal', () => {
  it("takes our own refusals and the provider's 4xx answers as certain: nothing was done", () => {
    expect(isDefiniteRefusal(new ApiError(502, 'provider_unavailable', 'no'))).toBe(true)
    expect(isDefiniteRefusal(stripeError('invalid_request_error', 400))).toBe(true)
    expect(isDefiniteRefusal(stripeError('card_error', 402))).toBe(true)
    expect(isDefiniteRefusal(stripeError('idempotency_error', 409))).toBe(true)
  })

  it('takes timeouts, lost connections, 5xx and anything unknown as uncertain: the work may have been done', () => {
    expect(isDefiniteRefusal(stripeError('api_error', 500))).toBe(false)
    expect(
      isDefiniteRefusal(new Stripe.errors.StripeConnectionError({ message: 'socket hang up' } as never)),
    ).toBe(false)
    expect(isDefiniteRefusal(new Error('ETIMEDOUT'))).toBe(false)
    expect(isDefiniteRefusal(null)).toBe(false)
  })
})
