/**
 * Roles and the one permission function. The API enforces it on every route (through each
 * endpoint's declared access); the shell uses it to spare people a dead end. Both read this file.
 */
export const USER_ROLES = ['customer', 'editor', 'admin'] as const
export type UserRole = (typeof USER_ROLES)[number]

/** The user as the API and the apps see it. */
export type SessionUser = {
  id: string
  email: string
  name: string
  role: UserRole
  emailVerified: boolean
}

/**
 * Who may call an endpoint or open a page:
 * - `public`: anyone, signed in or not;
 * - `customer`: any signed-in user (customers, editors, admins);
 * - `editor`: editors and admins (the resource library);
 * - `admin`: admins only;
 * - `{ owner }`: a signed-in user for whom the endpoint's ownership rule holds (the
 *   description says which, e.g. "the order's owner or an admin"); others get a 404.
 */
export type RoleAccess = 'public' | 'customer' | 'editor' | 'admin'
export type Access = RoleAccess | { owner: string }

const RANK: Record<UserRole, number> = { customer: 1, editor: 2, admin: 3 }
const NEEDED: Record<RoleAccess, number> = { public: 0, customer: 1, editor: 2, admin: 3 }

/**
 * Whether `user` passes the role part of `access`. Ownership rules need the resource, so
 * for them this only says whether the user is signed in (the router checks the rest).
 */
export function can(user: Pick<SessionUser, 'role'> | null | undefined, access: Access): boolean {
  const needed = typeof access === 'string' ? NEEDED[access] : NEEDED.customer
  if (needed === 0) return true
  if (!user) return false
  return (RANK[user.role] ?? 0) >= needed
}

/** A label for documentation and the authorization matrix. */
export const describeAccess = (access: Access) =>
  typeof access === 'string' ? access : `owner: ${access.owner}`
