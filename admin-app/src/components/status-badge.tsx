import { FULFILMENT_STATUS_LABELS, type FulfilmentStatus, orderStatusBadge } from '@lamplight/contracts'
import { Badge } from '@lamplight/ui'

/** An order status as the spec badges it. */
export function StatusBadge({ status }: { status: string }) {
  return (
    <Badge variant={orderStatusBadge(status)} className="capitalize">
      {status}
    </Badge>
  )
}

/** Where an order is on its way: not shipped stands out (it is work to do), delivered and nothing-to-ship are quiet. */
export function FulfilmentBadge({ status }: { status: FulfilmentStatus }) {
  const variant =
    status === 'unfulfilled'
      ? 'secondary'
      : status === 'delivered' || status === 'not_required'
        ? 'outline'
        : 'default'
  return <Badge variant={variant}>{FULFILMENT_STATUS_LABELS[status]}</Badge>
}
