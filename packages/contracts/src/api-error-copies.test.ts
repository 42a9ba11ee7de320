import { describe, expect, it, vi } from 'vitest'
import { ApiError } from './api-error'

describe('ApiError', () => {
  it('is recognised whichever copy of the package made it', async () => {
    // A second, separately evaluated copy of the module, as another app's bundle has.
    vi.resetModules()
    const other = await import('./api-error')
    expect(other.ApiError).not.toBe(ApiError)
    const fromOtherCopy = new other.ApiError(400, 'invalid_password', 'Not your password.')
    expect(fromOtherCopy instanceof ApiError).toBe(true)
    expect(new ApiError(401, 'unauthorized', 'Sign in') instanceof other.ApiError).toBe(true)
    expect(fromOtherCopy.code).toBe('invalid_password')
  })

  it('is not anything else that looks like an error', () => {
    expect(new Error('plain') instanceof ApiError).toBe(false)
    expect({ name: 'ApiError', status: 400, code: 'x', message: 'y' } instanceof ApiError).toBe(false)
    expect((null as unknown) instanceof ApiError).toBe(false)
  })
})
