// Checkout's plain values, kept apart from its zod schemas (checkout.ts) so that a page using
// one of them does not download zod with it (decision 021).

export const US_STATES = [
  ['AL', 'Alabama'],
  ['AK', 'Alaska'],
  ['AZ', 'Arizona'],
  ['AR', 'Arkansas'],
  ['CA', 'California'],
  ['CO', 'Colorado'],
  ['CT', 'Connecticut'],
  ['DE', 'Delaware'],
  ['DC', 'District of Columbia'],
  ['FL', 'Florida'],
  ['GA', 'Georgia'],
  ['HI', 'Hawaii'],
  ['ID', 'Idaho'],
  ['IL', 'Illinois'],
  ['IN', 'Indiana'],
  ['IA', 'Iowa'],
  ['KS', 'Kansas'],
  ['KY', 'Kentucky'],
  ['LA', 'Louisiana'],
  ['ME', 'Maine'],
  ['MD', 'Maryland'],
  ['MA', 'Massachusetts'],
  ['MI', 'Michigan'],
  ['MN', 'Minnesota'],
  ['MS', 'Mississippi'],
  ['MO', 'Missouri'],
  ['MT', 'Montana'],
  ['NE', 'Nebraska'],
  ['NV', 'Nevada'],
  ['NH', 'New Hampshire'],
  ['NJ', 'New Jersey'],
  ['NM', 'New Mexico'],
  ['NY', 'New York'],
  ['NC', 'North Carolina'],
  ['ND', 'North Dakota'],
  ['OH', 'Ohio'],
  ['OK', 'Oklahoma'],
  ['OR', 'Oregon'],
  ['PA', 'Pennsylvania'],
  ['RI', 'Rhode Island'],
  ['SC', 'South Carolina'],
  ['SD', 'South Dakota'],
  ['TN', 'Tennessee'],
  ['TX', 'Texas'],
  ['UT', 'Utah'],
  ['VT', 'Vermont'],
  ['VA', 'Virginia'],
  ['WA', 'Washington'],
  ['WV', 'West Virginia'],
  ['WI', 'Wisconsin'],
  ['WY', 'Wyoming'],
] as const satisfies readonly (readonly [string, string])[]

export const CA_PROVINCES = [
  ['AB', 'Alberta'],
  ['BC', 'British Columbia'],
  ['MB', 'Manitoba'],
  ['NB', 'New Brunswick'],
  ['NL', 'Newfoundland and Labrador'],
  ['NS', 'Nova Scotia'],
  ['NT', 'Northwest Territories'],
  ['NU', 'Nunavut'],
  ['ON', 'Ontario'],
  ['PE', 'Prince Edward Island'],
  ['QC', 'Quebec'],
  ['SK', 'Saskatchewan'],
  ['YT', 'Yukon'],
] as const satisfies readonly (readonly [string, string])[]

export const COUNTRIES = [
  ['US', 'United States'],
  ['CA', 'Canada'],
] as const
export type CountryCode = (typeof COUNTRIES)[number][0]

export const regionsOf = (country: CountryCode) => (country === 'CA' ? CA_PROVINCES : US_STATES)

export const CHECKOUT_MESSAGES = {
  missingTitle: 'Missing Information',
  missing: 'Please fill in all required shipping information.',
  zip: {
    US: 'Please enter a 5-digit ZIP code, like 30301.',
    CA: 'Please enter a postal code, like K1A 0B1.',
  },
  region: 'Please choose a state or province.',
} as const

export const PAYMENT_METHODS = ['apple_pay', 'google_pay', 'card'] as const
export type PaymentMethod = (typeof PAYMENT_METHODS)[number]

/**
 * The name of the header a client sends with create-checkout: one value per checkout
 * attempt, the same on every retry of it (decision 022).
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key'
