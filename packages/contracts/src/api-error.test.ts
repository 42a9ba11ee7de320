import { describe, expect, it } from 'vitest'
import { ApiError, apiErrorMessage } from './errors'

const FALLBACK = 'Something went wrong. Please try again.'

describe('apiErrorMessage', () => {
  it("shows the server's own words for a client error and for a 503", () => {
    expect(apiErrorMessage(new ApiError(401, 'unauthorized', 'Invalid email or password'), FALLBACK)).toBe(
      'Invalid email or password',
    )
    expect(apiErrorMessage(new ApiError(429, 'rate_limited', 'Too many attempts'), FALLBACK)).toBe(
      'Too many attempts',
    )
    expect(apiErrorMessage(new ApiError(409, 'conflict', 'That slug is taken'), FALLBACK)).toBe(
      'That slug is taken',
    )
    expect(
      apiErrorMessage(new ApiError(503, 'unavailable', 'The service is briefly unavailable.'), FALLBACK),
    ).toBe('The service is briefly unavailable.')
    expect(apiErrorMessage(new ApiError(0, 'network', 'The upload was interrupted.'), FALLBACK)).toBe(
      'The upload was interrupted.',
    )
  })

  it('says the fallback for a server failure, an empty message and anything that is not an API error', () => {
    expect(
      apiErrorMessage(new ApiError(500, 'internal_error', 'relation "orders" does not exist'), FALLBACK),
    ).toBe(FALLBACK)
    expect(apiErrorMessage(new ApiError(502, 'bad_gateway', 'Bad Gateway'), FALLBACK)).toBe(FALLBACK)
    expect(apiErrorMessage(new ApiError(404, 'not_found', '  '), FALLBACK)).toBe(FALLBACK)
    expect(apiErrorMessage(new Error('at Object.<anonymous> (/app/x.js:1:1)'), FALLBACK)).toBe(FALLBACK)
    expect(apiErrorMessage('boom', FALLBACK)).toBe(FALLBACK)
    expect(apiErrorMessage(undefined, FALLBACK)).toBe(FALLBACK)
  })

  it("shows only the statuses a screen lists, and the screen's words for the failures it names", () => {
    const words = {
      statuses: [429],
      invalid: 'Check the fields.',
      tooLarge: 'Too long.',
      offline: 'Offline.',
    }
    expect(apiErrorMessage(new ApiError(429, 'rate_limited', 'Slow down'), FALLBACK, words)).toBe('Slow down')
    expect(apiErrorMessage(new ApiError(409, 'conflict', 'Already solved'), FALLBACK, words)).toBe(FALLBACK)
    const invalid = new ApiError(400, 'validation_failed', 'Invalid input', [
      { path: 'email', message: 'Bad' },
    ])
    expect(apiErrorMessage(invalid, FALLBACK, words)).toBe('Check the fields.')
    expect(apiErrorMessage(new ApiError(413, 'bad_request', 'Payload Too Large'), FALLBACK, words)).toBe(
      'Too long.',
    )
    expect(apiErrorMessage(new TypeError('Failed to fetch'), FALLBACK, words)).toBe('Offline.')
    // Without the screen's words, those are the server's (a 4xx) or the fallback.
    expect(apiErrorMessage(invalid, FALLBACK)).toBe('Invalid input')
    expect(apiErrorMessage(new TypeError('Failed to fetch'), FALLBACK)).toBe(FALLBACK)
  })
})
