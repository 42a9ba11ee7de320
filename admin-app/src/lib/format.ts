import { asDate } from '../api/load'

const DATE = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' })
const DATE_TIME = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
})

export const formatDate = (value: Date | string | null | undefined) => {
  const date = asDate(value)
  return date ? DATE.format(date) : '—'
}

export const formatDateTime = (value: Date | string | null | undefined) => {
  const date = asDate(value)
  return date ? DATE_TIME.format(date) : '—'
}
