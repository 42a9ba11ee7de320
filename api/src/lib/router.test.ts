import { endpoint } from '@lamplight/contracts'
import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createApp } from '../app'
import { errorHandler } from '../middleware/error-handler'
import { createTestApp } from '../test/app'
import { browser } from '../test/client'
import { createTestDatabase, type TestDatabase } from '../test/database'
import type { AppEnv } from '../types'
import { defineRouter } from './router'

// A throwaway domain mounted beside the real ones, to prove what a declaration enforces.
const probe = {
  open: endpoint({
    method: 'POST',
    path: '/probe/open',
    access: 'public',
    summary: 'anyone',
    body: z.object({ text: z.string().max(20) }),
  }),
  staff: endpoint({ method: 'GET', path: '/probe/staff', access: 'editor', summary: 'editors' }),
  admin: endpoint({ method: 'GET', path: '/probe/admin', access: 'admin', summary: 'admins' }),
  mine: endpoint({
    method: 'GET',
    path: '/probe/mine/:id',
    access: { owner: 'the thing is the caller’s own' },
    summary: 'owners',
    params: z.object({ id: z.string().max(40) }),
  }),
  stamped: endpoint({
    method: 'GET',
    path: '/probe/stamped',
    access: 'public',
    summary: 'a typed answer',
    response: z.object({
      data: z.object({ at: z.iso.datetime({ offset: true }), note: z.string().nullable() }),
    }),
  }),
}
const probeRouter = defineRouter('/probe')
  .handle(probe.open, { bodyLimit: 200 }, ({ c, body }) => c.json({ echo: body.text }))
  .handle(probe.staff, ({ c, user }) => c.json({ role: user.role }))
  .handle(probe.admin, ({ c, user }) => c.json({ role: user.role }))
  .handle(probe.mine, { owns: ({ params, user }) => params.id === user.id }, ({ c }) => c.json({ ok: true }))
  // A Date is what it becomes on the wire, an ISO string: it meets the contract's string.
  .handle(probe.stamped, ({ c }) => c.json({ data: { at: new Date(Date.UTC(2026, 2, 1, 12)), note: null } }))

// An answer that drifts from its contract is refused by the typecheck (npm test runs it).
defineRouter('/probe')
  // @ts-expect-error a field the contract does not have, and one it needs left out
  .handle(probe.stamped, ({ c }) => c.json({ data: { when: 'now', note: null } }))
  // @ts-expect-error null where the contract wants the object
  .handle(probe.stamped, ({ c }) => c.json({ data: null }))
  // An error body with an error status is always allowed.
  .handle(probe.stamped, ({ c }) => c.json({ error: { code: 'unavailable', message: 'Later.' } }, 503))

describe('defineRouter: the declaration is the guard', () => {
  let database: TestDatabase
  let app: Hono<AppEnv>
  let setRole: (email: string, role: 'editor' | 'admin') => Promise<void>

  beforeAll(async () => {
    database = await createTestDatabase('pglite')
    const test = createTestApp(database)
    // The real app's middleware, with the probe mounted in front of its 404.
    app = new Hono<AppEnv>()
    app.use(async (c, next) => {
      c.set('deps', test.deps)
      await next()
    })
    const real = createApp(test.deps)
    app.route('/api/probe', probeRouter.hono)
    app.route('/', real)
    app.onError(errorHandler)
    setRole = async (email, role) => {
      await database.db.execute(`update "user" set role = '${role}' where email = '${email}'` as never)
    }
  }, 60_000)
  afterAll(() => database.destroy())

  async function signedIn(email: string) {
    const client = browser(app)
    const res = await client.request('/api/auth/sign-up/email', {
      body: { email, password: 'correct horse battery', name: 'Probe' },
    })
    expect(res.status).toBe(200)
    return client
  }

  it('sends a typed answer as its contract reads it', async () => {
    const res = await browser(app).request('/api/probe/stamped')
    expect(res.status).toBe(200)
    const json = await res.json()
    expect(probe.stamped.response.parse(json)).toEqual({
      data: { at: '2026-03-01T12:00:00.000Z', note: null },
    })
  })

  it('answers 401 to a visitor and 403 to a user without the role, before validating anything', async () => {
    const visitor = browser(app)
    expect((await visitor.request('/api/probe/staff')).status).toBe(401)
    const customer = await signedIn('probe-customer@example.test')
    const res = await customer.request('/api/probe/admin')
    expect(res.status).toBe(403)
    expect((await res.json()).error.code).toBe('forbidden')
  })

  it('lets an editor through an editor route, and an admin through both', async () => {
    const editor = await signedIn('probe-editor@example.test')
    await setRole('probe-editor@example.test', 'editor')
    expect((await editor.request('/api/probe/staff')).status).toBe(200)
    expect((await editor.request('/api/probe/admin')).status).toBe(403)
    const admin = await signedIn('probe-admin@example.test')
    await setRole('probe-admin@example.test', 'admin')
    expect(await (await admin.request('/api/probe/staff')).json()).toEqual({ role: 'admin' })
    const answer = await admin.request('/api/probe/admin')
    expect(answer.status).toBe(200)
    // What only a signed-in caller may read is never kept by a cache; a public answer is left alone.
    expect(answer.headers.get('cache-control')).toBe('private, no-store')
    const open = await browser(app).request('/api/probe/open', { body: { text: 'hi' } })
    expect(open.headers.get('cache-control')).not.toBe('private, no-store')
  })

  it('answers a non-owner with the same 404 as an unknown id', async () => {
    const owner = await signedIn('probe-owner@example.test')
    const me = await (await owner.request('/api/auth/get-session')).json()
    expect((await owner.request(`/api/probe/mine/${me.user.id}`)).status).toBe(200)
    const other = await signedIn('probe-other@example.test')
    const res = await other.request(`/api/probe/mine/${me.user.id}`)
    expect(res.status).toBe(404)
    expect((await res.json()).error.code).toBe('not_found')
  })

  it('validates the body with the declared schema, refuses NUL anywhere, and limits the size', async () => {
    const visitor = browser(app)
    expect(await (await visitor.request('/api/probe/open', { body: { text: 'hello' } })).json()).toEqual({
      echo: 'hello',
    })
    const invalid = await visitor.request('/api/probe/open', { body: { text: 42 } })
    expect(invalid.status).toBe(400)
    expect((await invalid.json()).error.issues[0].path).toBe('text')
    const nul = await visitor.request('/api/probe/open', { body: { text: 'a\u0000b' } })
    expect(nul.status).toBe(400)
    const nulKey = await visitor.request('/api/probe/open', { body: { text: 'ok', ['x\u0000']: 1 } })
    expect(nulKey.status).toBe(400)
    const big = await visitor.request('/api/probe/open', { body: { text: 'x'.repeat(500) } })
    expect(big.status).toBe(413)
  })

  it('refuses a declaration whose path is outside its router or whose ownership rule has no check', () => {
    expect(() => defineRouter('/a').handle(probe.staff, ({ c }) => c.json({}))).toThrow(/not under/)
    expect(() => defineRouter('/probe').handle(probe.mine, {} as never, ({ c }) => c.json({}))).toThrow(
      /ownership rule/,
    )
  })
})
