import { zodResolver } from '@hookform/resolvers/zod'
import { ApiError, apiErrorMessage } from '@lamplight/contracts'
import { useAuth } from '@lamplight/session'
import { Button, Field, Form, Input, SubmitButton, toast } from '@lamplight/ui'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { EmailField } from './email-field'
import { FormAlert } from './form-alert'
import { SignUpSchema } from './schemas'

type Outcome =
  | { kind: 'exists'; email: string; message: string }
  | { kind: 'error'; message: string }
  | { kind: 'check-email'; email: string }

/** better-auth's answer for an address that already has an account (its code has varied). */
const alreadyExists = (error: unknown) =>
  error instanceof ApiError && (error.code.startsWith('user_already_exists') || error.status === 409)

export function SignUpForm({
  email,
  onEmailChange,
  onSignedIn,
  onSignInInstead,
  onResetPassword,
}: {
  /** What was typed on another tab, carried over. */
  email: string
  onEmailChange: (email: string) => void
  onSignedIn: () => void
  onSignInInstead: () => void
  onResetPassword: () => void
}) {
  const { signUp } = useAuth()
  const [outcome, setOutcome] = useState<Outcome | null>(null)
  const form = useForm<z.infer<typeof SignUpSchema>>({
    resolver: zodResolver(SignUpSchema),
    defaultValues: { name: '', email, password: '' },
  })
  const { errors, isSubmitting } = form.formState

  const submit = form.handleSubmit(async (values) => {
    setOutcome(null)
    try {
      const { needsVerification } = await signUp(values)
      if (needsVerification) {
        toast.success('Check your email to confirm your account!')
        // The same answer whether the address is new or already has an account (the
        // server does not say which), so the way back in is offered here too.
        setOutcome({ kind: 'check-email', email: values.email.trim() })
        form.reset({ name: '', email: values.email, password: '' })
      } else {
        toast.success('Welcome to Lamplight Puzzle Co.!')
        onSignedIn()
      }
    } catch (error) {
      const message = apiErrorMessage(error, 'Something went wrong. Please try again.')
      toast.error(message)
      setOutcome(
        alreadyExists(error)
          ? { kind: 'exists', email: values.email.trim(), message }
          : { kind: 'error', message },
      )
    }
  })

  const wayBackIn = (
    <div className="flex flex-wrap gap-2">
      <Button type="button" variant="outline" size="sm" className="h-11" onClick={onSignInInstead}>
        Sign in instead
      </Button>
      <Button type="button" variant="outline" size="sm" className="h-11" onClick={onResetPassword}>
        Reset your password
      </Button>
    </div>
  )

  return (
    <Form onSubmit={submit} className="grid gap-4">
      <Field id="sign-up-name" label="Full name" hint="Optional" error={errors.name?.message}>
        {(control) => <Input {...control} autoComplete="name" {...form.register('name')} />}
      </Field>
      <EmailField
        id="sign-up-email"
        error={errors.email?.message}
        field={form.register('email', { onChange: (event) => onEmailChange(event.target.value) })}
      />
      <Field
        id="sign-up-password"
        label="Password"
        hint="At least 8 characters"
        error={errors.password?.message}
      >
        {(control) => (
          <Input {...control} type="password" autoComplete="new-password" {...form.register('password')} />
        )}
      </Field>
      {outcome?.kind === 'exists' && (
        <FormAlert tone="error">
          <p className="font-medium">An account already exists for {outcome.email}.</p>
          <p className="text-muted-foreground">
            Sign in with it, or choose a new password if you have forgotten it.
          </p>
          {wayBackIn}
        </FormAlert>
      )}
      {outcome?.kind === 'error' && (
        <FormAlert tone="error">
          <p className="font-medium">{outcome.message}</p>
        </FormAlert>
      )}
      {outcome?.kind === 'check-email' && (
        <FormAlert tone="success">
          <p className="font-medium">Check your email to confirm your account!</p>
          <p className="text-muted-foreground">
            We sent a message to {outcome.email}. If you already have an account with this address, sign in or
            reset your password instead.
          </p>
          {wayBackIn}
        </FormAlert>
      )}
      <SubmitButton className="w-full" busy={isSubmitting} busyLabel="Creating your account…">
        Sign Up
      </SubmitButton>
    </Form>
  )
}
