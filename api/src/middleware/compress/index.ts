import type { MiddlewareHandler } from 'hono'
import { COMPRESSIBLE_CONTENT_TYPE_REGEX as COMPRESSIBLE } from 'hono/compress'
import type { AppEnv } from '../../types'

const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i

/**
 * gzip (or deflate) for answers that are not compressed yet, as Hono's compress() does, with
 * two differences that matter per request (issue 18):
 * - answers sent whole by `sendWhole()` (the public cache, which keeps its own gzip, and the
 *   health check) are left alone without looking at them;
 * - `Vary` is added in place: Hono's `c.header()` after the handler rebuilt the response
 *   with a body stream even when nothing was compressed.
 * Bodies known to be under `threshold` bytes (by Content-Length) are not worth a zlib stream.
 */
export function compressAnswers(threshold = 1024): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next()
    if (c.get('headersComplete') || c.req.method === 'HEAD') return
    const res = c.res
    const headers = res.headers
    const type = headers.get('Content-Type')
    if (res.status === 206 || !type || !COMPRESSIBLE.test(type)) return
    if (headers.has('Content-Encoding') || headers.has('Transfer-Encoding')) return
    if (NO_TRANSFORM.test(headers.get('Cache-Control') ?? '')) return
    const length = headers.get('Content-Length')
    if (length && Number(length) < threshold) return
    const vary = headers.get('Vary')
    if (!vary) headers.set('Vary', 'Accept-Encoding')
    else if (vary !== '*' && !/(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(vary))
      headers.set('Vary', `${vary}, Accept-Encoding`)
    const encoding = pickEncoding(c.req.header('accept-encoding'))
    if (!encoding || !res.body) return
    // Assigned first: Hono's setter copies the old answer's headers onto the new one.
    c.res = new Response(res.body.pipeThrough(new CompressionStream(encoding)), res)
    c.res.headers.delete('Content-Length')
    c.res.headers.set('Content-Encoding', encoding)
    const etag = c.res.headers.get('ETag')
    if (etag && !etag.startsWith('W/')) c.res.headers.set('ETag', `W/${etag}`)
  }
}

/** gzip when the client takes it (q > 0), else deflate, else nothing. */
export function pickEncoding(header: string | undefined): 'gzip' | 'deflate' | undefined {
  if (!header) return undefined
  const q = new Map<string, number>()
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';')
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
    q.set(name.trim(), qParam ? Number(qParam.slice(2)) || 0 : 1)
  }
  for (const encoding of ['gzip', 'deflate'] as const) {
    const value = q.get(encoding) ?? q.get('*')
    if (value !== undefined && value > 0) return encoding
  }
  return undefined
}
