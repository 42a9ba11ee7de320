import { zodResolver } from '@hookform/resolvers/zod'
import { ApiError, apiErrorMessage } from '@lamplight/contracts'
import { useAuth } from '@lamplight/session'
import { Button, Field, Form, Input, SubmitButton, toast } from '@lamplight/ui'
import { useEffect, useState } from 'react'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { EmailField } from './email-field'
import { FormAlert } from './form-alert'
import { SignInSchema } from './schemas'

export function SignInForm({
  email,
  onEmailChange,
  onSignedIn,
  onForgot,
  takeFocus = false,
}: {
  /** What was typed on another tab, carried over. */
  email: string
  onEmailChange: (email: string) => void
  onSignedIn: () => void
  onForgot: () => void
  /** Focus the form when it appears (the person came here with a button). */
  takeFocus?: boolean
}) {
  const { signIn } = useAuth()
  const [failure, setFailure] = useState<{ message: string; credentials: boolean } | null>(null)
  const form = useForm<z.infer<typeof SignInSchema>>({
    resolver: zodResolver(SignInSchema),
    defaultValues: { email, password: '' },
  })
  const { errors, isSubmitting } = form.formState

  useEffect(() => {
    if (takeFocus) form.setFocus(form.getValues('email') ? 'password' : 'email')
  }, [takeFocus, form])

  const submit = form.handleSubmit(async (values) => {
    setFailure(null)
    try {
      await signIn(values)
      toast.success('Welcome back!')
      onSignedIn()
    } catch (error) {
      const message = apiErrorMessage(error, 'Something went wrong. Please try again.')
      // The toast keeps the spec's behaviour; the same words stay beside the form.
      toast.error(message)
      setFailure({ message, credentials: error instanceof ApiError && error.status === 401 })
    }
  })

  return (
    <Form onSubmit={submit} className="grid gap-4">
      <EmailField
        id="sign-in-email"
        error={errors.email?.message}
        field={form.register('email', { onChange: (event) => onEmailChange(event.target.value) })}
      />
      <Field id="sign-in-password" label="Password" error={errors.password?.message}>
        {(control) => (
          <Input
            {...control}
            type="password"
            autoComplete="current-password"
            {...form.register('password')}
          />
        )}
      </Field>
      <Button type="button" variant="link" className="h-11 justify-self-end px-1 text-sm" onClick={onForgot}>
        Forgot password?
      </Button>
      {failure && (
        <FormAlert tone="error">
          <p className="font-medium">{failure.message}</p>
          {failure.credentials && (
            <p className="text-muted-foreground">
              Check the email and password, or{' '}
              <Button type="button" variant="link" className="h-auto p-0 align-baseline" onClick={onForgot}>
                reset your password
              </Button>
              .
            </p>
          )}
        </FormAlert>
      )}
      <SubmitButton className="w-full" busy={isSubmitting} busyLabel="Signing in…">
        Sign In
      </SubmitButton>
    </Form>
  )
}
