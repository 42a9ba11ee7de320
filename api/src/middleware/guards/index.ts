import type { Context, MiddlewareHandler } from 'hono'
import { USER_ROLES } from '../../db/schema'
import { forbidden, unauthorized } from '../../lib/errors'
import type { AppEnv, SessionUser, UserRole } from '../../types'

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

/** Route permission: any signed-in user. Anonymous → 401. */
export const requireUser: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!(await currentUser(c))) throw unauthorized()
  await next()
}

/** Route permission: a signed-in user with one of these roles. Anonymous → 401, others → 403. */
export function requireRole(...roles: UserRole[]): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const user = await currentUser(c)
    if (!user) throw unauthorized()
    if (!roles.includes(user.role)) throw forbidden()
    await next()
  }
}
