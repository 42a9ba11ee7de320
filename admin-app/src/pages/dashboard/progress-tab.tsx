import type { ProgressRow } from '@lamplight/contracts'
import { Badge } from '@lamplight/ui'
import { useQuery } from '@tanstack/react-query'
import type { ColumnDef } from '@tanstack/react-table'
import { useMemo, useState } from 'react'
import { progressQuery } from '../../api/dashboard'
import { DataTable } from '../../components/data-table'
import { Pagination } from '../../components/pagination'
import { LoadError, TableSkeleton } from '../../components/states'
import { formatDateTime } from '../../lib/format'

/** The spec's User Progress: customer and product, newest activity first. */
export function ProgressTab() {
  const [page, setPage] = useState(1)
  const query = useQuery(progressQuery(page))
  const columns = useMemo<ColumnDef<ProgressRow, unknown>[]>(
    () => [
      {
        id: 'customer',
        header: 'Customer',
        cell: ({ row }) => (
          <div className="grid">
            <span>{row.original.customer_name || '—'}</span>
            <span className="text-xs text-muted-foreground">{row.original.customer_email}</span>
          </div>
        ),
      },
      { accessorKey: 'product_name', header: 'Product' },
      { accessorKey: 'current_step', header: 'Current step' },
      {
        accessorKey: 'completed_steps',
        header: 'Completed steps',
        cell: ({ row }) =>
          row.original.completed_steps.length ? row.original.completed_steps.join(', ') : 'None yet',
      },
      {
        accessorKey: 'last_activity',
        header: 'Last activity',
        cell: ({ row }) => formatDateTime(row.original.last_activity),
      },
      {
        accessorKey: 'completed_at',
        header: 'Completed',
        cell: ({ row }) =>
          row.original.completed_at ? (
            formatDateTime(row.original.completed_at)
          ) : (
            <Badge variant="secondary">In progress</Badge>
          ),
      },
    ],
    [],
  )
  if (query.isPending) return <TableSkeleton />
  if (query.isError) return <LoadError message="Failed to load admin data" onRetry={() => query.refetch()} />
  return (
    <div>
      <DataTable
        label="User progress"
        columns={columns}
        data={query.data.data}
        getRowId={(row) => `${row.user_id}:${row.product_id}`}
        empty="No one has started a puzzle yet"
        busy={query.isPlaceholderData}
      />
      <Pagination
        page={page}
        pageSize={25}
        total={query.data.total}
        onPage={setPage}
        label="Progress pages"
      />
    </div>
  )
}
