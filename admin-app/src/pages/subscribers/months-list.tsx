import { formatMoney, monthName } from '@lamplight/contracts'
import { useId } from 'react'
import { Link } from 'react-router'

/** One month of a subscription or a gift: its plan, its boxes, its order; a paid month its amount. */
type MonthRow = {
  period: string
  status: string
  tier: string
  boxes: { name: string; quantity: number }[]
  order_id: string | null
  order_number: string | null
  amount_cents?: number
}

/**
 * The months of a subscriber's or a gift's detail, newest first as the API sends them: the
 * month, plan and boxes, a link to its order, and its status in `labels`' words (with the
 * amount where the month was paid for). `empty` says why there is none yet.
 */
export function MonthsList({
  title,
  months,
  labels,
  empty,
}: {
  title: string
  months: MonthRow[]
  labels: Record<string, string>
  empty: string
}) {
  const headingId = useId()
  return (
    <div>
      <h3 id={headingId} className="font-semibold">
        {title}
      </h3>
      <ul aria-labelledby={headingId} className="mt-2 divide-y text-sm">
        {months.map((m) => (
          <li key={m.period} className="flex flex-wrap justify-between gap-2 py-2">
            <span>
              {monthName(m.period)} · {m.tier}
              {m.boxes.length > 0 && ` · ${m.boxes.map((b) => `${b.quantity} × ${b.name}`).join(', ')}`}
              {m.order_id && (
                <>
                  {' · '}
                  <Link className="text-primary underline" to={`/admin/orders/${m.order_id}`}>
                    #{m.order_number}
                  </Link>
                </>
              )}
            </span>
            <span>
              {labels[m.status] ?? m.status}
              {m.amount_cents !== undefined && ` · ${formatMoney(m.amount_cents)}`}
            </span>
          </li>
        ))}
        {months.length === 0 && <li className="py-2 text-muted-foreground">{empty}</li>}
      </ul>
    </div>
  )
}
