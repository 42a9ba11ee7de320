import { ORDER_LOOKUP_ANSWER } from '@lamplight/contracts'
import { ApiError, apiErrorMessage, PageMeta } from '@lamplight/session'
import { Button, Card, CardContent, Form, Input, Label, PageContainer, Spinner } from '@lamplight/ui'
import { MailIcon } from '@lamplight/ui/icons'
import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import { Link } from 'react-router'
import { lookupOrder } from '../../api/order-status'

/**
 * /orders/lookup: a guest's way to their order without an account. The answer is the same
 * whether or not the order exists (the API's, shown as it is): only the order's own mailbox
 * gets the link.
 */
export function OrderLookupPage() {
  const [email, setEmail] = useState('')
  const [number, setNumber] = useState('')
  const [errors, setErrors] = useState<{ email?: string; order_number?: string }>({})
  const lookup = useMutation({ mutationFn: lookupOrder })
  const fieldErrors = (error: unknown) => {
    if (!(error instanceof ApiError)) return {}
    const found: typeof errors = {}
    for (const issue of error.issues) {
      const path = String(issue.path ?? '')
      if (path === 'email' || path === 'order_number') found[path] ??= issue.message
    }
    return found
  }

  function submit(event: React.FormEvent) {
    event.preventDefault()
    const found: typeof errors = {}
    if (!/^\S+@\S+\.\S+$/.test(email.trim())) found.email = 'Enter the email you ordered with.'
    if (!number.trim()) found.order_number = 'Enter the order number from your confirmation.'
    setErrors(found)
    if (found.email || found.order_number) return
    lookup.mutate({ email, order_number: number }, { onError: (error) => setErrors(fieldErrors(error)) })
  }

  const failed = lookup.isError && !errors.email && !errors.order_number
  return (
    <>
      <PageMeta
        title="Find your order"
        description="See the status and tracking of a Lamplight Puzzle Co. order without an account: we email you a link."
        path="/orders/lookup"
      />
      <PageContainer className="max-w-xl">
        <h1 className="mb-2 font-serif text-3xl text-foreground">Find your order</h1>
        <p className="mb-6 text-muted-foreground">
          Ordered without an account? Give us the email you used and the order number from your confirmation
          (8 letters and digits). We email you a link to its status and tracking.
        </p>
        <Card>
          <CardContent className="pt-6">
            {lookup.isSuccess ? (
              <div role="status" className="flex gap-3">
                <MailIcon aria-hidden className="mt-1 size-5 shrink-0 text-primary" />
                <div>
                  <p>{lookup.data.message ?? ORDER_LOOKUP_ANSWER}</p>
                  <Button variant="link" className="mt-2 h-auto p-0" onClick={() => lookup.reset()}>
                    Look up another order
                  </Button>
                </div>
              </div>
            ) : (
              <Form onSubmit={submit} noValidate className="grid gap-4">
                <div className="grid gap-1.5">
                  <Label htmlFor="lookup-email">Email</Label>
                  <Input
                    id="lookup-email"
                    type="email"
                    autoComplete="email"
                    value={email}
                    onChange={(event) => setEmail(event.target.value)}
                    aria-invalid={errors.email ? true : undefined}
                    aria-describedby={errors.email ? 'lookup-email-error' : undefined}
                  />
                  {errors.email && (
                    <p id="lookup-email-error" className="text-destructive text-sm">
                      {errors.email}
                    </p>
                  )}
                </div>
                <div className="grid gap-1.5">
                  <Label htmlFor="lookup-number">Order number</Label>
                  <Input
                    id="lookup-number"
                    autoComplete="off"
                    autoCapitalize="characters"
                    spellCheck={false}
                    placeholder="e.g. 4D1MUMYM"
                    value={number}
                    onChange={(event) => setNumber(event.target.value)}
                    aria-invalid={errors.order_number ? true : undefined}
                    aria-describedby={errors.order_number ? 'lookup-number-error' : undefined}
                  />
                  {errors.order_number && (
                    <p id="lookup-number-error" className="text-destructive text-sm">
                      {errors.order_number}
                    </p>
                  )}
                </div>
                {failed && (
                  <p role="alert" className="text-destructive text-sm">
                    {apiErrorMessage(lookup.error, 'We could not look it up just now. Please try again.')}
                  </p>
                )}
                <Button type="submit" disabled={lookup.isPending} className="justify-self-start">
                  {lookup.isPending && <Spinner size="sm" label="Sending" />}
                  Email me a link
                </Button>
              </Form>
            )}
          </CardContent>
        </Card>
        <p className="mt-6 text-muted-foreground text-sm">
          Have an account? Your orders are in{' '}
          <Link to="/account" className="text-primary underline">
            your account
          </Link>
          .
        </p>
      </PageContainer>
    </>
  )
}
