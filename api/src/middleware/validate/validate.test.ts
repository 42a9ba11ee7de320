import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import type { AppEnv } from '../../types'
import { errorHandler } from '../error-handler'
import { validate } from '.'

const app = new Hono<AppEnv>()
  .post(
    '/echo',
    validate('json', z.object({ name: z.string().min(1), age: z.number().int().optional() })),
    (c) => c.json({ got: c.req.valid('json') }),
  )
  .get('/search', validate('query', z.object({ page: z.coerce.number().int().min(1).default(1) })), (c) =>
    c.json({ page: c.req.valid('query').page }),
  )
app.onError(errorHandler)

const post = (body: string, type = 'application/json') =>
  app.request('/echo', { method: 'POST', body, headers: { 'Content-Type': type } })

describe('validate', () => {
  it('passes parsed data to the handler', async () => {
    const res = await post(JSON.stringify({ name: 'Lydia', age: 40 }))
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ got: { name: 'Lydia', age: 40 } })
  })

  it('answers malformed JSON with a 400 invalid_json', async () => {
    const res = await post('{"name": ')
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({
      error: { code: 'invalid_json', message: 'The request body is not valid JSON.' },
    })
  })

  it('refuses a body that is not declared as JSON', async () => {
    const res = await post('name=x', 'application/x-www-form-urlencoded')
    expect(res.status).toBe(400)
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('invalid_json')
  })

  it('lists every zod issue with its path', async () => {
    const res = await post(JSON.stringify({ name: '', age: 1.5 }))
    expect(res.status).toBe(400)
    const body = (await res.json()) as { error: { code: string; issues: { path: string }[] } }
    expect(body.error.code).toBe('validation_failed')
    expect(body.error.issues.map((i) => i.path).sort()).toEqual(['age', 'name'])
  })

  it('validates query strings too', async () => {
    expect(await (await app.request('/search?page=3')).json()).toEqual({ page: 3 })
    expect((await app.request('/search?page=zero')).status).toBe(400)
  })
})
