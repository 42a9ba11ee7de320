import { cn, Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@lamplight/ui'
import { ArrowDownIcon, ArrowUpDownIcon, ArrowUpIcon } from '@lamplight/ui/icons'
import {
  type ColumnDef,
  flexRender,
  type RowData,
  rowSortingFeature,
  type SortingState,
  tableFeatures,
  useTable,
} from '@tanstack/react-table'
import { useId } from 'react'

/**
 * What TanStack Table (v9: features are imported one by one) does for an admin table: sorting
 * state for the header buttons, nothing else (paging and sorting happen on the server; every
 * column is shown, so a row's cells are `getAllCells()`). The core row model is built in.
 */
const FEATURES = tableFeatures({ rowSortingFeature })

/** A column of an admin table (TanStack's column definition for the features above). */
export type AdminColumn<Row extends RowData> = ColumnDef<typeof FEATURES, Row, unknown>

export type DataTableProps<Row extends RowData> = {
  /** Names the table for screen readers (and tests). */
  label: string
  columns: AdminColumn<Row>[]
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
 * Below `md` a wide table would only scroll sideways on a phone, hiding the columns an
 * admin needs (status, actions). There each row becomes a card: one line per cell, led by
 * its column's name (`data-label`). The header stays for screen readers, and the explicit
 * roles keep the table's semantics, which Chromium drops once a table is `display: block`.
 */
const STACKED = {
  table: 'max-md:block',
  header: 'max-md:sr-only',
  body: 'max-md:block',
  row: 'max-md:block max-md:px-1 max-md:py-2',
  cell: 'max-md:flex max-md:min-h-9 max-md:items-center max-md:justify-between max-md:gap-4 max-md:[&:not([data-label])]:justify-end max-md:whitespace-normal max-md:text-right max-md:before:shrink-0 max-md:before:text-left max-md:before:font-medium max-md:before:text-muted-foreground max-md:before:content-[attr(data-label)]',
} as const

/** A column's name for the phone layout's cell labels; a column whose header is not text (Actions) goes unlabelled. */
function columnLabel(header: unknown): string | undefined {
  return typeof header === 'string' ? header : undefined
}

/**
 * Every admin table: TanStack Table for the model, our Table for the markup. Paging and
 * sorting, when a table has them, happen on the server (`manual*`), so the table only ever
 * holds one page.
 */
export function DataTable<Row extends RowData>({
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
  const sortId = useId()
  const table = useTable({
    features: FEATURES,
    data,
    columns,
    getRowId,
    manualSorting: true,
    enableSortingRemoval: false,
    enableMultiSort: false,
    state: { sorting: sorting ?? [] },
    onSortingChange: (updater) => {
      const next = typeof updater === 'function' ? updater(sorting ?? []) : updater
      onSortingChange?.(next)
    },
  })
  const sortable = onSortingChange
    ? table
        .getAllLeafColumns()
        .filter((column) => column.getCanSort())
        .flatMap((column) => {
          const name = columnLabel(column.columnDef.header)
          return name ? [{ id: column.id, name }] : []
        })
    : []
  const current = sorting?.[0]
  return (
    <div className={cn('min-w-0 overflow-hidden rounded-lg border border-border bg-card', className)}>
      {sortable.length > 0 && (
        // The headers' sort buttons are hidden below `md` (each row is a card there): the
        // same choice as one control.
        <div className="flex items-center gap-3 border-border border-b p-3 md:hidden">
          <label htmlFor={sortId} className="shrink-0 font-medium text-muted-foreground text-sm">
            Sort by
          </label>
          <select
            id={sortId}
            className="flex h-10 min-w-0 flex-1 rounded-md border pointer-coarse:h-11 border-input bg-card px-3 py-1 text-base text-foreground shadow-xs focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring"
            value={current ? `${current.id}:${current.desc ? 'desc' : 'asc'}` : ''}
            onChange={(event) => {
              const [id = '', direction] = event.target.value.split(':')
              onSortingChange?.([{ id, desc: direction === 'desc' }])
            }}
          >
            {!current && <option value="">Choose…</option>}
            {sortable.flatMap(({ id, name }) => [
              <option key={`${id}:asc`} value={`${id}:asc`}>
                {name}, ascending
              </option>,
              <option key={`${id}:desc`} value={`${id}:desc`}>
                {name}, descending
              </option>,
            ])}
          </select>
        </div>
      )}
      <Table
        role="table"
        aria-label={label}
        aria-busy={busy || undefined}
        className={cn(STACKED.table, busy && 'opacity-60')}
      >
        <TableHeader role="rowgroup" className={STACKED.header}>
          {table.getHeaderGroups().map((group) => (
            <TableRow key={group.id} role="row">
              {group.headers.map((header) => {
                const sorted = header.column.getIsSorted()
                const canSort = Boolean(onSortingChange) && header.column.getCanSort()
                const title = flexRender(header.column.columnDef.header, header.getContext())
                return (
                  <TableHead
                    key={header.id}
                    role="columnheader"
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
                          <ArrowUpIcon aria-hidden className="size-3.5" />
                        ) : sorted === 'desc' ? (
                          <ArrowDownIcon aria-hidden className="size-3.5" />
                        ) : (
                          <ArrowUpDownIcon aria-hidden className="size-3.5 opacity-50" />
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
        <TableBody role="rowgroup" className={STACKED.body}>
          {table.getRowModel().rows.length ? (
            table.getRowModel().rows.map((row) => (
              <TableRow key={row.id} role="row" className={STACKED.row}>
                {row.getAllCells().map((cell) => (
                  <TableCell
                    key={cell.id}
                    role="cell"
                    data-label={columnLabel(cell.column.columnDef.header)}
                    className={cn('px-3', STACKED.cell)}
                  >
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </TableCell>
                ))}
              </TableRow>
            ))
          ) : (
            <TableRow role="row" className={STACKED.row}>
              <TableCell
                role="cell"
                colSpan={columns.length}
                className="h-24 text-center text-muted-foreground max-md:flex max-md:items-center max-md:justify-center"
              >
                {empty}
              </TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
    </div>
  )
}

/** The column of a row's buttons: no heading on screen (a screen reader hears "Actions"). */
export function actionsColumn<Row extends RowData>(cell: AdminColumn<Row>['cell']): AdminColumn<Row> {
  return { id: 'actions', header: () => <span className="sr-only">Actions</span>, cell }
}

/** Who a row is about: their name (or a dash) over their email. */
export function PersonCell({
  name,
  email,
}: {
  name: string | null | undefined
  email: string | null | undefined
}) {
  return (
    <div className="grid">
      <span>{name || '—'}</span>
      <span className="text-xs text-muted-foreground">{email}</span>
    </div>
  )
}
