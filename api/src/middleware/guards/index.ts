import type { Context } from 'hono'
import { USER_ROLES } from '../../db/schema'
import type { AppEnv, SessionUser } from '../../types'

/** The signed-in user of this request (looked up once), or null. */
export async function currentUser(c: Context<AppEnv>): Promise<SessionUser | null> {
  const cached = c.get('user')
  if (cached !== undefined) return cached
  const result = await c.get('deps').auth.api.getSession({ headers: c.req.raw.headers })
  const claimed = (result?.user as { role?: unknown } | undefined)?.role
  const role = USER_ROLES.find((r) => r === claimed) ?? 'customer'
  const user: SessionUser | null = result
    ? {
        id: result.user.id,
        email: result.user.email,
        name: result.user.name,
        role,
        emailVerified: result.user.emailVerified,
      }
    : null
  c.set('user', user)
  return user
}
