import { Hono } from 'hono'
import { HTTPException } from 'hono/http-exception'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { conflict, forbidden, tooManyRequests, unauthorized } from '../../lib/errors'
import { createLogger } from '../../logger'
import type { AppEnv } from '../../types'
import { errorHandler } from '.'

const app = new Hono<AppEnv>()
app.use(async (c, next) => {
  c.set('log', createLogger('silent'))
  await next()
})
app.get('/boom', () => {
  throw new Error('relation "secret_table" does not exist')
})
app.get('/401', () => {
  throw unauthorized()
})
app.get('/403', () => {
  throw forbidden()
})
app.get('/409', () => {
  throw conflict('That slug is taken.')
})
app.get('/429', () => {
  throw tooManyRequests()
})
app.get('/zod', (c) => c.json(z.object({ a: z.string() }).parse({})))
app.get('/http', () => {
  throw new HTTPException(413, { message: 'Payload Too Large' })
})
// What postgres.js and Drizzle throw when the database restarts under a request.
const wrapped = (cause: object) => Object.assign(new Error('Failed query: select 1\nparams: '), { cause })
app.get('/db/refused', () => {
  throw wrapped(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }))
})
app.get('/db/shutdown', () => {
  throw wrapped(
    Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
  )
})
app.get('/db/closed', () => {
  throw Object.assign(new Error('write CONNECTION_CLOSED 127.0.0.1:5432'), { code: 'CONNECTION_CLOSED' })
})
app.get('/db/unique', () => {
  throw wrapped(Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' }))
})
app.onError(errorHandler)

const body = async (path: string) => {
  const res = await app.request(path)
  return { status: res.status, json: (await res.json()) as { error: Record<string, unknown> } }
}

describe('errorHandler', () => {
  it('hides unexpected errors behind a generic 500', async () => {
    const { status, json } = await body('/boom')
    expect(status).toBe(500)
    expect(json).toEqual({
      error: { code: 'internal_error', message: 'Something went wrong on our side. Please try again.' },
    })
    expect(JSON.stringify(json)).not.toContain('secret_table')
  })

  it.each(['/db/refused', '/db/shutdown', '/db/closed'])(
    '%s: a database that is away answers 503 with Retry-After, no SQL, no address',
    async (path) => {
      const res = await app.request(path)
      expect(res.status).toBe(503)
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0)
      const json = await res.json()
      expect(json).toEqual({
        error: {
          code: 'unavailable',
          message: 'The service is briefly unavailable. Please try again in a moment.',
        },
      })
      expect(JSON.stringify(json)).not.toMatch(/select|5432|CONNECTION|administrator/)
    },
  )

  it('keeps other database errors a 500 (a bug is not an outage)', async () => {
    const res = await app.request('/db/unique')
    expect(res.status).toBe(500)
    expect(res.headers.get('retry-after')).toBeNull()
  })

  it.each([
    ['/401', 401, 'unauthorized'],
    ['/403', 403, 'forbidden'],
    ['/409', 409, 'conflict'],
    ['/429', 429, 'rate_limited'],
    ['/zod', 400, 'validation_failed'],
    ['/http', 413, 'bad_request'],
  ])('%s answers %i %s in the JSON error shape', async (path, status, code) => {
    const res = await body(path)
    expect(res.status).toBe(status)
    expect(res.json.error.code).toBe(code)
    expect(typeof res.json.error.message).toBe('string')
  })
})
