import { PageMeta } from '@lamplight/session'
import { Button, cn, PageFrame } from '@lamplight/ui'
import { ArrowLeftIcon, XIcon } from '@lamplight/ui/icons'
import type { ReactNode } from 'react'
import { Link } from 'react-router'

/**
 * The frame of an admin list page (orders, products, fulfilment...): its title and lead, the
 * way back to the dashboard beside the page's own actions, the filters with their Clear, and
 * then the list. `filtersClassName` lays the filters out (their grid columns).
 */
export function AdminListFrame({
  title,
  eyebrow,
  lead,
  actions,
  filters,
  filtersClassName,
  filtered,
  onClear,
  clearClassName,
  children,
}: {
  title: string
  eyebrow?: string
  lead: ReactNode
  actions?: ReactNode
  filters: ReactNode
  filtersClassName: string
  filtered: boolean
  onClear: () => void
  clearClassName?: string
  children: ReactNode
}) {
  return (
    <PageFrame eyebrow={eyebrow} title={title} lead={lead}>
      <PageMeta title={title} />
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <Button asChild variant="ghost" size="sm" className="-ml-3">
          <Link to="/admin">
            <ArrowLeftIcon aria-hidden className="size-4" />
            Back to dashboard
          </Link>
        </Button>
        {actions}
      </div>
      <section
        aria-label="Filters"
        className={cn('mb-4 grid gap-3 rounded-lg border border-border bg-card p-4', filtersClassName)}
      >
        {filters}
        <Button variant="outline" onClick={onClear} disabled={!filtered} className={clearClassName}>
          <XIcon aria-hidden className="size-4" />
          Clear
        </Button>
      </section>
      {children}
    </PageFrame>
  )
}
