import type { ApiIssue } from '@lamplight/contracts'
import type { Context, MiddlewareHandler } from 'hono'
import type { ZodError, z } from 'zod'
import { ApiError } from '../../lib/errors'

export function zodIssues(error: ZodError): ApiIssue[] {
  return error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }))
}

type Target = 'json' | 'query' | 'param'

export async function readTarget(c: Context, target: Target): Promise<unknown> {
  if (target === 'query') return c.req.query()
  if (target === 'param') return c.req.param()
  const type = c.req.header('content-type') ?? ''
  if (!/^application\/(.+\+)?json\b/i.test(type)) {
    throw new ApiError(400, 'invalid_json', 'The request body must be JSON (Content-Type: application/json).')
  }
  try {
    return await c.req.json()
  } catch {
    throw new ApiError(400, 'invalid_json', 'The request body is not valid JSON.')
  }
}

/**
 * Parses one part of the request with a zod schema. Failure is a 400 listing each issue;
 * the handler reads the parsed value with `c.req.valid(target)`.
 */
export function validate<S extends z.ZodType, T extends Target>(
  target: T,
  schema: S,
): MiddlewareHandler<
  // biome-ignore lint/suspicious/noExplicitAny: Hono's Env slot is open by design
  any,
  string,
  { in: { [K in T]: z.input<S> }; out: { [K in T]: z.output<S> } }
> {
  return async (c, next) => {
    const value = await readTarget(c, target)
    const parsed = schema.safeParse(value)
    if (!parsed.success) {
      throw new ApiError(400, 'validation_failed', 'The request is not valid.', zodIssues(parsed.error))
    }
    c.req.addValidatedData(target, parsed.data as object)
    await next()
  }
}
