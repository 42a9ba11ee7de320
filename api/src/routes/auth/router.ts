import { authContract } from '@lamplight/contracts'
import type { Context, MiddlewareHandler } from 'hono'
import { getCookie } from 'hono/cookie'
import { type ConfirmEmailInput, confirmationPath, confirmEmail, linkAddress } from '../../auth/confirm-email'
import {
  isKnownDevice,
  KNOWN_DEVICE_COOKIE,
  knownDeviceSetCookie,
  SIGN_IN_CEILING,
  SIGN_IN_FAILURES,
  signInClientKey,
  withKnownDevice,
} from '../../auth/limits'
import { clientNetwork } from '../../lib/client-address'
import { ApiError, tooManyRequests } from '../../lib/errors'
import { defineRouter } from '../../lib/router'
import { latestMail } from '../../mail'
import { CLIENT_IP_HEADER, withClientIp } from '../../middleware/client-ip'
import { enforce, type LimitRule } from '../../middleware/rate-limit'
import type { AppEnv } from '../../types'
import { outboxPage } from './outbox-page'

const AUTH_BODY_LIMIT = 16 * 1024

const attemptsMessage = (seconds: number) =>
  `Too many attempts. Please wait ${seconds} seconds and try again.`

/**
 * Per client address, like better-auth's own defaults (which are off: every limit of the
 * API counts in one place, `rateLimits`): guesses are few per window, mail-sending actions
 * fewer, anything else generous. Reading one's own session is never limited: every page
 * load asks, and a throttled answer once showed a signed-in visitor "Sign In" (issue 19).
 */
const PER_ADDRESS: Partial<Record<keyof typeof authContract, LimitRule>> = {
  signIn: { name: 'auth:sign-in', limit: 3, windowMs: 10_000 },
  signUp: { name: 'auth:sign-up', limit: 3, windowMs: 10_000 },
  changePassword: { name: 'auth:change-password', limit: 3, windowMs: 10_000 },
  // A password typed on the confirmation page is a sign-in: the same limits.
  confirmEmail: { name: 'auth:sign-in', limit: 3, windowMs: 10_000 },
  requestReset: { name: 'auth:request-reset', limit: 3, windowMs: 60_000 },
  sendVerification: { name: 'auth:send-verification', limit: 3, windowMs: 60_000 },
}
const ANY_ACTION: LimitRule = { name: 'auth:any', limit: 100, windowMs: 60_000 }

const accountMessage = (seconds: number) =>
  `Too many failed sign-ins for this account. Please wait ${Math.ceil(seconds / 60)} minutes and try again, or reset your password.`
/** The step-up past the account-wide ceiling: the mailed reset link signs the owner in. */
const stepUpMessage =
  'This account has had too many failed sign-ins from elsewhere, so for now it signs in only on devices that have signed in to it before. To sign in here, choose "Forgot password?" and we will mail you a link.'

/** Per address mailed to: nobody fills a stranger's inbox with reset or verification mail. */
const MAILS_PER_ADDRESS: LimitRule = { name: 'auth:mails-to', limit: 5, windowMs: 60 * 60_000 }
const mailsMessage = () =>
  'We have sent several mails to this address already. Please check your inbox, or try again in an hour.'

function limitsFor(name: keyof typeof authContract): MiddlewareHandler<AppEnv>[] {
  if (name === 'session' || name === 'outbox') return []
  const rule = PER_ADDRESS[name] ?? ANY_ACTION
  return [
    async (c, next) => {
      if (c.get('deps').config.auth.rateLimit)
        await enforce(c, { ...rule, message: attemptsMessage }, clientNetwork(c.get('clientIp')))
      await next()
    },
  ]
}

/**
 * better-auth under /api/auth: only the actions the site uses, each declared with its
 * schemas in `authContract`, so bad input is refused in our error shape before better-auth
 * reads it. better-auth gets the validated body (unknown fields dropped) and its errors are
 * rewritten into our shape. Any other action is our JSON 404.
 */
const actions = (Object.keys(authContract) as (keyof typeof authContract)[]).filter((name) =>
  authContract[name].path.startsWith('/auth/'),
)
export const authRouter = actions.reduce(
  (router, name) =>
    router.handle(
      authContract[name],
      { bodyLimit: AUTH_BODY_LIMIT, middleware: limitsFor(name) },
      ({ c, body }) => {
        if (name === 'signIn') return signIn(c, body as unknown as { email: string })
        if (name === 'confirmEmail') return confirming(c, body as unknown as ConfirmEmailInput)
        if (name === 'verifyEmail') return toConfirmationPage(c)
        if (name === 'requestReset' || name === 'sendVerification')
          return mailing(c, body as unknown as { email: string })
        return betterAuth(c, body)
      },
    ),
  defineRouter('/auth'),
)

/**
 * Failed sign-ins count per account and client address, and per account from everywhere
 * (decision 034). Neither lets a stranger lock the owner out: the first stops only the
 * stranger's own address; past the second, a browser that signed in to the account before
 * carries on, any other is sent to the mailed link. A refused attempt is never checked, so a
 * guesser learns nothing from it.
 */
async function signIn(c: Context<AppEnv>, body: { email: string }) {
  const { rateLimits, config, auth } = c.get('deps')
  if (!config.auth.rateLimit) return betterAuth(c, body)
  const account = body.email.toLowerCase()
  const client = signInClientKey(account, c.get('clientIp'))
  const secret = auth.options.secret
  const device = getCookie(c, KNOWN_DEVICE_COOKIE)
  await enforce(c, { ...SIGN_IN_FAILURES, message: accountMessage }, client)
  const ceiling = await rateLimits.consume(SIGN_IN_CEILING, account)
  if (!ceiling.allowed && !isKnownDevice(device, secret, account, await passwordStamp(auth, account))) {
    c.header('Retry-After', String(ceiling.retryAfterSeconds))
    throw tooManyRequests(stepUpMessage)
  }
  const response = await betterAuth(c, body)
  if (!response.ok) return response
  await rateLimits.giveBack(SIGN_IN_FAILURES, client)
  await rateLimits.giveBack(SIGN_IN_CEILING, account)
  const headers = new Headers(response.headers)
  const known = withKnownDevice(device, secret, account, await passwordStamp(auth, account))
  headers.append('Set-Cookie', knownDeviceSetCookie(known, config.auth.secureCookies))
  return new Response(response.body, { status: response.status, headers })
}

/**
 * The known-device tag's stamp: the account's password hash as stored now ('' for an address
 * with no password, or no account), so a new password ends the tags made under the old one.
 */
async function passwordStamp(auth: AppEnv['Variables']['deps']['auth'], email: string) {
  const ctx = await auth.$context
  const found = await ctx.internalAdapter.findUserByEmail(email, { includeAccounts: true })
  return found?.accounts.find((account) => account.providerId === 'credential')?.password ?? ''
}

/**
 * The confirmation page's form: the mailed link's token and the password chosen at sign-up
 * (decision 038). A wrong password counts as a failed sign-in of that account.
 */
async function confirming(c: Context<AppEnv>, body: ConfirmEmailInput) {
  const { rateLimits, config, auth } = c.get('deps')
  const account = config.auth.rateLimit ? linkAddress(body.token)?.toLowerCase() : undefined
  const client = account ? signInClientKey(account, c.get('clientIp')) : undefined
  if (account && client) {
    await enforce(c, { ...SIGN_IN_FAILURES, message: accountMessage }, client)
    const ceiling = await rateLimits.consume(SIGN_IN_CEILING, account)
    const device = getCookie(c, KNOWN_DEVICE_COOKIE)
    if (
      !ceiling.allowed &&
      !isKnownDevice(device, auth.options.secret, account, await passwordStamp(auth, account))
    ) {
      c.header('Retry-After', String(ceiling.retryAfterSeconds))
      throw tooManyRequests(stepUpMessage)
    }
  }
  const headers = new Headers(c.req.raw.headers)
  headers.set(CLIENT_IP_HEADER, c.get('clientIp'))
  const answer = await confirmEmail(auth, body, headers)
  if (account && client) {
    await rateLimits.giveBack(SIGN_IN_FAILURES, client)
    await rateLimits.giveBack(SIGN_IN_CEILING, account)
  }
  const response = c.json({ status: answer.status, signedIn: answer.signedIn })
  for (const cookie of answer.cookies) response.headers.append('Set-Cookie', cookie)
  return response
}

/**
 * A confirmation link mailed before decision 038 pointed here, and a GET is no way to confirm
 * (mail scanners open links): on to the page that asks for the password, token and all.
 */
function toConfirmationPage(c: Context<AppEnv>) {
  return c.redirect(confirmationPath(c.req.query('token') ?? '', c.req.query('callbackURL')), 302)
}

async function mailing(c: Context<AppEnv>, body: { email: string }) {
  if (c.get('deps').config.auth.rateLimit)
    await enforce(c, { ...MAILS_PER_ADDRESS, message: mailsMessage }, body.email.toLowerCase())
  return betterAuth(c, body)
}

function betterAuth(c: Context<AppEnv>, body: unknown) {
  const { auth } = c.get('deps')
  if (body === undefined) {
    return auth.handler(withClientIp(c.req.raw, c.get('clientIp'))).then(normaliseAuthResponse)
  }
  // The original body was read by our validation: better-auth gets the validated one.
  const headers = new Headers(c.req.raw.headers)
  headers.set(CLIENT_IP_HEADER, c.get('clientIp'))
  headers.set('content-type', 'application/json')
  headers.delete('content-length')
  const request = new Request(c.req.url, { method: c.req.method, headers, body: JSON.stringify(body) })
  return auth.handler(request).then(normaliseAuthResponse)
}

/**
 * The outbox, for admins only: reset links in it would hand over any account. A development
 * convenience: off in a real shop unless MAIL_OUTBOX_PAGE=true (config.ts), and never with SMTP.
 */
export const devMailRouter = defineRouter('/dev').handle(authContract.outbox, async ({ c }) => {
  const { mailer, database, config } = c.get('deps')
  if (!mailer.outboxOnly)
    throw new ApiError(404, 'not_found', 'Mail is sent by SMTP here; there is no outbox page.')
  if (!config.mail.outboxPage)
    throw new ApiError(404, 'not_found', 'The outbox page is off here (MAIL_OUTBOX_PAGE=true turns it on).')
  const mail = await latestMail(database.db)
  c.header('Cache-Control', 'no-store')
  if (c.req.header('accept')?.includes('application/json')) return c.json({ data: mail })
  return c.html(outboxPage(mail))
})

const CODES: Record<number, string> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  422: 'validation_failed',
  429: 'rate_limited',
}

async function normaliseAuthResponse(response: Response): Promise<Response> {
  if (!response.headers.get('content-type')?.includes('application/json')) return response
  if (response.status < 400) return withoutSessionToken(response)
  const body = (await response.json().catch(() => null)) as { code?: string; message?: string } | null
  const headers = new Headers(response.headers)
  headers.delete('content-length')
  const message = body?.message || 'The request could not be completed.'
  const code = body?.code ? body.code.toLowerCase() : (CODES[response.status] ?? 'bad_request')
  return new Response(JSON.stringify({ error: { code, message } }), { status: response.status, headers })
}

/**
 * better-auth puts the session's token in its JSON as well as in the HttpOnly cookie: a
 * sign-in's or sign-up's `token`, the session's own in `get-session`. Any script on the page
 * could read there what the cookie keeps from it. The browser needs only to know whether it
 * is signed in now (`signedIn`); nothing of ours reads the session's token.
 */
async function withoutSessionToken(response: Response): Promise<Response> {
  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as Record<string, unknown> | null
  if (!body || typeof body !== 'object' || Array.isArray(body)) return response
  const session = body.session as Record<string, unknown> | null | undefined
  const nested = !!session && typeof session === 'object' && 'token' in session
  if (!('token' in body) && !nested) return response
  const { token, ...rest } = body
  const answer: Record<string, unknown> =
    'token' in body ? { ...rest, signedIn: typeof token === 'string' && token.length > 0 } : rest
  if (nested) {
    const { token: _hidden, ...sessionRest } = session
    answer.session = sessionRest
  }
  const headers = new Headers(response.headers)
  headers.delete('content-length')
  return new Response(JSON.stringify(answer), { status: response.status, headers })
}
