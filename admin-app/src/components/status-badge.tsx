import { orderStatusBadge } from '@lamplight/contracts'
import { Badge } from '@lamplight/ui'

/** An order status as the spec badges it. */
export function StatusBadge({ status }: { status: string }) {
  return (
    <Badge variant={orderStatusBadge(status)} className="capitalize">
      {status}
    </Badge>
  )
}
