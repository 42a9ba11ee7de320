import { EmailSchema, PasswordSchema, PersonNameSchema } from '@lamplight/contracts'
import { z } from 'zod'

// The account forms check what the API checks (packages/contracts/src/auth.ts): one email
// rule, one password policy, one name limit. The forms only add "required" wording for a
// field left empty, which the API never sees.
const email = z.string().trim().min(1, 'Enter your email address').pipe(EmailSchema)

export const SignInSchema = z.object({
  email,
  password: z.string().min(1, 'Enter your password'),
})

export const SignUpSchema = z.object({
  name: PersonNameSchema,
  email,
  password: z.string().min(1, 'Choose a password').pipe(PasswordSchema),
})

export const ForgotPasswordSchema = z.object({ email })

export const ResetPasswordSchema = z
  .object({
    password: PasswordSchema,
    confirm: z.string(),
  })
  .refine((v) => v.password === v.confirm, { path: ['confirm'], message: 'The two passwords do not match' })
