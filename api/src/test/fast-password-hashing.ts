import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto'
import type { PasswordHashing } from '../auth/auth'

function derive(password: string, salt: string): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, 64, { N: 1024, r: 8, p: 1 }, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  )
}

/**
 * The test app's password hashing: better-auth's algorithm and stored form (scrypt, `salt:key`
 * in hex), at a sixty-fourth of its cost (N 1024, r 8 against N 16384, r 16). Production's took
 * about 100 ms of CPU a hash here, and the API suite's PostgreSQL half alone hashed 829 times
 * (decision 075). What sign-up, sign-in and reset do is the same either way; a test about the
 * cost itself (sign-up-enumeration's timing) asks for production's with
 * `createTestApp(..., { productionPasswordHashing: true })`.
 */
export const FAST_PASSWORD_HASHING: PasswordHashing = {
  async hash(password) {
    const salt = randomBytes(16).toString('hex')
    return `${salt}:${(await derive(password, salt)).toString('hex')}`
  },
  async verify({ hash, password }) {
    const [salt, key] = hash.split(':')
    if (!salt || !key) return false
    const expected = Buffer.from(key, 'hex')
    const actual = await derive(password, salt)
    return expected.length === actual.length && timingSafeEqual(expected, actual)
  },
}
