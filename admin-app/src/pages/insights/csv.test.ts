import { describe, expect, it } from 'vitest'
import { csvCell, toCsv } from './csv'

describe('insights CSV', () => {
  it('quotes what needs quoting and neutralises formulas, but keeps negative numbers', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`)
    expect(csvCell('@sum')).toBe("'@sum")
    expect(csvCell(-1999)).toBe('-1999')
    expect(csvCell('a, b')).toBe('"a, b"')
    expect(csvCell(null)).toBe('')
  })
  it('writes a header and one line per row', () => {
    const csv = toCsv(
      [
        { key: 'period', label: 'Day' },
        { key: 'n', label: 'Orders' },
      ],
      [
        { period: '2026-06-01', n: 3 },
        { period: '2026-06-02', n: 0 },
      ],
    )
    expect(csv).toBe('Day,Orders\r\n2026-06-01,3\r\n2026-06-02,0\r\n')
  })
})
