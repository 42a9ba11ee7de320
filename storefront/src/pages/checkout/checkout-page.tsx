import { zodResolver } from '@hookform/resolvers/zod'
import {
  ApiError,
  apiErrorMessage,
  CHECKOUT_MESSAGES,
  type CheckoutQuote,
  COUNTRIES,
  type CountryCode,
  type CustomerInfoInput,
  CustomerInfoSchema,
  formatMoney,
  type PaymentMethod,
  type ProductView,
  regionsOf,
} from '@lamplight/contracts'
import { PageMeta, useAuth } from '@lamplight/session'
import {
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  Field,
  Form,
  Input,
  LoadingState,
  PageContainer,
  Spinner,
  toast,
  usePortalContainer,
} from '@lamplight/ui'
import { CreditCardIcon, SmartphoneIcon, WalletIcon } from '@lamplight/ui/icons'
import { useEffect, useState } from 'react'
import { useForm } from 'react-hook-form'
import { Link, useNavigate, useParams } from 'react-router'
import { useCreateCheckout, useProduct } from '../../api/shop'
import { type AppliedCodes, CheckoutCodes } from './checkout-codes'

const STEPS = ['Review Order', 'Shipping Info', 'Payment'] as const
const REQUIRED = ['email', 'firstName', 'lastName', 'address', 'city', 'state', 'zipCode'] as const

/** /checkout/{productSlug}: the spec's three-step modal, then the payment page. */
export function CheckoutPage() {
  const { productSlug } = useParams()
  const navigate = useNavigate()
  const product = useProduct(productSlug ?? '')

  // Any failure to load the product sends the buyer back to the shop, saying why (spec, section 8).
  useEffect(() => {
    if (!productSlug) {
      toast.error('Error', { description: 'No product specified' })
      navigate('/shop', { replace: true })
    } else if (product.isError) {
      const error = product.error
      if (error instanceof ApiError && error.status === 404)
        toast.error('Product Not Found', { description: 'The requested product is not available' })
      else
        toast.error('Error', {
          description: apiErrorMessage(error, 'Failed to load product'),
        })
      navigate('/shop', { replace: true })
    } else if (product.data?.availability === 'sold_out' || product.data?.availability === 'coming_soon') {
      // Coming soon or sold out: the API refuses the checkout, so say so before the form.
      toast.error(product.data.availability === 'sold_out' ? 'Sold Out' : 'Coming Soon', {
        description: `${product.data.name} is not on sale right now.`,
      })
      navigate('/shop', { replace: true })
    }
  }, [productSlug, product.isError, product.error, product.data, navigate])

  const meta = (
    <PageMeta
      title="Checkout"
      description={`Order ${product.data?.name ?? 'your experience'}: review it, add your shipping details and pay securely.`}
      path={`/checkout/${productSlug ?? ''}`}
    />
  )
  if (!product.data)
    return (
      <>
        {meta}
        <LoadingState label="Loading your order…" />
      </>
    )
  return (
    <PageContainer className="max-w-xl">
      {meta}
      {/* Under the modal; the modal's step title is the page's h1. */}
      <p className="font-serif text-3xl" aria-hidden="true">
        Checkout
      </p>
      <CheckoutDialog product={product.data} onClose={() => navigate('/shop')} />
    </PageContainer>
  )
}

function CheckoutDialog({ product, onClose }: { product: ProductView; onClose: () => void }) {
  const [step, setStep] = useState(1)
  const { user } = useAuth()
  const form = useForm<CustomerInfoInput>({
    resolver: zodResolver(CustomerInfoSchema),
    defaultValues: {
      email: user?.email ?? '',
      firstName: '',
      lastName: '',
      address: '',
      city: '',
      state: '',
      zipCode: '',
      country: 'US',
    },
  })
  const checkout = useCreateCheckout()
  const [method, setMethod] = useState<PaymentMethod | null>(null)
  // The discount code and gift card applied at step 1 (issue 33): sent with the order.
  const [codes, setCodes] = useState<AppliedCodes>({})
  const [quote, setQuote] = useState<CheckoutQuote | null>(null)
  // What the buyer pays by card: the server's quote once a code is applied (never computed here).
  const due = quote ? quote.amountDueCents : product.price
  const processing = checkout.isPending || (checkout.isSuccess && method !== null)
  // Open from the first render, the modal must wait for the remote's portal host to exist,
  // or it would portal to <body> and lose the remote's scoped styles (decision 002).
  const portalHost = usePortalContainer()

  const toPayment = async () => {
    const values = form.getValues()
    if (REQUIRED.some((name) => !String(values[name] ?? '').trim())) {
      toast.error(CHECKOUT_MESSAGES.missingTitle, { description: CHECKOUT_MESSAGES.missing })
      await form.trigger()
      return
    }
    if (await form.trigger()) setStep(3)
  }

  const pay = (paymentMethod: PaymentMethod) => {
    setMethod(paymentMethod)
    checkout.mutate(
      {
        productSlug: product.slug,
        customerInfo: form.getValues(),
        paymentMethod,
        collectShipping: true,
        ...codes,
      },
      {
        onSuccess: ({ url }) => window.location.assign(url),
        onError: (error) => {
          setMethod(null)
          toast.error('Payment Error', {
            description: apiErrorMessage(error, 'Failed to process payment'),
          })
        },
      },
    )
  }

  if (!portalHost) return null
  return (
    <Dialog open onOpenChange={(open) => !open && !processing && onClose()}>
      <DialogContent showCloseButton={step === 1} className="sm:max-w-xl">
        <DialogHeader>
          <p className="text-muted-foreground text-sm" aria-live="polite">
            Step {step} of 3
          </p>
          <DialogTitle asChild className="font-serif text-2xl">
            <h1>{STEPS[step - 1]}</h1>
          </DialogTitle>
          <DialogDescription className="sr-only">Checkout for {product.name}</DialogDescription>
          <ol aria-label="Checkout steps" className="mt-2 grid grid-cols-3 gap-2">
            {STEPS.map((label, i) => (
              <li
                key={label}
                aria-current={i + 1 === step ? 'step' : undefined}
                className={`h-1.5 rounded-full ${i + 1 <= step ? 'bg-primary' : 'bg-muted'}`}
              >
                <span className="sr-only">{label}</span>
              </li>
            ))}
          </ol>
        </DialogHeader>

        {step === 1 && (
          <>
            <OrderSummary product={product} />
            <CheckoutCodes
              source={{ productSlug: product.slug }}
              applied={codes}
              quote={quote}
              onApplied={(next, answer) => {
                setCodes(next)
                setQuote(answer)
              }}
            />
          </>
        )}
        {step === 2 && <ShippingForm form={form} />}
        {step === 3 && (
          <div className="grid gap-3">
            <OrderSummary product={product} compact />
            {quote && (quote.discount || quote.giftCard) && (
              <p className="font-medium">
                {quote.discount && `${quote.discount.code}: −${formatMoney(quote.discount.amountCents)}. `}
                {quote.giftCard &&
                  `Gift card …${quote.giftCard.last4}: −${formatMoney(quote.giftCard.appliedCents)}. `}
                To pay: {formatMoney(due)}
              </p>
            )}
            <p className="text-muted-foreground text-sm">
              You will finish paying on a secure payment page. See our{' '}
              <Link to="/returns" className="text-primary underline underline-offset-4">
                returns
              </Link>{' '}
              and{' '}
              <Link to="/shipping" className="text-primary underline underline-offset-4">
                shipping
              </Link>{' '}
              policies.
            </p>
            <Button size="lg" variant="outline" disabled={processing} onClick={() => pay('apple_pay')}>
              <SmartphoneIcon aria-hidden="true" /> Apple Pay
            </Button>
            <Button size="lg" variant="outline" disabled={processing} onClick={() => pay('google_pay')}>
              <WalletIcon aria-hidden="true" /> Google Pay
            </Button>
            <Button
              size="lg"
              disabled={processing}
              aria-busy={processing || undefined}
              onClick={() => pay('card')}
            >
              {processing ? (
                <Spinner size="sm" label="" className="text-current" />
              ) : (
                <CreditCardIcon aria-hidden="true" />
              )}
              {processing
                ? 'Processing...'
                : due === 0
                  ? 'Place order (paid by gift card)'
                  : `Pay ${formatMoney(due)} with Card`}
            </Button>
          </div>
        )}

        <DialogFooter className="gap-2 sm:justify-between">
          {step === 1 ? (
            <Button variant="outline" onClick={onClose}>
              Cancel
            </Button>
          ) : (
            <Button
              variant="outline"
              disabled={processing}
              onClick={() => setStep((s) => Math.max(1, s - 1))}
            >
              Back
            </Button>
          )}
          {step === 1 && <Button onClick={() => setStep(2)}>Continue</Button>}
          {step === 2 && <Button onClick={toPayment}>Continue</Button>}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}

function OrderSummary({ product, compact = false }: { product: ProductView; compact?: boolean }) {
  return (
    <div className="rounded-lg border border-border bg-card p-4">
      {!compact && (
        <>
          <h3 className="font-serif text-xl">{product.name}</h3>
          <p className="mt-1 line-clamp-3 text-muted-foreground">{product.description}</p>
        </>
      )}
      <dl className="mt-3 grid grid-cols-[1fr_auto] gap-y-1">
        <dt>Subtotal</dt>
        <dd className="text-right">{formatMoney(product.price)}</dd>
        <dt>Shipping</dt>
        <dd className="text-right font-medium text-primary">FREE</dd>
        <dt className="font-semibold">Total</dt>
        <dd className="text-right font-semibold">{formatMoney(product.price)}</dd>
      </dl>
    </div>
  )
}

const selectClass =
  'flex h-10 w-full rounded-md border border-input bg-card px-3 text-base text-foreground shadow-xs focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-ring focus-visible:outline-offset-1 aria-invalid:border-destructive md:text-sm'

function ShippingForm({ form }: { form: ReturnType<typeof useForm<CustomerInfoInput>> }) {
  const { register, watch, formState } = form
  const errors = formState.errors
  const country = (watch('country') ?? 'US') as CountryCode
  return (
    <Form className="grid gap-4 sm:grid-cols-2" onSubmit={(e) => e.preventDefault()} noValidate>
      <Field label="Email" error={errors.email?.message} className="sm:col-span-2">
        {(control) => <Input type="email" autoComplete="email" {...control} {...register('email')} />}
      </Field>
      <Field label="First name" error={errors.firstName?.message}>
        {(control) => <Input autoComplete="given-name" {...control} {...register('firstName')} />}
      </Field>
      <Field label="Last name" error={errors.lastName?.message}>
        {(control) => <Input autoComplete="family-name" {...control} {...register('lastName')} />}
      </Field>
      <Field label="Address" error={errors.address?.message} className="sm:col-span-2">
        {(control) => <Input autoComplete="street-address" {...control} {...register('address')} />}
      </Field>
      <Field label="City" error={errors.city?.message}>
        {(control) => <Input autoComplete="address-level2" {...control} {...register('city')} />}
      </Field>
      <Field label="Country" error={errors.country?.message}>
        {(control) => (
          <select className={selectClass} autoComplete="country" {...control} {...register('country')}>
            {COUNTRIES.map(([code, name]) => (
              <option key={code} value={code}>
                {name}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={country === 'CA' ? 'Province' : 'State'} error={errors.state?.message}>
        {(control) => (
          <select className={selectClass} autoComplete="address-level1" {...control} {...register('state')}>
            <option value="">Choose…</option>
            {regionsOf(country).map(([code, name]) => (
              <option key={code} value={code}>
                {name}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={country === 'CA' ? 'Postal code' : 'ZIP code'} error={errors.zipCode?.message}>
        {(control) => <Input autoComplete="postal-code" {...control} {...register('zipCode')} />}
      </Field>
    </Form>
  )
}
