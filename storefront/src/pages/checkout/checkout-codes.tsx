import { type CheckoutQuote, formatMoney } from '@lamplight/contracts'
import { ApiError, apiErrorMessage } from '@lamplight/session'
import { Button, Field, Input } from '@lamplight/ui'
import { useState } from 'react'
import { type QuoteRequest, useCheckoutQuote } from '../../api/discounts'

export type AppliedCodes = { discountCode?: string; giftCardCode?: string }

/** A refusal's words for one field: the API names the field it refuses (issue 33). */
const fieldError = (error: unknown, field: string) =>
  error instanceof ApiError && error.issues.some((i) => i.path === field)
    ? (error.issues.find((i) => i.path === field)?.message ?? null)
    : null

/**
 * Step 1's discount code and gift card: Apply asks the server for the totals with them
 * (never computed here), shows the discount and gift card lines, and hands the applied codes
 * to the checkout, which sends them with the order (the server checks them again).
 */
export function CheckoutCodes({
  source,
  applied,
  quote,
  onApplied,
}: {
  source: Pick<QuoteRequest, 'productSlug' | 'fromCart' | 'country'>
  /** What was applied (kept by the checkout across its steps). */
  applied: AppliedCodes
  quote: CheckoutQuote | null
  onApplied: (codes: AppliedCodes, quote: CheckoutQuote) => void
}) {
  const [discountCode, setDiscountCode] = useState(applied.discountCode ?? '')
  const [giftCardCode, setGiftCardCode] = useState(applied.giftCardCode ?? '')
  const [errors, setErrors] = useState<{ discountCode?: string; giftCardCode?: string; other?: string }>({})
  const ask = useCheckoutQuote()

  const apply = (next: AppliedCodes) => {
    ask.mutate(
      { ...source, ...next },
      {
        onSuccess: (data) => {
          setErrors({})
          onApplied(next, data)
        },
        onError: (error) => {
          const d = fieldError(error, 'discountCode')
          const g = fieldError(error, 'giftCardCode')
          setErrors({
            discountCode: d ?? undefined,
            giftCardCode: g ?? undefined,
            other:
              d || g ? undefined : apiErrorMessage(error, 'The code could not be checked. Please try again.'),
          })
        },
      },
    )
  }
  const withDiscount = () => apply({ ...applied, discountCode: discountCode.trim() || undefined })
  const withGiftCard = () => apply({ ...applied, giftCardCode: giftCardCode.trim() || undefined })

  return (
    <section aria-label="Discount code and gift card" className="mt-4 grid gap-3">
      <div className="grid grid-cols-[1fr_auto] items-start gap-2">
        <Field label="Discount code" error={errors.discountCode}>
          {(c) => (
            <Input
              {...c}
              value={discountCode}
              autoComplete="off"
              autoCapitalize="characters"
              maxLength={64}
              onChange={(e) => setDiscountCode(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault()
                  withDiscount()
                }
              }}
            />
          )}
        </Field>
        {/* Beside the box, below its label (mt-5: the label's line and the field's gap), where a
            message under the box cannot push it down. */}
        <Button
          type="button"
          variant="outline"
          className="mt-5"
          disabled={ask.isPending || !discountCode.trim()}
          onClick={withDiscount}
        >
          Apply
        </Button>
      </div>
      <div className="grid grid-cols-[1fr_auto] items-start gap-2">
        <Field label="Gift card code" error={errors.giftCardCode}>
          {(c) => (
            <Input
              {...c}
              value={giftCardCode}
              autoComplete="off"
              autoCapitalize="characters"
              maxLength={64}
              placeholder="XXXX-XXXX-XXXX-XXXX"
              onChange={(e) => setGiftCardCode(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault()
                  withGiftCard()
                }
              }}
            />
          )}
        </Field>
        <Button
          type="button"
          variant="outline"
          className="mt-5"
          disabled={ask.isPending || !giftCardCode.trim()}
          onClick={withGiftCard}
        >
          Apply
        </Button>
      </div>
      {errors.other && (
        <p role="alert" className="font-medium text-destructive text-sm">
          {errors.other}
        </p>
      )}
      <div aria-live="polite">
        {quote && (quote.discount || quote.giftCard) && (
          <dl className="grid grid-cols-[1fr_auto] gap-y-1 rounded-lg border border-border bg-card p-4">
            <dt>Subtotal</dt>
            <dd className="text-right">{formatMoney(quote.subtotalCents)}</dd>
            {quote.discount && (
              <>
                <dt>
                  Discount ({quote.discount.code}: {quote.discount.description})
                </dt>
                <dd className="text-right text-primary">−{formatMoney(quote.discount.amountCents)}</dd>
              </>
            )}
            <dt>Shipping</dt>
            <dd className="text-right">
              {quote.shipping?.amountCents ? formatMoney(quote.shipping.amountCents) : 'FREE'}
            </dd>
            {quote.giftCard && (
              <>
                <dt>Gift card …{quote.giftCard.last4}</dt>
                <dd className="text-right text-primary">−{formatMoney(quote.giftCard.appliedCents)}</dd>
              </>
            )}
            <dt className="font-semibold">{quote.giftCard ? 'To pay' : 'Total'}</dt>
            <dd className="text-right font-semibold">{formatMoney(quote.amountDueCents)}</dd>
            {quote.giftCard && (
              <dd className="col-span-2 text-muted-foreground text-sm">
                {formatMoney(quote.giftCard.balanceAfterCents)} will be left on the gift card.
              </dd>
            )}
          </dl>
        )}
      </div>
    </section>
  )
}
