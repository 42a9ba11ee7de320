import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { betterAuth } from 'better-auth'
import { drizzleAdapter } from 'better-auth/adapters/drizzle'
import { eq } from 'drizzle-orm'
import type { Config } from '../config'
import type { Db } from '../db/client'
import { account, session, user, verification } from '../db/schema'
import type { Logger } from '../logger'
import type { Mailer } from '../mail'
import { CLIENT_IP_HEADER } from '../middleware/client-ip'
import { passwordResetMail, verificationMail } from './mails'
import type { SecondaryStorage } from './secondary-storage'

export type AuthDeps = {
  config: Config
  db: Db
  mailer: Mailer
  logger: Logger
  secondaryStorage?: SecondaryStorage
}

/** The admins named by ADMIN_EMAILS, plus the seeded admin account. */
export function adminEmailsOf(config: Config): Set<string> {
  const emails = new Set(config.auth.adminEmails)
  if (config.auth.seedAdminEmail) emails.add(config.auth.seedAdminEmail.toLowerCase())
  return emails
}

export function createAuth({ config, db, mailer, logger, secondaryStorage }: AuthDeps) {
  const adminEmails = adminEmailsOf(config)
  const isAdminEmail = (email: string) => adminEmails.has(email.toLowerCase())

  return betterAuth({
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
      // Sessions stay in the database even when Redis holds the cache, so a Redis flush signs nobody out.
      storeSessionInDatabase: true,
      cookieCache: { enabled: false },
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: config.auth.requireEmailVerification,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user: u, url }) => mailer.send(passwordResetMail(u.email, u.name, url)),
    },
    emailVerification: {
      sendOnSignUp: config.auth.requireEmailVerification,
      autoSignInAfterVerification: true,
      sendVerificationEmail: async ({ user: u, url }) => mailer.send(verificationMail(u.email, u.name, url)),
    },
    rateLimit: {
      enabled: config.auth.rateLimit,
      window: 60,
      max: 100,
      // Reading one's own session is not an attempt at anything: every page load asks, and a
      // throttled answer once showed a signed-in visitor "Sign In" (issue 19, item 8).
      customRules: { '/get-session': false },
      storage: secondaryStorage ? 'secondary-storage' : 'memory',
    },
    advanced: {
      useSecureCookies: config.auth.secureCookies,
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    databaseHooks: {
      user: {
        create: {
          before: async (data) => ({
            data: {
              ...data,
              email: data.email.toLowerCase(),
              role: isAdminEmail(data.email) ? 'admin' : 'customer',
            },
          }),
        },
      },
      session: {
        create: {
          // Someone added to ADMIN_EMAILS after signing up becomes admin at their next sign-in.
          after: async (created) => {
            const [owner] = await db.select().from(user).where(eq(user.id, created.userId))
            if (owner && owner.role !== 'admin' && isAdminEmail(owner.email)) {
              await db.update(user).set({ role: 'admin', updatedAt: new Date() }).where(eq(user.id, owner.id))
              logger.info({ userId: owner.id }, 'promoted to admin by ADMIN_EMAILS')
            }
          },
        },
      },
    },
  })
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
