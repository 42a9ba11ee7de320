import { PageMeta } from '@lamplight/session'
import { Button, cn, Input, Label, NativeSelect, PageFrame } from '@lamplight/ui'
import { XIcon } from '@lamplight/ui/icons'
import type { ComponentProps, ReactNode } from 'react'
import { BackLink } from './link-button'
import { hasNoRows } from './query-table'
import { SearchBox } from './search-box'

/**
 * The frame of an admin list page (orders, products, fulfilment...): its title and lead, the
 * way back to the dashboard beside the page's own actions, the filters with their Clear, and
 * then the list. `filtersClassName` lays the filters out (their grid columns); `beforeList` is
 * what a page shows between its actions and the list's filters (figures, a form, the list's
 * heading). `filtering`: whether a filter is set, and Clear. `list`: the list's query; when it
 * came back with no row at all and no filter is set either, the filters are left out (a new
 * shop's "No discount codes yet" alone, not a bar of filters that could only find nothing).
 */
export function AdminListFrame({
  title,
  eyebrow,
  lead,
  actions,
  filters,
  filtersClassName,
  filtering: { filtered, clear },
  list,
  clearClassName,
  beforeList,
  children,
}: {
  title: string
  eyebrow?: string
  lead: ReactNode
  actions?: ReactNode
  filters: ReactNode
  filtersClassName: string
  filtering: { filtered: boolean; clear: () => void }
  list: Parameters<typeof hasNoRows>[0]
  clearClassName?: string
  beforeList?: ReactNode
  children: ReactNode
}) {
  return (
    <PageFrame eyebrow={eyebrow} title={title} lead={lead}>
      <PageMeta title={title} />
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <BackLink to="/admin" className="-ml-3">
          Back to dashboard
        </BackLink>
        {actions}
      </div>
      {beforeList}
      {(filtered || !hasNoRows(list)) && (
        <section
          aria-label="Filters"
          className={cn('mb-4 grid gap-3 rounded-lg border border-border bg-card p-4', filtersClassName)}
        >
          {filters}
          <Button variant="outline" onClick={clear} disabled={!filtered} className={clearClassName}>
            <XIcon aria-hidden className="size-4" />
            Clear
          </Button>
        </section>
      )}
      {children}
    </PageFrame>
  )
}

/** One filter of a list: its label over its control (`id` is the control's). */
export function FilterField({
  id,
  label,
  className,
  children,
}: {
  id: string
  label: string
  className?: string
  children: ReactNode
}) {
  return (
    <div className={cn('grid gap-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      {children}
    </div>
  )
}

/**
 * A filter that picks one of a few values (a status, a plan) or none: `all` names the
 * choice of none. `onChange` gets one of the values, or undefined for none.
 */
export function ChoiceFilter<V extends string>({
  id,
  label,
  all,
  options,
  value,
  onChange,
  className,
}: {
  id: string
  label: string
  all: string
  options: readonly (readonly [V, string])[]
  value: V | undefined
  onChange: (value: V | undefined) => void
  className?: string
}) {
  return (
    <FilterField id={id} label={label} className={className}>
      <NativeSelect
        id={id}
        className="w-full"
        value={value ?? ''}
        onChange={(e) => onChange(options.find(([option]) => option === e.target.value)?.[0])}
      >
        <option value="">{all}</option>
        {options.map(([option, text]) => (
          <option key={option} value={option}>
            {text}
          </option>
        ))}
      </NativeSelect>
    </FilterField>
  )
}

/** The search filter of a list: label, and a box that reports once typing pauses. */
export function SearchFilter({
  id,
  className,
  ...box
}: {
  id: string
  label: string
  placeholder: string
  value: string | undefined
  onSearch: (value: string) => void
  className?: string
}) {
  return (
    <FilterField id={id} label="Search" className={className}>
      <SearchBox id={id} {...box} value={box.value ?? ''} />
    </FilterField>
  )
}

/** A filter typed or picked in a field (a date, a month): `onChange` gets undefined for an empty one. */
export function InputFilter({
  id,
  label,
  className,
  value,
  onChange,
  ...input
}: {
  id: string
  label: string
  className?: string
  value: string | undefined
  onChange: (value: string | undefined) => void
} & Pick<ComponentProps<'input'>, 'type' | 'min' | 'max'>) {
  return (
    <FilterField id={id} label={label} className={className}>
      <Input
        id={id}
        className="min-w-0"
        {...input}
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value || undefined)}
      />
    </FilterField>
  )
}

/** From and To days of a list's filters, each bounding the other. */
export function DateRangeFilter({
  idPrefix,
  className,
  from,
  to,
  onChange,
}: {
  idPrefix: string
  className?: string
  from: string | undefined
  to: string | undefined
  onChange: (range: { from?: string; to?: string }) => void
}) {
  return (
    <>
      <InputFilter
        id={`${idPrefix}-from`}
        label="From"
        type="date"
        className={className}
        value={from}
        max={to}
        onChange={(value) => onChange({ from: value })}
      />
      <InputFilter
        id={`${idPrefix}-to`}
        label="To"
        type="date"
        className={className}
        value={to}
        min={from}
        onChange={(value) => onChange({ to: value })}
      />
    </>
  )
}
