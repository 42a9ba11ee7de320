import type { AdminProductRow, ProductStatus } from '@lamplight/contracts'
import { Badge } from '@lamplight/ui'
import { STATUS_LABELS } from './product-form-values'

const VARIANT: Record<ProductStatus, 'default' | 'secondary' | 'outline' | 'destructive'> = {
  draft: 'outline',
  coming_soon: 'secondary',
  on_sale: 'default',
  sold_out: 'destructive',
}

/**
 * The owner's status, and what visitors are told when that differs: an on-sale box whose
 * counted stock reached 0 is sold out to them (decision 045) without anyone changing it.
 */
export function ProductStatusBadge({
  status,
  availability,
}: Pick<AdminProductRow, 'status'> & { availability?: AdminProductRow['availability'] }) {
  const shown = availability && availability !== status ? availability : null
  return (
    <span className="inline-flex flex-wrap items-center gap-1">
      <Badge variant={VARIANT[status]}>{STATUS_LABELS[status]}</Badge>
      {shown && (
        <span className="text-muted-foreground text-xs">
          (visitors see {STATUS_LABELS[shown].toLowerCase()})
        </span>
      )}
    </span>
  )
}
