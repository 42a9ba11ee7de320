import { CONTACT_LIMITS } from '@lamplight/contracts'
import { z } from 'zod'

export { CONTACT_LIMITS }

const tooLong = (max: number) => `Please keep this under ${max.toLocaleString('en-US')} characters.`
export const EMAIL_INVALID = 'Please enter a valid email address, like name@example.com.'

const required = (max: number, missing: string) => z.string().trim().min(1, missing).max(max, tooLong(max))

export const ContactSchema = z.object({
  name: required(CONTACT_LIMITS.name, 'Please tell us your name.'),
  email: required(CONTACT_LIMITS.email, 'Please enter your email address.').pipe(z.email(EMAIL_INVALID)),
  subject: required(CONTACT_LIMITS.subject, 'Please add a subject.'),
  message: required(CONTACT_LIMITS.message, 'Please write your message.'),
})
export type ContactInput = z.input<typeof ContactSchema>
export type ContactValues = z.output<typeof ContactSchema>

export const PrayerSchema = z.object({
  name: z.string().trim().max(CONTACT_LIMITS.name, tooLong(CONTACT_LIMITS.name)),
  email: z
    .string()
    .trim()
    .max(CONTACT_LIMITS.email, tooLong(CONTACT_LIMITS.email))
    .refine((value) => value === '' || z.email().safeParse(value).success, EMAIL_INVALID),
  request: required(CONTACT_LIMITS.request, 'Please share what we can pray for.'),
})
export type PrayerInput = z.input<typeof PrayerSchema>
export type PrayerValues = z.output<typeof PrayerSchema>
