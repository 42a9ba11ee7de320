import { Button, Logo } from '@lamplight/ui'
import { Component, type ReactNode } from 'react'

/**
 * The shell's own error screen: something in the chrome itself failed (a remote's failure
 * stays inside its area, `RemoteArea`). It renders without the layout (the layout may be
 * what broke), so it carries its own logo.
 */
export function RouterError() {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-6 bg-background px-4 text-center">
      <Logo className="h-12" />
      <h1 className="font-serif text-3xl text-foreground">Unexpected Application Error!</h1>
      <p className="max-w-md text-muted-foreground">
        Something went wrong on our side. Reloading the page usually helps.
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

type Props = { children: ReactNode }

/**
 * Around the whole site: what the data router's `errorElement` was (the declarative router
 * has none, decision 026). The visitor leaves it by reloading or by a link, both full page
 * loads, so it never needs to reset.
 */
export class RouterErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false }

  static getDerivedStateFromError() {
    return { failed: true }
  }

  override componentDidCatch(error: unknown) {
    console.error('The site failed to render:', error)
  }

  override render() {
    return this.state.failed ? <RouterError /> : this.props.children
  }
}
