import { formatLongDate, formatMoney, type MySubscription, monthName } from '@lamplight/contracts'
import { apiErrorMessage } from '@lamplight/session'
import { Badge, Button, Card, CardContent, toast } from '@lamplight/ui'
import { useQuery } from '@tanstack/react-query'
import { lazy, Suspense, useState } from 'react'
import { mySubscriptionQueries, useSubscriptionAction } from '../../api/subscriptions'

// The address form validates with the contracts' schema: zod comes with it, only when opened.
const AddressForm = lazy(() =>
  import('./subscription-address-form').then((m) => ({ default: m.SubscriptionAddressForm })),
)
// The change plan, skip and pause dialogs (decision 065): loaded when one is opened.
const ChangePlanDialog = lazy(() =>
  import('./subscription-changes').then((m) => ({ default: m.ChangePlanDialog })),
)
const SkipDialog = lazy(() => import('./subscription-changes').then((m) => ({ default: m.SkipDialog })))
const PauseDialog = lazy(() => import('./subscription-changes').then((m) => ({ default: m.PauseDialog })))
type Opened = 'plan' | 'skip' | 'pause' | null

const PERIOD_LABEL: Record<string, string> = {
  shipped: 'Shipped',
  skipped: 'Skipped, not charged',
  awaiting_box: 'Paid, being prepared',
  paused: 'Paused, not charged',
  // A month skipped with a credit is charged; its label says where the money went.
}

const ACTION_DONE = {
  skip: 'Next month’s box is skipped: you will not be charged for it.',
  unskip: 'Next month’s box is back on.',
  cancel: 'Your subscription will end at the end of this period.',
  resume: 'Your subscription is active again.',
  unpause: 'Your subscription is no longer paused: the next box ships as usual.',
} as const

/**
 * My subscription's months (issue 34): the next payment and box, where the boxes go, skip
 * next month, cancel at the period's end or resume, and the months so far.
 */
export function SubscriptionDetails() {
  const mine = useQuery(mySubscriptionQueries.mine())
  const act = useSubscriptionAction()
  const [editing, setEditing] = useState(false)
  const [opened, setOpened] = useState<Opened>(null)
  const sub = mine.data?.data
  if (!sub || ['canceled', 'incomplete_expired'].includes(sub.status)) return null
  const run = (action: keyof typeof ACTION_DONE) =>
    act.mutate(action, {
      onSuccess: () => toast.success('Subscription updated', { description: ACTION_DONE[action] }),
      onError: (error) =>
        toast.error('Subscription not changed', {
          description: apiErrorMessage(error, 'We could not change your subscription. Please try again.'),
        }),
    })
  const busy = act.isPending
  const address = sub.shipping_address
  const paused = !!sub.paused_until
  const canChange = sub.status !== 'past_due' && !sub.cancel_at_period_end && !paused
  return (
    <Card className="mt-4">
      <CardContent className="grid gap-6">
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
          {sub.next_payment_at && (
            <>
              <dt className="whitespace-nowrap text-muted-foreground">Next payment</dt>
              <dd>
                {formatLongDate(sub.next_payment_at)}: <strong>{formatMoney(sub.next_payment_cents)}</strong>
                {sub.next_period_skip === 'no_charge' && ' (month skipped)'}
                {sub.next_period_skip === 'credit' && ' (month skipped, credited to the payment after)'}
                {sub.credit_cents > 0 && !sub.next_period_skip && (
                  <span className="text-muted-foreground">
                    {' '}
                    (a credit of {formatMoney(sub.credit_cents)} taken off)
                  </span>
                )}
              </dd>
            </>
          )}
          {paused && sub.paused_until && (
            <>
              <dt className="whitespace-nowrap text-muted-foreground">Paused</dt>
              <dd>No boxes and no charges until {formatLongDate(sub.paused_until)}</dd>
            </>
          )}
          {sub.status === 'past_due' && (
            <>
              <dt className="whitespace-nowrap text-muted-foreground">Payment</dt>
              <dd className="text-destructive">
                Your card was declined
                {sub.next_payment_attempt_at
                  ? `. We’ll try again on ${formatLongDate(sub.next_payment_attempt_at)}: please update your card (Manage Subscription).`
                  : ': please update your card (Manage Subscription).'}
              </dd>
            </>
          )}
          {sub.next_period && (
            <>
              <dt className="whitespace-nowrap text-muted-foreground">Next box</dt>
              <dd>
                {sub.next_period_skipped
                  ? `${monthName(sub.next_period)}: skipped${sub.next_period_skip === 'credit' ? ', with a credit' : ', not charged'}`
                  : sub.next_box
                    ? `${monthName(sub.next_period)}: ${sub.next_box.quantity} × ${sub.next_box.name}`
                    : `${monthName(sub.next_period)}: to be announced`}
              </dd>
            </>
          )}
          <dt className="whitespace-nowrap text-muted-foreground">Ships to</dt>
          <dd>
            {address ? (
              <address className="not-italic">
                {address.firstName} {address.lastName}
                <br />
                {address.address}
                <br />
                {address.city}, {address.state} {address.zipCode}, {address.country}
              </address>
            ) : (
              <span className="text-destructive">No address yet: add one so we can send your boxes.</span>
            )}
          </dd>
        </dl>
        {editing ? (
          <Suspense fallback={<p className="text-muted-foreground">Loading the form…</p>}>
            <AddressForm
              current={address ? { ...address, country: address.country === 'CA' ? 'CA' : 'US' } : null}
              onDone={() => setEditing(false)}
            />
          </Suspense>
        ) : (
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" onClick={() => setEditing(true)}>
              {address ? 'Change address' : 'Add address'}
            </Button>
            {canChange && (
              <Button variant="outline" onClick={() => setOpened('plan')}>
                Change plan
              </Button>
            )}
            {canChange &&
              sub.next_period &&
              (sub.next_period_skipped ? (
                <Button variant="outline" disabled={busy} onClick={() => run('unskip')}>
                  Undo skip of {monthName(sub.next_period)}
                </Button>
              ) : (
                <Button variant="outline" disabled={busy} onClick={() => setOpened('skip')}>
                  Skip {monthName(sub.next_period)}
                </Button>
              ))}
            {paused ? (
              <Button disabled={busy} onClick={() => run('unpause')}>
                Resume now
              </Button>
            ) : (
              canChange && (
                <Button variant="outline" onClick={() => setOpened('pause')}>
                  Pause
                </Button>
              )
            )}
            {sub.cancel_at_period_end ? (
              <Button disabled={busy} onClick={() => run('resume')}>
                Resume subscription
              </Button>
            ) : (
              <Button variant="outline" disabled={busy} onClick={() => run('cancel')}>
                Cancel at period end
              </Button>
            )}
          </div>
        )}
        {opened && (
          <Suspense fallback={null}>
            {opened === 'plan' && <ChangePlanDialog sub={sub} onClose={() => setOpened(null)} />}
            {opened === 'skip' && <SkipDialog sub={sub} onClose={() => setOpened(null)} />}
            {opened === 'pause' && <PauseDialog sub={sub} onClose={() => setOpened(null)} />}
          </Suspense>
        )}
        {sub.periods.length > 0 && <Months periods={sub.periods} />}
      </CardContent>
    </Card>
  )
}

function Months({ periods }: { periods: MySubscription['periods'] }) {
  return (
    <div>
      <h3 className="font-semibold">Your boxes</h3>
      <ul className="mt-2 divide-y">
        {periods.map((p) => (
          <li key={p.period} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <span>
              {monthName(p.period)}
              {p.boxes.length > 0 && (
                <span className="text-muted-foreground">
                  {' '}
                  · {p.boxes.map((b) => `${b.quantity} × ${b.name}`).join(', ')}
                </span>
              )}
            </span>
            <Badge variant={p.status === 'skipped' || p.status === 'paused' ? 'secondary' : 'default'}>
              {PERIOD_LABEL[p.status] ?? p.status}
              {p.status !== 'paused' &&
                (p.status !== 'skipped' || p.amount_cents > 0) &&
                ` · ${formatMoney(p.amount_cents)}`}
            </Badge>
          </li>
        ))}
      </ul>
    </div>
  )
}
