/** A subscriber's shipping address, as the plan page's form sends it (issue 34). */
export const TEST_ADDRESS = {
  firstName: 'Ruth',
  lastName: 'Moab',
  address: '12 Gleaning Lane',
  city: 'Bethlehem',
  state: 'PA',
  zipCode: '18015',
  country: 'US',
}
