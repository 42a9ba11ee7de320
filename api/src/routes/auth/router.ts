import { authContract } from '@lamplight/contracts'
import type { Context } from 'hono'
import { ApiError } from '../../lib/errors'
import { defineRouter } from '../../lib/router'
import { latestMail } from '../../mail'
import { CLIENT_IP_HEADER, withClientIp } from '../../middleware/client-ip'
import type { AppEnv } from '../../types'
import { outboxPage } from './outbox-page'

const AUTH_BODY_LIMIT = 16 * 1024

/**
 * better-auth under /api/auth: only the actions the site uses, each declared with its
 * schemas in `authContract`, so bad input is refused in our error shape before better-auth
 * reads it. better-auth gets the validated body (unknown fields dropped), its errors are
 * rewritten into our shape, and its rate-limit answers carry a standard Retry-After. Any
 * other action is our JSON 404.
 */
const handlers = Object.values(authContract).filter((e) => e.path.startsWith('/auth/'))
export const authRouter = handlers.reduce(
  (router, action) =>
    router.handle(action, { bodyLimit: AUTH_BODY_LIMIT }, ({ c, body }) => betterAuth(c, body)),
  defineRouter('/auth'),
)

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
