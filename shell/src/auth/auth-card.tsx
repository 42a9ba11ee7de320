import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@lamplight/ui'
import type { ReactNode } from 'react'

/** The card of an /auth screen, alone in the middle of the page: its heading, a line on what to do, then the form. */
export function AuthCard({
  title,
  description,
  children,
}: {
  title: ReactNode
  description?: ReactNode
  children: ReactNode
}) {
  return (
    <section className="mx-auto flex min-h-[70vh] w-full max-w-md flex-col justify-center px-4 py-12">
      <Card>
        <CardHeader className="text-center">
          <CardTitle>
            <h1 className="font-serif text-2xl">{title}</h1>
          </CardTitle>
          {description && <CardDescription>{description}</CardDescription>}
        </CardHeader>
        <CardContent>{children}</CardContent>
      </Card>
    </section>
  )
}
