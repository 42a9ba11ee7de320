const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month + 1, 0)).getUTCDate()

/**
 * `date` moved `months` calendar months (negative: back), in UTC, the way Stripe moves a
 * billing cycle: a day the target month lacks becomes its last day (Jan 31 + 1 = Feb 28), and
 * a cycle anchored on a later day goes back to it once a month has it (from Feb 28 with
 * `anchorDay` 31: Mar 31). The time of day stays.
 *
 * Why not `setUTCMonth`: it rolls a missing day into the next month, so a plan started on
 * Nov 29 renewed on "Feb 29", which is March 1, and its February box was never made: every
 * month's box is named by the month its payment falls in.
 */
export function addBillingMonths(date: Date | string, months: number, anchorDay?: number): Date {
  const from = new Date(date)
  const day = from.getUTCDate()
  const year = from.getUTCFullYear()
  const month = from.getUTCMonth() + months
  // The anchor only matters where a short month cut the day to its last.
  const clamped = day === daysIn(year, from.getUTCMonth()) && anchorDay !== undefined && anchorDay > day
  const to = new Date(from)
  to.setUTCFullYear(year, month, Math.min(clamped ? anchorDay : day, daysIn(year, month)))
  return to
}
