/** Lydia of Philippi's address: the shipping details the checkout tests send, beside an email. */
export const LYDIA_ADDRESS = {
  firstName: 'Lydia',
  lastName: 'Purple',
  address: '1 River Road',
  city: 'Philippi',
  state: 'GA',
  zipCode: '30301',
  country: 'US',
}
