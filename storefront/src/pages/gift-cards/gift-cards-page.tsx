import {
  formatMoney,
  GIFT_CARD_AMOUNTS_CENTS,
  GIFT_CARD_MAX_CENTS,
  GIFT_CARD_MIN_CENTS,
} from '@lamplight/contracts'
import { ApiError, apiErrorMessage, PageMeta, useAuth } from '@lamplight/session'
import { Button, Field, Form, FormOutcome, Input, PageFrame, SubmitButton, Textarea } from '@lamplight/ui'
import { GiftIcon } from '@lamplight/ui/icons'
import { useState } from 'react'
import { useSearchParams } from 'react-router'
import { useBuyGiftCard, useGiftCardBalance } from '../../api/discounts'

const CUSTOM = 'custom'

/** The API's words for each field it refused, or null when it named none. */
const fieldErrors = (error: unknown) =>
  error instanceof ApiError && error.issues.length
    ? Object.fromEntries(error.issues.map((i) => [i.path.split('.')[0]!, i.message]))
    : null

/**
 * `/gift-cards` (issue 33): buy a gift card for someone (an amount, their address, your name,
 * a message, the day it arrives; paid like any order, no shipping), and check a card's
 * balance. The shop page's gift card buttons open it with their amount chosen.
 */
export function GiftCardsPage() {
  return (
    <PageFrame
      eyebrow="Shop"
      title="Gift Cards"
      lead="Share the journey with someone you love: a gift card arrives by email on the day you choose."
    >
      <PageMeta
        title="Gift Cards"
        description="Send a Lamplight gift card by email, from $10 to $500, or check the balance of one you received."
        path="/gift-cards"
      />
      <div className="grid gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
        <PurchaseForm />
        <BalanceCheck />
      </div>
    </PageFrame>
  )
}

function PurchaseForm() {
  const [params] = useSearchParams()
  const { user } = useAuth()
  const preset = Number(params.get('amount'))
  const [choice, setChoice] = useState<string>(
    (GIFT_CARD_AMOUNTS_CENTS as readonly number[]).includes(preset) ? String(preset) : '5000',
  )
  const [custom, setCustom] = useState('')
  const [values, setValues] = useState({
    recipientEmail: '',
    recipientName: '',
    giverName: user?.name ?? '',
    message: '',
    deliverOn: '',
    buyerEmail: user?.email ?? '',
  })
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [failure, setFailure] = useState<string | null>(null)
  const buy = useBuyGiftCard()
  const set = (key: keyof typeof values) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: e.target.value }))

  const submit = () => {
    const amountCents = choice === CUSTOM ? Math.round(Number(custom) * 100) : Number(choice)
    if (
      !Number.isFinite(amountCents) ||
      amountCents < GIFT_CARD_MIN_CENTS ||
      amountCents > GIFT_CARD_MAX_CENTS
    )
      return setErrors({
        amountCents: `Please choose an amount from ${formatMoney(GIFT_CARD_MIN_CENTS)} to ${formatMoney(GIFT_CARD_MAX_CENTS)}.`,
      })
    setFailure(null)
    buy.mutate(
      { ...values, amountCents, deliverOn: values.deliverOn || undefined },
      {
        onSuccess: ({ url }) => window.location.assign(url),
        onError: (error) => {
          const fields = fieldErrors(error)
          setErrors(fields ?? {})
          if (!fields)
            setFailure(apiErrorMessage(error, 'The gift card could not be started. Please try again.'))
        },
      },
    )
  }

  return (
    <Form
      aria-labelledby="buy-heading"
      className="grid gap-4 rounded-lg border border-border bg-card p-4 sm:p-6"
      onSubmit={(e) => {
        e.preventDefault()
        submit()
      }}
    >
      <h2 id="buy-heading" className="flex items-center gap-2 font-serif text-2xl">
        <GiftIcon aria-hidden="true" className="size-6 text-primary" />
        Send a gift card
      </h2>
      <fieldset className="grid gap-2">
        <legend className="mb-1 font-medium text-sm">Amount</legend>
        <div className="flex flex-wrap gap-2">
          {[...GIFT_CARD_AMOUNTS_CENTS.map(String), CUSTOM].map((value) => (
            <label
              key={value}
              className="flex cursor-pointer items-center gap-2 rounded-md border border-input px-3 py-2 has-[:checked]:border-primary has-[:checked]:bg-accent"
            >
              <input
                type="radio"
                name="amount"
                value={value}
                checked={choice === value}
                onChange={() => setChoice(value)}
                className="accent-primary"
              />
              {value === CUSTOM ? 'Other amount' : formatMoney(Number(value)).replace('.00', '')}
            </label>
          ))}
        </div>
        {choice === CUSTOM && (
          <Field label="Amount in dollars ($10 to $500)" error={errors.amountCents}>
            {(c) => (
              <Input {...c} inputMode="decimal" value={custom} onChange={(e) => setCustom(e.target.value)} />
            )}
          </Field>
        )}
        {choice !== CUSTOM && errors.amountCents && (
          <p role="alert" className="font-medium text-destructive text-sm">
            {errors.amountCents}
          </p>
        )}
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Recipient’s email" error={errors.recipientEmail}>
          {(c) => (
            <Input {...c} type="email" value={values.recipientEmail} onChange={set('recipientEmail')} />
          )}
        </Field>
        <Field label="Recipient’s name (optional)" error={errors.recipientName}>
          {(c) => (
            <Input {...c} value={values.recipientName} maxLength={100} onChange={set('recipientName')} />
          )}
        </Field>
        <Field label="Your name" error={errors.giverName}>
          {(c) => (
            <Input
              {...c}
              autoComplete="name"
              value={values.giverName}
              maxLength={100}
              onChange={set('giverName')}
            />
          )}
        </Field>
        <Field label="Your email (for the receipt)" error={errors.buyerEmail}>
          {(c) => (
            <Input
              {...c}
              type="email"
              autoComplete="email"
              value={values.buyerEmail}
              onChange={set('buyerEmail')}
            />
          )}
        </Field>
      </div>
      <Field label="Message (optional)" error={errors.message} hint="Up to 500 characters.">
        {(c) => <Textarea {...c} rows={3} maxLength={500} value={values.message} onChange={set('message')} />}
      </Field>
      <Field
        label="Delivery date (optional)"
        error={errors.deliverOn}
        hint="Leave empty to send it as soon as it is paid."
      >
        {(c) => (
          // The picker offers today onward (the server refuses a past day on this field too).
          <Input
            {...c}
            type="date"
            // Today where the buyer is (en-CA writes YYYY-MM-DD); the server allows a day's leeway.
            min={new Date().toLocaleDateString('en-CA')}
            value={values.deliverOn}
            onChange={set('deliverOn')}
          />
        )}
      </Field>
      <SubmitButton busy={buy.isPending || buy.isSuccess} busyLabel="Opening the payment page…">
        Continue to payment
      </SubmitButton>
      <FormOutcome outcome={failure ? { kind: 'failed', text: failure } : null} />
    </Form>
  )
}

function BalanceCheck() {
  const [code, setCode] = useState('')
  const check = useGiftCardBalance()
  const error = check.error
    ? (fieldErrors(check.error)?.code ?? apiErrorMessage(check.error, 'The balance could not be checked.'))
    : undefined
  return (
    <Form
      aria-labelledby="balance-heading"
      className="grid gap-4 rounded-lg border border-border bg-card p-4 sm:p-6"
      onSubmit={(e) => {
        e.preventDefault()
        if (code.trim()) check.mutate(code.trim())
      }}
    >
      <h2 id="balance-heading" className="font-serif text-2xl">
        Check a balance
      </h2>
      <Field label="Gift card code" error={error}>
        {(c) => (
          <Input
            {...c}
            value={code}
            autoComplete="off"
            autoCapitalize="characters"
            maxLength={64}
            placeholder="XXXX-XXXX-XXXX-XXXX"
            onChange={(e) => setCode(e.target.value)}
          />
        )}
      </Field>
      <Button type="submit" variant="outline" disabled={check.isPending || !code.trim()}>
        Check balance
      </Button>
      <FormOutcome
        outcome={
          check.data
            ? {
                kind: 'sent',
                text: `Gift card …${check.data.last4} has ${formatMoney(check.data.balanceCents)} left.`,
              }
            : null
        }
      />
    </Form>
  )
}
