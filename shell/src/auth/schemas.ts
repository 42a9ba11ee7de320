import { z } from 'zod'

const email = z.string().trim().min(1, 'Enter your email address').email('Enter a valid email address')

export const SignInSchema = z.object({
  email,
  password: z.string().min(1, 'Enter your password'),
})

export const SignUpSchema = z.object({
  name: z.string().trim().max(100, 'Keep your name under 100 characters'),
  email,
  password: z
    .string()
    .min(1, 'Choose a password')
    .min(8, 'Use at least 8 characters')
    .max(128, 'Use at most 128 characters'),
})

export const ForgotPasswordSchema = z.object({ email })

export const ResetPasswordSchema = z
  .object({
    password: z.string().min(8, 'Use at least 8 characters').max(128, 'Use at most 128 characters'),
    confirm: z.string(),
  })
  .refine((v) => v.password === v.confirm, { path: ['confirm'], message: 'The two passwords do not match' })
