import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle, cn } from '@lamplight/ui'
import { DownloadIcon } from '@lamplight/ui/icons'
import type { ComponentProps, ReactNode } from 'react'
import { downloadCsv } from '../../lib/download-csv'
import { type CsvColumn, toCsv } from './csv'

export type ChartColumn<Row> = CsvColumn<Row> & { format?: (value: Row[keyof Row & string]) => string }

/** The theme's colours for series, in order (tokens of packages/ui/src/theme.css). */
export const SERIES_COLOURS = [
  'var(--color-primary)',
  'var(--color-gold-deep)',
  '#2f6f6a',
  'var(--color-muted-foreground)',
] as const

/**
 * One chart: its title, what it shows, the chart itself, and the same rows as a table (for
 * a screen reader, a keyboard, or reading exact figures) and as a CSV file.
 */
export function ChartCard<Row>({
  id,
  title,
  description,
  columns,
  rows,
  csvName,
  summary,
  children,
  className,
}: {
  id: string
  title: string
  description: ReactNode
  columns: ChartColumn<Row>[]
  rows: Row[]
  csvName: string
  summary?: ReactNode
  children?: ReactNode
  className?: string
}) {
  return (
    <Card className={cn('min-w-0', className)} aria-labelledby={`${id}-title`} role="region">
      <CardHeader>
        <CardTitle id={`${id}-title`} className="text-lg">
          {title}
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {summary}
        {children && rows.length > 0 ? <div className="h-64 w-full min-w-0">{children}</div> : null}
        {rows.length === 0 ? <p className="text-muted-foreground text-sm">Nothing in this period.</p> : null}
        <div className="flex flex-col items-start gap-3">
          <details className="w-full min-w-0">
            <summary className="cursor-pointer rounded-sm text-sm font-medium pointer-coarse:py-3 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring">
              Show the data as a table
            </summary>
            {/* Scrolls when long or wide: focusable, so a keyboard can scroll it too (axe). */}
            <section
              className="mt-3 max-h-80 overflow-auto"
              // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus (WCAG 2.1.1)
              tabIndex={0}
              aria-label={`${title}: data`}
            >
              <table className="w-full text-left text-sm">
                <caption className="sr-only">{title}</caption>
                <thead>
                  <tr>
                    {columns.map((column) => (
                      <th key={column.key} scope="col" className="border-b px-2 py-1 font-medium">
                        {column.label}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {rows.map((row, index) => (
                    <tr key={index}>
                      {columns.map((column) => (
                        <td key={column.key} className="border-b px-2 py-1 tabular-nums">
                          {column.format ? column.format(row[column.key]) : String(row[column.key] ?? '')}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          </details>
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={() => downloadCsv(csvName, toCsv(columns, rows))}
          >
            <DownloadIcon aria-hidden className="size-4" />
            CSV<span className="sr-only"> of {title}</span>
          </Button>
        </div>
      </CardContent>
    </Card>
  )
}

/** A figure with its change against the previous period. */
export function Figure({
  label,
  value,
  previous,
  format,
  lowerIsBetter = false,
  none = 'Not recorded',
}: {
  label: string
  value: number | null
  previous: number | null
  format: (value: number) => string
  lowerIsBetter?: boolean
  /** What a null figure means here. */
  none?: string
}) {
  const change =
    value === null || previous === null || previous === 0 ? null : (value - previous) / Math.abs(previous)
  const good = change === null ? null : lowerIsBetter ? change < 0 : change > 0
  return (
    <div className="min-w-0 rounded-md border bg-card p-3">
      <dt className="text-muted-foreground text-xs">{label}</dt>
      <dd className="font-semibold text-lg tabular-nums">{value === null ? none : format(value)}</dd>
      <dd
        className={cn(
          'text-xs',
          good === null ? 'text-muted-foreground' : good ? 'text-green-800' : 'text-destructive',
        )}
      >
        {previous === null
          ? `previous period: ${none.toLowerCase()}`
          : change === null
            ? `previous period: ${format(previous)}`
            : `${change > 0 ? '+' : ''}${(change * 100).toFixed(1)}% vs ${format(previous)}`}
      </dd>
    </div>
  )
}

/** A chart's CSV file name: what it holds and the period, `top-products-2026-01-01-2026-01-31.csv`. */
export const csvFile = (what: string, range: { from: string; to: string }) =>
  `${what}-${range.from}-${range.to}.csv`

/** One figure of a section: which total, and how it reads. */
export type FigureSpec<Totals> = Omit<ComponentProps<typeof Figure>, 'value' | 'previous'> & {
  of: keyof Totals
}

/** A section's figures, each against the period before. */
export function Figures<Totals extends Record<string, number | null>>({
  totals,
  figures,
}: {
  totals: { current: Totals; previous: Totals }
  figures: readonly FigureSpec<Totals>[]
}) {
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {figures.map(({ of, ...figure }) => (
        <Figure
          key={String(of)}
          {...figure}
          value={totals.current[of] ?? null}
          previous={totals.previous[of] ?? null}
        />
      ))}
    </dl>
  )
}
