import {
  addBillingMonths,
  formatLongDate,
  formatMoney,
  MAX_PAUSE_MONTHS,
  type MySubscription,
  monthName,
  type PlanQuote,
  SUBSCRIPTION_PLANS,
  type SubscriptionTier,
  subscriptionsEndpoints,
} from '@lamplight/contracts'
import { apiErrorMessage, request } from '@lamplight/session'
import { Button, Dialog, DialogContent, DialogFooter, DialogHead, toast } from '@lamplight/ui'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type ReactNode, useState } from 'react'
import { subscriptionKeys } from '../../api/subscriptions'

/**
 * The subscriber's changes that need a choice first (issue 34, decision 065): change plan
 * (the proration stated by the server before confirming), skip next month (no charge, or a
 * credit), pause for 1-3 months. Each confirms in a dialog and says what it did.
 */

const choiceClass =
  'flex cursor-pointer items-start gap-3 rounded-md border border-input p-3 has-[:checked]:border-primary has-[:checked]:bg-accent'

/** One answer of a dialog's question: its radio button, then what choosing it means. */
function Choice({
  name,
  value,
  checked,
  onChoose,
  children,
}: {
  name: string
  value?: string
  checked: boolean
  onChoose: () => void
  children: ReactNode
}) {
  return (
    <label className={choiceClass}>
      <input
        type="radio"
        name={name}
        value={value}
        checked={checked}
        onChange={onChoose}
        className="mt-1 accent-primary"
      />
      <span>{children}</span>
    </label>
  )
}

function useChange<T, R = unknown>(fn: (value: T) => Promise<R>) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: fn,
    onSuccess: () => client.invalidateQueries({ queryKey: subscriptionKeys.all }),
  })
}

const failed = (error: unknown) =>
  toast.error('Subscription not changed', {
    description: apiErrorMessage(error, 'We could not change your subscription. Please try again.'),
  })

/** Change plan: pick one, read what it costs (the server's words and cents), confirm. */
export function ChangePlanDialog({ sub, onClose }: { sub: MySubscription; onClose: () => void }) {
  const others = SUBSCRIPTION_PLANS.filter((p) => p.tier !== sub.tier)
  const [tier, setTier] = useState<SubscriptionTier>(others[0]!.tier)
  const [done, setDone] = useState<PlanQuote | null>(null)
  const quote = useQuery({
    queryKey: [...subscriptionKeys.all, 'plan-quote', tier],
    queryFn: ({ signal }) => request(subscriptionsEndpoints.planQuote, { query: { tier }, signal }),
    enabled: !done,
    staleTime: 0,
  })
  const change = useChange((to: SubscriptionTier) =>
    request(subscriptionsEndpoints.changePlan, { body: { tier: to } }),
  )
  const confirm = () =>
    change.mutate(tier, {
      onSuccess: (answer) => {
        const { quote: applied } = answer as { quote: PlanQuote }
        setDone(applied)
        toast.success(`Your plan is now ${applied.to}`, { description: applied.summary })
      },
      onError: failed,
    })
  return (
    <Dialog open onOpenChange={(open) => !open && !change.isPending && onClose()}>
      <DialogContent className="sm:max-w-lg">
        <DialogHead title={done ? `Your plan is now ${done.to}` : 'Change plan'}>
          {done ? 'We have sent you a mail with these details.' : `You are on the ${sub.tier} plan.`}
        </DialogHead>
        {done ? (
          <p role="status">{done.summary}</p>
        ) : (
          <>
            <fieldset className="grid gap-2">
              <legend className="mb-1 font-medium text-sm">New plan</legend>
              {others.map((plan) => (
                <Choice
                  key={plan.tier}
                  name="tier"
                  value={plan.tier}
                  checked={tier === plan.tier}
                  onChoose={() => setTier(plan.tier)}
                >
                  <span className="font-semibold">{plan.tier}</span> · {formatMoney(plan.priceCents)}/month
                  <span className="block text-muted-foreground text-sm">
                    {plan.boxesPerMonth} {plan.boxesPerMonth === 1 ? 'box' : 'boxes'} a month
                  </span>
                </Choice>
              ))}
            </fieldset>
            <div aria-live="polite" className="min-h-12 rounded-md bg-muted p-3 text-sm">
              {quote.isPending
                ? 'Working out the difference…'
                : quote.isError
                  ? apiErrorMessage(quote.error, 'We could not work out the price. Please try again.')
                  : quote.data.data.summary}
            </div>
          </>
        )}
        <DialogFooter>
          {done ? (
            <Button onClick={onClose}>Done</Button>
          ) : (
            <>
              <Button variant="outline" onClick={onClose} disabled={change.isPending}>
                Keep {sub.tier}
              </Button>
              <Button onClick={confirm} disabled={change.isPending || !quote.isSuccess}>
                {change.isPending ? 'Changing…' : `Change to ${tier}`}
              </Button>
            </>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}

/** Skip next month: no box and no charge, or charged as usual with its value credited. */
export function SkipDialog({ sub, onClose }: { sub: MySubscription; onClose: () => void }) {
  const [kind, setKind] = useState<'skip' | 'skip-with-credit'>('skip')
  const month = monthName(sub.next_period!)
  const price = sub.next_payment_cents
  const skip = useChange((action: 'skip' | 'skip-with-credit') =>
    request(subscriptionsEndpoints.act, { params: { action } }),
  )
  const confirm = () =>
    skip.mutate(kind, {
      onSuccess: () => {
        toast.success(`${month} is skipped`, {
          description:
            kind === 'skip'
              ? 'No box and no charge for that month.'
              : 'No box; that month is charged as usual and credited to your next payment after it.',
        })
        onClose()
      },
      onError: failed,
    })
  return (
    <Dialog open onOpenChange={(open) => !open && !skip.isPending && onClose()}>
      <DialogContent className="sm:max-w-lg">
        <DialogHead title={`Skip ${month}`}>
          We will not send your {month} box. How would you like it?
        </DialogHead>
        <fieldset className="grid gap-2">
          <legend className="sr-only">How to skip</legend>
          <Choice name="skip" checked={kind === 'skip'} onChoose={() => setKind('skip')}>
            <span className="font-semibold">No charge</span>
            <span className="block text-muted-foreground text-sm">You are not charged for {month}.</span>
          </Choice>
          <Choice
            name="skip"
            checked={kind === 'skip-with-credit'}
            onChoose={() => setKind('skip-with-credit')}
          >
            <span className="font-semibold">A credit</span>
            <span className="block text-muted-foreground text-sm">
              {month} is charged as usual ({formatMoney(price)}), and that amount is taken off your next
              payment after it.
            </span>
          </Choice>
        </fieldset>
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={skip.isPending}>
            Keep {month}
          </Button>
          <Button onClick={confirm} disabled={skip.isPending}>
            {skip.isPending ? 'Skipping…' : `Skip ${month}`}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}

/** Pause 1, 2 or 3 months from the next renewal: no boxes, no charges. */
export function PauseDialog({ sub, onClose }: { sub: MySubscription; onClose: () => void }) {
  const [months, setMonths] = useState(1)
  const pause = useChange((n: number) => request(subscriptionsEndpoints.pause, { body: { months: n } }))
  const from = sub.next_payment_at
  // The day a pause of n months ends: the next renewal, n months on, on the cycle's day (the
  // day the subscription started), as the server counts it.
  const until = (n: number) => {
    if (!from) return null
    return addBillingMonths(from, n, new Date(sub.since).getUTCDate()).toISOString()
  }
  const confirm = () =>
    pause.mutate(months, {
      onSuccess: (res) => {
        // The server's day: it keeps the cycle's own day across short months.
        const end = res.data.paused_until ?? until(months)
        toast.success('Subscription paused', {
          description: end
            ? `Paused until ${formatLongDate(end)}: no boxes and no charges until then.`
            : undefined,
        })
        onClose()
      },
      onError: failed,
    })
  return (
    <Dialog open onOpenChange={(open) => !open && !pause.isPending && onClose()}>
      <DialogContent className="sm:max-w-lg">
        <DialogHead title="Pause your subscription">
          No box is sent and nothing is charged while it is paused
          {from ? `, from ${formatLongDate(from)}` : ''}. You can resume earlier at any time.
        </DialogHead>
        <fieldset className="grid gap-2">
          <legend className="mb-1 font-medium text-sm">For how long?</legend>
          {Array.from({ length: MAX_PAUSE_MONTHS }, (_, i) => i + 1).map((n) => {
            const end = until(n)
            return (
              <Choice key={n} name="months" checked={months === n} onChoose={() => setMonths(n)}>
                <span className="font-semibold">
                  {n} {n === 1 ? 'month' : 'months'}
                </span>
                {end && (
                  <span className="block text-muted-foreground text-sm">
                    Starts again on {formatLongDate(end)}
                  </span>
                )}
              </Choice>
            )
          })}
        </fieldset>
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={pause.isPending}>
            Don’t pause
          </Button>
          <Button onClick={confirm} disabled={pause.isPending}>
            {pause.isPending ? 'Pausing…' : `Pause ${months} ${months === 1 ? 'month' : 'months'}`}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
