import { zodResolver } from '@hookform/resolvers/zod'
import { apiErrorMessage } from '@lamplight/contracts'
import { useAuth } from '@lamplight/session'
import { Button, Form, SubmitButton, toast } from '@lamplight/ui'
import { useEffect, useState } from 'react'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { EmailField } from './email-field'
import { ForgotPasswordSchema } from './schemas'

export function ForgotPasswordForm({
  email,
  onEmailChange,
  onBack,
  takeFocus = false,
}: {
  /** The address typed on Sign In or Sign Up, so nobody types it twice. */
  email: string
  onEmailChange: (email: string) => void
  onBack: () => void
  /** Focus the field when the form appears (the person came here with a button). */
  takeFocus?: boolean
}) {
  const { requestPasswordReset } = useAuth()
  const [sentTo, setSentTo] = useState<string | null>(null)
  const form = useForm<z.infer<typeof ForgotPasswordSchema>>({
    resolver: zodResolver(ForgotPasswordSchema),
    defaultValues: { email },
  })
  const { errors, isSubmitting } = form.formState

  useEffect(() => {
    if (takeFocus) form.setFocus('email')
  }, [takeFocus, form])

  const submit = form.handleSubmit(async ({ email }) => {
    try {
      await requestPasswordReset(email)
      setSentTo(email)
    } catch (error) {
      toast.error(apiErrorMessage(error, 'Something went wrong. Please try again.'))
    }
  })

  if (sentTo) {
    return (
      <div className="grid gap-4 text-center">
        {/* The same answer whether or not the address has an account, so it reveals nothing. */}
        <p role="status">
          If an account exists for <strong>{sentTo}</strong>, we have sent it a link to choose a new password.
          The link works for one hour.
        </p>
        <Button variant="outline" onClick={onBack}>
          Back to Sign In
        </Button>
      </div>
    )
  }

  return (
    <Form onSubmit={submit} className="grid gap-4">
      <EmailField
        id="forgot-email"
        error={errors.email?.message}
        field={form.register('email', { onChange: (event) => onEmailChange(event.target.value) })}
      />
      <SubmitButton className="w-full" busy={isSubmitting} busyLabel="Sending…">
        Send reset link
      </SubmitButton>
      <Button type="button" variant="link" onClick={onBack}>
        Back to Sign In
      </Button>
    </Form>
  )
}
