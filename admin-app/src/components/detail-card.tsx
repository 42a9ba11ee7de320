import { Button, Card, CardContent, CardHeader, CardTitle, ErrorState, Skeleton } from '@lamplight/ui'
import { XIcon } from '@lamplight/ui/icons'
import type { UseQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'

/**
 * The card that opens beside a list for one of its rows (a subscriber, a gift): its title
 * and Close, then the row's details once loaded, grey while loading, Retry when it failed.
 */
export function DetailCard<T>({
  title,
  what,
  onClose,
  query,
  className,
  children,
}: {
  title: string
  /** What the card shows, in "Close gift" and "Failed to load the gift". */
  what: string
  onClose: () => void
  query: UseQueryResult<T, unknown>
  className?: string
  children: (data: T) => ReactNode
}) {
  const id = `${what}-detail`
  return (
    <Card className={className} role="region" aria-labelledby={id}>
      <CardHeader className="flex flex-row items-start justify-between gap-2">
        <CardTitle id={id} className="font-serif text-xl">
          {title}
        </CardTitle>
        <Button variant="ghost" size="sm" onClick={onClose} aria-label={`Close ${what}`}>
          <XIcon aria-hidden className="size-4" />
        </Button>
      </CardHeader>
      <CardContent className="grid gap-6">
        {query.isError ? (
          <ErrorState
            size="section"
            title={`Failed to load the ${what}`}
            onRetry={() => query.refetch()}
            retrying={query.isFetching}
          />
        ) : !query.data ? (
          <Skeleton className="h-40" />
        ) : (
          children(query.data)
        )}
      </CardContent>
    </Card>
  )
}

/** One line of a card's details: what, then its value (`<dt>` and `<dd>` of the card's `<dl>`). */
export function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-muted-foreground">{label}</dt>
      <dd>{children}</dd>
    </>
  )
}

/** A postal address on one line, as the packer reads it. */
export function addressLine(
  a: Record<'firstName' | 'lastName' | 'address' | 'city' | 'state' | 'zipCode' | 'country', string>,
) {
  return `${a.firstName} ${a.lastName}, ${a.address}, ${a.city}, ${a.state} ${a.zipCode}, ${a.country}`
}
