import type { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, TEST_ORIGIN } from '../test/app'
import { createTestDatabase, type TestDatabase } from '../test/database'
import type { AppEnv } from '../types'
import { type Actors, createActors } from './actors'
import { HOSTILE_VALUES, leaks } from './hostile-inputs'

/**
 * better-auth's endpoints sit behind one declared pass-through, so the generated battery
 * cannot see their fields: they are listed here, each field given each hostile value.
 */
const AUTH_ACTIONS: Record<string, Record<string, unknown>> = {
  'sign-up/email': { email: 'battery-new@example.com', password: 'battery password 1', name: 'Battery' },
  'sign-in/email': { email: 'battery-new@example.com', password: 'battery password 1' },
  'request-password-reset': { email: 'battery-new@example.com', redirectTo: '/auth/reset-password' },
  'reset-password': { token: 'not-a-token', newPassword: 'battery password 2' },
  'update-user': { name: 'New Name', image: null },
  'change-password': { currentPassword: 'matrix-password-1', newPassword: 'battery password 3' },
  'send-verification-email': { email: 'battery-new@example.com' },
}

/** Four broken bodies, then each field given each hostile value. */
const planned = Object.values(AUTH_ACTIONS).reduce(
  (sum, valid) => sum + 4 + Object.keys(valid).length * HOSTILE_VALUES.length,
  0,
)

describe('hostile-input battery: accounts (better-auth)', () => {
  let database: TestDatabase
  let app: Hono<AppEnv>
  let actors: Actors
  let n = 0
  beforeAll(async () => {
    database = await createTestDatabase('pglite')
    app = createTestApp(database).app as unknown as Hono<AppEnv>
    actors = await createActors(app, database, 'auth-battery')
  }, 120_000)
  afterAll(async () => {
    console.info(`hostile-input battery, accounts: ${n} requests, none answered 500`)
    await database?.destroy()
  })

  it.each(Object.entries(AUTH_ACTIONS))(
    'POST /api/auth/%s never answers 500 or leaks',
    async (action, valid) => {
      const bodies: [string, string][] = [
        ['malformed', '{"email":'],
        ['null', 'null'],
        ['array', '[]'],
        ['deep', `${'['.repeat(10_000)}${']'.repeat(10_000)}`],
      ]
      for (const field of Object.keys(valid)) {
        for (const [label, value] of HOSTILE_VALUES)
          bodies.push([`${field} = ${label}`, JSON.stringify({ ...valid, [field]: value })])
      }
      for (const [label, body] of bodies) {
        n += 1
        // The customer's session: update-user and change-password need one.
        const res = await app.request(`/api/auth/${action}`, {
          method: 'POST',
          headers: {
            Origin: TEST_ORIGIN,
            'Content-Type': 'application/json',
            'X-Forwarded-For': `198.19.${Math.floor(n / 250) % 250}.${(n % 250) + 1}`,
            Cookie: action === 'change-password' ? '' : actors.customer.cookie(),
          },
          body,
        })
        const text = await res.text()
        const where = `${action} ${label}: ${res.status} ${text.slice(0, 160)}`
        expect(res.status, where).toBeLessThan(500)
        if (res.status >= 400) {
          expect(JSON.parse(text).error?.code, where).toEqual(expect.any(String))
          expect(leaks(text), where).toBeUndefined()
        }
      }
    },
  )

  it('sent every planned request', () => {
    expect(n).toBe(planned)
    expect(n).toBeGreaterThanOrEqual(900)
  })

  it('answers an unknown account action with our JSON 404', async () => {
    const res = await app.request('/api/auth/no-such-thing', { headers: { Origin: TEST_ORIGIN } })
    expect(res.status).toBe(404)
    expect((await res.json()).error.code).toBe('not_found')
  })
})
