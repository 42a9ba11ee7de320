const DATE = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' })
const DATE_TIME = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
})

/** A day from the API's ISO date-time ("Nov 28, 2026"), or a dash when there is none. */
export const formatDate = (iso: string | null | undefined) => (iso ? DATE.format(new Date(iso)) : '—')

/** A moment from the API's ISO date-time ("Nov 28, 2026, 6:31 AM"), or a dash when there is none. */
export const formatDateTime = (iso: string | null | undefined) =>
  iso ? DATE_TIME.format(new Date(iso)) : '—'
