import { formatCount, monthName, type SubscriptionFigures } from '@lamplight/contracts'
import { Link } from 'react-router'

/**
 * Paid subscription months that have not shipped (issue 34 item 5): a month with no box
 * chosen says so and links to the box-of-the-month setting with that month picked; a month
 * whose box is set but still waits (sold out, or a subscriber with no address) says that.
 */
// A link in a sentence is a thumb's size on a touch screen (44 px each way), on its own line box.
const LINK =
  'font-medium underline pointer-coarse:inline-flex pointer-coarse:min-h-11 pointer-coarse:min-w-11 pointer-coarse:items-center'

export function AwaitingBoxAlert({ awaiting }: { awaiting: SubscriptionFigures['awaiting_box'] }) {
  if (awaiting.length === 0) return null
  return (
    <div
      role="alert"
      className="grid gap-1 rounded-md border border-amber-500/50 bg-amber-50 p-3 text-amber-950 text-sm dark:bg-amber-950/30 dark:text-amber-100"
    >
      {awaiting.map((w) => {
        const shipments = `${formatCount(w.count)} subscription ${w.count === 1 ? 'shipment waits' : 'shipments wait'}`
        const month = monthName(w.period)
        return (
          <p key={w.period}>
            {w.box_set ? (
              <>
                {shipments} in {month}: the box is sold out or the subscriber has no address.{' '}
                <Link className={LINK} to={`/admin/subscribers?box=${w.period}#month-box`}>
                  Choose another box
                </Link>
              </>
            ) : (
              <>
                {shipments} for {month.split(' ')[0]}’s box —{' '}
                <Link className={LINK} to={`/admin/subscribers?box=${w.period}#month-box`}>
                  set it
                </Link>
              </>
            )}
          </p>
        )
      })}
    </div>
  )
}
