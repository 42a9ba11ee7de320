import { zodResolver } from '@hookform/resolvers/zod'
import {
  BuyGiftBody,
  type BuyGiftInput,
  type CountryCode,
  type DeliveryAddressInput,
  DeliveryAddressSchema,
  formatMoney,
  GIFT_MESSAGE_MAX,
  GIFT_MONTHS,
  giftPriceCents,
  monthName,
  SUBSCRIPTION_PLANS,
  type SubscriptionTier,
} from '@lamplight/contracts'
import { ApiError, apiErrorMessage, useAuth } from '@lamplight/session'
import {
  Button,
  Card,
  CardContent,
  Field,
  Form,
  FormOutcome,
  Input,
  type Outcome,
  Skeleton,
  SubmitButton,
  Textarea,
} from '@lamplight/ui'
import { GiftIcon } from '@lamplight/ui/icons'
import { useEffect, useId, useState } from 'react'
import { type FieldErrors, type Resolver, type UseFormRegister, useForm } from 'react-hook-form'
import { Link, useSearchParams } from 'react-router'
import { useBuyGift, useGiftInvitation, useGiveGiftAddress } from '../../api/gift-subscriptions'
import { AddressFields } from '../../components/address-fields'
import { Container } from '../../components/container'
import { showServerIssues } from '../contact/submission'

/**
 * Gift subscriptions on the shop (issue 34 item 7), loaded only when the address asks for
 * them: `?gift=<plan>` the form, `?gift=sent` back from paying, `?gift-address=<token>` the
 * recipient's page from their mail.
 */
export function GiftSubscriptionPanel() {
  const [search] = useSearchParams()
  const token = search.get('gift-address')
  const gift = search.get('gift') ?? ''
  useEffect(() => {
    document.getElementById('gift-subscription')?.scrollIntoView({ block: 'start' })
  }, [])
  const tier = (SUBSCRIPTION_PLANS.find((p) => p.tier === gift)?.tier ?? 'Premium') as SubscriptionTier
  return (
    <section
      id="gift-subscription"
      aria-labelledby="gift-subscription-heading"
      className="bg-parchment py-12 sm:py-16"
    >
      <Container className="max-w-3xl">
        {token ? (
          <RecipientAddress token={token} />
        ) : gift === 'sent' ? (
          <GiftSent />
        ) : (
          <>
            <Heading>Give a subscription as a gift</Heading>
            <p className="mt-2 text-muted-foreground">
              Months of puzzle boxes for someone you love, paid once. No renewal, nothing more to pay.
            </p>
            {gift === 'cancelled' && (
              <p role="status" className="mt-4 rounded-md bg-secondary p-3 text-sm">
                The payment was cancelled and nothing was charged. You can try again below.
              </p>
            )}
            <GiftForm tier={tier} />
          </>
        )}
      </Container>
    </section>
  )
}

function Heading({ children }: { children: React.ReactNode }) {
  return (
    <h2
      id="gift-subscription-heading"
      className="flex items-center gap-2 font-serif text-3xl text-foreground"
    >
      <GiftIcon aria-hidden="true" className="size-7 text-primary" />
      {children}
    </h2>
  )
}

function GiftSent() {
  return (
    <div role="status">
      <Heading>Thank you: your gift is on its way</Heading>
      <p className="mt-3 text-lg">
        We have mailed you the receipt. If you chose to, the recipient gets a mail with a link to tell us
        where to send their boxes.
      </p>
      <p className="mt-3">
        <Link className="text-primary underline underline-offset-4" to="/account">
          See your gifts in your account
        </Link>
      </p>
    </div>
  )
}

/** The form's values: flat (the address fields beside the others), sent as `BuyGiftBody`. */
export type GiftFormValues = {
  tier: SubscriptionTier
  months: string
  recipientName: string
  recipientEmail: string
  delivery: 'mail' | 'address'
  message: string
  buyerEmail: string
} & DeliveryAddressInput

const ADDRESS_FIELDS = ['firstName', 'lastName', 'address', 'city', 'state', 'zipCode', 'country'] as const
const FIELDS = [
  'tier',
  'months',
  'recipientName',
  'recipientEmail',
  'delivery',
  'message',
  'buyerEmail',
  ...ADDRESS_FIELDS,
] as const

export function bodyOf(values: GiftFormValues, signedIn: boolean): BuyGiftInput {
  return {
    tier: values.tier,
    months: Number(values.months),
    recipientName: values.recipientName,
    recipientEmail: values.recipientEmail,
    delivery: values.delivery,
    message: values.message?.trim() ? values.message : undefined,
    ...(signedIn ? {} : { buyerEmail: values.buyerEmail }),
    ...(values.delivery === 'address'
      ? {
          address: {
            firstName: values.firstName,
            lastName: values.lastName,
            address: values.address,
            city: values.city,
            state: values.state,
            zipCode: values.zipCode,
            country: values.country,
          },
        }
      : {}),
  }
}

/** The server's field issues (the address's are `address.zipCode`) under their fields. */
function putServerIssues(error: unknown, setError: ReturnType<typeof useForm<GiftFormValues>>['setError']) {
  if (!(error instanceof ApiError)) return
  for (const issue of error.issues) {
    const key = issue.path.replace(/^address\./, '')
    if ((FIELDS as readonly string[]).includes(key))
      setError(key as (typeof FIELDS)[number], { type: 'server', message: issue.message })
  }
}

/** The contracts' schema of a purchase, each message put on its field of the flat form. */
const resolverFor =
  (signedIn: boolean): Resolver<GiftFormValues> =>
  async (values) => {
    const parsed = BuyGiftBody.safeParse(bodyOf(values, signedIn))
    const errors: Record<string, { type: string; message: string }> = {}
    if (!signedIn && !values.buyerEmail?.trim())
      errors.buyerEmail = { type: 'required', message: 'Please enter your email address for the receipt.' }
    if (!parsed.success)
      for (const issue of parsed.error.issues) {
        const key = String(issue.path.at(-1) ?? 'recipientName')
        errors[key] ??= { type: 'validation', message: issue.message }
      }
    return Object.keys(errors).length
      ? { values: {}, errors: errors as FieldErrors<GiftFormValues> }
      : { values, errors: {} }
  }

function Choice({
  name,
  value,
  label,
  detail,
  register,
  describedBy,
}: {
  name: 'months' | 'delivery' | 'tier'
  value: string
  label: string
  detail?: string
  register: UseFormRegister<GiftFormValues>
  describedBy?: string
}) {
  const id = `gift-${name}-${value}`
  return (
    <label
      htmlFor={id}
      className="flex min-h-12 cursor-pointer items-center gap-3 rounded-md border border-input bg-card px-3 py-2 has-checked:border-primary has-checked:ring-2 has-checked:ring-primary/40"
    >
      <input
        id={id}
        type="radio"
        value={value}
        aria-describedby={describedBy}
        className="size-4 accent-primary"
        {...register(name)}
      />
      <span className="flex flex-col">
        <span className="font-medium">{label}</span>
        {detail && <span className="text-muted-foreground text-sm">{detail}</span>}
      </span>
    </label>
  )
}

function ChoiceGroup({
  legend,
  error,
  errorId,
  className,
  children,
}: {
  legend: string
  error?: string
  errorId: string
  className?: string
  children: React.ReactNode
}) {
  return (
    <fieldset className={className} aria-invalid={error ? true : undefined}>
      <legend className="mb-2 font-medium text-sm">{legend}</legend>
      {children}
      {error && (
        <p id={errorId} role="alert" className="mt-1.5 font-medium text-destructive text-sm">
          {error}
        </p>
      )}
    </fieldset>
  )
}

export function GiftForm({ tier }: { tier: SubscriptionTier }) {
  const { user } = useAuth()
  const signedIn = Boolean(user)
  const form = useForm<GiftFormValues>({
    resolver: resolverFor(signedIn),
    defaultValues: {
      tier,
      months: '3',
      delivery: 'mail',
      country: 'US',
      state: '',
      message: '',
      buyerEmail: '',
      recipientName: '',
      recipientEmail: '',
    },
  })
  const buy = useBuyGift()
  const [outcome, setOutcome] = useState<Outcome>(null)
  const ids = useId().replace(/:/g, '')
  const errors = form.formState.errors
  const chosenTier = form.watch('tier') ?? tier
  const months = Number(form.watch('months') ?? 3)
  const delivery = form.watch('delivery')
  const country = (form.watch('country') ?? 'US') as CountryCode
  const plan = SUBSCRIPTION_PLANS.find((p) => p.tier === chosenTier) ?? SUBSCRIPTION_PLANS[1]
  const total = giftPriceCents(plan.tier, months)
  const submit = form.handleSubmit(async (values) => {
    setOutcome(null)
    try {
      const { url } = await buy.mutateAsync(bodyOf(values, signedIn))
      window.location.assign(url)
    } catch (error) {
      putServerIssues(error, form.setError)
      setOutcome({
        kind: 'failed',
        text: apiErrorMessage(error, 'We could not open the payment page. Please try again.'),
      })
    }
  })
  return (
    <Form onSubmit={submit} aria-label="Gift subscription" className="mt-8 grid gap-6">
      <ChoiceGroup legend="Plan" error={errors.tier?.message} errorId={`${ids}-tier`}>
        <div className="grid gap-2 sm:grid-cols-3">
          {SUBSCRIPTION_PLANS.map((p) => (
            <Choice
              key={p.tier}
              name="tier"
              value={p.tier}
              label={p.tier}
              detail={`${p.boxesPerMonth} ${p.boxesPerMonth === 1 ? 'box' : 'boxes'} a month, ${formatMoney(p.priceCents)}/month`}
              register={form.register}
            />
          ))}
        </div>
      </ChoiceGroup>
      <ChoiceGroup legend="How many months" error={errors.months?.message} errorId={`${ids}-months`}>
        <div className="grid gap-2 sm:grid-cols-3">
          {GIFT_MONTHS.map((m) => (
            <Choice
              key={m}
              name="months"
              value={String(m)}
              label={`${m} months`}
              detail={formatMoney(giftPriceCents(plan.tier, m))}
              register={form.register}
              describedBy={errors.months ? `${ids}-months` : undefined}
            />
          ))}
        </div>
      </ChoiceGroup>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Recipient’s name" error={errors.recipientName?.message}>
          {(control) => <Input autoComplete="off" {...control} {...form.register('recipientName')} />}
        </Field>
        <Field label="Recipient’s email" error={errors.recipientEmail?.message} hint="For their gift mails.">
          {(control) => (
            <Input type="email" autoComplete="off" {...control} {...form.register('recipientEmail')} />
          )}
        </Field>
      </div>
      <ChoiceGroup
        legend="Their shipping address"
        error={errors.delivery?.message}
        errorId={`${ids}-delivery`}
      >
        <div className="grid gap-2 sm:grid-cols-2">
          <Choice
            name="delivery"
            value="mail"
            label="Email them a link"
            detail="They enter their own address; nothing ships until they do."
            register={form.register}
          />
          <Choice
            name="delivery"
            value="address"
            label="I’ll enter it now"
            detail="US and Canada."
            register={form.register}
          />
        </div>
      </ChoiceGroup>
      {delivery === 'address' && (
        <div className="grid gap-4 sm:grid-cols-2">
          <AddressFields
            register={form.register as unknown as UseFormRegister<DeliveryAddressInput>}
            errors={errors}
            country={country}
          />
        </div>
      )}
      <Field
        label="Gift message (optional)"
        error={errors.message?.message}
        hint={`Printed in their gift mail. Up to ${GIFT_MESSAGE_MAX} characters.`}
      >
        {(control) => <Textarea rows={3} {...control} {...form.register('message')} />}
      </Field>
      {!signedIn && (
        <Field label="Your email" error={errors.buyerEmail?.message} hint="For your receipt.">
          {(control) => (
            <Input type="email" autoComplete="email" {...control} {...form.register('buyerEmail')} />
          )}
        </Field>
      )}
      <Card>
        <CardContent className="flex flex-wrap items-center justify-between gap-4 pt-6">
          <p aria-live="polite" data-testid="gift-total">
            <span className="block text-muted-foreground text-sm">
              {plan.tier}, {months} months × {formatMoney(plan.priceCents)}
            </span>
            <span className="font-semibold text-2xl">Total {formatMoney(total)}</span>
            <span className="block text-muted-foreground text-sm">
              Paid once. Shipping included. No renewal.
            </span>
          </p>
          <SubmitButton busy={form.formState.isSubmitting} busyLabel="Opening payment…">
            Continue to payment
          </SubmitButton>
        </CardContent>
      </Card>
      <FormOutcome outcome={outcome} />
    </Form>
  )
}

/** The recipient's page, from the link in their mail: who gave what, and their address (once). */
function RecipientAddress({ token }: { token: string }) {
  const invitation = useGiftInvitation(token)
  const give = useGiveGiftAddress(token)
  const form = useForm<DeliveryAddressInput>({
    resolver: zodResolver(DeliveryAddressSchema) as unknown as Resolver<DeliveryAddressInput>,
    defaultValues: { country: 'US', state: '' },
  })
  const [outcome, setOutcome] = useState<Outcome>(null)
  const country = (form.watch('country') ?? 'US') as CountryCode
  if (invitation.isPending)
    return (
      <div aria-busy="true">
        <Heading>Your gift</Heading>
        <Skeleton className="mt-4 h-40 w-full" />
      </div>
    )
  if (invitation.isError)
    return (
      <div role="alert">
        <Heading>Your gift</Heading>
        <p className="mt-3 text-lg">
          {apiErrorMessage(invitation.error, 'We could not open this gift link.')}
        </p>
        <Button asChild variant="outline" className="mt-4">
          <Link to="/shop">Visit the shop</Link>
        </Button>
      </div>
    )
  const gift = invitation.data.data
  if (give.isSuccess)
    return (
      <div role="status">
        <Heading>Thank you, {gift.recipient_name}!</Heading>
        <p className="mt-3 text-lg">
          Your {gift.tier} boxes will go to the address you gave
          {give.data.data.first_period
            ? `, starting with the ${monthName(give.data.data.first_period)} box`
            : ''}
          . We prepare each within 1-2 business days of its month&rsquo;s box being ready.
        </p>
      </div>
    )
  const submit = form.handleSubmit(async (values) => {
    setOutcome(null)
    try {
      await give.mutateAsync(DeliveryAddressSchema.parse(values))
    } catch (error) {
      showServerIssues(error, ADDRESS_FIELDS, form.setError)
      setOutcome({
        kind: 'failed',
        text: apiErrorMessage(error, 'We could not save the address. Please try again.'),
      })
    }
  })
  return (
    <>
      <Heading>A gift for you, {gift.recipient_name}</Heading>
      <p className="mt-3 text-lg">
        {gift.buyer_name} has given you {gift.months} months of our {gift.tier} plan, already paid for.
      </p>
      {gift.message && (
        <blockquote className="mt-4 whitespace-pre-line border-primary border-l-4 pl-4 font-serif text-lg italic">
          {gift.message}
        </blockquote>
      )}
      <p className="mt-6">
        Where should we send your boxes? You can give it once; nothing ships until you do.
      </p>
      <Form onSubmit={submit} aria-label="Your shipping address" className="mt-4 grid gap-4 sm:grid-cols-2">
        <AddressFields register={form.register} errors={form.formState.errors} country={country} />
        <div className="sm:col-span-2">
          <SubmitButton busy={form.formState.isSubmitting} busyLabel="Saving…">
            Send my boxes here
          </SubmitButton>
        </div>
        <FormOutcome outcome={outcome} className="sm:col-span-2" />
      </Form>
    </>
  )
}

export default GiftSubscriptionPanel
