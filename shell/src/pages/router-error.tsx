import { Button, Logo } from '@lamplight/ui'
import { isRouteErrorResponse, useRouteError } from 'react-router'

/**
 * The router's own error screen: something in the shell itself failed. It renders
 * without the layout (the layout may be what broke), so it carries its own logo.
 */
export function RouterError() {
  const error = useRouteError()
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : null
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-6 bg-background px-4 text-center">
      <Logo className="h-12" />
      <h1 className="font-serif text-3xl text-foreground">Unexpected Application Error!</h1>
      <p className="max-w-md text-muted-foreground">
        Something went wrong on our side{detail ? ` (${detail})` : ''}. Reloading the page usually helps.
      </p>
      <div className="flex gap-3">
        <Button onClick={() => window.location.reload()}>Reload</Button>
        <Button variant="outline" asChild>
          <a href="/">Go to the home page</a>
        </Button>
      </div>
    </main>
  )
}
