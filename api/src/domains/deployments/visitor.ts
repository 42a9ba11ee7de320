import { createHash, randomBytes } from 'node:crypto'

/**
 * Who is on a canary (issue 38, decision 061): each visitor has a random id in a cookie,
 * hashed with the canary's release id into a bucket 0-99; the visitor is on the canary when
 * the bucket is below its share. The server decides for both the server render and
 * /remotes.json from the same cookie, so they agree; raising the share keeps everyone
 * already on the canary there. The id is never stored.
 */
/** The visitor id cookie: random, no personal data, only ever hashed into a bucket. */
export const VISITOR_COOKIE = 'll_visitor'
export const VISITOR_COOKIE_MAX_AGE = 365 * 24 * 60 * 60
const VISITOR_ID = /^[A-Za-z0-9_-]{16,64}$/

export const newVisitorId = () => randomBytes(16).toString('base64url')
export const validVisitorId = (value: string | undefined): value is string =>
  typeof value === 'string' && VISITOR_ID.test(value)

/** The visitor's bucket (0-99) for one release: the same on every instance and every request. */
export function canaryBucket(visitorId: string, releaseId: string): number {
  return createHash('sha256').update(`${releaseId}:${visitorId}`).digest().readUInt32BE(0) % 100
}

export const onCanary = (visitorId: string, releaseId: string, share: number) =>
  canaryBucket(visitorId, releaseId) < share
