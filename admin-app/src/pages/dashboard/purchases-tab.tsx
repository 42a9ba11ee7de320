import { type AdminOrder, formatMoney } from '@lamplight/contracts'
import { useQuery } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import { Link } from 'react-router'
import { ordersQuery } from '../../api/orders'
import { type AdminColumn, PersonCell } from '../../components/data-table'
import { LinkButton } from '../../components/link-button'
import { QueryTable } from '../../components/query-table'
import { StatusBadge } from '../../components/status-badge'
import { formatDate } from '../../lib/format'

/** The spec's Purchases: orders with customer and product, newest first. */
export function PurchasesTab() {
  const [page, setPage] = useState(1)
  const query = useQuery(ordersQuery({ page }))
  const columns = useMemo<AdminColumn<AdminOrder>[]>(
    () => [
      {
        accessorKey: 'order_number',
        header: 'Order',
        cell: ({ row }) => (
          <Link
            to={`/admin/orders/${row.original.order_id}`}
            className="inline-flex min-h-8 items-center font-mono text-primary underline-offset-4 hover:underline pointer-coarse:min-h-11"
          >
            {row.original.order_number}
          </Link>
        ),
      },
      {
        accessorKey: 'customer_email',
        header: 'Customer',
        cell: ({ row }) => (
          <PersonCell name={row.original.customer_name} email={row.original.customer_email} />
        ),
      },
      { accessorKey: 'product_title', header: 'Product' },
      {
        accessorKey: 'amount_cents',
        header: 'Amount',
        cell: ({ row }) => formatMoney(row.original.amount_cents),
      },
      {
        accessorKey: 'status',
        header: 'Status',
        cell: ({ row }) => <StatusBadge status={row.original.status} />,
      },
      { accessorKey: 'created_at', header: 'Date', cell: ({ row }) => formatDate(row.original.created_at) },
    ],
    [],
  )
  return (
    <div className="grid gap-4">
      <div className="flex justify-end">
        <LinkButton to="/admin/orders" variant="outline" size="sm">
          Filter and export in Orders
        </LinkButton>
      </div>
      <QueryTable
        query={query}
        errorMessage="Failed to load admin data"
        label="Purchases"
        columns={columns}
        getRowId={(row) => row.order_id}
        empty="No orders found"
        pages={{ page: page, onPage: setPage, label: 'Purchase pages' }}
      />
    </div>
  )
}
