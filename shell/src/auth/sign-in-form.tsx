import { zodResolver } from '@hookform/resolvers/zod'
import { useAuth } from '@lamplight/session'
import { Button, Field, fieldProps, Input, toast } from '@lamplight/ui'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { errorMessage } from './error-message'
import { SignInSchema } from './schemas'
import { SubmitButton } from './submit-button'

export function SignInForm({ onSignedIn, onForgot }: { onSignedIn: () => void; onForgot: () => void }) {
  const { signIn } = useAuth()
  const form = useForm<z.infer<typeof SignInSchema>>({
    resolver: zodResolver(SignInSchema),
    defaultValues: { email: '', password: '' },
  })
  const { errors, isSubmitting } = form.formState

  const submit = form.handleSubmit(async (values) => {
    try {
      await signIn(values)
      toast.success('Welcome back!')
      onSignedIn()
    } catch (error) {
      toast.error(errorMessage(error))
    }
  })

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <Field id="sign-in-email" label="Email" error={errors.email?.message}>
        <Input
          {...fieldProps('sign-in-email', errors.email?.message)}
          type="email"
          autoComplete="email"
          {...form.register('email')}
        />
      </Field>
      <Field id="sign-in-password" label="Password" error={errors.password?.message}>
        <Input
          {...fieldProps('sign-in-password', errors.password?.message)}
          type="password"
          autoComplete="current-password"
          {...form.register('password')}
        />
      </Field>
      <Button type="button" variant="link" className="h-auto justify-self-end p-0 text-sm" onClick={onForgot}>
        Forgot password?
      </Button>
      <SubmitButton busy={isSubmitting} busyLabel="Signing in…">
        Sign In
      </SubmitButton>
    </form>
  )
}
