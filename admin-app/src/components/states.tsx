import { Skeleton } from '@lamplight/ui'

/** Rows of grey while a table's first page loads. */
export function TableSkeleton({ rows = 5 }: { rows?: number }) {
  return (
    <div className="grid gap-2 rounded-lg border border-border bg-card p-3" aria-hidden>
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} className="h-8 w-full" />
      ))}
    </div>
  )
}
