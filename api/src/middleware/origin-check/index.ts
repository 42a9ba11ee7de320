import type { MiddlewareHandler } from 'hono'
import { ApiError } from '../../lib/errors'
import type { AppEnv } from '../../types'

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * CSRF guard: a state-changing request that carries cookies must say, in Origin (or
 * Referer), that it comes from one of our origins. Browsers always send Origin on such
 * requests, so a real visitor never notices; a page on another site cannot ride on the
 * visitor's session.
 */
export function originCheck(trustedOrigins: string[]): MiddlewareHandler<AppEnv> {
  const trusted = new Set(trustedOrigins)
  return async (c, next) => {
    if (SAFE.has(c.req.method) || !c.req.header('cookie')) return next()
    const origin = c.req.header('origin') ?? refererOrigin(c.req.header('referer'))
    if (!origin || !trusted.has(origin)) {
      throw new ApiError(403, 'forbidden', 'This request did not come from our site, so it was refused.')
    }
    await next()
  }
}

function refererOrigin(referer: string | undefined): string | undefined {
  if (!referer) return undefined
  try {
    return new URL(referer).origin
  } catch {
    return undefined
  }
}
