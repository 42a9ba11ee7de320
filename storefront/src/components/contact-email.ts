/**
 * Where buyers write to us, shown on the contact page and the order confirmation. In a module
 * of its own: the confirmation importing it from the contact page downloaded the contact
 * forms and zod with it.
 */
export const CONTACT_EMAIL = 'hello@lamplight.example'

/** When we answer: no phone line, so shown beside a clock, never a phone. */
export const SUPPORT_HOURS = 'Mon-Fri 9am-5pm EST'
