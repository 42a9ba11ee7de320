import { zodResolver } from '@hookform/resolvers/zod'
import { ApiError, apiErrorMessage } from '@lamplight/contracts'
import { PageMeta, useAuth } from '@lamplight/session'
import { Button, Field, Form, FormOutcome, Input, type Outcome, SubmitButton, toast } from '@lamplight/ui'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { z } from 'zod'
import { AuthCard } from './auth-card'
import { safeRedirect } from './safe-redirect'

const ConfirmSchema = z.object({ password: z.string().min(1, 'Enter your password') })

/** The address the link was made for, to show it: read from the token, trusted by nobody. */
function addressOf(token: string | null): string | null {
  try {
    const part = token?.split('.')[1]
    if (!part) return null
    const payload = JSON.parse(atob(part.replace(/-/g, '+').replace(/_/g, '/'))) as { email?: unknown }
    return typeof payload.email === 'string' ? payload.email : null
  } catch {
    return null
  }
}

/**
 * /auth/verify-email?token=…: where the mailed confirmation link lands. The link alone never
 * signs anyone in (decision 038): the address is confirmed together with the password chosen
 * at sign-up, or at once in a browser already signed in to that account. Whoever did not choose
 * a password here (someone else signed up with their address) is pointed to a password reset,
 * which mails them and ends the other person's password.
 */
export function VerifyEmailPage() {
  const [params] = useSearchParams()
  const token = params.get('token')
  const next = safeRedirect(params.get('callbackURL') ?? '/account')
  const navigate = useNavigate()
  const { user, confirmEmail, sendConfirmation } = useAuth()
  const email = addressOf(token)
  const signedInHere = !!user && !!email && user.email === email
  const [linkFailed, setLinkFailed] = useState<{ expired: boolean; message: string } | null>(null)
  const [outcome, setOutcome] = useState<Outcome>(null)
  const form = useForm<z.infer<typeof ConfirmSchema>>({
    resolver: zodResolver(signedInHere ? z.object({ password: z.string() }) : ConfirmSchema),
    defaultValues: { password: '' },
  })
  const { errors, isSubmitting } = form.formState

  const submit = form.handleSubmit(async ({ password }) => {
    try {
      const { alreadyConfirmed } = await confirmEmail({ token: token ?? '', password: password || undefined })
      toast.success(
        alreadyConfirmed ? 'Your email was already confirmed.' : 'Your email is confirmed. Welcome!',
      )
      navigate(alreadyConfirmed && !user ? '/auth' : next, { replace: true })
    } catch (error) {
      const field = error instanceof ApiError ? error.issues?.find((i) => i.path === 'password') : undefined
      if (field) {
        form.setError('password', { message: field.message }, { shouldFocus: true })
        return
      }
      if (error instanceof ApiError && (error.code === 'invalid_token' || error.code === 'token_expired')) {
        setLinkFailed({
          expired: error.code === 'token_expired',
          message: apiErrorMessage(error, 'This confirmation link is not valid.'),
        })
        return
      }
      toast.error(apiErrorMessage(error, 'Something went wrong. Please try again.'))
    }
  })

  const resend = async () => {
    if (!email) return
    try {
      await sendConfirmation(email, next)
      setOutcome({ kind: 'sent', text: `We sent a new link to ${email}.` })
    } catch (error) {
      setOutcome({
        kind: 'failed',
        text: apiErrorMessage(error, 'We could not send a new link. Please try again.'),
      })
    }
  }

  return (
    <>
      <PageMeta title="Confirm your email" />
      <AuthCard
        title="Confirm your email"
        description={
          token &&
          !linkFailed &&
          email &&
          (signedInHere ? (
            <>
              Confirm <strong className="break-all text-foreground">{email}</strong> for your account.
            </>
          ) : (
            <>
              To confirm <strong className="break-all text-foreground">{email}</strong>, enter the password
              you chose when you created the account.
            </>
          ))
        }
      >
        {!token || !email || linkFailed ? (
          <div className="grid gap-4 text-center">
            <p role="alert">
              {linkFailed?.message ??
                'This confirmation link is not complete. Please use the link from the mail.'}
            </p>
            {linkFailed?.expired && email && (
              <Button type="button" onClick={resend}>
                Send me a new link
              </Button>
            )}
            <FormOutcome outcome={outcome} />
            <Button asChild variant={linkFailed?.expired ? 'outline' : 'default'}>
              <Link to="/auth">Back to Sign In</Link>
            </Button>
          </div>
        ) : (
          <Form onSubmit={submit} className="grid gap-4">
            {!signedInHere && (
              <Field id="confirm-password" label="Password" error={errors.password?.message}>
                {(control) => (
                  <Input
                    {...control}
                    type="password"
                    autoComplete="current-password"
                    autoFocus
                    {...form.register('password')}
                  />
                )}
              </Field>
            )}
            <SubmitButton className="w-full" busy={isSubmitting} busyLabel="Confirming…">
              {signedInHere ? 'Confirm my email' : 'Confirm and sign in'}
            </SubmitButton>
            {!signedInHere && (
              <p className="text-muted-foreground text-sm">
                Did not create an account, or forgot the password?{' '}
                <Link to="/auth?tab=forgot" className="text-primary underline underline-offset-4">
                  Choose a new password
                </Link>{' '}
                by a link mailed to you: it ends any password chosen before.
              </p>
            )}
          </Form>
        )}
      </AuthCard>
    </>
  )
}
