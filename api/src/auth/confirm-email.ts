import { errors as joseErrors, jwtVerify } from 'jose'
import { ApiError, validationFailed } from '../lib/errors'
import type { Auth } from './auth'

// The links themselves (made by auth.ts when it mails one): a file of their own, which auth.ts imports.
export { confirmationPath, linkAddress } from './confirm-link'

export type ConfirmEmailInput = { token: string; password?: string }
export type ConfirmEmailAnswer =
  | { status: 'confirmed'; signedIn: boolean; cookies: string[] }
  | { status: 'already_confirmed'; signedIn: false; cookies: [] }

const badLink = () =>
  new ApiError(
    400,
    'invalid_token',
    'This confirmation link is not valid. Sign in, or ask for a new link from your account page.',
  )
const oldLink = () =>
  new ApiError(400, 'token_expired', 'This confirmation link has expired. Ask for a new one below.')
const PASSWORD_NEEDED = 'Enter the password you chose when you created the account.'
const WRONG_PASSWORD = 'That is not the password this account was created with.'

/**
 * A mailed confirmation link proves the address; it never hands anyone an account on its
 * own (decision 038). Anyone may sign up first with a stranger's address and choose the
 * password: had the link signed its clicker in, the address's owner would be using an account
 * whose password someone else knows. So the link confirms the address only together with
 * proof of that password:
 * - typed now (the usual case: sign-up, then the mail, maybe in another browser), or
 * - a session of this account in the clicking browser (sessions come only from a sign-up, a
 *   sign-in or a reset, each of which took the password).
 * Every other session of the account ends; the clicker is signed in. A wrong password is a
 * failed sign-in (the router counts it like one) and confirms nothing. The owner of an
 * address someone else signed up with does not know the password: the page offers "Forgot
 * your password?", whose reset (by mail, to them) ends the stranger's password and sessions.
 */
export async function confirmEmail(
  auth: Auth,
  input: ConfirmEmailInput,
  headers: Headers,
): Promise<ConfirmEmailAnswer> {
  const ctx = await auth.$context
  let payload: Record<string, unknown>
  try {
    payload = (await jwtVerify(input.token, new TextEncoder().encode(ctx.secret), { algorithms: ['HS256'] }))
      .payload
  } catch (error) {
    throw error instanceof joseErrors.JWTExpired ? oldLink() : badLink()
  }
  // Links for a change of address are not ours to honour (the site offers no such change).
  if (typeof payload.email !== 'string' || payload.updateTo !== undefined) throw badLink()
  const found = await ctx.internalAdapter.findUserByEmail(payload.email, { includeAccounts: true })
  if (!found || (typeof payload.userId === 'string' && payload.userId !== found.user.id)) throw badLink()
  const { user } = found
  if (user.emailVerified) return { status: 'already_confirmed', signedIn: false, cookies: [] }

  const current = await auth.api.getSession({ headers })
  if (current?.user.id === user.id) {
    await ctx.internalAdapter.updateUser(user.id, { emailVerified: true })
    const others = (await ctx.internalAdapter.listSessions(user.id))
      .map((session) => session.token)
      .filter((token) => token !== current.session.token)
    if (others.length) await ctx.internalAdapter.deleteSessions(others)
    return { status: 'confirmed', signedIn: true, cookies: [] }
  }

  if (!input.password)
    throw validationFailed(PASSWORD_NEEDED, [{ path: 'password', message: PASSWORD_NEEDED }])
  const hash = found.accounts.find((account) => account.providerId === 'credential')?.password
  const matches = hash ? await ctx.password.verify({ hash, password: input.password }) : false
  if (!matches)
    throw new ApiError(401, 'invalid_password', WRONG_PASSWORD, [
      { path: 'password', message: WRONG_PASSWORD },
    ])

  await ctx.internalAdapter.updateUser(user.id, { emailVerified: true })
  // Every session made before the address was proven ends; the clicker gets a new one.
  await ctx.internalAdapter.deleteUserSessions(user.id)
  const signedIn = await auth.api.signInEmail({
    body: { email: user.email, password: input.password, rememberMe: true },
    headers,
    asResponse: true,
  })
  // The address is proven whatever happens next: if the new session cannot be made, the
  // page says so and offers the sign-in form, rather than an error for a confirmation that worked.
  if (!signedIn.ok) return { status: 'confirmed', signedIn: false, cookies: [] }
  return { status: 'confirmed', signedIn: true, cookies: signedIn.headers.getSetCookie() }
}
