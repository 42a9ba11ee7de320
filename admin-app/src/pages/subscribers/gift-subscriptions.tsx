import { type AdminGift, formatMoney, GIFT_STATUS_LABELS } from '@lamplight/contracts'
import { apiErrorMessage } from '@lamplight/session'
import { Badge, Button, toast } from '@lamplight/ui'
import { GiftIcon } from '@lamplight/ui/icons'
import { useQuery } from '@tanstack/react-query'
import { giftQuery, giftsQuery, resendGiftLinkMutation } from '../../api/gift-subscriptions'
import type { AdminColumn } from '../../components/data-table'
import { addressLine, Detail, DetailCard } from '../../components/detail-card'
import { hasNoRows, QueryTable } from '../../components/query-table'
import { SearchBox } from '../../components/search-box'
import { formatDate } from '../../lib/format'
import { useExclusiveMutation } from '../../lib/use-exclusive-mutation'
import { useUrlFilters } from '../../lib/use-url-filters'
import { MonthsList } from './months-list'

const PERIOD_LABELS: Record<string, string> = {
  shipped: 'Shipped',
  awaiting_box: 'Waiting for the box',
}

type GiftFilters = { gq?: string; gpage: number; gift?: string }

/** The gift list's own keys beside the subscribers' (`q`, `page`, `id`) in one address. */
function parseGiftFilters(params: URLSearchParams): GiftFilters {
  const page = Number(params.get('gpage'))
  return {
    gq: params.get('gq') || undefined,
    gpage: Number.isInteger(page) && page > 1 ? page : 1,
    gift: params.get('gift') || undefined,
  }
}

const GIFT_DEFAULTS = { gpage: 1 } as const
const GIFT_SELECTION = ['gift'] as const

/**
 * Gift subscriptions (issue 34 item 7) on the Subscribers page: buyer, recipient, plan,
 * months left and status, and a gift's months like a subscriber's. Search, page and the open
 * gift live in the URL (`gq`, `gpage`, `gift`).
 */
export function GiftSubscriptions() {
  const { query, update } = useUrlFilters(parseGiftFilters, {
    defaults: GIFT_DEFAULTS,
    selection: GIFT_SELECTION,
    pageKey: 'gpage',
  })
  const { gq: q, gpage: page, gift: selected } = query
  const list = useQuery(giftsQuery({ q, page }))
  const columns: AdminColumn<AdminGift>[] = [
    {
      header: 'Recipient',
      cell: ({ row }) => (
        <button
          type="button"
          className="text-left font-medium text-primary underline-offset-4 hover:underline pointer-coarse:min-h-11"
          onClick={() => update({ gift: row.original.id })}
        >
          <Badge variant="outline" className="mr-2">
            <GiftIcon aria-hidden className="size-3" />
            Gift
          </Badge>
          {row.original.recipient_name}
          <span className="block text-muted-foreground text-xs">{row.original.recipient_email}</span>
        </button>
      ),
    },
    {
      header: 'Bought by',
      cell: ({ row }) => (
        <>
          {row.original.buyer_name ?? row.original.buyer_email}
          {row.original.buyer_name && (
            <span className="block text-muted-foreground text-xs">{row.original.buyer_email}</span>
          )}
        </>
      ),
    },
    { header: 'Plan', cell: ({ row }) => `${row.original.tier}, ${row.original.months} months` },
    {
      header: 'Status',
      cell: ({ row }) => (
        <Badge variant={row.original.status === 'active' ? 'default' : 'secondary'}>
          {GIFT_STATUS_LABELS[row.original.status] ?? row.original.status}
        </Badge>
      ),
    },
    { header: 'Months left', cell: ({ row }) => row.original.months_left },
    { header: 'City', cell: ({ row }) => row.original.city ?? '—' },
  ]
  return (
    <section aria-labelledby="gifts-list" className="mt-10 grid gap-4">
      <h2 id="gifts-list" className="font-serif text-2xl">
        Gift subscriptions
      </h2>
      {selected && <GiftDetail id={selected} onClose={() => update({ gift: undefined })} />}
      {/* No gift at all and no search: only the empty state, not a search that can find nothing. */}
      {(q || !hasNoRows(list)) && (
        <SearchBox
          label="Search gifts by buyer or recipient"
          value={q ?? ''}
          onSearch={(value) => update({ gq: value || undefined })}
          placeholder="Search by email or name"
        />
      )}
      <QueryTable
        query={list}
        columns={columns}
        getRowId={(row) => row.id}
        errorMessage="Failed to load gift subscriptions"
        label="Gift subscriptions"
        empty="No gift subscriptions yet."
        pages={{ page, onPage: (p) => update({ gpage: p }), label: 'Gift subscriptions pages' }}
      />
    </section>
  )
}

function GiftDetail({ id, onClose }: { id: string; onClose: () => void }) {
  const detail = useQuery(giftQuery(id))
  const gift = detail.data
  // The recipient's link expired or their mail was lost: a new one, the old one then dead.
  const resend = useExclusiveMutation({
    ...resendGiftLinkMutation(),
    onSuccess: (sent) =>
      toast.success('New link sent', {
        description: `${gift?.recipient_email ?? 'The recipient'} can give their address until ${formatDate(sent.expires_at)}.`,
      }),
    onError: (e) => toast.error('No link sent', { description: apiErrorMessage(e, 'Please try again.') }),
  })
  return (
    <DetailCard
      title={gift ? `Gift to ${gift.recipient_name}` : 'Gift'}
      what="gift"
      onClose={onClose}
      query={detail}
    >
      {(d) => (
        <>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <Detail label="Plan">
              {d.tier}, {d.months} months ({formatMoney(d.amount_cents)} paid once)
            </Detail>
            <Detail label="Status">{GIFT_STATUS_LABELS[d.status] ?? d.status}</Detail>
            <Detail label="Bought by">
              {d.buyer_name ? `${d.buyer_name}, ` : ''}
              {d.buyer_email} on {formatDate(d.created_at)}
            </Detail>
            <Detail label="Recipient">
              {d.recipient_name}, {d.recipient_email}
            </Detail>
            <Detail label="Months">
              {d.months_shipped} shipped, {d.months_left} left
            </Detail>
            <Detail label="Ships to">
              {d.shipping_address ? addressLine(d.shipping_address) : 'Waiting for the recipient’s address'}
            </Detail>
            {d.status === 'awaiting_address' && (
              <dd className="col-start-2">
                <Button variant="outline" size="sm" disabled={resend.busy} onClick={() => resend.run(id)}>
                  {resend.busy ? 'Sending…' : 'Mail a new address link'}
                </Button>
              </dd>
            )}
            {d.message && (
              <>
                <dt className="text-muted-foreground">Message</dt>
                <dd className="whitespace-pre-line">{d.message}</dd>
              </>
            )}
          </dl>
          <MonthsList
            title="Months (shipments)"
            months={d.periods}
            labels={PERIOD_LABELS}
            empty="No month started yet."
          />
        </>
      )}
    </DetailCard>
  )
}
