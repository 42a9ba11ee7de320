import { cn, Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@lamplight/ui'
import {
  type ColumnDef,
  flexRender,
  getCoreRowModel,
  type SortingState,
  useReactTable,
} from '@tanstack/react-table'
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react'

export type DataTableProps<Row> = {
  /** Names the table for screen readers (and tests). */
  label: string
  columns: ColumnDef<Row, unknown>[]
  data: Row[]
  /** Shown in place of the rows when there are none. */
  empty: string
  getRowId?: (row: Row) => string
  /** Sorting done by the server: the header buttons report the wanted sort here. */
  sorting?: SortingState
  onSortingChange?: (sorting: SortingState) => void
  /** Dims the rows while a new page loads over the old one. */
  busy?: boolean
  className?: string
}

/**
 * Every admin table: TanStack Table for the model, our Table for the markup. Paging and
 * sorting, when a table has them, happen on the server (`manual*`), so the table only ever
 * holds one page.
 */
export function DataTable<Row>({
  label,
  columns,
  data,
  empty,
  getRowId,
  sorting,
  onSortingChange,
  busy,
  className,
}: DataTableProps<Row>) {
  const table = useReactTable({
    data,
    columns,
    getRowId,
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    manualSorting: true,
    enableSortingRemoval: false,
    enableMultiSort: false,
    state: { sorting: sorting ?? [] },
    onSortingChange: (updater) => {
      const next = typeof updater === 'function' ? updater(sorting ?? []) : updater
      onSortingChange?.(next)
    },
  })
  return (
    <div className={cn('min-w-0 overflow-hidden rounded-lg border border-border bg-card', className)}>
      <Table aria-label={label} aria-busy={busy || undefined} className={cn(busy && 'opacity-60')}>
        <TableHeader>
          {table.getHeaderGroups().map((group) => (
            <TableRow key={group.id}>
              {group.headers.map((header) => {
                const sorted = header.column.getIsSorted()
                const canSort = Boolean(onSortingChange) && header.column.getCanSort()
                const title = flexRender(header.column.columnDef.header, header.getContext())
                return (
                  <TableHead
                    key={header.id}
                    aria-sort={sorted ? (sorted === 'asc' ? 'ascending' : 'descending') : undefined}
                    className="px-3"
                  >
                    {canSort ? (
                      <button
                        type="button"
                        className="inline-flex items-center gap-1 rounded-sm hover:text-primary focus-visible:outline-2 focus-visible:outline-ring"
                        onClick={header.column.getToggleSortingHandler()}
                      >
                        {title}
                        {sorted === 'asc' ? (
                          <ArrowUp aria-hidden className="size-3.5" />
                        ) : sorted === 'desc' ? (
                          <ArrowDown aria-hidden className="size-3.5" />
                        ) : (
                          <ArrowUpDown aria-hidden className="size-3.5 opacity-50" />
                        )}
                      </button>
                    ) : (
                      title
                    )}
                  </TableHead>
                )
              })}
            </TableRow>
          ))}
        </TableHeader>
        <TableBody>
          {table.getRowModel().rows.length ? (
            table.getRowModel().rows.map((row) => (
              <TableRow key={row.id}>
                {row.getVisibleCells().map((cell) => (
                  <TableCell key={cell.id} className="px-3">
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </TableCell>
                ))}
              </TableRow>
            ))
          ) : (
            <TableRow>
              <TableCell colSpan={columns.length} className="h-24 text-center text-muted-foreground">
                {empty}
              </TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
    </div>
  )
}
