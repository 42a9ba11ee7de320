import { Button, Skeleton } from '@lamplight/ui'

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

/** A load that failed: the spec's words, and a way to try again. */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div role="alert" className="rounded-lg border border-destructive/40 bg-destructive/5 p-6 text-center">
      <p className="font-medium text-destructive">{message}</p>
      <Button variant="outline" className="mt-3" onClick={onRetry}>
        Retry
      </Button>
    </div>
  )
}
