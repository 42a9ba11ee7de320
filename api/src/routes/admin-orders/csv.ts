import { ORDER_CSV_COLUMNS } from '@lamplight/contracts'
import { stringify } from 'csv-stringify/sync'

/**
 * A spreadsheet runs a cell that starts with `=`, `+`, `-` or `@` (or a tab or carriage
 * return, which some strip first) as a formula: a customer named `=HYPERLINK(...)` must
 * stay text. Such cells get a leading apostrophe, which spreadsheets show as text.
 */
export function neutraliseCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
}

type Cell = string | number | Date | null | undefined

function cellText(value: Cell): string {
  if (value === null || value === undefined) return ''
  if (value instanceof Date) return value.toISOString()
  if (typeof value === 'number') return String(value)
  return neutraliseCell(value)
}

/** CSV text of rows (RFC 4180 quoting by csv-stringify), optionally with the header line first. */
export function ordersCsv(rows: Record<string, unknown>[], withHeader: boolean): string {
  const records = rows.map((row) => ORDER_CSV_COLUMNS.map((column) => cellText(row[column] as Cell)))
  return stringify(withHeader ? [[...ORDER_CSV_COLUMNS], ...records] : records, {
    record_delimiter: '\r\n',
  })
}

/**
 * A byte stream of CSV pulled batch by batch from `batches`: the next batch is read only
 * when the client has taken the last one, so memory holds one batch at most.
 */
export function csvStream(
  batches: AsyncGenerator<Record<string, unknown>[]>,
  onError: (error: unknown) => void,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder()
  let first = true
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next = await batches.next()
        if (next.done) {
          if (first) controller.enqueue(encoder.encode(ordersCsv([], true)))
          controller.close()
          return
        }
        controller.enqueue(encoder.encode(ordersCsv(next.value, first)))
        first = false
      } catch (error) {
        onError(error)
        controller.error(error)
      }
    },
    async cancel() {
      await batches.return(undefined)
    },
  })
}
