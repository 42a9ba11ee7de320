import { zodResolver } from '@hookform/resolvers/zod'
import {
  type Cart,
  CHECKOUT_MESSAGES,
  type CheckoutQuote,
  type CountryCode,
  type CustomerInfoInput,
  CustomerInfoSchema,
  type DeliveryAddressInput,
  formatMoney,
  type PaymentMethod,
  type ProductView,
  type SavedAddress,
} from '@lamplight/contracts'
import { ApiError, apiErrorMessage, PageMeta, useAuth } from '@lamplight/session'
import {
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  ErrorState,
  Field,
  Form,
  Input,
  LoadingState,
  PageContainer,
  Skeleton,
  Spinner,
  toast,
  usePortalContainer,
} from '@lamplight/ui'
import { CreditCardIcon, SmartphoneIcon, WalletIcon } from '@lamplight/ui/icons'
import { type UseQueryOptions, useQuery } from '@tanstack/react-query'
import { type ReactNode, useEffect, useRef, useState } from 'react'
import { type UseFormRegister, useForm } from 'react-hook-form'
import { Link, useNavigate, useParams, useSearchParams } from 'react-router'
import { cartQueries, type Destination } from '../../api/cart'
import { shopQueries, useCreateCheckout, useProduct } from '../../api/shop'
import { AddressFields } from '../../components/address-fields'
import { CartLines } from '../../components/cart/cart-lines'
import { OrderTotals } from '../../components/cart/order-totals'
import { useDestination } from '../../components/cart/shipping-estimate'
import { useBrowserRender } from '../../components/cart/use-browser-render'
import { type AppliedCodes, CheckoutCodes } from './checkout-codes'
import {
  CART_CHECKOUT_SLUG,
  DECLINED_MESSAGE,
  readCheckoutReturn,
  rememberCheckoutReturn,
} from './checkout-return'

const STEPS = ['Review Order', 'Shipping Info', 'Payment'] as const
/** The wallets offered beside the card (each through the provider's page). */
const WALLETS = [
  { method: 'apple_pay', Icon: SmartphoneIcon, label: 'Apple Pay' },
  { method: 'google_pay', Icon: WalletIcon, label: 'Google Pay' },
] as const satisfies readonly { method: PaymentMethod; Icon: unknown; label: string }[]
const REQUIRED = ['email', 'firstName', 'lastName', 'address', 'city', 'state', 'zipCode'] as const

/**
 * /checkout/{productSlug}: the spec's three-step modal for one box (a cart of one), then the
 * payment page; /checkout/cart: the same for the whole cart (decision 056). Every price and
 * total it shows is the server's (the cart's read, or the one box's quote).
 */
export function CheckoutPage() {
  const { productSlug } = useParams()
  return <ProductCheckoutPage productSlug={productSlug} />
}

function ProductCheckoutPage({ productSlug }: { productSlug: string | undefined }) {
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
  return (
    <CheckoutScreen
      meta={meta}
      ready={!!product.data}
      product={product.data}
      onClose={() => navigate('/shop')}
    />
  )
}

/** /checkout/cart: the cart's lines; an empty cart goes back to /cart, which says so. */
export function CartCheckoutPage() {
  const navigate = useNavigate()
  const cart = useQuery(cartQueries.detail())
  const browser = useBrowserRender()
  const empty = cart.data && cart.data.lines.length === 0
  useEffect(() => {
    if (empty) {
      toast.error('Your cart is empty', { description: 'Add a box to your cart to check out.' })
      navigate('/cart', { replace: true })
    }
  }, [empty, navigate])
  const meta = (
    <PageMeta
      title="Checkout"
      description="Order the boxes in your cart: review them, add your shipping details and pay securely."
      path="/checkout/cart"
    />
  )
  if (cart.isError)
    return (
      <PageContainer className="max-w-xl">
        {meta}
        <ErrorState
          title="We could not load your cart"
          onRetry={() => cart.refetch()}
          retrying={cart.isFetching}
        />
      </PageContainer>
    )
  return (
    <CheckoutScreen meta={meta} ready={!!cart.data && !empty && browser} onClose={() => navigate('/cart')} />
  )
}

/** A checkout page: loading until what it sells is known, then its modal over the page's name. */
function CheckoutScreen({
  meta,
  ready,
  product,
  onClose,
}: {
  meta: ReactNode
  ready: boolean
  product?: ProductView
  onClose: () => void
}) {
  if (!ready)
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
      <CheckoutDialog product={product} onClose={onClose} />
    </PageContainer>
  )
}

/**
 * The three steps. `product`: one box (a cart of one); without it, the cart. The summary at
 * each step is read from the server for the country (and at Payment the postal code) entered,
 * so Review Order shows the shipping the buyer will pay, and a price changed meanwhile shows
 * its new total before Pay.
 */
function CheckoutDialog({ product, onClose }: { product?: ProductView; onClose: () => void }) {
  const [params, setParams] = useSearchParams()
  const returned = params.get('payment')
  const path = product ? `/checkout/${product.slug}` : `/checkout/${CART_CHECKOUT_SLUG}`
  const [step, setStep] = useState(1)
  // Each step starts at its top: on a phone, Continue sits at the bottom of a scrolled form,
  // and the next step opened there, its title and the step count out of sight.
  const content = useRef<HTMLDivElement>(null)
  const shownStep = useRef(step)
  useEffect(() => {
    if (shownStep.current === step) return
    shownStep.current = step
    if (content.current) content.current.scrollTop = 0
  }, [step])
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
  // The country of the cart's shipping estimate, if the buyer chose one: Review Order prices
  // the shipping they already saw (they can change it at Shipping Info).
  const [estimated] = useDestination()
  useEffect(() => {
    if (estimated.country && !form.formState.dirtyFields.country) form.setValue('country', estimated.country)
  }, [estimated.country, form])
  // Back from a declined or cancelled payment: the address as it was, at the Payment step,
  // with one message (issue 32: a way back). Read once, in an effect (sessionStorage).
  const [comeBack, setComeBack] = useState<'declined' | 'cancelled' | null>(null)
  useEffect(() => {
    if (returned !== 'declined' && returned !== 'cancelled') return
    const saved = readCheckoutReturn()
    if (saved?.path === path && saved.customerInfo) {
      form.reset(saved.customerInfo)
      setStep(3)
    }
    setComeBack(returned)
    // The message belongs to this return, not to a reload of the address later.
    setParams(
      (p) => {
        p.delete('payment')
        return p
      },
      { replace: true },
    )
  }, [returned, path, form, setParams])

  const country = (form.watch('country') ?? 'US') as CountryCode
  const zipCode = form.watch('zipCode')
  // Review Order: the country's rate; Payment: the full destination as entered (normalised by the server).
  const destination: Destination = step === 3 ? { country, zipCode: zipCode || undefined } : { country }
  // One box's quote or the cart's read: the same shape (the cart's), each with its own key.
  const summaryOptions = (
    product ? shopQueries.quote(product.slug, destination) : cartQueries.detail(destination)
  ) as UseQueryOptions<Cart, unknown, Cart, readonly unknown[]>
  const summary = useQuery(summaryOptions)
  // What the buyer saw at Review Order: a subtotal changed by Payment is said, not slipped in.
  const reviewed = useRef<number | null>(null)
  useEffect(() => {
    if (step === 1 && summary.data) reviewed.current = summary.data.subtotalCents
  }, [step, summary.data])
  const priceChanged =
    step === 3 && summary.data && reviewed.current !== null && reviewed.current !== summary.data.subtotalCents

  const checkout = useCreateCheckout()
  const [method, setMethod] = useState<PaymentMethod | null>(null)
  // The discount code and gift card applied at step 1 (issue 33): sent with the order.
  const [codes, setCodes] = useState<AppliedCodes>({})
  const [quote, setQuote] = useState<CheckoutQuote | null>(null)
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
    setComeBack(null)
    const customerInfo = form.getValues()
    checkout.mutate(
      {
        ...(product ? { productSlug: product.slug } : { fromCart: true as const }),
        customerInfo,
        paymentMethod,
        collectShipping: true,
        ...codes,
      },
      {
        onSuccess: ({ url }) => {
          // The way back from the payment page: this checkout and its address (sessionStorage).
          rememberCheckoutReturn({ path, customerInfo })
          window.location.assign(url)
        },
        onError: (error) => {
          setMethod(null)
          // A price or stock changed since the summary: show the server's new word on it.
          void summary.refetch()
          toast.error('Payment Error', {
            description: apiErrorMessage(error, 'Failed to process payment'),
          })
        },
      },
    )
  }

  if (!portalHost) return null
  const total = summary.data?.totalCents
  // What the buyer pays by card: the server's quote once a code is applied, else the server's
  // total (never computed here).
  const due = quote ? quote.amountDueCents : total
  return (
    <Dialog open onOpenChange={(open) => !open && !processing && onClose()}>
      <DialogContent
        ref={content}
        showCloseButton={step === 1}
        className="max-h-[92dvh] overflow-y-auto sm:max-w-xl"
        // Focus on the dialog itself, not its first field: the discount code's box would pop
        // up a phone's keyboard over the order before the buyer has read it.
        onOpenAutoFocus={(event) => {
          event.preventDefault()
          content.current?.focus()
        }}
      >
        <DialogHeader>
          <p className="text-muted-foreground text-sm" aria-live="polite">
            Step {step} of 3
          </p>
          <DialogTitle asChild className="font-serif text-2xl">
            <h1>{STEPS[step - 1]}</h1>
          </DialogTitle>
          <DialogDescription className="sr-only">
            {product ? `Checkout for ${product.name}` : 'Checkout for your cart'}
          </DialogDescription>
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

        {comeBack && (
          <p
            role="alert"
            className="rounded-md border border-destructive/40 bg-destructive/10 p-3 font-medium text-foreground"
          >
            {comeBack === 'declined'
              ? DECLINED_MESSAGE
              : 'Your payment was cancelled. You have not been charged. Try again or use another card.'}
          </p>
        )}
        {step === 1 && (
          <>
            <OrderSummary product={product} summary={summary} />
            <CheckoutCodes
              source={{ ...(product ? { productSlug: product.slug } : { fromCart: true }), country }}
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
            {priceChanged && (
              <p role="alert" className="rounded-md border border-gold bg-parchment p-3 font-medium">
                A price changed since you reviewed your order. Your new total is {formatMoney(total ?? 0)}.
              </p>
            )}
            <OrderSummary product={product} summary={summary} compact />
            {quote && (quote.discount || quote.giftCard) && (
              <p className="font-medium">
                {quote.discount && `${quote.discount.code}: −${formatMoney(quote.discount.amountCents)}. `}
                {quote.giftCard &&
                  `Gift card …${quote.giftCard.last4}: −${formatMoney(quote.giftCard.appliedCents)}. `}
                To pay: {formatMoney(due ?? 0)}
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
            {WALLETS.map(({ method, Icon, label }) => (
              <Button
                key={method}
                size="lg"
                variant="outline"
                disabled={processing || !summary.data}
                onClick={() => pay(method)}
              >
                <Icon aria-hidden="true" /> {label}
              </Button>
            ))}
            <Button
              size="lg"
              disabled={processing || !summary.data}
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
                  : due === undefined
                    ? 'Pay with Card'
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

/**
 * What is ordered and what it costs, from the server: one box's name and description (the
 * spec's Review Order) or the cart's lines, then subtotal, discount, shipping, tax and total.
 */
function OrderSummary({
  product,
  summary,
  compact = false,
}: {
  product?: ProductView
  summary: { data?: Cart; isError: boolean; error: unknown; refetch: () => unknown }
  compact?: boolean
}) {
  return (
    <div className="rounded-lg border border-border bg-card p-4">
      {!compact && product && (
        <>
          <h3 className="font-serif text-xl">{product.name}</h3>
          <p className="mt-1 line-clamp-3 text-muted-foreground">{product.description}</p>
        </>
      )}
      {summary.data && (!product || summary.data.lines.some((l) => l.quantity > 1)) && (
        <CartLines lines={summary.data.lines} />
      )}
      {summary.data ? (
        <OrderTotals totals={summary.data} className="mt-3" noDestination="Calculated from your address" />
      ) : summary.isError ? (
        <ErrorState
          size="section"
          className="mt-3"
          title={apiErrorMessage(summary.error, 'We could not price your order just now. Please try again.')}
          onRetry={() => summary.refetch()}
        />
      ) : (
        <div className="mt-3 grid gap-2" aria-busy="true">
          <span className="sr-only" role="status">
            Pricing your order…
          </span>
          <Skeleton className="h-5 w-full" />
          <Skeleton className="h-5 w-full" />
          <Skeleton className="h-5 w-2/3" />
        </div>
      )}
    </div>
  )
}

function ShippingForm({ form }: { form: ReturnType<typeof useForm<CustomerInfoInput>> }) {
  const { register, watch, formState } = form
  const errors = formState.errors
  const country = (watch('country') ?? 'US') as CountryCode
  return (
    <Form className="grid gap-4 sm:grid-cols-2" onSubmit={(e) => e.preventDefault()} noValidate>
      <SavedAddressOffer
        onUse={(saved) => {
          for (const [name, value] of Object.entries(saved))
            form.setValue(name as keyof SavedAddress, value, { shouldValidate: true })
        }}
      />
      <Field label="Email" error={errors.email?.message} className="sm:col-span-2">
        {(control) => <Input type="email" autoComplete="email" {...control} {...register('email')} />}
      </Field>
      <AddressFields
        register={register as unknown as UseFormRegister<DeliveryAddressInput>}
        errors={errors}
        country={country}
      />
    </Form>
  )
}

/**
 * A signed-in buyer's last shipping address (their last paid order's), offered with one
 * button rather than filled in: they may be sending this one elsewhere.
 */
function SavedAddressOffer({ onUse }: { onUse: (address: SavedAddress) => void }) {
  const { user } = useAuth()
  const saved = useQuery({ ...shopQueries.savedAddress(user?.id ?? ''), enabled: !!user })
  const [used, setUsed] = useState(false)
  const address = saved.data
  if (!address) return null
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-border bg-parchment p-3 sm:col-span-2">
      <p className="text-sm">
        <span className="font-medium">Your saved address:</span> {address.firstName} {address.lastName},{' '}
        {address.address}, {address.city}, {address.state} {address.zipCode}
      </p>
      <Button
        type="button"
        size="sm"
        variant="outline"
        disabled={used}
        onClick={() => {
          onUse(address)
          setUsed(true)
        }}
      >
        {used ? 'Saved address used' : 'Use this address'}
      </Button>
    </div>
  )
}
