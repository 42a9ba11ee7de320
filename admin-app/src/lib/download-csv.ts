/**
 * Hands the browser a CSV as a file download (the printer's codes, a chart's rows). The
 * object URL is kept a while after the click: a slow browser may still be reading it.
 */
export function downloadCsv(filename: string, csv: string) {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }))
  const link = document.createElement('a')
  link.href = url
  link.download = filename
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}
