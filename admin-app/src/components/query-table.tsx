import { ADMIN_ORDERS_PAGE_SIZE } from '@lamplight/contracts'
import { ErrorState } from '@lamplight/ui'
import type { UseQueryResult } from '@tanstack/react-query'
import type { RowData } from '@tanstack/react-table'
import { DataTable, type DataTableProps } from './data-table'
import { Pagination } from './pagination'
import { TableSkeleton } from './states'

/** What an admin list endpoint answers: the rows, or a page of them with the total. */
export type Listing<Row> = Row[] | { data: Row[]; total?: number; total_capped?: boolean }

/**
 * A list query that has come back with no row at all (not merely none on this page; not the
 * previous filters' answer still shown while the next loads).
 */
export function hasNoRows(query: { data?: Listing<unknown>; isPlaceholderData: boolean }): boolean {
  const listing = query.data
  if (!listing || query.isPlaceholderData) return false
  return Array.isArray(listing) ? listing.length === 0 : listing.data.length === 0 && !listing.total
}

export type QueryTableProps<Row extends RowData> = Omit<DataTableProps<Row>, 'data' | 'busy'> & {
  query: UseQueryResult<Listing<Row>, unknown>
  /** The spec's words for a failed load (§8), shown with Retry. */
  errorMessage: string
  skeletonRows?: number
  /** For a paged listing: the current page, where to send a new one, the pager's name. */
  pages?: { page: number; onPage: (page: number) => void; label: string }
}

/**
 * Every admin table over a query, in its three states: grey rows while the first page
 * loads, the failure with Retry, then the table (dimmed while the next page loads) and its
 * pager. Tabs and pages hand it their query and columns instead of repeating the states.
 */
export function QueryTable<Row extends RowData>({
  query,
  errorMessage,
  skeletonRows,
  pages,
  ...table
}: QueryTableProps<Row>) {
  if (query.isPending) return <TableSkeleton rows={skeletonRows} />
  if (query.isError)
    return (
      <ErrorState
        size="section"
        title={errorMessage}
        onRetry={() => query.refetch()}
        retrying={query.isFetching}
      />
    )
  const listing = query.data
  const rows = Array.isArray(listing) ? listing : listing.data
  const total = Array.isArray(listing) ? rows.length : (listing.total ?? rows.length)
  const capped = !Array.isArray(listing) && listing.total_capped === true
  return (
    <>
      <DataTable {...table} data={rows} busy={query.isPlaceholderData} />
      {/* With nothing to show the table says so; a pager saying it again is one too many. */}
      {pages && total > 0 && (
        <Pagination
          page={pages.page}
          pageSize={ADMIN_ORDERS_PAGE_SIZE}
          total={total}
          capped={capped}
          onPage={pages.onPage}
          label={pages.label}
        />
      )}
    </>
  )
}
