import { PageMeta } from '@lamplight/session'
import { ArrowRightIcon } from '@lamplight/ui/icons'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { Container } from '../../components/container'

export type PolicySection = { id: string; title: string; body: ReactNode }

const OTHER_POLICIES = [
  { label: 'Shipping Info', href: '/shipping' },
  { label: 'Returns', href: '/returns' },
  { label: 'Privacy Policy', href: '/privacy' },
] as const

/**
 * The frame of the shipping, returns and privacy pages: a heading with the short answer,
 * then one section per question, each with an anchor so support can link straight to it.
 */
export function PolicyPage({
  path,
  title,
  metaDescription,
  summary,
  sections,
}: {
  path: string
  title: string
  metaDescription: string
  /** The answer most people came for, in a sentence or two. */
  summary: ReactNode
  sections: readonly PolicySection[]
}) {
  return (
    <div>
      <PageMeta title={title} description={metaDescription} path={path} />
      <section aria-labelledby="policy-heading" className="bg-linear-to-b from-parchment to-background">
        <Container className="py-12 sm:py-16">
          <p className="mb-2 font-semibold text-primary text-sm uppercase tracking-wider">Customer care</p>
          <h1 id="policy-heading" className="font-serif text-4xl text-foreground leading-tight sm:text-5xl">
            {title}
          </h1>
          <div className="mt-4 max-w-2xl text-lg text-muted-foreground leading-relaxed">{summary}</div>
        </Container>
      </section>

      <Container className="grid gap-10 pb-16 lg:grid-cols-[1fr_16rem] lg:gap-16">
        <div className="grid max-w-3xl gap-10">
          {sections.map((section) => (
            <section key={section.id} id={section.id} aria-labelledby={`${section.id}-heading`}>
              <h2 id={`${section.id}-heading`} className="font-serif text-2xl text-foreground">
                {section.title}
              </h2>
              <div className="mt-3 grid gap-3 text-base text-muted-foreground leading-relaxed [&_a]:text-primary [&_a]:underline [&_a]:underline-offset-4 [&_li]:ml-5 [&_strong]:text-foreground [&_ul]:grid [&_ul]:list-disc [&_ul]:gap-2">
                {section.body}
              </div>
            </section>
          ))}
        </div>

        <aside aria-label="More help" className="grid content-start gap-6">
          <nav
            aria-label="Customer care pages"
            className="rounded-xl border border-border bg-card p-5 shadow-sm"
          >
            <h2 className="font-serif text-foreground text-lg">Customer care</h2>
            <ul className="mt-2 grid">
              {OTHER_POLICIES.map((page) => (
                <li key={page.href}>
                  <Link
                    to={page.href}
                    aria-current={page.href === path ? 'page' : undefined}
                    className="flex min-h-11 items-center rounded-md px-2 text-muted-foreground hover:bg-accent hover:text-foreground aria-[current=page]:font-semibold aria-[current=page]:text-foreground"
                  >
                    {page.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <div className="rounded-xl bg-secondary/70 p-5">
            <h2 className="font-serif text-foreground text-lg">Still have a question?</h2>
            <p className="mt-2 text-muted-foreground text-sm leading-relaxed">
              A real person answers within 24 hours, Monday to Friday.
            </p>
            <Link
              to="/contact"
              className="mt-3 inline-flex min-h-11 items-center gap-2 font-medium text-primary underline-offset-4 hover:underline"
            >
              Contact us
              <ArrowRightIcon aria-hidden="true" className="size-4" />
            </Link>
          </div>
        </aside>
      </Container>
    </div>
  )
}
