import {
  type AdminOrder,
  FULFILMENT_STATUS_LABELS,
  FULFILMENT_STATUSES,
  formatMoney,
  ORDER_STATUSES,
  type OrderSort,
} from '@lamplight/contracts'
import { Button, Spinner, toast } from '@lamplight/ui'
import { DownloadIcon } from '@lamplight/ui/icons'
import { useQuery } from '@tanstack/react-query'
import type { SortingState } from '@tanstack/react-table'
import { useCallback, useMemo, useState } from 'react'
import { Link } from 'react-router'
import { downloadOrdersCsv, ordersQuery } from '../../api/orders'
import {
  AdminListFrame,
  ChoiceFilter,
  DateRangeFilter,
  SearchFilter,
} from '../../components/admin-list-frame'
import type { AdminColumn } from '../../components/data-table'
import { QueryTable } from '../../components/query-table'
import { guarded } from '../../components/require-role'
import { FulfilmentBadge, StatusBadge } from '../../components/status-badge'
import { formatDate } from '../../lib/format'
import { useOrderFilters } from './use-order-filters'

export const OrdersPage = guarded(Orders)

function Orders() {
  const { query, update, clear, filtered } = useOrderFilters()
  const orders = useQuery(ordersQuery(query))
  const [exporting, setExporting] = useState(false)
  const onSearch = useCallback((q: string) => update({ q: q || undefined }), [update])

  const columns = useMemo<AdminColumn<AdminOrder>[]>(
    () => [
      {
        accessorKey: 'order_number',
        header: 'Order',
        enableSorting: false,
        cell: ({ row }) => (
          <Link
            to={`/admin/orders/${row.original.order_id}`}
            className="inline-flex min-h-8 items-center font-mono text-primary underline-offset-4 hover:underline pointer-coarse:min-h-11"
            aria-label={`Order ${row.original.order_number}`}
          >
            {row.original.order_number}
          </Link>
        ),
      },
      {
        id: 'created_at',
        accessorKey: 'created_at',
        header: 'Date',
        cell: ({ row }) => formatDate(row.original.created_at),
      },
      {
        id: 'customer_email',
        accessorKey: 'customer_email',
        header: 'Customer',
        cell: ({ row }) => (
          <div className="grid min-w-[10rem] max-w-[16rem]">
            <span className="truncate">{row.original.customer_name || '—'}</span>
            <span className="truncate text-xs text-muted-foreground">{row.original.customer_email}</span>
          </div>
        ),
      },
      {
        // Every line of the order, not only the first (issue 35).
        accessorKey: 'lines_summary',
        header: 'Products',
        enableSorting: false,
        cell: ({ row }) => (
          <span className="line-clamp-2 max-w-[16rem]">
            {row.original.lines_summary || row.original.product_title}
          </span>
        ),
      },
      {
        id: 'amount_cents',
        accessorKey: 'amount_cents',
        header: 'Amount',
        cell: ({ row }) => formatMoney(row.original.amount_cents),
      },
      {
        id: 'status',
        accessorKey: 'status',
        header: 'Status',
        cell: ({ row }) => <StatusBadge status={row.original.status} />,
      },
      {
        accessorKey: 'fulfilment_status',
        header: 'Fulfilment',
        enableSorting: false,
        cell: ({ row }) => <FulfilmentBadge status={row.original.fulfilment_status} />,
      },
    ],
    [],
  )
  const sorting: SortingState = [{ id: query.sort, desc: query.dir === 'desc' }]
  const onSortingChange = (next: SortingState) => {
    const [first] = next
    if (!first) return
    update({ sort: first.id as OrderSort, dir: first.desc ? 'desc' : 'asc' })
  }

  async function exportCsv() {
    setExporting(true)
    try {
      await downloadOrdersCsv({
        q: query.q,
        status: query.status,
        fulfilment: query.fulfilment,
        from: query.from,
        to: query.to,
        sort: query.sort,
        dir: query.dir,
      })
      toast.success('Export ready')
    } catch (error) {
      // The spec: export failures are only logged.
      console.warn('[admin] order export failed', error)
    } finally {
      setExporting(false)
    }
  }

  return (
    <AdminListFrame
      title="Orders"
      lead="Every order, filtered and sorted on the server."
      actions={
        <Button onClick={exportCsv} disabled={exporting}>
          {exporting ? (
            <Spinner size="sm" label="Exporting" />
          ) : (
            <DownloadIcon aria-hidden className="size-4" />
          )}
          Export CSV
        </Button>
      }
      filtersClassName="grid-cols-2 lg:grid-cols-[minmax(0,2fr)_repeat(4,minmax(0,1fr))_auto] lg:items-end"
      filtering={{ filtered, clear }}
      list={orders}
      clearClassName="col-span-2 lg:col-span-1"
      filters={
        <>
          <SearchFilter
            id="orders-search"
            className="col-span-2 lg:col-span-1"
            label="Search orders"
            placeholder="Order number (or its start), email or name"
            value={query.q}
            onSearch={onSearch}
          />
          <ChoiceFilter
            id="orders-status"
            className="col-span-2 lg:col-span-1"
            label="Status"
            all="All statuses"
            options={ORDER_STATUSES.map(
              (status) => [status, status[0]?.toUpperCase() + status.slice(1)] as const,
            )}
            value={query.status}
            onChange={(status) => update({ status })}
          />
          <ChoiceFilter
            id="orders-fulfilment"
            className="col-span-2 lg:col-span-1"
            label="Fulfilment"
            all="Shipped or not"
            options={FULFILMENT_STATUSES.map((status) => [status, FULFILMENT_STATUS_LABELS[status]] as const)}
            value={query.fulfilment}
            onChange={(fulfilment) => update({ fulfilment })}
          />
          <DateRangeFilter
            idPrefix="orders"
            className="col-span-2 min-w-0 sm:col-span-1"
            from={query.from}
            to={query.to}
            onChange={update}
          />
        </>
      }
    >
      <QueryTable
        query={orders}
        errorMessage="Orders could not be loaded."
        skeletonRows={8}
        label="Orders"
        columns={columns}
        getRowId={(row) => row.order_id}
        empty="No orders found"
        sorting={sorting}
        onSortingChange={onSortingChange}
        pages={{ page: query.page, onPage: (page) => update({ page }), label: 'Order pages' }}
      />
    </AdminListFrame>
  )
}
