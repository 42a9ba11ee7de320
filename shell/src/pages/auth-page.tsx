import { useDocumentTitle } from '../layout/use-document-title'

/** /auth belongs to the shell. The sign-in and sign-up forms arrive with the accounts work. */
export function AuthPage() {
  useDocumentTitle('Sign In')
  return (
    <section className="mx-auto max-w-md px-4 py-16">
      <h1 className="font-serif text-3xl text-foreground">Sign In</h1>
      <p className="mt-3 text-muted-foreground">
        Accounts are on their way. Sign in and sign up will appear here.
      </p>
    </section>
  )
}
