import { afterEach, describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { apiFetch } from './api-client'
import { ApiError } from './errors'

afterEach(() => vi.unstubAllGlobals())

describe('apiFetch', () => {
  it('sends JSON with cookies and parses the answer with a schema', async () => {
    const fetchMock = vi.fn(async () => Response.json({ n: 2 }))
    vi.stubGlobal('fetch', fetchMock)
    const data = await apiFetch('/api/x', {
      method: 'POST',
      body: { a: 1 },
      schema: z.object({ n: z.number() }),
    })
    expect(data).toEqual({ n: 2 })
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/x',
      expect.objectContaining({
        method: 'POST',
        credentials: 'include',
        body: '{"a":1}',
        headers: expect.objectContaining({ 'Content-Type': 'application/json' }),
      }),
    )
  })

  it('sends a file as the body itself, not as JSON', async () => {
    const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => Response.json({ ok: true }))
    vi.stubGlobal('fetch', fetchMock)
    const file = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' })
    await apiFetch('/api/upload', { method: 'POST', body: file, headers: { 'X-Alt': 'A%20cross' } })
    const init = fetchMock.mock.calls[0]?.[1]
    expect(init?.body).toBe(file)
    expect(init?.headers).toEqual(
      expect.objectContaining({ 'Content-Type': 'application/octet-stream', 'X-Alt': 'A%20cross' }),
    )
  })

  it('throws the server error as an ApiError with its code and issues', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json(
          {
            error: {
              code: 'validation_failed',
              message: 'Bad',
              issues: [{ path: 'email', message: 'Invalid' }],
            },
          },
          { status: 400 },
        ),
      ),
    )
    const error = await apiFetch('/api/x').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({
      status: 400,
      code: 'validation_failed',
      message: 'Bad',
      issues: [{ path: 'email' }],
    })
  })

  it('describes a non-JSON failure by its status', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>bad gateway</html>', { status: 502 })),
    )
    await expect(apiFetch('/api/x')).rejects.toMatchObject({ status: 502, code: 'http_error' })
  })
})
