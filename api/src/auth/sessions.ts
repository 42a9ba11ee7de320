import { can, type UserRole } from '@lamplight/contracts'
import type { Auth } from './auth'

/**
 * After an admin changed what `userId` may do. Authorization reads the role from the
 * database on every request (middleware/guards), so the change already counts there; this
 * makes the rest of the world agree:
 * - a demotion ends every session of the user: a page open as an admin or editor stops
 *   working at once, and they sign in again as what they are now;
 * - a promotion rewrites the user in every session better-auth cached (Redis), so the pages
 *   (which read `/api/auth/get-session`) show the new role without a new sign-in.
 * Both go through better-auth, so a session cached in Redis changes with the database.
 */
export async function afterRoleChange(auth: Auth, userId: string, before: UserRole, after: UserRole) {
  if (before === after) return
  const { internalAdapter } = await auth.$context
  if (can({ role: before }, after) && !can({ role: after }, before)) {
    await internalAdapter.deleteUserSessions(userId)
    return
  }
  const fresh = await internalAdapter.findUserById(userId)
  if (fresh) await internalAdapter.refreshUserSessions(fresh)
}
