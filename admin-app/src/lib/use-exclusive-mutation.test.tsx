import { createQueryClient } from '@lamplight/session'
import { QueryClientProvider } from '@tanstack/react-query'
import { act, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { useExclusiveMutation } from './use-exclusive-mutation'

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={createQueryClient()}>{children}</QueryClientProvider>
)

describe('useExclusiveMutation', () => {
  it('runs once while a run is in flight, says so, and answers whether it succeeded', async () => {
    let finish: (ok: boolean) => void = () => {}
    const write = vi.fn(
      (_id: string) =>
        new Promise<string>((resolve, reject) => {
          finish = (ok) => (ok ? resolve('done') : reject(new Error('refused')))
        }),
    )
    const onError = vi.fn()
    const { result } = renderHook(() => useExclusiveMutation({ mutationFn: write, onError }), { wrapper })
    let first: Promise<boolean> = Promise.resolve(false)
    let second: Promise<boolean> = Promise.resolve(true)
    act(() => {
      // Both in the same turn, before React renders: a double click on a plain button.
      first = result.current.run('a')
      second = result.current.run('a')
    })
    expect(await second).toBe(false)
    await waitFor(() => expect(write).toHaveBeenCalledTimes(1))
    expect(result.current.busy).toBe(true)
    await act(async () => finish(true))
    expect(await first).toBe(true)
    await waitFor(() => expect(result.current.busy).toBe(false))

    let third: Promise<boolean> = Promise.resolve(true)
    act(() => {
      third = result.current.run('b')
    })
    await waitFor(() => expect(write).toHaveBeenCalledTimes(2))
    await act(async () => finish(false))
    expect(await third).toBe(false)
    expect(onError).toHaveBeenCalledTimes(1)
  })
})
