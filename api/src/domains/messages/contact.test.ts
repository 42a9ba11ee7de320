import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { contactMessages, prayerRequests, user } from '../../db/schema'
import { signInListedAdmin } from '../../test/accounts'
import { createTestApp } from '../../test/app'
import { browser } from '../../test/client'
import { createTestDatabase, DRIVERS, type TestDatabase } from '../../test/database'
import { SUBMISSIONS_PER_WINDOW } from './routes'

type ErrorBody = { error: { code: string; message: string; issues?: { path: string; message: string }[] } }
type Created = { data: { id: string; created_at: string } }
type Inbox = { data: Record<string, unknown>[] }

// The limiter is per process, so every client in this file gets an address of its own.
let clients = 0
const nextIp = () => {
  clients += 1
  return `198.51.${Math.floor(clients / 250)}.${(clients % 250) + 1}`
}

const VALID_CONTACT = {
  name: 'Lydia of Thyatira',
  email: 'lydia@example.com',
  subject: 'Purple cloth and puzzles',
  message: 'Do you ship to small groups in Philippi?',
}

describe.each(DRIVERS)('contact and prayer endpoints on %s', (driver) => {
  let database: TestDatabase
  let app: ReturnType<typeof createTestApp>['app']
  const client = () => browser(app, nextIp())

  beforeAll(async () => {
    database = await createTestDatabase(driver)
    app = createTestApp(database, { ADMIN_EMAILS: 'boss@example.com' }).app
  })
  afterAll(async () => {
    await database?.destroy()
  })

  describe('POST /api/contact', () => {
    it('stores a valid message, trimmed, and answers 201', async () => {
      const res = await client().json<Created>('/api/contact', {
        body: { ...VALID_CONTACT, name: '  Lydia of Thyatira ', email: ' lydia@example.com ' },
      })
      expect(res.status).toBe(201)
      expect(res.body.data).toEqual({ id: expect.any(String), created_at: expect.any(String) })
      const [row] = await database.db
        .select()
        .from(contactMessages)
        .where(eq(contactMessages.id, res.body.data.id))
      expect(row).toMatchObject({ ...VALID_CONTACT, userId: null })
    })

    it('remembers the account of a signed-in sender', async () => {
      const b = client()
      await b.signUp('priscilla@example.com')
      const res = await b.json<Created>('/api/contact', { body: VALID_CONTACT })
      expect(res.status).toBe(201)
      const [sender] = await database.db.select().from(user).where(eq(user.email, 'priscilla@example.com'))
      const [row] = await database.db
        .select()
        .from(contactMessages)
        .where(eq(contactMessages.id, res.body.data.id))
      expect(row?.userId).toBe(sender!.id)
    })

    it.each([
      ['name', { name: undefined }],
      ['name', { name: '   ' }],
      ['name', { name: 42 }],
      ['email', { email: undefined }],
      ['email', { email: '' }],
      ['email', { email: 'not-an-email' }],
      ['email', { email: 'lydia@' }],
      ['subject', { subject: undefined }],
      ['subject', { subject: '\n\t ' }],
      ['message', { message: undefined }],
      ['message', { message: '' }],
    ])('refuses an invalid %s (%o) with a 400 naming the field', async (field, change) => {
      const before = await database.db.$count(contactMessages)
      const res = await client().json<ErrorBody>('/api/contact', { body: { ...VALID_CONTACT, ...change } })
      expect(res.status).toBe(400)
      expect(res.body.error.code).toBe('validation_failed')
      expect(res.body.error.issues?.map((i) => i.path)).toEqual([field])
      expect(await database.db.$count(contactMessages)).toBe(before)
    })

    it.each([
      ['name', 100],
      ['email', 254],
      ['subject', 200],
      ['message', 5000],
    ])('refuses a %s over %i characters', async (field, max) => {
      const long = field === 'email' ? `${'a'.repeat(max - 11)}@example.com` : 'x'.repeat(max + 1)
      const res = await client().json<ErrorBody>('/api/contact', {
        body: { ...VALID_CONTACT, [field]: long },
      })
      expect(res.status).toBe(400)
      expect(res.body.error.issues?.map((i) => i.path)).toContain(field)
    })

    it('accepts a message of exactly the longest length', async () => {
      const res = await client().json('/api/contact', {
        body: { ...VALID_CONTACT, message: 'y'.repeat(5000) },
      })
      expect(res.status).toBe(201)
    })

    it('refuses an oversized body before reading it', async () => {
      const res = await client().json<ErrorBody>('/api/contact', {
        body: { ...VALID_CONTACT, message: 'z'.repeat(100_000) },
      })
      expect(res.status).toBe(413)
      expect(res.body.error).toEqual({ code: 'bad_request', message: 'That message is too long to send.' })
    })

    it('refuses a body that is not JSON', async () => {
      const res = await client().json<ErrorBody>('/api/contact', {
        method: 'POST',
        headers: { 'Content-Type': 'text/plain' },
      })
      expect(res.status).toBe(400)
      expect(res.body.error.code).toBe('invalid_json')
    })

    it(`lets one client send ${SUBMISSIONS_PER_WINDOW} messages in ten minutes, then answers 429`, async () => {
      const b = client()
      for (let i = 0; i < SUBMISSIONS_PER_WINDOW; i++) {
        expect((await b.request('/api/contact', { body: VALID_CONTACT })).status).toBe(201)
      }
      const refused = await b.json<ErrorBody>('/api/contact', { body: VALID_CONTACT })
      expect(refused.status).toBe(429)
      expect(refused.body.error.code).toBe('rate_limited')
      expect(refused.body.error.message).toMatch(/wait a few minutes/)
      const retryAfter = Number(refused.headers.get('retry-after'))
      expect(retryAfter).toBeGreaterThan(500)
      expect(retryAfter).toBeLessThanOrEqual(600)

      // Invalid attempts count too, and other clients and the prayer form are unaffected.
      expect((await b.request('/api/contact', { body: {} })).status).toBe(429)
      expect((await client().request('/api/contact', { body: VALID_CONTACT })).status).toBe(201)
      expect((await b.request('/api/prayer-requests', { body: { request: 'Peace' } })).status).toBe(201)
    })
  })

  describe('POST /api/prayer-requests', () => {
    it('needs only the request; name and email are optional', async () => {
      const res = await client().json<Created>('/api/prayer-requests', {
        body: { request: '  Please pray for my mother’s surgery on Friday. ' },
      })
      expect(res.status).toBe(201)
      const [row] = await database.db
        .select()
        .from(prayerRequests)
        .where(eq(prayerRequests.id, res.body.data.id))
      expect(row).toMatchObject({
        name: null,
        email: null,
        request: 'Please pray for my mother’s surgery on Friday.',
        userId: null,
      })
    })

    it('keeps a name and email when given, and treats blank ones as absent', async () => {
      const named = await client().json<Created>('/api/prayer-requests', {
        body: { name: 'Hannah', email: 'hannah@example.com', request: 'For a child.' },
      })
      expect(named.status).toBe(201)
      const blank = await client().json<Created>('/api/prayer-requests', {
        body: { name: '  ', email: '', request: 'For rain.' },
      })
      expect(blank.status).toBe(201)
      const rows = await database.db.select().from(prayerRequests)
      expect(rows.find((r) => r.id === named.body.data.id)).toMatchObject({
        name: 'Hannah',
        email: 'hannah@example.com',
      })
      expect(rows.find((r) => r.id === blank.body.data.id)).toMatchObject({ name: null, email: null })
    })

    it.each([
      ['request', { request: undefined }],
      ['request', { request: '   ' }],
      ['request', { request: 'x'.repeat(5001) }],
      ['email', { email: 'hannah-at-example' }],
      ['email', { email: `${'e'.repeat(250)}@example.com` }],
      ['name', { name: 'n'.repeat(101) }],
    ])('refuses an invalid %s with a 400', async (field, change) => {
      const res = await client().json<ErrorBody>('/api/prayer-requests', {
        body: { request: 'For wisdom.', ...change },
      })
      expect(res.status).toBe(400)
      expect(res.body.error.code).toBe('validation_failed')
      expect(res.body.error.issues?.map((i) => i.path)).toContain(field)
    })

    it('is rate limited per client too', async () => {
      const b = client()
      for (let i = 0; i < SUBMISSIONS_PER_WINDOW; i++) {
        expect((await b.request('/api/prayer-requests', { body: { request: `Day ${i}` } })).status).toBe(201)
      }
      const refused = await b.request('/api/prayer-requests', { body: { request: 'Once more' } })
      expect(refused.status).toBe(429)
      expect(refused.headers.get('retry-after')).toMatch(/^\d+$/)
    })
  })

  describe('GET /api/admin/messages', () => {
    it('is for admins only: 401 signed out, 403 for a customer', async () => {
      const anonymous = await client().json<ErrorBody>('/api/admin/messages')
      expect(anonymous.status).toBe(401)
      const customer = client()
      await customer.signUp('martha@example.com')
      const denied = await customer.json<ErrorBody>('/api/admin/messages')
      expect(denied.status).toBe(403)
      expect(denied.body.error.code).toBe('forbidden')
    })

    it('lists contact messages and prayer requests together, newest first', async () => {
      await client().request('/api/contact', { body: { ...VALID_CONTACT, subject: 'Newest but one' } })
      await client().request('/api/prayer-requests', {
        body: { name: 'Anna', email: 'anna@example.com', request: 'The newest of all' },
      })
      const admin = await signInListedAdmin(app, database, 'boss@example.com')
      const res = await admin.json<Inbox>('/api/admin/messages')
      expect(res.status).toBe(200)
      const [first, second] = res.body.data
      expect(first).toEqual({
        kind: 'prayer',
        id: expect.any(String),
        name: 'Anna',
        email: 'anna@example.com',
        subject: null,
        request: 'The newest of all',
        user_id: null,
        created_at: expect.any(String),
        handled_at: null,
      })
      expect(second).toMatchObject({
        kind: 'contact',
        subject: 'Newest but one',
        message: VALID_CONTACT.message,
      })
      const times = res.body.data.map((m) => Date.parse(m.created_at as string))
      expect(times).toEqual([...times].sort((a, b) => b - a))
      const total = (await database.db.$count(contactMessages)) + (await database.db.$count(prayerRequests))
      expect(res.body.data).toHaveLength(total)
    })
  })
})
