import { zodResolver } from '@hookform/resolvers/zod'
import { PasswordSchema } from '@lamplight/contracts'
import { ApiError, apiErrorMessage, useAuth } from '@lamplight/session'
import {
  Badge,
  Button,
  Card,
  CardContent,
  Field,
  Form,
  FormOutcome,
  Input,
  type Outcome,
  SubmitButton,
} from '@lamplight/ui'
import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { useNavigate } from 'react-router'
import { z } from 'zod'

const ChangePasswordSchema = z
  .object({
    currentPassword: z.string().min(1, 'Enter your current password'),
    newPassword: z.string().min(1, 'Choose a new password').pipe(PasswordSchema),
    confirm: z.string(),
  })
  .refine((v) => v.newPassword === v.confirm, {
    path: ['confirm'],
    message: 'The two passwords do not match',
  })

/** /account's "Sign-in and security": the address's state, a new password, sign out everywhere. */
export function SignInAndSecurity() {
  const { user } = useAuth()
  if (!user) return null
  return (
    <section aria-labelledby="security-heading" className="mt-10">
      <h2 id="security-heading" className="font-serif text-2xl">
        Sign-in and security
      </h2>
      <Card className="mt-4">
        <CardContent className="grid gap-8">
          <EmailState email={user.email} confirmed={user.emailVerified} />
          <ChangePassword />
          <SignOutEverywhere />
        </CardContent>
      </Card>
    </section>
  )
}

function EmailState({ email, confirmed }: { email: string; confirmed: boolean }) {
  const { sendConfirmation } = useAuth()
  const [outcome, setOutcome] = useState<Outcome>(null)
  const send = useMutation({
    mutationFn: () => sendConfirmation(email, '/account'),
    onSuccess: () =>
      setOutcome({ kind: 'sent', text: `We sent a link to ${email}. Open it in this browser to confirm.` }),
    onError: (error) =>
      setOutcome({
        kind: 'failed',
        text: apiErrorMessage(error, 'We could not send the link. Please try again.'),
      }),
  })
  return (
    <div className="grid gap-2">
      <h3 className="font-semibold">Email</h3>
      <p className="flex flex-wrap items-center gap-2">
        <span className="break-all">{email}</span>
        <Badge variant={confirmed ? 'default' : 'secondary'}>
          {confirmed ? 'Confirmed' : 'Not confirmed yet'}
        </Badge>
      </p>
      {!confirmed && (
        <div>
          <Button variant="outline" disabled={send.isPending} onClick={() => send.mutate()}>
            {send.isPending ? 'Sending…' : 'Send me a confirmation link'}
          </Button>
        </div>
      )}
      <FormOutcome outcome={outcome} />
    </div>
  )
}

function ChangePassword() {
  const { user, changePassword } = useAuth()
  const [outcome, setOutcome] = useState<Outcome>(null)
  const form = useForm<z.infer<typeof ChangePasswordSchema>>({
    resolver: zodResolver(ChangePasswordSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirm: '' },
  })
  const { errors, isSubmitting } = form.formState
  const submit = form.handleSubmit(async ({ currentPassword, newPassword }) => {
    setOutcome(null)
    try {
      await changePassword({ currentPassword, newPassword })
      form.reset()
      setOutcome({
        kind: 'sent',
        text: 'Your password has been changed. Every other browser and device is signed out.',
      })
    } catch (error) {
      if (error instanceof ApiError && error.code === 'invalid_password') {
        form.setError(
          'currentPassword',
          { message: 'That is not your current password.' },
          { shouldFocus: true },
        )
        return
      }
      const issue = error instanceof ApiError ? error.issues.find((i) => i.path === 'newPassword') : undefined
      if (issue) {
        form.setError('newPassword', { message: issue.message }, { shouldFocus: true })
        return
      }
      setOutcome({
        kind: 'failed',
        text: apiErrorMessage(error, 'We could not change your password. Please try again.'),
      })
    }
  })
  return (
    <Form onSubmit={submit} className="grid max-w-md gap-4" aria-labelledby="change-password-heading">
      <h3 id="change-password-heading" className="font-semibold">
        Change password
      </h3>
      {/* For password managers: the account this password belongs to. */}
      <input type="email" name="username" autoComplete="username" value={user?.email ?? ''} hidden readOnly />
      <Field id="current-password" label="Current password" error={errors.currentPassword?.message}>
        {(control) => (
          <Input
            {...control}
            type="password"
            autoComplete="current-password"
            {...form.register('currentPassword')}
          />
        )}
      </Field>
      <Field
        id="new-password"
        label="New password"
        hint="At least 8 characters"
        error={errors.newPassword?.message}
      >
        {(control) => (
          <Input {...control} type="password" autoComplete="new-password" {...form.register('newPassword')} />
        )}
      </Field>
      <Field id="confirm-new-password" label="Repeat the new password" error={errors.confirm?.message}>
        {(control) => (
          <Input {...control} type="password" autoComplete="new-password" {...form.register('confirm')} />
        )}
      </Field>
      <div>
        <SubmitButton busy={isSubmitting} busyLabel="Saving…">
          Change password
        </SubmitButton>
      </div>
      <FormOutcome outcome={outcome} />
    </Form>
  )
}

function SignOutEverywhere() {
  const { signOutEverywhere } = useAuth()
  const navigate = useNavigate()
  const [outcome, setOutcome] = useState<Outcome>(null)
  const out = useMutation({
    mutationFn: signOutEverywhere,
    onSuccess: () => navigate('/auth', { replace: true }),
    onError: (error) =>
      setOutcome({
        kind: 'failed',
        text: apiErrorMessage(error, 'We could not sign you out. Please try again.'),
      }),
  })
  return (
    <div className="grid gap-2">
      <h3 className="font-semibold">Signed in elsewhere?</h3>
      <p className="text-muted-foreground">
        Sign out on every browser and device, this one too. You can sign in again with your password.
      </p>
      <div>
        <Button variant="outline" disabled={out.isPending} onClick={() => out.mutate()}>
          {out.isPending ? 'Signing out…' : 'Sign out everywhere'}
        </Button>
      </div>
      <FormOutcome outcome={outcome} />
    </div>
  )
}
