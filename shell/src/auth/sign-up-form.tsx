import { zodResolver } from '@hookform/resolvers/zod'
import { useAuth } from '@lamplight/session'
import { Field, fieldProps, Input, toast } from '@lamplight/ui'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { errorMessage } from './error-message'
import { SignUpSchema } from './schemas'
import { SubmitButton } from './submit-button'

export function SignUpForm({
  onSignedIn,
  onNeedsVerification,
}: {
  onSignedIn: () => void
  onNeedsVerification: () => void
}) {
  const { signUp } = useAuth()
  const form = useForm<z.infer<typeof SignUpSchema>>({
    resolver: zodResolver(SignUpSchema),
    defaultValues: { name: '', email: '', password: '' },
  })
  const { errors, isSubmitting } = form.formState

  const submit = form.handleSubmit(async (values) => {
    try {
      const { needsVerification } = await signUp(values)
      if (needsVerification) {
        toast.success('Check your email to confirm your account!')
        form.reset()
        onNeedsVerification()
      } else {
        toast.success('Welcome to Lamplight Puzzle Co.!')
        onSignedIn()
      }
    } catch (error) {
      toast.error(errorMessage(error))
    }
  })

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <Field id="sign-up-name" label="Full name" hint="Optional" error={errors.name?.message}>
        <Input
          {...fieldProps('sign-up-name', errors.name?.message)}
          autoComplete="name"
          {...form.register('name')}
        />
      </Field>
      <Field id="sign-up-email" label="Email" error={errors.email?.message}>
        <Input
          {...fieldProps('sign-up-email', errors.email?.message)}
          type="email"
          autoComplete="email"
          {...form.register('email')}
        />
      </Field>
      <Field
        id="sign-up-password"
        label="Password"
        hint="At least 8 characters"
        error={errors.password?.message}
      >
        <Input
          {...fieldProps('sign-up-password', errors.password?.message)}
          type="password"
          autoComplete="new-password"
          {...form.register('password')}
        />
      </Field>
      <SubmitButton busy={isSubmitting} busyLabel="Creating your account…">
        Sign Up
      </SubmitButton>
    </form>
  )
}
