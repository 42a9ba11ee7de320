import { apiErrorMessage, useAuth } from '@lamplight/session'
import { Button, FormOutcome, type Outcome } from '@lamplight/ui'
import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'

/**
 * Orders placed as a guest with the account's address join the account when its owner sets
 * the password by a link mailed to that address: the one step that proves both the address
 * and the password (anyone can sign up first with a buyer's address and choose the password;
 * decision 032). Offered to every account alike: it must not tell an account what its
 * address bought.
 */
export function GuestOrders({ email }: { email: string }) {
  const { requestPasswordReset } = useAuth()
  const [outcome, setOutcome] = useState<Outcome>(null)
  const send = useMutation({
    mutationFn: () => requestPasswordReset(email, 'guest-orders'),
    onSuccess: () =>
      setOutcome({
        kind: 'sent',
        text: `We sent a link to ${email}. Choose your password there, then sign in: orders placed as a guest with this address will be here.`,
      }),
    onError: (error) =>
      setOutcome({
        kind: 'failed',
        text: apiErrorMessage(error, 'We could not send the link. Please try again in a moment.'),
      }),
  })
  return (
    <div className="mt-4 grid justify-items-start gap-3">
      <p className="text-muted-foreground">
        Bought a box as a guest with {email}? We mail you a link to choose your password, and those orders
        join your account.
      </p>
      <Button
        variant="outline"
        className="pointer-coarse:h-11"
        disabled={send.isPending}
        onClick={() => send.mutate()}
      >
        {send.isPending ? 'Sending…' : 'Add my guest orders'}
      </Button>
      <FormOutcome outcome={outcome} />
    </div>
  )
}
