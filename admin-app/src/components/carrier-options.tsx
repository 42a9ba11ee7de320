import { CARRIERS } from '@lamplight/contracts'

/** The carriers a parcel can go with, as a select's options. */
export function CarrierOptions() {
  return CARRIERS.map((carrier) => (
    <option key={carrier} value={carrier}>
      {carrier === 'other' ? 'Other' : carrier}
    </option>
  ))
}
