/**
 * One chart's data as CSV, for a spreadsheet: a cell that a spreadsheet would run as a
 * formula (= + - @, tab, return) is prefixed with a quote, as the orders export does.
 */
/** `csvLabel`: the column's name in the file when it differs from the screen's (raw cents there, dollars here). */
export type CsvColumn<Row> = { key: keyof Row & string; label: string; csvLabel?: string }

const FORMULA = /^[=+\-@\t\r]/

export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value)
  if (FORMULA.test(text) && !/^-?\d+(\.\d+)?$/.test(text)) text = `'${text}`
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, () => '""')}"` : text
}

export function toCsv<Row>(columns: CsvColumn<Row>[], rows: Row[]): string {
  const lines = [columns.map((column) => csvCell(column.csvLabel ?? column.label)).join(',')]
  for (const row of rows) lines.push(columns.map((column) => csvCell(row[column.key])).join(','))
  return `${lines.join('\r\n')}\r\n`
}
