import { afterEach, describe, expect, it, vi } from 'vitest'
import { parseRemotesConfig, withDeadline } from './remote-loader'

describe('parseRemotesConfig', () => {
  it('keeps known remotes with a location and drops the rest', () => {
    expect(
      parseRemotesConfig({
        storefront: ' /apps/storefront/mf-manifest.json ',
        'admin-app': 'https://admin.example.com/mf-manifest.json',
        'puzzle-app': '',
        'resources-app': 42,
        evil: 'https://evil.example.com/mf-manifest.json',
      }),
    ).toEqual({
      storefront: '/apps/storefront/mf-manifest.json',
      'admin-app': 'https://admin.example.com/mf-manifest.json',
    })
  })

  it.each([null, 'x', [1], 3])('refuses %j', (value) => {
    expect(() => parseRemotesConfig(value)).toThrow('The remotes configuration is malformed')
  })
})

describe('withDeadline', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('rejects a load that never settles once the deadline has passed', async () => {
    vi.useFakeTimers()
    const never = new Promise<never>(() => {})
    const result = withDeadline(never, 12_000, 'storefront')
    const settled = vi.fn()
    result.catch(settled)
    await vi.advanceTimersByTimeAsync(11_999)
    expect(settled).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    await expect(result).rejects.toThrow('storefront did not answer within 12 s')
  })

  it('passes a load that settles in time through', async () => {
    await expect(withDeadline(Promise.resolve('routes'), 12_000, 'storefront')).resolves.toBe('routes')
    await expect(withDeadline(Promise.reject(new Error('404')), 12_000, 'storefront')).rejects.toThrow('404')
  })
})
