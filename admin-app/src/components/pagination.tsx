import { ADMIN_ORDERS_MAX_PAGE_LINKS, formatCount } from '@lamplight/contracts'
import { Button, cn } from '@lamplight/ui'
import { ChevronLeftIcon, ChevronRightIcon } from '@lamplight/ui/icons'

/** The page numbers to link: at most `max`, centred on the current page where possible. */
export function pageWindow(page: number, pageCount: number, max = ADMIN_ORDERS_MAX_PAGE_LINKS): number[] {
  if (pageCount <= 0) return []
  const size = Math.min(max, pageCount)
  let start = Math.max(1, page - Math.floor(size / 2))
  start = Math.min(start, pageCount - size + 1)
  return Array.from({ length: size }, (_, i) => start + i)
}

/** Previous, up to five page links, Next; and where we are, in words. */
export function Pagination({
  page,
  pageSize,
  total,
  capped = false,
  onPage,
  label = 'Pages',
}: {
  page: number
  pageSize: number
  total: number
  /** `total` is a floor: there are more (the API stopped counting), so there is a next page. */
  capped?: boolean
  onPage: (page: number) => void
  label?: string
}) {
  const pageCount = Math.max(1, Math.ceil(total / pageSize), capped ? page + 1 : 0)
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1
  const last = capped ? page * pageSize : Math.min(total, page * pageSize)
  return (
    <nav aria-label={label} className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm">
      <p className="text-muted-foreground" aria-live="polite">
        {total === 0
          ? 'Nothing to show'
          : `Showing ${formatCount(first)}–${formatCount(last)} of ${formatCount(total)}${capped ? '+' : ''}`}
      </p>
      {pageCount > 1 && (
        <div className="flex flex-wrap items-center gap-1">
          <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
            <ChevronLeftIcon aria-hidden className="size-4" />
            <span className="max-sm:sr-only">Previous</span>
          </Button>
          {pageWindow(page, pageCount).map((n) => (
            <Button
              key={n}
              variant={n === page ? 'default' : 'outline'}
              size="sm"
              aria-current={n === page ? 'page' : undefined}
              aria-label={`Page ${n}`}
              className={cn('min-w-9')}
              onClick={() => onPage(n)}
            >
              {n}
            </Button>
          ))}
          <Button variant="outline" size="sm" disabled={page >= pageCount} onClick={() => onPage(page + 1)}>
            <span className="max-sm:sr-only">Next</span>
            <ChevronRightIcon aria-hidden className="size-4" />
          </Button>
        </div>
      )}
    </nav>
  )
}
