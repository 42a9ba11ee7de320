import { CONTACT_LIMITS } from '@lamplight/contracts'
import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { z } from 'zod'
import { ApiError } from '../../lib/errors'
import { currentUser } from '../../middleware/guards'
import { rateLimit } from '../../middleware/rate-limit'
import { validate } from '../../middleware/validate'
import type { AppEnv } from '../../types'
import { insertContactMessage, insertPrayerRequest } from './queries'

/** Submissions per client address and form in one window. */
export const SUBMISSIONS_PER_WINDOW = 5
export const SUBMISSION_WINDOW_MS = 10 * 60 * 1000

/** A body this large cannot be a valid submission: refused before it is parsed. */
const MAX_BODY_BYTES = 64 * 1024

const EMAIL_MESSAGE = 'Please enter a valid email address.'

const requiredText = (max: number, missing: string) =>
  z
    .string({ error: missing })
    .trim()
    .min(1, missing)
    .max(max, `Please keep this under ${max.toLocaleString('en-US')} characters.`)

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Please keep this under ${max.toLocaleString('en-US')} characters.`)
    .nullish()
    .transform((value) => value || null)

export const ContactMessageSchema = z.object({
  name: requiredText(CONTACT_LIMITS.name, 'Please tell us your name.'),
  email: requiredText(CONTACT_LIMITS.email, 'Please enter your email address.').pipe(z.email(EMAIL_MESSAGE)),
  subject: requiredText(CONTACT_LIMITS.subject, 'Please add a subject.'),
  message: requiredText(CONTACT_LIMITS.message, 'Please write your message.'),
})

export const PrayerRequestSchema = z.object({
  name: optionalText(CONTACT_LIMITS.name),
  email: optionalText(CONTACT_LIMITS.email).refine(
    (value) => value === null || z.email().safeParse(value).success,
    EMAIL_MESSAGE,
  ),
  request: requiredText(CONTACT_LIMITS.request, 'Please share your prayer request.'),
})

const limitBody = bodyLimit({
  maxSize: MAX_BODY_BYTES,
  onError: () => {
    throw new ApiError(413, 'bad_request', 'That message is too long to send.')
  },
})

const limitSubmissions = (name: string) =>
  rateLimit({
    name,
    limit: SUBMISSIONS_PER_WINDOW,
    windowMs: SUBMISSION_WINDOW_MS,
    message:
      'You have sent several messages in a short time. Please wait a few minutes and try again, or email us directly.',
  })

/**
 * What visitors send us: contact messages and prayer requests, stored for the team to read
 * (GET /api/admin/messages). Anyone may write; a signed-in sender's account is remembered.
 */
export const contactRouter = new Hono<AppEnv>()
  .post(
    '/contact',
    limitSubmissions('contact'),
    limitBody,
    validate('json', ContactMessageSchema),
    async (c) => {
      const input = c.req.valid('json')
      const user = await currentUser(c)
      const row = await insertContactMessage(c.get('deps').database.db, {
        ...input,
        userId: user?.id ?? null,
      })
      return c.json({ data: row }, 201)
    },
  )
  .post(
    '/prayer-requests',
    limitSubmissions('prayer'),
    limitBody,
    validate('json', PrayerRequestSchema),
    async (c) => {
      const input = c.req.valid('json')
      const user = await currentUser(c)
      const row = await insertPrayerRequest(c.get('deps').database.db, { ...input, userId: user?.id ?? null })
      return c.json({ data: row }, 201)
    },
  )
