import { zodResolver } from '@hookform/resolvers/zod'
import { apiErrorMessage } from '@lamplight/contracts'
import { PageMeta, useAuth } from '@lamplight/session'
import { Button, Field, Form, Input, SubmitButton, toast } from '@lamplight/ui'
import { useForm } from 'react-hook-form'
import { Link, useNavigate, useSearchParams } from 'react-router'
import type { z } from 'zod'
import { AuthCard } from './auth-card'
import { ResetPasswordSchema } from './schemas'

/** /auth/reset-password?token=…: where the emailed reset link lands. */
export function ResetPasswordPage() {
  const [params] = useSearchParams()
  const token = params.get('token')
  // Asked for from the account page to add guest orders: the same reset, in its words.
  const forGuestOrders = params.get('purpose') === 'guest-orders'
  const navigate = useNavigate()
  const { resetPassword } = useAuth()
  const form = useForm<z.infer<typeof ResetPasswordSchema>>({
    resolver: zodResolver(ResetPasswordSchema),
    defaultValues: { password: '', confirm: '' },
  })
  const { errors, isSubmitting } = form.formState

  const submit = form.handleSubmit(async ({ password }) => {
    try {
      await resetPassword({ token: token ?? '', newPassword: password })
      toast.success(
        forGuestOrders
          ? 'Your password is set. Sign in to see your guest orders in your account.'
          : 'Your password has been changed. Please sign in.',
      )
      navigate('/auth', { replace: true })
    } catch (error) {
      toast.error(
        apiErrorMessage(error, 'This link has expired or was already used. Please ask for a new one.'),
      )
    }
  })

  return (
    <>
      <PageMeta title={forGuestOrders ? 'Choose your password' : 'Choose a new password'} />
      <AuthCard
        title={forGuestOrders ? 'Choose your password' : 'Choose a new password'}
        description={
          token &&
          (forGuestOrders
            ? 'Then sign in: the orders placed as a guest with your address join your account.'
            : 'Pick something you have not used here before.')
        }
      >
        {!token || params.get('error') ? (
          <div className="grid gap-4 text-center">
            <p role="alert">This reset link is not valid any more. Links work once, for one hour.</p>
            <Button asChild>
              <Link to="/auth">Back to Sign In</Link>
            </Button>
          </div>
        ) : (
          <Form onSubmit={submit} className="grid gap-4">
            <Field
              id="new-password"
              label="New password"
              hint="At least 8 characters"
              error={errors.password?.message}
            >
              {(control) => (
                <Input
                  {...control}
                  type="password"
                  autoComplete="new-password"
                  {...form.register('password')}
                />
              )}
            </Field>
            <Field id="confirm-password" label="Repeat the new password" error={errors.confirm?.message}>
              {(control) => (
                <Input
                  {...control}
                  type="password"
                  autoComplete="new-password"
                  {...form.register('confirm')}
                />
              )}
            </Field>
            <SubmitButton className="w-full" busy={isSubmitting} busyLabel="Saving…">
              Save new password
            </SubmitButton>
          </Form>
        )}
      </AuthCard>
    </>
  )
}
