import { z } from 'zod'
import { endpoint } from './endpoint'
import { safeSitePath } from './safe-path'

/**
 * Accounts are better-auth's, under /api/auth. Each action the site uses is declared here
 * with its body, so the API refuses bad input before better-auth sees it (better-auth
 * answered some of it with an empty 500); any other action is our JSON 404. The forms of
 * the shell use the same schemas, so the two agree on every limit.
 */
export const PASSWORD_MIN_LENGTH = 8
export const PASSWORD_MAX_LENGTH = 128
export const NAME_MAX_LENGTH = 100

export const EmailSchema = z
  .string({ error: 'Please enter your email address.' })
  .trim()
  .max(254, 'That email address is too long.')
  .pipe(z.email('Please enter a valid email address.'))

export const PasswordSchema = z
  .string({ error: 'Please enter a password.' })
  .min(PASSWORD_MIN_LENGTH, `Use at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Use at most ${PASSWORD_MAX_LENGTH} characters`)

/** A full name: text only, bounded; may be left empty (the sign-up form marks it optional). */
export const PersonNameSchema = z
  .string({ error: 'A name must be text.' })
  .trim()
  .max(NAME_MAX_LENGTH, `Keep your name under ${NAME_MAX_LENGTH} characters`)

/** A path on this site (never another site): where a link in a mail may lead. */
export const SitePathSchema = z
  .string()
  .max(2048)
  .refine((value) => safeSitePath(value) !== null, 'Must be a path on this site.')

/** A picture for the account: a path on this site or an https address, nothing else (no `javascript:`). */
export const AvatarUrlSchema = z
  .string()
  .max(2048)
  .refine(
    (value) => safeSitePath(value) !== null || /^https:\/\/[^\s/\\]+\/[^\s\\]*$/i.test(value),
    'Must be an https address or a path on this site.',
  )

const Ok = z.object({}).loose()

export const SignUpBody = z.object({
  email: EmailSchema,
  password: PasswordSchema,
  name: PersonNameSchema.default(''),
  callbackURL: SitePathSchema.optional(),
})
export const SignInBody = z.object({
  email: EmailSchema,
  password: z.string({ error: 'Please enter your password.' }).min(1).max(PASSWORD_MAX_LENGTH),
  rememberMe: z.boolean().optional(),
  callbackURL: SitePathSchema.optional(),
})
export const RequestResetBody = z.object({ email: EmailSchema, redirectTo: SitePathSchema.optional() })
export const ResetPasswordBody = z.object({
  newPassword: PasswordSchema,
  token: z.string().min(1).max(512).optional(),
})
export const UpdateUserBody = z.object({
  name: PersonNameSchema.optional(),
  image: AvatarUrlSchema.nullable().optional(),
})
export const ChangePasswordBody = z.object({
  currentPassword: z
    .string({ error: 'Please enter your current password.' })
    .min(1, 'Please enter your current password.')
    .max(PASSWORD_MAX_LENGTH),
  newPassword: PasswordSchema,
  // A new password ends every other session unless the caller says otherwise: whoever knew
  // the old one is signed out.
  revokeOtherSessions: z.boolean().default(true),
})
/** The mailed confirmation link's token, with the password chosen at sign-up (decision 038). */
export const ConfirmEmailBody = z.object({
  token: z.string().min(1).max(2048),
  password: z.string().max(PASSWORD_MAX_LENGTH).optional(),
})
export const SendVerificationBody = z.object({ email: EmailSchema, callbackURL: SitePathSchema.optional() })

const authAction = <const M extends 'GET' | 'POST', const P extends string>(
  method: M,
  path: P,
  summary: string,
  extra: { body?: z.ZodType; query?: z.ZodType; params?: z.ZodType; access?: 'public' | 'customer' } = {},
) =>
  endpoint({
    method,
    path,
    summary,
    access: extra.access ?? 'public',
    body: extra.body,
    query: extra.query,
    params: extra.params,
    response: method === 'POST' ? Ok : undefined,
  })

export const authContract = {
  signUp: authAction('POST', '/auth/sign-up/email', 'Create an account and sign in', { body: SignUpBody }),
  signIn: authAction('POST', '/auth/sign-in/email', 'Sign in with email and password', { body: SignInBody }),
  signOut: authAction('POST', '/auth/sign-out', 'Sign out'),
  session: authAction('GET', '/auth/get-session', 'The current session and user, or null'),
  requestReset: authAction(
    'POST',
    '/auth/request-password-reset',
    'Mail a password reset link (same answer whether or not the account exists)',
    {
      body: RequestResetBody,
    },
  ),
  resetCallback: authAction(
    'GET',
    '/auth/reset-password/:token',
    'The link in the reset mail: on to the reset page with its token',
    {
      params: z.object({ token: z.string().min(1).max(512) }),
      query: z.object({ callbackURL: SitePathSchema.optional() }).loose(),
    },
  ),
  resetPassword: authAction(
    'POST',
    '/auth/reset-password',
    'Set a new password with the token from the mail',
    {
      body: ResetPasswordBody,
    },
  ),
  verifyEmail: authAction(
    'GET',
    '/auth/verify-email',
    'An older confirmation link: on to the confirmation page with its token (it confirms nothing itself)',
    {
      query: z.object({ token: z.string().min(1).max(2048), callbackURL: SitePathSchema.optional() }).loose(),
    },
  ),
  confirmEmail: authAction(
    'POST',
    '/auth/confirm-email',
    "Confirm the address with the mailed link's token and the password chosen at sign-up (or a session of the account), and sign in",
    { body: ConfirmEmailBody },
  ),
  sendVerification: authAction('POST', '/auth/send-verification-email', 'Mail a new verification link', {
    body: SendVerificationBody,
  }),
  updateUser: authAction('POST', '/auth/update-user', "Change one's own name or picture", {
    body: UpdateUserBody,
    access: 'customer',
  }),
  changePassword: authAction(
    'POST',
    '/auth/change-password',
    "Change one's own password (the current one required); every other session ends",
    { body: ChangePasswordBody, access: 'customer' },
  ),
  signOutEverywhere: authAction(
    'POST',
    '/auth/revoke-sessions',
    'Sign out everywhere: every session of the account ends, this one too',
    { access: 'customer' },
  ),
  outbox: endpoint({
    method: 'GET',
    path: '/dev/mail',
    // Never by address: behind a proxy every visitor is "this machine" (issue 9).
    access: 'admin',
    summary: 'The mail outbox, when mail is not sent by SMTP (development and the embedded default)',
    produces: 'text/html, application/json',
  }),
}
