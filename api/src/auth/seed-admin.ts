import { randomBytes } from 'node:crypto'
import { existsSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { user } from '../db/schema'
import type { AppDeps } from '../types'

export type SeedAdmin = { email: string; credentialsFile: string | null; created: boolean }

/**
 * Makes sure the seeded admin account exists (SEED_ADMIN_EMAIL, or admin@lamplight.local
 * on the embedded default). A new one gets a random password, written once to
 * .data/admin-credentials.txt (readable by its owner only) rather than printed to logs.
 */
export async function ensureSeedAdmin({ config, auth, database }: AppDeps): Promise<SeedAdmin | null> {
  const email = config.auth.seedAdminEmail
  if (!email) return null
  const file = path.join(config.dataDir, 'admin-credentials.txt')
  const db = database.db
  const [existing] = await db.select({ id: user.id }).from(user).where(eq(user.email, email))
  if (existing) return { email, credentialsFile: existsSync(file) ? file : null, created: false }

  const password = randomBytes(12).toString('base64url')
  await auth.api.signUpEmail({ body: { email, password, name: 'Lamplight Admin' } })
  // Made admin here (and recorded as promoted, so a later demotion sticks); no verification mail.
  await db
    .update(user)
    .set({ role: 'admin', emailVerified: true, adminPromotedAt: new Date() })
    .where(eq(user.email, email))
  writeFileSync(file, `email: ${email}\npassword: ${password}\n`, { mode: 0o600 })
  return { email, credentialsFile: file, created: true }
}
