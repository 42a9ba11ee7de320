import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import type { AppEnv } from '../../types'
import { errorHandler } from '../error-handler'
import { originCheck } from '.'

const app = new Hono<AppEnv>()
app.use(originCheck(['https://shop.example', 'https://admin.example']))
app.all('/x', (c) => c.json({ ok: true }))
app.onError(errorHandler)

const send = (method: string, headers: Record<string, string>) => app.request('/x', { method, headers })

describe('originCheck', () => {
  it('lets safe methods and cookie-less requests through', async () => {
    expect((await send('GET', { Cookie: 'a=1', Origin: 'https://evil.example' })).status).toBe(200)
    expect((await send('POST', { Origin: 'https://evil.example' })).status).toBe(200)
  })

  it('accepts cookie-carrying writes from trusted origins (Origin or Referer)', async () => {
    expect((await send('POST', { Cookie: 'a=1', Origin: 'https://admin.example' })).status).toBe(200)
    expect((await send('DELETE', { Cookie: 'a=1', Referer: 'https://shop.example/cart' })).status).toBe(200)
  })

  it('refuses them from elsewhere or from nowhere', async () => {
    const cases: Record<string, string>[] = [
      { Origin: 'https://evil.example' },
      {},
      { Referer: 'not a url' },
      { Origin: 'null' },
    ]
    for (const headers of cases) {
      const res = await send('POST', { Cookie: 'a=1', ...headers })
      expect(res.status).toBe(403)
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('forbidden')
    }
  })
})
