import { z } from 'zod'
import { CONTACT_LIMITS } from './constants'
import { endpoint } from './endpoint'
import { formatCount } from './format'

/**
 * The contact and prayer forms: one schema each, used by the storefront's forms and
 * enforced by the API, so the two can never disagree on a limit or a message.
 */
export const CONTACT_MESSAGES = {
  email: 'Please enter a valid email address, like name@example.com.',
  name: 'Please tell us your name.',
  emailMissing: 'Please enter your email address.',
  subject: 'Please add a subject.',
  message: 'Please write your message.',
  request: 'Please share what we can pray for.',
  tooLong: (max: number) => `Please keep this under ${formatCount(max)} characters.`,
} as const

const requiredText = (max: number, missing: string) =>
  z.string({ error: missing }).trim().min(1, missing).max(max, CONTACT_MESSAGES.tooLong(max))

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, CONTACT_MESSAGES.tooLong(max))
    .nullish()
    .transform((value) => value || null)

export const ContactMessageSchema = z.object({
  name: requiredText(CONTACT_LIMITS.name, CONTACT_MESSAGES.name),
  email: requiredText(CONTACT_LIMITS.email, CONTACT_MESSAGES.emailMissing).pipe(
    z.email(CONTACT_MESSAGES.email),
  ),
  subject: requiredText(CONTACT_LIMITS.subject, CONTACT_MESSAGES.subject),
  message: requiredText(CONTACT_LIMITS.message, CONTACT_MESSAGES.message),
})
export type ContactMessageInput = z.input<typeof ContactMessageSchema>
export type ContactMessageValues = z.output<typeof ContactMessageSchema>

export const PrayerRequestSchema = z.object({
  name: optionalText(CONTACT_LIMITS.name),
  email: optionalText(CONTACT_LIMITS.email).refine(
    (value) => value === null || z.email().safeParse(value).success,
    CONTACT_MESSAGES.email,
  ),
  request: requiredText(CONTACT_LIMITS.request, CONTACT_MESSAGES.request),
})
export type PrayerRequestInput = z.input<typeof PrayerRequestSchema>
export type PrayerRequestValues = z.output<typeof PrayerRequestSchema>

const Stored = z.object({ data: z.object({ id: z.string(), created_at: z.iso.datetime({ offset: true }) }) })

export const InboxItemSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('contact'),
    id: z.string(),
    name: z.string(),
    email: z.string(),
    subject: z.string(),
    message: z.string(),
    user_id: z.string().nullable(),
    created_at: z.iso.datetime({ offset: true }),
    handled_at: z.iso.datetime({ offset: true }).nullable(),
  }),
  z.object({
    kind: z.literal('prayer'),
    id: z.string(),
    name: z.string().nullable(),
    email: z.string().nullable(),
    subject: z.null(),
    request: z.string(),
    user_id: z.string().nullable(),
    created_at: z.iso.datetime({ offset: true }),
    handled_at: z.iso.datetime({ offset: true }).nullable(),
  }),
])
export type InboxItem = z.infer<typeof InboxItemSchema>

export const contactContract = {
  contact: endpoint({
    method: 'POST',
    path: '/contact',
    access: 'public',
    summary: 'A message from the contact page, stored for the team (rate-limited per client)',
    body: ContactMessageSchema,
    response: Stored,
    status: 201,
  }),
  prayer: endpoint({
    method: 'POST',
    path: '/prayer-requests',
    access: 'public',
    summary: 'A prayer request from the contact page, stored for the team (rate-limited per client)',
    body: PrayerRequestSchema,
    response: Stored,
    status: 201,
  }),
  inbox: endpoint({
    method: 'GET',
    path: '/admin/messages',
    access: 'admin',
    summary: 'Contact messages and prayer requests together, newest first',
    response: z.object({ data: z.array(InboxItemSchema) }),
  }),
  markHandled: endpoint({
    method: 'PATCH',
    path: '/admin/messages/:kind/:id',
    access: 'admin',
    summary: 'Mark a contact message or prayer request handled, or not (recorded in the audit log)',
    params: z.object({ kind: z.enum(['contact', 'prayer']), id: z.uuid() }),
    body: z.object({ handled: z.boolean() }),
    response: z.object({
      data: z.object({ id: z.string(), handled_at: z.iso.datetime({ offset: true }).nullable() }),
    }),
  }),
}
