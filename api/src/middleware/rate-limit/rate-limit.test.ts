import { Hono } from 'hono'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createLogger } from '../../logger'
import type { AppDeps, AppEnv } from '../../types'
import { errorHandler } from '../error-handler'
import { createRateLimits, rateLimit } from '.'

function makeApp(limits = createRateLimits({ logger: createLogger('silent') })) {
  const limited = (name: string) => rateLimit({ name, limit: 3, windowMs: 60_000 })
  const app = new Hono<AppEnv>()
    .use(async (c, next) => {
      c.set('deps', { rateLimits: limits } as AppDeps)
      c.set('clientIp', c.req.header('x-ip') ?? 'unknown')
      await next()
    })
    .post('/a', limited('a'), (c) => c.json({ ok: true }, 201))
    .post('/b', limited('b'), (c) => c.json({ ok: true }, 201))
    .get('/x', rateLimit({ name: 'x', limit: 1, windowMs: 1000, message: 'Slow down, friend.' }), (c) =>
      c.text('ok'),
    )
  app.onError(errorHandler)
  return app
}

const send = (app: ReturnType<typeof makeApp>, path: string, ip: string) =>
  app.request(path, { method: 'POST', headers: { 'x-ip': ip } })

describe('rateLimit', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 1_000_000 })
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('lets a client through up to the limit, then answers 429 with Retry-After in our error shape', async () => {
    const app = makeApp()
    for (let i = 0; i < 3; i++) expect((await send(app, '/a', '198.51.100.1')).status).toBe(201)
    vi.advanceTimersByTime(15_000)
    const refused = await send(app, '/a', '198.51.100.1')
    expect(refused.status).toBe(429)
    expect(refused.headers.get('retry-after')).toBe('45')
    expect(await refused.json()).toEqual({
      error: { code: 'rate_limited', message: 'Too many requests. Please wait a moment and try again.' },
    })
  })

  it('counts each client address and each route on its own', async () => {
    const app = makeApp()
    for (let i = 0; i < 3; i++) await send(app, '/a', '198.51.100.2')
    expect((await send(app, '/a', '198.51.100.2')).status).toBe(429)
    expect((await send(app, '/a', '198.51.100.3')).status).toBe(201)
    expect((await send(app, '/b', '198.51.100.2')).status).toBe(201)
  })

  it('counts an IPv6 client by its /64: a new address in the same network is the same client', async () => {
    const app = makeApp()
    for (let i = 1; i <= 3; i++) expect((await send(app, '/a', `2001:db8:5:6::${i}`)).status).toBe(201)
    expect((await send(app, '/a', '2001:db8:5:6:ffff::99')).status).toBe(429)
    expect((await send(app, '/a', '2001:db8:5:7::1')).status).toBe(201)
  })

  it('opens a fresh window once the old one has ended', async () => {
    const app = makeApp()
    for (let i = 0; i < 4; i++) await send(app, '/a', '198.51.100.4')
    expect((await send(app, '/a', '198.51.100.4')).status).toBe(429)
    vi.advanceTimersByTime(60_001)
    expect((await send(app, '/a', '198.51.100.4')).status).toBe(201)
  })

  it('uses the message it was given', async () => {
    const app = makeApp()
    const get = () => app.request('/x', { headers: { 'x-ip': '198.51.100.5' } })
    expect((await get()).status).toBe(200)
    const res = await get()
    expect(res.status).toBe(429)
    expect(res.headers.get('retry-after')).toBe('1')
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe('Slow down, friend.')
  })
})

describe('rate limits on Redis', () => {
  it('fall back to memory when Redis fails, and say so once in the log', async () => {
    const warnings: unknown[] = []
    const logger = createLogger('silent')
    logger.warn = ((...args: unknown[]) => {
      warnings.push(args)
    }) as typeof logger.warn
    // A client that is never ready: as Redis down or reconnecting.
    const { Redis } = await import('ioredis')
    const redis = new Redis('redis://127.0.0.1:1/0', { lazyConnect: true, maxRetriesPerRequest: 0 })
    const app = makeApp(createRateLimits({ redis, logger }))
    const statuses: number[] = []
    for (let i = 0; i < 5; i++) statuses.push((await send(app, '/a', '198.51.100.6')).status)
    expect(statuses).toEqual([201, 201, 201, 429, 429])
    expect(warnings).toHaveLength(1)
    redis.disconnect()
  })
})
