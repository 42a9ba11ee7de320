import { contactContract } from '@lamplight/contracts'
import { notFound } from '../../lib/errors'
import { defineRouter } from '../../lib/router'
import { currentUser } from '../../middleware/guards'
import { rateLimit } from '../../middleware/rate-limit'
import { listInbox } from './queries'
import { insertContactMessage, insertPrayerRequest, markHandled } from './service'

/** Submissions per client address and form in one window. */
export const SUBMISSIONS_PER_WINDOW = 5
export const SUBMISSION_WINDOW_MS = 10 * 60 * 1000

/** A body this large cannot be a valid submission: refused before it is parsed. */
const MAX_BODY_BYTES = 64 * 1024
const TOO_LONG = 'That message is too long to send.'

// Every attempt counts, valid or not, so a client cannot probe the validator for free.
const limitSubmissions = (name: string) =>
  rateLimit({
    name,
    limit: SUBMISSIONS_PER_WINDOW,
    windowMs: SUBMISSION_WINDOW_MS,
    message:
      'You have sent several messages in a short time. Please wait a few minutes and try again, or email us directly.',
  })

/**
 * What visitors send us: contact messages and prayer requests, stored for the team to read.
 * Anyone may write; a signed-in sender's account is remembered.
 */
export const contactRouter = defineRouter('/')
  .handle(
    contactContract.contact,
    { bodyLimit: MAX_BODY_BYTES, bodyLimitMessage: TOO_LONG, middleware: [limitSubmissions('contact')] },
    async ({ c, db, body }) => {
      const user = await currentUser(c)
      const row = await insertContactMessage(db, { ...body, userId: user?.id ?? null })
      return c.json({ data: row }, 201)
    },
  )
  .handle(
    contactContract.prayer,
    { bodyLimit: MAX_BODY_BYTES, bodyLimitMessage: TOO_LONG, middleware: [limitSubmissions('prayer')] },
    async ({ c, db, body }) => {
      const user = await currentUser(c)
      const row = await insertPrayerRequest(db, { ...body, userId: user?.id ?? null })
      return c.json({ data: row }, 201)
    },
  )

/** The team's inbox: contact messages and prayer requests together, newest first. */
export const inboxRouter = defineRouter('/admin/messages')
  .handle(contactContract.inbox, async ({ c, db }) => c.json({ data: await listInbox(db) }))
  .handle(contactContract.markHandled, async ({ c, db, params, body, user }) => {
    const row = await markHandled(db, user.id, params.kind, params.id, body.handled)
    if (!row) throw notFound('No such message.')
    return c.json({ data: row })
  })
