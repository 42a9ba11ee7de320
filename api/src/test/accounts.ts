import { eq } from 'drizzle-orm'
import type { Hono } from 'hono'
import { user } from '../db/schema'
import { browser } from './client'
import type { TestDatabase } from './database'

/**
 * A client signed in as an ADMIN_EMAILS account the way a real one becomes admin: it signs
 * up (a customer), its address is marked verified (as following the mailed link would) and
 * it signs in again, which promotes it. The app must list `email` in ADMIN_EMAILS.
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
  await database.db.update(user).set({ emailVerified: true }).where(eq(user.email, email.toLowerCase()))
  const signedIn = await b.signIn(email, password)
  if (signedIn.status !== 200) throw new Error(`sign-in of ${email} failed: ${signedIn.status}`)
  return b
}
