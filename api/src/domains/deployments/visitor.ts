import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto'

/**
 * Who is on a canary (issue 38, decision 061): each visitor has a random id in a cookie,
 * hashed with the canary's release id into a bucket 0-99; the visitor is on the canary when
 * the bucket is below its share. The server decides for both the server render and
 * /remotes.json from the same cookie, so they agree; raising the share keeps everyone
 * already on the canary there. The id is never stored.
 *
 * The cookie holds the id and a tag only the server can make (an HMAC under the auth
 * secret, decision 076): the health beacon counts only a visitor the server gave an id, so
 * a client cannot mint ids to choose its bucket. A cookie without a valid tag (an older
 * unsigned one, or a forged one) is replaced by a new id on the next page or /remotes.json.
 */
/** The visitor id cookie: random, no personal data, only ever hashed into a bucket. */
export const VISITOR_COOKIE = 'll_visitor'
export const VISITOR_COOKIE_MAX_AGE = 365 * 24 * 60 * 60
/** `<id>.<tag>`: a random id of 22 characters, and its tag. */
const SIGNED_VISITOR = /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{22})$/

const visitorTag = (secret: string, id: string) =>
  createHmac('sha256', secret).update(`visitor:${id}`).digest('base64url').slice(0, 22)

/** A new visitor: their id, and the cookie's value (the id with its tag). */
export function newVisitor(secret: string): { id: string; cookie: string } {
  const id = randomBytes(16).toString('base64url')
  return { id, cookie: `${id}.${visitorTag(secret, id)}` }
}

/** The id in a visitor cookie the server made, or null (no cookie, an unsigned or forged one). */
export function verifiedVisitorId(cookie: string | undefined, secret: string): string | null {
  const match = cookie ? SIGNED_VISITOR.exec(cookie) : null
  if (!match?.[1] || !match[2]) return null
  const expected = Buffer.from(visitorTag(secret, match[1]))
  return timingSafeEqual(Buffer.from(match[2]), expected) ? match[1] : null
}

/** The visitor's bucket (0-99) for one release: the same on every instance and every request. */
export function canaryBucket(visitorId: string, releaseId: string): number {
  return createHash('sha256').update(`${releaseId}:${visitorId}`).digest().readUInt32BE(0) % 100
}

export const onCanary = (visitorId: string, releaseId: string, share: number) =>
  canaryBucket(visitorId, releaseId) < share
