import { ApiError } from '@lamplight/contracts'
import { useAuth } from '@lamplight/session'
import { Button, Card, CardContent, FormOutcome, type Outcome } from '@lamplight/ui'
import { MailIcon } from '@lamplight/ui/icons'
import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'

/**
 * An account whose address is not confirmed yet: orders placed as a guest with that address
 * become the account's only once it is (a stranger could sign up with a buyer's address), so
 * say so, and send a new link on request. The notice reads the same whether or not such
 * orders exist: it must not tell an unconfirmed account what its address bought.
 */
export function ConfirmEmailNotice({ email }: { email: string }) {
  const { sendVerificationEmail } = useAuth()
  const [outcome, setOutcome] = useState<Outcome>(null)
  const send = useMutation({
    mutationFn: sendVerificationEmail,
    onSuccess: () =>
      setOutcome({
        kind: 'sent',
        text: `We sent a new link to ${email}. Open it on this device to confirm your address.`,
      }),
    onError: (error) =>
      setOutcome({
        kind: 'failed',
        text:
          error instanceof ApiError && error.status !== 500
            ? error.message
            : 'We could not send the link. Please try again in a moment.',
      }),
  })
  return (
    <Card className="mt-6 border-gold/70 bg-accent" aria-labelledby="confirm-email-heading">
      <CardContent className="grid gap-3">
        <h2 id="confirm-email-heading" className="flex items-center gap-2 font-serif text-xl">
          <MailIcon aria-hidden="true" className="size-5 shrink-0 text-primary" />
          Confirm your email address
        </h2>
        <p>
          Bought a box as a guest with {email}? It appears here, ready to play, once you confirm this address
          with the link we emailed you.
        </p>
        <div>
          <Button variant="outline" disabled={send.isPending} onClick={() => send.mutate()}>
            {send.isPending ? 'Sending…' : 'Send a new link'}
          </Button>
        </div>
        <FormOutcome outcome={outcome} />
      </CardContent>
    </Card>
  )
}
