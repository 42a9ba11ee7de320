import { eq } from 'drizzle-orm'
import type { Context } from 'hono'
import { USER_ROLES, user as users } from '../../db/schema'
import type { AppEnv, SessionUser } from '../../types'

/**
 * The signed-in user of this request (looked up once), or null.
 *
 * The session says who is signed in; the database says what they may do. better-auth answers
 * a session from the copy of the user it cached (in Redis, for days) when it was made, so a
 * role changed since (a demotion, a promotion, written by `setUserRole` or ADMIN_EMAILS) would
 * reach a live session only at its next sign-in. Reading the row here makes every change of
 * role count on the user's very next request, on every instance, with Redis or without; an
 * account deleted since is signed out. One primary-key read, for signed-in requests only.
 */
export async function currentUser(c: Context<AppEnv>): Promise<SessionUser | null> {
  const cached = c.get('user')
  if (cached !== undefined) return cached
  const { auth, database } = c.get('deps')
  const result = await auth.api.getSession({ headers: c.req.raw.headers })
  let found: SessionUser | null = null
  if (result) {
    const [row] = await database.db
      .select({
        id: users.id,
        email: users.email,
        name: users.name,
        role: users.role,
        emailVerified: users.emailVerified,
      })
      .from(users)
      .where(eq(users.id, result.user.id))
    if (row)
      found = {
        ...row,
        role: USER_ROLES.find((r) => r === row.role) ?? 'customer',
      }
  }
  c.set('user', found)
  return found
}
