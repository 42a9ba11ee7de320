import { PageMeta } from '@lamplight/session'
import { Button, cn, Label, NativeSelect, PageFrame } from '@lamplight/ui'
import { XIcon } from '@lamplight/ui/icons'
import type { ReactNode } from 'react'
import { BackLink } from './link-button'
import { SearchBox } from './search-box'

/**
 * The frame of an admin list page (orders, products, fulfilment...): its title and lead, the
 * way back to the dashboard beside the page's own actions, the filters with their Clear, and
 * then the list. `filtersClassName` lays the filters out (their grid columns); `beforeList` is
 * what a page shows between its actions and the list's filters (figures, a form, the list's
 * heading). `empty`: the list came back with no row at all; with no filter set either, the
 * filters are left out (a new shop's "No discount codes yet" alone, not a bar of filters
 * that could only find nothing).
 */
export function AdminListFrame({
  title,
  eyebrow,
  lead,
  actions,
  filters,
  filtersClassName,
  filtered,
  empty = false,
  onClear,
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
  filtered: boolean
  empty?: boolean
  onClear: () => void
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
      {(filtered || !empty) && (
        <section
          aria-label="Filters"
          className={cn('mb-4 grid gap-3 rounded-lg border border-border bg-card p-4', filtersClassName)}
        >
          {filters}
          <Button variant="outline" onClick={onClear} disabled={!filtered} className={clearClassName}>
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
