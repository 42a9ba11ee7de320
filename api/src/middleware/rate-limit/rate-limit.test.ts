import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import type { AppEnv } from '../../types'
import { errorHandler } from '../error-handler'
import { rateLimit } from '.'

function makeApp(clock: { t: number }) {
  const limited = (name: string) => rateLimit({ name, limit: 3, windowMs: 60_000, now: () => clock.t })
  const app = new Hono<AppEnv>()
    .use(async (c, next) => {
      c.set('clientIp', c.req.header('x-ip') ?? 'unknown')
      await next()
    })
    .post('/a', limited('a'), (c) => c.json({ ok: true }, 201))
    .post('/b', limited('b'), (c) => c.json({ ok: true }, 201))
  app.onError(errorHandler)
  return app
}

const send = (app: ReturnType<typeof makeApp>, path: string, ip: string) =>
  app.request(path, { method: 'POST', headers: { 'x-ip': ip } })

describe('rateLimit', () => {
  it('lets a client through up to the limit, then answers 429 with Retry-After in our error shape', async () => {
    const clock = { t: 1_000_000 }
    const app = makeApp(clock)
    for (let i = 0; i < 3; i++) expect((await send(app, '/a', '198.51.100.1')).status).toBe(201)
    clock.t += 15_000
    const refused = await send(app, '/a', '198.51.100.1')
    expect(refused.status).toBe(429)
    expect(refused.headers.get('retry-after')).toBe('45')
    expect(await refused.json()).toEqual({
      error: { code: 'rate_limited', message: 'Too many requests. Please wait a moment and try again.' },
    })
  })

  it('counts each client address and each route on its own', async () => {
    const app = makeApp({ t: 0 })
    for (let i = 0; i < 3; i++) await send(app, '/a', '198.51.100.2')
    expect((await send(app, '/a', '198.51.100.2')).status).toBe(429)
    expect((await send(app, '/a', '198.51.100.3')).status).toBe(201)
    expect((await send(app, '/b', '198.51.100.2')).status).toBe(201)
  })

  it('opens a fresh window once the old one has ended', async () => {
    const clock = { t: 0 }
    const app = makeApp(clock)
    for (let i = 0; i < 4; i++) await send(app, '/a', '198.51.100.4')
    expect((await send(app, '/a', '198.51.100.4')).status).toBe(429)
    clock.t += 60_000
    expect((await send(app, '/a', '198.51.100.4')).status).toBe(201)
  })

  it('uses the message it was given', async () => {
    const app = new Hono<AppEnv>()
      .use(async (c, next) => {
        c.set('clientIp', '198.51.100.5')
        await next()
      })
      .get('/x', rateLimit({ name: 'x', limit: 1, windowMs: 1000, message: 'Slow down, friend.' }), (c) =>
        c.text('ok'),
      )
    app.onError(errorHandler)
    expect((await app.request('/x')).status).toBe(200)
    const res = await app.request('/x')
    expect(res.status).toBe(429)
    expect(res.headers.get('retry-after')).toBe('1')
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe('Slow down, friend.')
  })
})
