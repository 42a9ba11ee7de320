/**
 * The printer's file: one code per row, with the box and the print run. Made in the browser
 * from the generation answer, the only time the codes exist outside the boxes (decision 047).
 */
export function codesCsv(slug: string, batchId: string, codes: readonly string[]): string {
  const rows = codes.map((code, i) => `${i + 1},${code},${slug},${batchId}`)
  return `${['number,code,product,batch', ...rows].join('\r\n')}\r\n`
}
