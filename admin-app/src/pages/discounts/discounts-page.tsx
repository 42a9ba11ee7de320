import {
  type AdminDiscount,
  type AdminProductRow,
  type DiscountCodeInput,
  formatCount,
  formatMoney,
} from '@lamplight/contracts'
import { Badge, Button, Field, Form, Input, NativeSelect, SubmitButton, toast } from '@lamplight/ui'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback, useMemo, useState } from 'react'
import { adminDiscountsQuery, discountKeys, saveDiscountMutation } from '../../api/discounts'
import { adminProductsQuery } from '../../api/products'
import { AdminListFrame, ChoiceFilter, SearchFilter } from '../../components/admin-list-frame'
import type { AdminColumn } from '../../components/data-table'
import { LinkButton } from '../../components/link-button'
import { QueryTable } from '../../components/query-table'
import { guarded } from '../../components/require-role'
import { centsOf, dollarsOf } from '../../lib/money'
import { useFieldErrors } from '../../lib/use-field-errors'
import { useUrlFilters } from '../../lib/use-url-filters'

/** `/admin/discounts`: every discount code with its uses and revenue; create, edit, pause (issue 33). */
export const DiscountsPage = guarded(Discounts)

export type DiscountFormValues = {
  code: string
  description: string
  kind: 'percent' | 'fixed'
  /** Percent, or dollars for a fixed amount, as typed. */
  value: string
  productIds: string[]
  minSubtotal: string
  startsOn: string
  endsOn: string
  usageLimit: string
  oncePerCustomer: boolean
  status: 'active' | 'paused'
}

const empty = (): DiscountFormValues => ({
  code: '',
  description: '',
  kind: 'percent',
  value: '',
  productIds: [],
  minSubtotal: '',
  startsOn: '',
  endsOn: '',
  usageLimit: '',
  oncePerCustomer: false,
  status: 'active',
})

// The day of an ISO date-time in the admin's time zone, as the date input shows it: the zone
// inputOf saves a day's start and end in, and the one the list's dates are shown in.
const day = (iso: string | null) => {
  if (!iso) return ''
  const d = new Date(iso)
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`
}

export const valuesOf = (d: AdminDiscount): DiscountFormValues => ({
  code: d.code,
  description: d.description,
  kind: d.kind,
  value: d.kind === 'percent' ? String(d.value) : dollarsOf(d.value),
  productIds: d.productIds,
  minSubtotal: dollarsOf(d.minSubtotalCents),
  startsOn: day(d.startsAt),
  endsOn: day(d.endsAt),
  usageLimit: d.usageLimit === null ? '' : String(d.usageLimit),
  oncePerCustomer: d.oncePerCustomer,
  status: d.status,
})

/** The form's values as the API takes them, or the fields the browser can already tell are wrong. */
export function inputOf(v: DiscountFormValues): { input: DiscountCodeInput; errors: Record<string, string> } {
  const errors: Record<string, string> = {}
  /** A number above 0 as typed (dollars in whole cents), null when left empty. */
  const number = (text: string, key: string, money = false) => {
    if (text.trim() === '') return null
    const n = money ? centsOf(text) : Number(text)
    if (n === undefined || !Number.isFinite(n) || n <= 0) {
      errors[key] = money ? 'Enter an amount above 0, like 5 or 4.99.' : 'Enter a number above 0.'
      return 0
    }
    return n
  }
  const value = number(v.value, 'value', v.kind === 'fixed')
  if (value === null) errors.value = v.kind === 'percent' ? 'Enter the percentage.' : 'Enter the amount.'
  const min = number(v.minSubtotal, 'minSubtotalCents', true)
  const limit = number(v.usageLimit, 'usageLimit')
  return {
    errors,
    input: {
      code: v.code.trim(),
      description: v.description.trim(),
      kind: v.kind,
      value: value === null ? 0 : Math.round(value),
      productIds: v.productIds,
      minSubtotalCents: min,
      // A day is from its start to its end, in the admin's time zone.
      startsAt: v.startsOn ? new Date(`${v.startsOn}T00:00:00`).toISOString() : null,
      endsAt: v.endsOn ? new Date(`${v.endsOn}T23:59:59`).toISOString() : null,
      usageLimit: limit === null ? null : Math.round(limit),
      oncePerCustomer: v.oncePerCustomer,
      status: v.status,
    } as DiscountCodeInput,
  }
}

const terms = (d: AdminDiscount) =>
  `${d.kind === 'percent' ? `${d.value}%` : formatMoney(d.value)} off ${d.productIds.length ? `${d.productIds.length} product${d.productIds.length > 1 ? 's' : ''}` : 'the order'}${d.minSubtotalCents ? ` over ${formatMoney(d.minSubtotalCents)}` : ''}${d.oncePerCustomer ? ', once per customer' : ''}`

const DISCOUNT_STATUS_FILTERS = [
  ['active', 'Active'],
  ['paused', 'Paused'],
] as const

type DiscountFilters = { q?: string; status?: AdminDiscount['status'] }

/** The codes' filters from the address (`?q=easter&status=paused`); an unknown status is ignored. */
function parseDiscountFilters(params: URLSearchParams): DiscountFilters {
  const status = params.get('status')
  return {
    q: params.get('q')?.trim() || undefined,
    status: status === 'active' || status === 'paused' ? status : undefined,
  }
}

/** The codes the filters let through: the code or description contains the search, in that status. */
const matches =
  ({ q, status }: DiscountFilters) =>
  (d: AdminDiscount) =>
    (!status || d.status === status) &&
    (!q || `${d.code} ${d.description}`.toLowerCase().includes(q.toLowerCase()))

function Discounts() {
  const queryClient = useQueryClient()
  const { query, update, clear: clearFilters, filtered } = useUrlFilters(parseDiscountFilters)
  const list = useQuery({
    ...adminDiscountsQuery(),
    select: (r) => r.data.filter(matches(query)),
  })
  const onSearch = useCallback((q: string) => update({ q: q || undefined }), [update])
  const [editing, setEditing] = useState<AdminDiscount | null>(null)
  const [values, setValues] = useState<DiscountFormValues>(empty)
  const { errors, fail, show, clear } = useFieldErrors()
  const save = useMutation({
    ...saveDiscountMutation(),
    onSuccess: (saved, { id }) => {
      void queryClient.invalidateQueries({ queryKey: discountKeys.all })
      toast.success(id ? `${saved.code} saved` : `${saved.code} created`)
      setEditing(null)
      setValues(empty())
      clear()
    },
    onError: (error) => fail(error, 'The discount code was not saved'),
  })
  const toggle = useMutation({
    ...saveDiscountMutation(),
    onSuccess: (saved) => {
      void queryClient.invalidateQueries({ queryKey: discountKeys.all })
      toast.success(saved.status === 'paused' ? `${saved.code} paused` : `${saved.code} resumed`)
    },
    onError: (error) => fail(error, 'The discount code was not changed'),
  })

  const columns = useMemo<AdminColumn<AdminDiscount>[]>(
    () => [
      {
        accessorKey: 'code',
        header: 'Code',
        cell: ({ row }) => (
          <div className="grid max-w-[16rem] max-md:justify-items-end">
            <span className="font-mono font-semibold">{row.original.code}</span>
            <span className="text-muted-foreground text-xs">{terms(row.original)}</span>
          </div>
        ),
      },
      {
        accessorKey: 'status',
        header: 'Status',
        cell: ({ row }) => (
          <Badge variant={row.original.status === 'active' ? 'default' : 'secondary'}>
            {row.original.status === 'active' ? 'Active' : 'Paused'}
          </Badge>
        ),
      },
      {
        accessorKey: 'usedCount',
        header: 'Uses',
        cell: ({ row }) =>
          `${formatCount(row.original.usedCount)}${row.original.usageLimit ? ` of ${formatCount(row.original.usageLimit)}` : ''}`,
      },
      {
        accessorKey: 'revenueCents',
        header: 'Revenue',
        cell: ({ row }) => (
          <span
            title={`${row.original.paidOrders} paid orders, ${formatMoney(row.original.discountedCents)} discounted`}
          >
            {formatMoney(row.original.revenueCents)}
          </span>
        ),
      },
      {
        id: 'actions',
        header: 'Actions',
        cell: ({ row }) => (
          <div className="flex flex-wrap gap-2">
            <Button
              size="sm"
              variant="outline"
              aria-label={`Edit ${row.original.code}`}
              onClick={() => {
                setEditing(row.original)
                setValues(valuesOf(row.original))
                clear()
              }}
            >
              Edit
            </Button>
            <Button
              size="sm"
              variant="outline"
              aria-label={`${row.original.status === 'active' ? 'Pause' : 'Resume'} ${row.original.code}`}
              disabled={toggle.isPending}
              onClick={() =>
                toggle.mutate({
                  id: row.original.id,
                  input: {
                    ...inputOf(valuesOf(row.original)).input,
                    status: row.original.status === 'active' ? 'paused' : 'active',
                  },
                })
              }
            >
              {row.original.status === 'active' ? 'Pause' : 'Resume'}
            </Button>
          </div>
        ),
      },
    ],
    [clear, toggle],
  )

  const set =
    <K extends keyof DiscountFormValues>(key: K) =>
    (e: { target: { value: string } }) =>
      setValues((v) => ({ ...v, [key]: e.target.value }))

  return (
    <AdminListFrame
      eyebrow="Admin"
      title="Discount codes"
      lead="Promotions the buyer types at checkout, with their uses and revenue."
      actions={
        <LinkButton to="/admin/gift-cards" variant="outline" size="sm">
          Gift cards
        </LinkButton>
      }
      filtersClassName="sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_auto] sm:items-end"
      filtering={{ filtered, clear: clearFilters }}
      list={list}
      filters={
        <>
          <SearchFilter
            id="discounts-search"
            label="Search discount codes"
            placeholder="Code or description"
            value={query.q}
            onSearch={onSearch}
          />
          <ChoiceFilter
            id="discounts-status"
            label="Show"
            all="All codes"
            options={DISCOUNT_STATUS_FILTERS}
            value={query.status}
            onChange={(status) => update({ status })}
          />
        </>
      }
    >
      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
        <QueryTable
          query={list}
          errorMessage="Discount codes could not be loaded."
          skeletonRows={4}
          label="Discount codes"
          columns={columns}
          getRowId={(row) => row.id}
          empty={filtered ? 'No discount codes match' : 'No discount codes yet'}
        />
        <Form
          aria-label={editing ? `Edit ${editing.code}` : 'New discount code'}
          className="grid gap-4 rounded-lg border border-border bg-card p-4"
          onSubmit={(e) => {
            e.preventDefault()
            const { input, errors: local } = inputOf(values)
            if (Object.keys(local).length) return show(local)
            save.mutate({ id: editing?.id ?? null, input })
          }}
        >
          <h2 className="font-semibold text-lg">{editing ? `Edit ${editing.code}` : 'New discount code'}</h2>
          <Field label="Code" error={errors.code} hint="Letters, digits, - or _ (for example EASTER15)">
            {(c) => (
              <Input
                {...c}
                value={values.code}
                maxLength={32}
                onChange={set('code')}
                autoCapitalize="characters"
              />
            )}
          </Field>
          <Field label="Description (optional)" error={errors.description}>
            {(c) => <Input {...c} value={values.description} maxLength={200} onChange={set('description')} />}
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Kind" error={errors.kind}>
              {(c) => (
                <NativeSelect {...c} className="w-full" value={values.kind} onChange={set('kind')}>
                  <option value="percent">Percent off</option>
                  <option value="fixed">Amount off</option>
                </NativeSelect>
              )}
            </Field>
            <Field label={values.kind === 'percent' ? 'Percent' : 'Amount ($)'} error={errors.value}>
              {(c) => <Input {...c} inputMode="decimal" value={values.value} onChange={set('value')} />}
            </Field>
          </div>
          <ProductChoice
            chosen={values.productIds}
            onChange={(productIds) => setValues((v) => ({ ...v, productIds }))}
            error={errors.productIds}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Minimum subtotal ($)" hint="Optional" error={errors.minSubtotalCents}>
              {(c) => (
                <Input {...c} inputMode="decimal" value={values.minSubtotal} onChange={set('minSubtotal')} />
              )}
            </Field>
            <Field label="Usage limit" hint="Optional: uses in all" error={errors.usageLimit}>
              {(c) => (
                <Input {...c} inputMode="numeric" value={values.usageLimit} onChange={set('usageLimit')} />
              )}
            </Field>
            <Field label="Starts on (optional)" error={errors.startsAt}>
              {(c) => <Input {...c} type="date" value={values.startsOn} onChange={set('startsOn')} />}
            </Field>
            <Field label="Ends on (optional)" error={errors.endsAt}>
              {(c) => <Input {...c} type="date" value={values.endsOn} onChange={set('endsOn')} />}
            </Field>
          </div>
          <label className="flex items-center gap-2 text-sm pointer-coarse:min-h-11">
            <input
              type="checkbox"
              className="size-4 accent-primary"
              checked={values.oncePerCustomer}
              onChange={(e) => setValues((v) => ({ ...v, oncePerCustomer: e.target.checked }))}
            />
            Once per customer (by email and by account)
          </label>
          <Field label="Status" error={errors.status}>
            {(c) => (
              <NativeSelect {...c} className="w-full" value={values.status} onChange={set('status')}>
                <option value="active">Active</option>
                <option value="paused">Paused</option>
              </NativeSelect>
            )}
          </Field>
          <div className="flex flex-wrap gap-2">
            <SubmitButton busy={save.isPending} busyLabel="Saving…">
              {editing ? 'Save code' : 'Create code'}
            </SubmitButton>
            {editing && (
              <Button
                type="button"
                variant="ghost"
                onClick={() => {
                  setEditing(null)
                  setValues(empty())
                  clear()
                }}
              >
                Cancel
              </Button>
            )}
          </div>
        </Form>
      </div>
    </AdminListFrame>
  )
}

/** The boxes a code is limited to (none: the whole order). */
function ProductChoice({
  chosen,
  onChange,
  error,
}: {
  chosen: string[]
  onChange: (ids: string[]) => void
  error?: string
}) {
  const products = useQuery(adminProductsQuery({}))
  const rows = (products.data ?? []).filter((p: AdminProductRow) => p.status !== 'draft')
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 font-medium text-sm">Only these boxes (none chosen: the whole order)</legend>
      {products.isPending && <p className="text-muted-foreground text-sm">Loading products…</p>}
      <div className="grid max-h-40 gap-1 overflow-y-auto pointer-coarse:max-h-56">
        {rows.map((p) => (
          <label key={p.id} className="flex items-center gap-2 text-sm pointer-coarse:min-h-11">
            <input
              type="checkbox"
              className="size-4 accent-primary"
              checked={chosen.includes(p.id)}
              onChange={(e) =>
                onChange(e.target.checked ? [...chosen, p.id] : chosen.filter((id) => id !== p.id))
              }
            />
            {p.name}
          </label>
        ))}
      </div>
      {error && (
        <p role="alert" className="font-medium text-destructive text-sm">
          {error}
        </p>
      )}
    </fieldset>
  )
}
