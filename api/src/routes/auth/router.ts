import { authContract } from '@lamplight/contracts'
import type { Context } from 'hono'
import { ApiError } from '../../lib/errors'
import { defineRouter } from '../../lib/router'
import { latestMail } from '../../mail'
import { withClientIp } from '../../middleware/client-ip'
import { currentUser } from '../../middleware/guards'
import type { AppEnv } from '../../types'
import { outboxPage } from './outbox-page'

/**
 * better-auth under /api/auth (sign-up/email, sign-in/email, sign-out, get-session,
 * request-password-reset, reset-password, verify-email, ...). Its errors are rewritten
 * into our error shape, and its rate limit answers carry a standard Retry-After.
 */
export const authRouter = defineRouter('/auth')
  .handle(authContract.getAuth, ({ c }) => betterAuth(c))
  .handle(authContract.postAuth, ({ c }) => betterAuth(c))

function betterAuth(c: Context<AppEnv>) {
  const { auth } = c.get('deps')
  return auth.handler(withClientIp(c.req.raw, c.get('clientIp'))).then(normaliseAuthResponse)
}

/** The outbox, for admins only: reset links in it would hand over any account. */
export const devMailRouter = defineRouter('/dev').handle(authContract.outbox, async ({ c }) => {
  const { mailer, database } = c.get('deps')
  if (!mailer.outboxOnly)
    throw new ApiError(404, 'not_found', 'Mail is sent by SMTP here; there is no outbox page.')
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
  if (response.status < 400 || !response.headers.get('content-type')?.includes('application/json'))
    return response
  const body = (await response.json().catch(() => null)) as { code?: string; message?: string } | null
  const headers = new Headers(response.headers)
  headers.delete('content-length')
  let message = body?.message || 'The request could not be completed.'
  if (response.status === 429) {
    const seconds = Number(headers.get('x-retry-after')) || 10
    headers.set('Retry-After', String(seconds))
    message = `Too many attempts. Please wait ${seconds} seconds and try again.`
  }
  const code = body?.code ? body.code.toLowerCase() : (CODES[response.status] ?? 'bad_request')
  return new Response(JSON.stringify({ error: { code, message } }), { status: response.status, headers })
}
