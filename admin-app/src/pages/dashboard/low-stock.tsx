import { formatCount } from '@lamplight/contracts'
import { ErrorState, Skeleton } from '@lamplight/ui'
import { TriangleExclamationPointIcon } from '@lamplight/ui/icons'
import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { lowStockQuery } from '../../api/products'

/**
 * Boxes at or under their own low-stock line, each a link to its editor to restock it.
 * Nothing low: one quiet line, so the owner knows it was checked.
 */
export function LowStock() {
  const query = useQuery(lowStockQuery())
  return (
    <section aria-labelledby="low-stock-title" className="rounded-xl border border-border bg-card p-4">
      <h2 id="low-stock-title" className="flex items-center gap-2 font-medium text-foreground">
        <TriangleExclamationPointIcon aria-hidden className="size-4 text-primary" />
        Low stock
      </h2>
      {query.isPending ? (
        <Skeleton className="mt-3 h-6 w-1/2" />
      ) : query.isError ? (
        <div className="mt-3">
          <ErrorState
            size="section"
            title="Stock could not be loaded."
            onRetry={() => query.refetch()}
            retrying={query.isFetching}
          />
        </div>
      ) : query.data.length === 0 ? (
        <p className="mt-2 text-muted-foreground text-sm">
          Every counted product is above its low-stock line.
        </p>
      ) : (
        <ul className="mt-3 grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
          {query.data.map((product) => (
            <li key={product.id}>
              <Link
                to={`/admin/products/${product.id}`}
                className="flex items-center justify-between gap-3 rounded-lg border border-destructive/40 bg-destructive/5 px-3 py-2 hover:bg-destructive/10"
              >
                <span className="truncate font-medium text-foreground">{product.name}</span>
                <span className="shrink-0 font-semibold text-destructive text-sm">
                  {product.stock === 0 ? 'Out of stock' : `${formatCount(product.stock ?? 0)} left`}
                  <span className="sr-only"> (low-stock line {product.low_stock_threshold})</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
