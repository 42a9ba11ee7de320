import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { renderHook } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useCreateCheckout } from './shop'

afterEach(() => vi.unstubAllGlobals())

const BODY = { productSlug: 'scroll-of-antioch', paymentMethod: 'card' as const }
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

/** The hook over a fetch that answers `answers` in turn; the Idempotency-Key of every call. */
function setup(answers: (() => Response)[]) {
  const keys: (string | null)[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      keys.push(new Headers(init.headers).get('Idempotency-Key'))
      return (answers.shift() ?? (() => Response.json({ url: 'https://pay.example/cs_1' })))()
    }),
  )
  const client = new QueryClient()
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  )
  const { result } = renderHook(() => useCreateCheckout(), { wrapper })
  return { result, keys }
}

const failure = (status: number) => () =>
  Response.json({ error: { code: 'x', message: 'Something went wrong' } }, { status })

describe('useCreateCheckout', () => {
  it('sends an Idempotency-Key, the same one on its own retry after a 503', async () => {
    const { result, keys } = setup([failure(503)])
    await expect(result.current.mutateAsync(BODY)).resolves.toEqual({ url: 'https://pay.example/cs_1' })
    expect(keys).toHaveLength(2)
    expect(keys[0]).toMatch(UUID)
    expect(keys[1]).toBe(keys[0])
  }, 10_000)

  it('keeps the key when the buyer presses again with the same details, and makes a new one for new details', async () => {
    const { result, keys } = setup([failure(429)])
    await expect(result.current.mutateAsync(BODY)).rejects.toThrow()
    await result.current.mutateAsync(BODY)
    await result.current.mutateAsync({ ...BODY, paymentMethod: 'google_pay' })
    expect(keys).toHaveLength(3)
    expect(keys[1]).toBe(keys[0])
    expect(keys[2]).toMatch(UUID)
    expect(keys[2]).not.toBe(keys[0])
  })
})
