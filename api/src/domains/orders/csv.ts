import { ORDER_CSV_COLUMNS } from '@lamplight/contracts'
import { stringify } from 'csv-stringify/sync'

/**
 * A spreadsheet runs a cell that starts with `=`, `+`, `-` or `@` (or a tab or carriage
 * return, which some strip first) as a formula: a customer named `=HYPERLINK(...)` must
 * stay text. A cell starts after a separator too: a spreadsheet that splits on `;` (the
 * default in many locales), or a naive importer that ignores our quotes, reads
 * `Ann;=1+1` as `Ann` and `=1+1`. So wherever such a character starts the text or follows
 * a comma, semicolon or line break (past any spaces or quotes), an apostrophe goes before
 * it, which spreadsheets show as text.
 */
const FORMULA_START = /(^|[,;\r\n])([ "]*)(?=[=+\-@\t\r])/g

export function neutraliseCell(value: string): string {
  return value.replace(FORMULA_START, (_, separator: string, padding: string) => `${separator}${padding}'`)
}

type Cell = string | number | Date | null | undefined

/** Numbers stay numbers (csv-stringify leaves them unquoted); everything else is text. */
function cellValue(value: Cell): string | number {
  if (value === null || value === undefined) return ''
  if (value instanceof Date) return value.toISOString()
  if (typeof value === 'number') return value
  return neutraliseCell(value)
}

const HEADER = stringify([[...ORDER_CSV_COLUMNS]], { record_delimiter: '\r\n' })

/**
 * One cell as csv-stringify writes it with `quoted_string` (RFC 4180): a number bare, any text
 * (the empty text too) in double quotes with its quotes doubled. Written by hand because the
 * export makes 2.5 million cells for 100 000 orders, and csv-stringify's general machinery
 * (options per cell, casts, records as events) was most of the export's time (decision 062);
 * `csv.test.ts` holds the two to the same bytes.
 */
function cellText(value: string | number): string {
  if (typeof value === 'number') return String(value)
  return `"${value.includes('"') ? value.replace(/"/g, '""') : value}"`
}

/**
 * CSV text of rows, optionally with the header line first. Every text cell is quoted (RFC
 * 4180), so no separator in a name can end its cell for an importer that honours quotes; the
 * header is our own column names, left bare.
 */
export function ordersCsv(rows: Record<string, unknown>[], withHeader: boolean): string {
  let body = withHeader ? HEADER : ''
  for (const row of rows) {
    let line = ''
    for (let i = 0; i < ORDER_CSV_COLUMNS.length; i++) {
      if (i) line += ','
      line += cellText(cellValue(row[ORDER_CSV_COLUMNS[i]!] as Cell))
    }
    body += `${line}\r\n`
  }
  return body
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
