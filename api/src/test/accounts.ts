import { sql } from 'drizzle-orm'
import type { Hono } from 'hono'
import { queryRows } from '../db/client'
import { browser } from './client'
import type { TestDatabase } from './database'

/**
 * Sets `email`'s password the way its owner would: asks for a reset link, reads the newest
 * one mailed to the address from the outbox, follows it and chooses `newPassword`. This is
 * where an ADMIN_EMAILS account becomes admin and a guest's orders join the account.
 */
export async function resetByMail(
  app: Pick<Hono, 'request'>,
  database: TestDatabase,
  email: string,
  newPassword: string,
) {
  const b = browser(app)
  const asked = await b.request('/api/auth/request-password-reset', {
    body: { email, redirectTo: '/auth/reset-password' },
  })
  if (asked.status !== 200) throw new Error(`reset request for ${email} failed: ${asked.status}`)
  const [mail] = await queryRows<{ text: string }>(
    database.db,
    sql`select text from mail_outbox where "to" = ${email.toLowerCase()} and subject like 'Reset%' order by created_at desc limit 1`,
  )
  const link = /https?:\/\/\S+/.exec(mail?.text ?? '')?.[0]
  if (!link) throw new Error(`no reset link mailed to ${email}`)
  const opened = await b.request(new URL(link).pathname + new URL(link).search)
  const token = new URL(opened.headers.get('location') ?? '/', 'http://x').searchParams.get('token')
  const reset = await b.request('/api/auth/reset-password', { body: { token, newPassword } })
  if (reset.status !== 200) throw new Error(`reset of ${email} failed: ${reset.status}`)
}

/**
 * A client signed in as an ADMIN_EMAILS account the way a real one becomes admin: it signs
 * up (a customer), its owner sets the password by a mailed reset link (which promotes it), and
 * it signs in. The app must list `email` in ADMIN_EMAILS.
 */
export async function signInListedAdmin(
  app: Pick<Hono, 'request'>,
  database: TestDatabase,
  email: string,
  password = 'boss password 1',
  name = 'The Boss',
) {
  const b = browser(app)
  const signedUp = await b.signUp(email, password, name)
  if (signedUp.status !== 200 && signedUp.status !== 422)
    throw new Error(`sign-up of ${email} failed: ${signedUp.status}`)
  await resetByMail(app, database, email, password)
  const signedIn = await b.signIn(email, password)
  if (signedIn.status !== 200) throw new Error(`sign-in of ${email} failed: ${signedIn.status}`)
  return b
}
