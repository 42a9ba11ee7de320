import { Button } from '@lamplight/ui'
import { Link } from 'react-router'

export function NotFound() {
  return (
    <section className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-4 px-4 text-center">
      <p className="font-serif text-7xl text-primary">404</p>
      <h1 className="font-serif text-3xl text-foreground">Oops! Page not found</h1>
      <p className="text-muted-foreground">
        Even the best treasure maps have a blank corner. The page you were looking for isn't here.
      </p>
      <Button asChild>
        <Link to="/">Return to Home</Link>
      </Button>
    </section>
  )
}
