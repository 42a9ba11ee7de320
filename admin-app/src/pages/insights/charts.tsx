import type { ComponentProps } from 'react'
import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts'
import { ChartCard, SERIES_COLOURS } from './chart-card'

/**
 * The two kinds of chart Insights draws, so each card says only what it shows: a value per
 * day or week (`PeriodChart`), and things ranked by a value (`RankedBars`). Axes are labelled
 * and ticks muted the same way everywhere.
 */

const tick = { fontSize: 12, fill: 'var(--color-muted-foreground)' }
const legendStyle = { fontSize: 12 }

export type Series = {
  key: string
  name: string
  /** An index into SERIES_COLOURS (default: the series' place). */
  colour?: number
  /** Series with the same stack are drawn on top of each other. */
  stack?: string
}

const colourOf = (series: Series, index: number) =>
  SERIES_COLOURS[(series.colour ?? index) % SERIES_COLOURS.length]

export const periodLabel = (bucket: 'day' | 'week') => (bucket === 'day' ? 'Day' : 'Week from')

/** Values per period (`period` on each row): bars (stacked on sign), lines or stacked areas. */
export function PeriodChart({
  kind,
  rows,
  bucket,
  valueLabel,
  series,
  format,
  axisFormat,
  valueWidth = 56,
}: {
  kind: 'bars' | 'lines' | 'areas'
  rows: readonly object[]
  bucket: 'day' | 'week'
  valueLabel: string
  series: readonly Series[]
  /** How a value reads in the tooltip (default: as it is). */
  format?: (value: number) => string
  /** How a value reads on the axis (money in whole dollars, say). */
  axisFormat?: (value: number) => string
  valueWidth?: number
}) {
  const data = rows as object[]
  const axes = (
    <>
      <CartesianGrid vertical={false} />
      <XAxis
        dataKey="period"
        tick={tick}
        minTickGap={24}
        label={{ value: periodLabel(bucket), position: 'insideBottom', offset: -2, fontSize: 12 }}
        height={40}
      />
      <YAxis
        tick={tick}
        tickFormatter={axisFormat}
        allowDecimals={false}
        width={valueWidth}
        label={{ value: valueLabel, angle: -90, position: 'insideLeft', fontSize: 12 }}
      />
      <Tooltip formatter={format ? (value) => format(Number(value)) : undefined} />
      {series.length > 1 && <Legend wrapperStyle={legendStyle} />}
    </>
  )
  // Room below for the period axis's label when no legend sits under it.
  const margin = { left: 8, right: 8, bottom: series.length > 1 ? 0 : 12 }
  return (
    <ResponsiveContainer>
      {kind === 'bars' ? (
        <BarChart data={data} stackOffset="sign" accessibilityLayer margin={margin}>
          {axes}
          {series.map((s, i) => (
            <Bar key={s.key} dataKey={s.key} name={s.name} stackId={s.stack} fill={colourOf(s, i)} />
          ))}
        </BarChart>
      ) : kind === 'lines' ? (
        <LineChart data={data} accessibilityLayer margin={margin}>
          {axes}
          {series.map((s, i) => (
            <Line
              key={s.key}
              type="monotone"
              dataKey={s.key}
              name={s.name}
              stroke={colourOf(s, i)}
              dot={false}
              strokeWidth={2}
            />
          ))}
        </LineChart>
      ) : (
        <AreaChart data={data} accessibilityLayer margin={margin}>
          {axes}
          {series.map((s, i) => (
            <Area
              key={s.key}
              type="monotone"
              dataKey={s.key}
              name={s.name}
              stackId={s.stack}
              stroke={colourOf(s, i)}
              fill={colourOf(s, i)}
              fillOpacity={0.35}
            />
          ))}
        </AreaChart>
      )}
    </ResponsiveContainer>
  )
}

/** Things (`category` names each row) ranked by one or more values, as horizontal bars. */
export function RankedBars({
  rows,
  category,
  categoryWidth = 120,
  valueLabel,
  series,
  format,
  axisFormat,
}: {
  rows: readonly object[]
  category: string
  categoryWidth?: number
  valueLabel: string
  series: readonly Series[]
  format?: (value: number) => string
  axisFormat?: (value: number) => string
}) {
  return (
    <ResponsiveContainer>
      {/* Room below for the value axis's label (it was cut off), and at the right for its last tick. */}
      <BarChart
        data={rows as object[]}
        layout="vertical"
        accessibilityLayer
        margin={{ left: 8, right: 16, bottom: series.length > 1 ? 0 : 12 }}
      >
        <CartesianGrid horizontal={false} />
        <XAxis
          type="number"
          tick={tick}
          tickFormatter={axisFormat}
          allowDecimals={false}
          label={{ value: valueLabel, position: 'insideBottom', offset: -2, fontSize: 12 }}
          height={40}
        />
        <YAxis type="category" dataKey={category} tick={tick} width={categoryWidth} />
        <Tooltip formatter={format ? (value) => format(Number(value)) : undefined} />
        {series.length > 1 && <Legend wrapperStyle={legendStyle} />}
        {series.map((s, i) => (
          <Bar key={s.key} dataKey={s.key} name={s.name} fill={colourOf(s, i)} />
        ))}
      </BarChart>
    </ResponsiveContainer>
  )
}

/** A card whose chart ranks the card's own rows as bars (`bars`: how, as RankedBars takes it). */
export function RankedCard<Row extends object>({
  bars,
  ...card
}: Omit<ComponentProps<typeof ChartCard<Row>>, 'children'> & {
  bars: Omit<ComponentProps<typeof RankedBars>, 'rows'>
}) {
  return (
    <ChartCard {...card}>
      <RankedBars rows={card.rows} {...bars} />
    </ChartCard>
  )
}
