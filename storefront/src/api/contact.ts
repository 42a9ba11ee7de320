import { type ContactMessageValues, contactContract, type PrayerRequestValues } from '@lamplight/contracts'
import { request } from '@lamplight/session'
import { mutationOptions } from '@tanstack/react-query'

/**
 * The contact page's writes, over `request()` and the contact contract (README, "How we
 * build"): the forms validate with the same schemas the API enforces.
 */
export const contactMutations = {
  message: () =>
    mutationOptions({
      mutationFn: (body: ContactMessageValues) => request(contactContract.contact, { body }),
    }),
  prayer: () =>
    mutationOptions({
      mutationFn: (body: PrayerRequestValues) => request(contactContract.prayer, { body }),
    }),
}
