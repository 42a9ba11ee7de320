import { zodResolver } from '@hookform/resolvers/zod'
import { apiErrorMessage, useAuth } from '@lamplight/session'
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  Field,
  Form,
  Input,
  SubmitButton,
  toast,
} from '@lamplight/ui'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { z } from 'zod'

const SignInSchema = z.object({
  email: z.string().trim().min(1, 'Enter your email address').pipe(z.email('Enter a valid email address')),
  password: z.string().min(1, 'Enter your password'),
})
type SignIn = z.infer<typeof SignInSchema>

/** The console's own sign-in: the same accounts as the shop, on the console's origin. */
export function SignInScreen() {
  const { signIn } = useAuth()
  const [failure, setFailure] = useState<string | null>(null)
  const form = useForm<SignIn>({
    resolver: zodResolver(SignInSchema),
    defaultValues: { email: '', password: '' },
  })
  const errors = form.formState.errors
  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null)
    try {
      await signIn(values)
      toast.success('Welcome back!')
    } catch (error) {
      // The service's own words (spec, section 8).
      setFailure(
        apiErrorMessage(error, 'Something went wrong. Please try again.', {
          offline: 'We could not reach the server. Please try again.',
        }),
      )
    }
  })
  return (
    <div className="mx-auto flex min-h-[70vh] max-w-md items-center px-4 py-10">
      <Card className="w-full">
        <CardHeader>
          <CardTitle>
            <h1 className="font-serif text-2xl">Admin console</h1>
          </CardTitle>
          <CardDescription>Sign in with your Lamplight admin or editor account.</CardDescription>
        </CardHeader>
        <CardContent>
          <Form onSubmit={onSubmit} className="grid gap-4">
            <Field label="Email" error={errors.email?.message}>
              {(control) => (
                <Input type="email" autoComplete="email" {...control} {...form.register('email')} />
              )}
            </Field>
            <Field label="Password" error={errors.password?.message}>
              {(control) => (
                <Input
                  type="password"
                  autoComplete="current-password"
                  {...control}
                  {...form.register('password')}
                />
              )}
            </Field>
            {failure && (
              <p role="alert" className="text-sm font-medium text-destructive">
                {failure}
              </p>
            )}
            <SubmitButton busy={form.formState.isSubmitting} busyLabel="Signing in…">
              Sign In
            </SubmitButton>
          </Form>
        </CardContent>
      </Card>
    </div>
  )
}
