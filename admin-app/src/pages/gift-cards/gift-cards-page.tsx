import { type AdminGiftCard, formatMoney } from '@lamplight/contracts'
import {
  Badge,
  Button,
  ErrorState,
  Field,
  Form,
  FormOutcome,
  Input,
  SubmitButton,
  toast,
} from '@lamplight/ui'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback, useMemo, useState } from 'react'
import { Link } from 'react-router'
import {
  adminGiftCardsQuery,
  disableGiftCardMutation,
  discountKeys,
  giftCardQuery,
  issueGiftCardMutation,
} from '../../api/discounts'
import { AdminListFrame, ChoiceFilter, SearchFilter } from '../../components/admin-list-frame'
import { ConfirmDialog } from '../../components/confirm-dialog'
import type { AdminColumn } from '../../components/data-table'
import { LinkButton } from '../../components/link-button'
import { QueryTable } from '../../components/query-table'
import { guarded } from '../../components/require-role'
import { formatDateTime } from '../../lib/format'
import { centsOf } from '../../lib/money'
import { useFieldErrors } from '../../lib/use-field-errors'
import { useUrlFilters } from '../../lib/use-url-filters'

type Card = AdminGiftCard

const STATUS = { pending: 'Not yet paid', active: 'Active', disabled: 'Disabled' } as const
const KIND = {
  issue: 'Issued',
  debit: 'Spent',
  release: 'Returned (unpaid checkout)',
  refund: 'Refunded',
  adjust: 'Adjusted',
}

/** `/admin/gift-cards`: cards by their last four only, balance, ledger; issue one by hand, disable one (issue 33). */
export const GiftCardsPage = guarded(GiftCards)

type GiftCardFilters = { q?: string; status?: Card['status'] }

const isStatus = (value: string | null): value is Card['status'] => !!value && value in STATUS

/** The cards' filters from the address (`?q=ruth&status=active`); an unknown status is ignored. */
function parseGiftCardFilters(params: URLSearchParams): GiftCardFilters {
  const status = params.get('status')
  return { q: params.get('q')?.trim() || undefined, status: isStatus(status) ? status : undefined }
}

/** The cards the filters let through: the last four, the recipient or the note contains the search. */
const matches =
  ({ q, status }: GiftCardFilters) =>
  (card: Card) =>
    (!status || card.status === status) &&
    (!q ||
      [card.last4, card.recipientEmail, card.giverName, card.note].some((text) =>
        text?.toLowerCase().includes(q.toLowerCase()),
      ))

function GiftCards() {
  const queryClient = useQueryClient()
  const { query, update, clear, filtered } = useUrlFilters(parseGiftCardFilters)
  const list = useQuery({
    ...adminGiftCardsQuery(),
    select: (r) => r.data.filter(matches(query)),
  })
  const onSearch = useCallback((q: string) => update({ q: q || undefined }), [update])
  const [open, setOpen] = useState<string | null>(null)
  const [disabling, setDisabling] = useState<Card | null>(null)
  const disable = useMutation({
    ...disableGiftCardMutation(),
    onSuccess: (card) => {
      void queryClient.invalidateQueries({ queryKey: discountKeys.giftCards })
      toast.success(`Gift card …${card.last4} disabled`)
    },
    onError: () => toast.error('The gift card was not disabled'),
  })
  const columns = useMemo<AdminColumn<Card>[]>(
    () => [
      {
        accessorKey: 'last4',
        header: 'Card',
        cell: ({ row }) => (
          <div className="grid max-md:justify-items-end">
            <span className="font-mono font-semibold">
              {row.original.last4 ? `…${row.original.last4}` : '(no code yet)'}
            </span>
            <span className="text-muted-foreground text-xs">
              {row.original.recipientEmail ?? (row.original.orderId ? 'Bought' : 'Issued by hand')}
            </span>
          </div>
        ),
      },
      {
        accessorKey: 'balanceCents',
        header: 'Balance',
        cell: ({ row }) =>
          `${formatMoney(row.original.balanceCents)} of ${formatMoney(row.original.initialCents)}`,
      },
      {
        accessorKey: 'status',
        header: 'Status',
        cell: ({ row }) => (
          <Badge variant={row.original.status === 'active' ? 'default' : 'secondary'}>
            {STATUS[row.original.status]}
          </Badge>
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
              aria-expanded={open === row.original.id}
              aria-label={`Ledger of card …${row.original.last4}`}
              onClick={() => setOpen((o) => (o === row.original.id ? null : row.original.id))}
            >
              Ledger
            </Button>
            {row.original.status === 'active' && (
              <Button
                size="sm"
                variant="outline"
                aria-label={`Disable card …${row.original.last4}`}
                onClick={() => setDisabling(row.original)}
              >
                Disable
              </Button>
            )}
          </div>
        ),
      },
    ],
    [open],
  )
  return (
    <AdminListFrame
      eyebrow="Admin"
      title="Gift cards"
      lead="Cards are shown by their last four characters: the codes themselves are never stored."
      actions={
        <LinkButton to="/admin/discounts" variant="outline" size="sm">
          Discount codes
        </LinkButton>
      }
      filtersClassName="sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_auto] sm:items-end"
      filtering={{ filtered, clear }}
      list={list}
      filters={
        <>
          <SearchFilter
            id="gift-cards-search"
            label="Search gift cards"
            placeholder="Last four, recipient or note"
            value={query.q}
            onSearch={onSearch}
          />
          <ChoiceFilter
            id="gift-cards-status"
            label="Status"
            all="Every status"
            options={Object.entries(STATUS) as [Card['status'], string][]}
            value={query.status}
            onChange={(status) => update({ status })}
          />
        </>
      }
    >
      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
        <div className="grid gap-4">
          <QueryTable
            query={list}
            errorMessage="Gift cards could not be loaded."
            skeletonRows={4}
            label="Gift cards"
            columns={columns}
            getRowId={(row) => row.id}
            empty={filtered ? 'No gift cards match' : 'No gift cards yet'}
          />
          {open && <Ledger id={open} />}
        </div>
        <IssueForm />
      </div>
      <ConfirmDialog
        open={!!disabling}
        onOpenChange={(o) => !o && setDisabling(null)}
        title={`Disable card …${disabling?.last4 ?? ''}?`}
        description={`It will pay nothing from now on. Its balance (${formatMoney(disabling?.balanceCents ?? 0)}) stays on record.`}
        confirmLabel="Disable card"
        destructive
        busy={disable.isPending}
        onConfirm={async () => {
          if (!disabling) return false
          try {
            await disable.mutateAsync(disabling.id)
            setDisabling(null)
            return true
          } catch {
            return false
          }
        }}
      />
    </AdminListFrame>
  )
}

function Ledger({ id }: { id: string }) {
  const card = useQuery(giftCardQuery(id))
  if (card.isPending) return <p className="text-muted-foreground text-sm">Loading the ledger…</p>
  if (card.isError)
    return (
      <ErrorState
        size="section"
        title="The ledger could not be loaded."
        onRetry={() => card.refetch()}
        retrying={card.isFetching}
      />
    )
  const sum = card.data.ledger.reduce((n, e) => n + e.amountCents, 0)
  return (
    <section
      aria-label={`Ledger of card …${card.data.last4}`}
      className="rounded-lg border border-border bg-card p-4"
    >
      <h2 className="mb-2 font-semibold">Ledger of …{card.data.last4}</h2>
      <ul className="grid gap-1 text-sm">
        {card.data.ledger.map((e) => (
          <li key={e.id} className="flex flex-wrap justify-between gap-2">
            <span>
              {formatDateTime(e.createdAt)} · {KIND[e.kind]}
              {e.orderId && (
                <>
                  {' '}
                  (
                  <Link className="text-primary underline" to={`/admin/orders/${e.orderId}`}>
                    order
                  </Link>
                  )
                </>
              )}
            </span>
            <span className={e.amountCents < 0 ? 'text-destructive' : ''}>
              {e.amountCents < 0 ? '−' : '+'}
              {formatMoney(Math.abs(e.amountCents))}
            </span>
          </li>
        ))}
      </ul>
      <p className="mt-2 font-medium text-sm">
        Sum {formatMoney(sum)} · balance {formatMoney(card.data.balanceCents)}
        {sum !== card.data.balanceCents && ' (they differ: tell the developers)'}
      </p>
    </section>
  )
}

/** Issue a card by hand (an apology, a thank-you): the code is shown here once. */
function IssueForm() {
  const queryClient = useQueryClient()
  const [amount, setAmount] = useState('')
  const [email, setEmail] = useState('')
  const [note, setNote] = useState('')
  const [issued, setIssued] = useState<{ code: string; amountCents: number } | null>(null)
  const { errors, fail, show, clear } = useFieldErrors()
  const issue = useMutation({
    ...issueGiftCardMutation(),
    onSuccess: (card) => {
      void queryClient.invalidateQueries({ queryKey: discountKeys.giftCards })
      setIssued({ code: card.code, amountCents: card.initialCents })
      setAmount('')
      setEmail('')
      setNote('')
      clear()
    },
    onError: (error) => fail(error, 'The gift card was not issued'),
  })
  return (
    <Form
      aria-label="Issue a gift card"
      className="grid gap-4 rounded-lg border border-border bg-card p-4"
      onSubmit={(e) => {
        e.preventDefault()
        const amountCents = centsOf(amount)
        if (amountCents === undefined || amountCents <= 0)
          return show({ amountCents: 'Enter an amount from $1 to $1,000.' })
        issue.mutate({ amountCents, recipientEmail: email.trim() || null, note })
      }}
    >
      <h2 className="font-semibold text-lg">Issue a gift card</h2>
      <Field label="Amount ($)" error={errors.amountCents}>
        {(c) => (
          <Input {...c} inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} />
        )}
      </Field>
      <Field label="For (email, optional)" error={errors.recipientEmail}>
        {(c) => <Input {...c} type="email" value={email} onChange={(e) => setEmail(e.target.value)} />}
      </Field>
      <Field label="Why (kept in the ledger, optional)" error={errors.note}>
        {(c) => <Input {...c} value={note} maxLength={500} onChange={(e) => setNote(e.target.value)} />}
      </Field>
      <SubmitButton busy={issue.isPending} busyLabel="Issuing…">
        Issue gift card
      </SubmitButton>
      <FormOutcome
        outcome={
          issued
            ? {
                kind: 'sent',
                text: (
                  <>
                    A {formatMoney(issued.amountCents)} card:{' '}
                    <strong className="font-mono">{issued.code}</strong>. Copy it now: it is shown only this
                    once.
                  </>
                ),
              }
            : null
        }
      />
    </Form>
  )
}
