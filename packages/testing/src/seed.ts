/**
 * What the seed (api/seed) puts in the database, as the API answers it, for component tests
 * that fake the API: one copy, so a test that shows "free over $35" reads the same rates as
 * the admin's shipping page test edits.
 */

/** The seeded shipping rates (decision 052), as `GET /api/shipping/rates` gives them. */
export const SEEDED_SHIPPING_RATES = [
  {
    country: 'US',
    zoneName: 'United States',
    name: 'Standard',
    amountCents: 599,
    freeOverCents: 3500,
    deliveryTime: '3-5 business days',
  },
  {
    country: 'CA',
    zoneName: 'Canada',
    name: 'Standard',
    amountCents: 1299,
    freeOverCents: null,
    deliveryTime: '3-5 business days',
  },
] as const
