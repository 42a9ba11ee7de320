import { describe, expect, it } from 'vitest'
import { addBillingMonths } from './billing-months'

const iso = (date: Date) => date.toISOString()
const monthOf = (date: Date) => iso(date).slice(0, 7)

describe('addBillingMonths', () => {
  it('keeps the day and the time where the month has it, forwards, backwards and over a year', () => {
    expect(iso(addBillingMonths('2026-11-15T23:59:30.123Z', 1))).toBe('2026-12-15T23:59:30.123Z')
    expect(iso(addBillingMonths('2026-11-15T10:00:00Z', 2))).toBe('2027-01-15T10:00:00.000Z')
    expect(iso(addBillingMonths('2027-01-15T10:00:00Z', -1))).toBe('2026-12-15T10:00:00.000Z')
    expect(iso(addBillingMonths('2026-03-01T00:00:00Z', 12))).toBe('2027-03-01T00:00:00.000Z')
  })

  it('cuts a day the month lacks to its last day, never into the next month', () => {
    expect(iso(addBillingMonths('2026-11-29T08:00:00Z', 3))).toBe('2027-02-28T08:00:00.000Z')
    expect(iso(addBillingMonths('2027-01-31T08:00:00Z', 1))).toBe('2027-02-28T08:00:00.000Z')
    expect(iso(addBillingMonths('2027-12-31T08:00:00Z', 2))).toBe('2028-02-29T08:00:00.000Z')
    expect(iso(addBillingMonths('2026-03-31T08:00:00Z', -1))).toBe('2026-02-28T08:00:00.000Z')
    expect(iso(addBillingMonths('2026-05-31T08:00:00Z', 1))).toBe('2026-06-30T08:00:00.000Z')
  })

  it('goes back to the anchor day once a month has it again, and only after a cut', () => {
    expect(iso(addBillingMonths('2027-02-28T08:00:00Z', 1, 31))).toBe('2027-03-31T08:00:00.000Z')
    expect(iso(addBillingMonths('2027-02-28T08:00:00Z', 2, 31))).toBe('2027-04-30T08:00:00.000Z')
    expect(iso(addBillingMonths('2027-02-28T08:00:00Z', 1, 29))).toBe('2027-03-29T08:00:00.000Z')
    // Not the month's last day: the anchor was not what cut it, the day stays.
    expect(iso(addBillingMonths('2027-03-15T08:00:00Z', 1, 31))).toBe('2027-04-15T08:00:00.000Z')
    // The anchor is never earlier than the day it would replace.
    expect(iso(addBillingMonths('2027-04-30T08:00:00Z', 1, 10))).toBe('2027-05-30T08:00:00.000Z')
  })

  it('names every calendar month once, from any day of any month, a year on', () => {
    for (let start = Date.UTC(2027, 0, 1); start < Date.UTC(2029, 0, 1); start += 86_400_000) {
      const from = new Date(start)
      const anchor = from.getUTCDate()
      let at = from
      const months = [monthOf(at)]
      for (let i = 0; i < 13; i++) {
        at = addBillingMonths(at, 1, anchor)
        months.push(monthOf(at))
        // Stepping month by month lands where one jump of i + 1 months does: no drift.
        expect(iso(at)).toBe(iso(addBillingMonths(from, i + 1)))
      }
      const expected = Array.from({ length: 14 }, (_, i) =>
        monthOf(new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + i, 1))),
      )
      expect(months).toEqual(expected)
    }
  })
})
