import { ORDER_CSV_COLUMNS } from '@lamplight/contracts'
import { stringify } from 'csv-stringify/sync'
import { describe, expect, it } from 'vitest'
import { neutraliseCell, ordersCsv } from './csv'

describe('ordersCsv', () => {
  it('writes the same bytes as csv-stringify with every text cell quoted', () => {
    const hostile = [
      '',
      'plain',
      'a "quoted" name',
      'comma, inside',
      'line\nbreak',
      '=1+1',
      'Ann;=2',
      ' x ',
      'é ×',
    ]
    const rows = hostile.map((text, i) =>
      Object.fromEntries(
        ORDER_CSV_COLUMNS.map((column, j) => [
          column,
          j % 4 === 0
            ? i * 100 + j
            : j % 4 === 1
              ? null
              : j % 4 === 2
                ? new Date(Date.UTC(2026, 0, i + 1))
                : text,
        ]),
      ),
    )
    const expected =
      stringify([[...ORDER_CSV_COLUMNS]], { record_delimiter: '\r\n' }) +
      stringify(
        rows.map((row) =>
          ORDER_CSV_COLUMNS.map((column) => {
            const value = row[column]
            if (value === null) return ''
            if (value instanceof Date) return value.toISOString()
            return typeof value === 'number' ? value : neutraliseCell(value as string)
          }),
        ),
        { record_delimiter: '\r\n', quoted_string: true },
      )
    expect(ordersCsv(rows, true)).toBe(expected)
    expect(ordersCsv([], true)).toBe(`${ORDER_CSV_COLUMNS.join(',')}\r\n`)
    expect(ordersCsv(rows.slice(0, 1), false)).toBe(`${expected.split('\r\n')[1]}\r\n`)
  })
})
