import {
  type AdminProductRow,
  formatCount,
  formatMoney,
  PRODUCT_CATEGORIES,
  PRODUCT_STATUSES,
} from '@lamplight/contracts'
import { Badge } from '@lamplight/ui'
import { ImageIcon, PlusIcon } from '@lamplight/ui/icons'
import { useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { Link } from 'react-router'
import { adminProductsQuery, pictureSrc } from '../../api/products'
import { AdminListFrame, ChoiceFilter, SearchFilter } from '../../components/admin-list-frame'
import type { AdminColumn } from '../../components/data-table'
import { LinkButton } from '../../components/link-button'
import { QueryTable } from '../../components/query-table'
import { guarded } from '../../components/require-role'
import { CATEGORY_LABELS, STATUS_LABELS } from './product-form-values'
import { ProductStatusBadge } from './product-status-badge'
import { useProductFilters } from './use-product-filters'

const STATUS_OPTIONS = PRODUCT_STATUSES.map((status) => [status, STATUS_LABELS[status]] as const)
const CATEGORY_OPTIONS = PRODUCT_CATEGORIES.map((category) => [category, CATEGORY_LABELS[category]] as const)

/** `/admin/products`: every product with its picture, status, stock and price; open one to edit it. */
export const ProductsPage = guarded(Products)

function Products() {
  const { query: filters, update, clear, filtered } = useProductFilters()
  const products = useQuery(adminProductsQuery(filters))
  const columns = useMemo<AdminColumn<AdminProductRow>[]>(
    () => [
      {
        id: 'image',
        header: 'Picture',
        cell: ({ row }) => <Thumbnail src={row.original.image} />,
      },
      {
        accessorKey: 'name',
        header: 'Product',
        cell: ({ row }) => (
          <div className="grid min-w-[10rem] max-w-[18rem] max-md:justify-items-end">
            <Link
              to={`/admin/products/${row.original.id}`}
              className="block truncate font-medium text-primary underline-offset-4 hover:underline pointer-coarse:py-3"
              aria-label={`Edit ${row.original.name}`}
            >
              {row.original.name}
            </Link>
            <span className="truncate text-muted-foreground text-xs">
              {CATEGORY_LABELS[row.original.category]}
              {row.original.featured && ' · Featured'}
            </span>
          </div>
        ),
      },
      {
        accessorKey: 'status',
        header: 'Status',
        cell: ({ row }) => (
          <ProductStatusBadge status={row.original.status} availability={row.original.availability} />
        ),
      },
      {
        accessorKey: 'stock',
        header: 'Stock',
        cell: ({ row }) => <Stock product={row.original} />,
      },
      {
        accessorKey: 'price_cents',
        header: 'Price',
        cell: ({ row }) => formatMoney(row.original.price_cents),
      },
    ],
    [],
  )
  return (
    <AdminListFrame
      eyebrow="Admin"
      title="Products"
      lead="Every box the shop sells or will sell: its status, stock and price."
      actions={
        <LinkButton to="/admin/products/new" icon={PlusIcon}>
          New product
        </LinkButton>
      }
      filtersClassName="grid-cols-2 lg:grid-cols-[minmax(0,2fr)_repeat(2,minmax(0,1fr))_auto] lg:items-end"
      filtering={{ filtered, clear }}
      list={products}
      clearClassName="col-span-2 lg:col-span-1"
      filters={
        <>
          <SearchFilter
            id="products-search"
            className="col-span-2 lg:col-span-1"
            label="Search products"
            placeholder="Name, slug or SKU"
            value={filters.q}
            onSearch={(q) => update({ q: q || undefined })}
          />
          <ChoiceFilter
            id="products-status"
            className="col-span-2 sm:col-span-1"
            label="Status"
            all="All statuses"
            options={STATUS_OPTIONS}
            value={filters.status}
            onChange={(status) => update({ status })}
          />
          <ChoiceFilter
            id="products-category"
            className="col-span-2 sm:col-span-1"
            label="Category"
            all="All categories"
            options={CATEGORY_OPTIONS}
            value={filters.category}
            onChange={(category) => update({ category })}
          />
        </>
      }
    >
      <QueryTable
        query={products}
        errorMessage="Products could not be loaded."
        skeletonRows={6}
        label="Products"
        columns={columns}
        getRowId={(row) => row.id}
        empty={filtered ? 'No product matches these filters' : 'No products yet'}
      />
    </AdminListFrame>
  )
}

function Thumbnail({ src }: { src: string | null }) {
  if (!src)
    return (
      <span className="inline-flex size-12 items-center justify-center rounded-md border border-border bg-muted">
        <ImageIcon aria-hidden className="size-5 text-muted-foreground" />
        <span className="sr-only">No picture</span>
      </span>
    )
  // The row names the product: the thumbnail adds nothing a screen reader needs.
  return (
    <img
      src={pictureSrc(src, src.startsWith('/api/') ? 240 : undefined)}
      alt=""
      width={48}
      height={48}
      loading="lazy"
      className="size-12 rounded-md border border-border bg-muted object-cover"
    />
  )
}

/** Counted stock, marked when at or under the product's own low-stock line; "Not counted" when null. */
export function Stock({
  product,
}: {
  product: Pick<AdminProductRow, 'stock' | 'low_stock' | 'low_stock_threshold'>
}) {
  if (product.stock === null) return <span className="text-muted-foreground">Not counted</span>
  if (!product.low_stock) return <span>{formatCount(product.stock)}</span>
  return (
    <span className="inline-flex items-center gap-2">
      <span className="font-semibold text-destructive">{formatCount(product.stock)}</span>
      <Badge variant="destructive" title={`At or under ${product.low_stock_threshold}`}>
        {product.stock === 0 ? 'Out of stock' : 'Low stock'}
      </Badge>
    </span>
  )
}
