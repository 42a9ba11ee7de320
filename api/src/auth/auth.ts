import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { betterAuth } from 'better-auth'
import { drizzleAdapter } from 'better-auth/adapters/drizzle'
import { and, eq, isNull, like } from 'drizzle-orm'
import type { Config } from '../config'
import type { Db } from '../db/client'
import { account, session, user, verification } from '../db/schema'
import { claimGuestOrders } from '../domains/orders/service'
import { CLIENT_IP_HEADER } from '../lib/client-address'
import type { RateLimits } from '../lib/rate-limits'
import type { Logger } from '../logger'
import type { Mailer } from '../mail'
import { recordAudit } from '../services/audit'
import { confirmationPath } from './confirm-link'
import { forgiveSignInFailures } from './limits'
import { existingAccountMail, guestOrdersMail, passwordResetMail, verificationMail } from './mails'
import type { SecondaryStorage } from './secondary-storage'

export type AuthDeps = {
  config: Config
  db: Db
  mailer: Mailer
  logger: Logger
  secondaryStorage?: SecondaryStorage
  rateLimits?: RateLimits
  /** How passwords are hashed and checked. Default: better-auth's scrypt (N 16384, r 16). */
  passwordHashing?: PasswordHashing
}

/** better-auth's `emailAndPassword.password`: a hash function and its check. */
export type PasswordHashing = {
  hash: (password: string) => Promise<string>
  verify: (data: { hash: string; password: string }) => Promise<boolean>
}

/** Whether a reset link was asked for to add guest orders (the session's `requestPasswordReset`). */
function isGuestOrdersLink(url: string) {
  const callback = new URL(url).searchParams.get('callbackURL') ?? ''
  return new URL(callback, 'http://site.invalid').searchParams.get('purpose') === 'guest-orders'
}

/** The admins named by ADMIN_EMAILS, plus the seeded admin account. */
export function adminEmailsOf(config: Config): Set<string> {
  const emails = new Set(config.auth.adminEmails)
  if (config.auth.seedAdminEmail) emails.add(config.auth.seedAdminEmail.toLowerCase())
  return emails
}

/**
 * ADMIN_EMAILS makes an account admin only once its owner has proven the address (a
 * verified email: anyone can sign up with any address), and only once: the conditional
 * update sets `admin_promoted_at`, so a later demotion by an admin sticks, and two
 * concurrent sign-ins promote (and audit) it once.
 */
export async function promoteListedAdmin(db: Db, adminEmails: Set<string>, userId: string) {
  const [owner] = await db
    .select({ email: user.email, role: user.role })
    .from(user)
    .where(eq(user.id, userId))
  if (!owner || !adminEmails.has(owner.email.toLowerCase())) return false
  return db.transaction(async (tx) => {
    const promoted = await tx
      .update(user)
      .set({ role: 'admin', adminPromotedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(user.id, userId), eq(user.emailVerified, true), isNull(user.adminPromotedAt)))
      .returning({ id: user.id })
    if (!promoted.length) return false
    await recordAudit(tx, {
      actorId: null,
      action: 'user.promoted_by_admin_emails',
      entity: 'user',
      entityId: userId,
      before: { role: owner.role },
      after: { role: 'admin' },
    })
    return true
  })
}

export function createAuth({
  config,
  db,
  mailer,
  logger,
  secondaryStorage,
  rateLimits,
  passwordHashing,
}: AuthDeps) {
  const adminEmails = adminEmailsOf(config)
  const promote = async (userId: string) => {
    if (await promoteListedAdmin(db, adminEmails, userId))
      logger.info({ userId }, 'promoted to admin by ADMIN_EMAILS')
  }

  const auth = betterAuth({
    appName: 'Lamplight Puzzle Co.',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: authSecret(config),
    trustedOrigins: config.auth.trustedOrigins,
    database: drizzleAdapter(db, { provider: 'pg', schema: { user, session, account, verification } }),
    secondaryStorage,
    logger: {
      log: (level, message, ...args) => logger[level]({ args }, `auth: ${message}`),
    },
    user: {
      additionalFields: {
        // Never accepted from a client: set here, by ADMIN_EMAILS, or by an admin through the API.
        role: { type: 'string', required: false, defaultValue: 'customer', input: false },
      },
    },
    session: {
      // Sessions stay in the database even when Redis holds the cache, so a Redis flush signs
      // nobody out, and a Redis outage is only a slower read (secondary-storage.ts).
      storeSessionInDatabase: true,
      cookieCache: { enabled: false },
    },
    // Verification values (reset and verification links) too: one sent while Redis is away still works.
    verification: { storeInDatabase: true },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: config.auth.requireEmailVerification,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      ...(passwordHashing ? { password: passwordHashing } : {}),
      revokeSessionsOnPasswordReset: true,
      // The only moment one person proves both the address (the mailed link) and the password
      // (set just now, every other session revoked): what the address is owed becomes the
      // account's here, never at a verification, where the password may be a stranger's who
      // signed up first with this address (decision 032).
      onPasswordReset: async ({ user: u }, request) => {
        // Failed sign-ins by someone else, or the owner's own here, no longer hold the owner back.
        if (rateLimits)
          await forgiveSignInFailures(rateLimits, u.email, request?.headers.get(CLIENT_IP_HEADER))
        // The other reset links mailed before this one die with it.
        await db
          .delete(verification)
          .where(and(eq(verification.value, u.id), like(verification.identifier, 'reset-password:%')))
        await db.update(user).set({ emailVerified: true }).where(eq(user.id, u.id))
        await promote(u.id)
        const claimed = await claimGuestOrders(db, { id: u.id, email: u.email, emailVerified: true })
        if (claimed)
          logger.info({ userId: u.id, claimed }, 'guest orders joined the account at a password reset')
      },
      // The account page's "Add my guest orders" asks for the same link, in other words.
      sendResetPassword: async ({ user: u, url }) =>
        mailer.send(
          await (isGuestOrdersLink(url) ? guestOrdersMail(u.email, url) : passwordResetMail(u.email, url)),
        ),
      // With verification required, a taken address gets the same answer as a new one (the
      // password is hashed either way, for the timing) and its owner a mail instead.
      onExistingUserSignUp: async ({ user: u }) =>
        mailer.send(await existingAccountMail(u.email, config.publicUrl)),
    },
    emailVerification: {
      sendOnSignUp: config.auth.requireEmailVerification,
      // The link signs nobody in: it leads to a page that confirms the address together with
      // the password chosen at sign-up (auth/confirm-email.ts, decision 038).
      autoSignInAfterVerification: false,
      sendVerificationEmail: async ({ user: u, url, token }) => {
        const link = new URL(
          confirmationPath(token, new URL(url).searchParams.get('callbackURL')),
          config.publicUrl,
        )
        await mailer.send(await verificationMail(u.email, link.href))
      },
    },
    // Off: every limit of the API, sign-in included, counts in one place (deps.rateLimits,
    // rate-limiter-flexible), set per action in routes/auth/router.ts.
    rateLimit: { enabled: false },
    advanced: {
      useSecureCookies: config.auth.secureCookies,
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    databaseHooks: {
      user: {
        create: {
          // Every account starts as a customer, whatever its address: ADMIN_EMAILS waits for verification.
          before: async (data) => ({ data: { ...data, email: data.email.toLowerCase(), role: 'customer' } }),
        },
      },
    },
  })
  return auth
}

export type Auth = ReturnType<typeof createAuth>

/**
 * AUTH_SECRET signs sessions. Without one, a random secret is made once and kept under
 * .data/, so sessions survive restarts of the embedded default.
 */
function authSecret(config: Config): string {
  if (config.auth.secret) return config.auth.secret
  const file = path.join(config.dataDir, 'auth-secret')
  if (existsSync(file)) return readFileSync(file, 'utf8').trim()
  mkdirSync(config.dataDir, { recursive: true })
  const secret = randomBytes(32).toString('base64url')
  writeFileSync(file, secret, { mode: 0o600 })
  return secret
}
