import type { Context, MiddlewareHandler } from 'hono'
import { clientNetwork } from '../../lib/client-address'
import { tooManyRequests } from '../../lib/errors'
import type { LimitRule } from '../../lib/rate-limits'
import type { AppEnv } from '../../types'

// The counting itself lives in lib/ (the app's deps and better-auth's options hold it too).
export type { LimitAnswer, LimitRule, RateLimits } from '../../lib/rate-limits'
export { createRateLimits } from '../../lib/rate-limits'

export type RateLimitOptions = LimitRule & {
  /** Whom to count: the client address unless a route says otherwise (e.g. the signed-in user). */
  key?: (c: Context<AppEnv>) => string | Promise<string>
  /** Shown to the client with the 429; given the seconds to wait when it is a function. */
  message?: string | ((retryAfterSeconds: number) => string)
}

/**
 * A fixed-window limit per client address (`c.get('clientIp')`) and route name, counted by
 * the app's `rateLimits`. Over the limit, the request is answered 429 in our error shape
 * with `Retry-After` (seconds until the window ends). Every attempt counts, valid or not,
 * so a client cannot probe the validator for free.
 */
export function rateLimit(
  options: RateLimitOptions,
): MiddlewareHandler<AppEnv> & { answers: { 429: string } } {
  const { key: keyOf = clientKey } = options
  const middleware: MiddlewareHandler<AppEnv> = async (c, next) => {
    await enforce(c, options, await keyOf(c))
    await next()
  }
  // Read by the router for the OpenAPI document: this route can answer 429.
  return Object.assign(middleware, { answers: { 429: RATE_LIMITED } })
}

/** How the document describes a rate limit's refusal. */
export const RATE_LIMITED = 'Too many requests from this client (Retry-After says how many seconds to wait).'

/** Counts one attempt for `key` under `rule`, throwing our 429 (with Retry-After) past the limit. */
export async function enforce(
  c: Context<AppEnv>,
  rule: LimitRule & { message?: RateLimitOptions['message'] },
  key: string,
) {
  const answer = await c.get('deps').rateLimits.consume(rule, key)
  if (answer.allowed) return
  c.header('Retry-After', String(answer.retryAfterSeconds))
  const { message } = rule
  throw tooManyRequests(typeof message === 'function' ? message(answer.retryAfterSeconds) : message)
}

/** The client as counted: its address, or its IPv6 /64 (`clientNetwork`). */
function clientKey(c: Context<AppEnv>): string {
  return clientNetwork(c.get('clientIp'))
}

/** Counts per signed-in user, or per client address for a visitor (for a limit on a route that allows both). */
export function userOrClientKey(c: Context<AppEnv>): string {
  return c.get('user')?.id ?? clientKey(c)
}
