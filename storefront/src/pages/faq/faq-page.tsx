import {
  FREE_SHIPPING_THRESHOLD_CENTS,
  formatMoneyShort,
  SATISFACTION_WINDOW_DAYS,
  STANDARD_DELIVERY,
} from '@lamplight/contracts'
import { PageMeta } from '@lamplight/session'
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger, Button } from '@lamplight/ui'
import {
  ArrowRightIcon,
  MessageCircleQuestionMarkIcon,
  RotateCcwIcon,
  TruckIcon,
  UsersIcon,
} from '@lamplight/ui/icons'
import { Link } from 'react-router'
import { Container } from '../../components/container'
import { FAQS } from './faq-data'

export const FAQ_HEADING = 'Frequently Asked Questions'

const INFO_CARDS = [
  {
    Icon: TruckIcon,
    title: 'Shipping',
    text: `Free shipping on US orders over ${formatMoneyShort(FREE_SHIPPING_THRESHOLD_CENTS)}. Standard delivery takes ${STANDARD_DELIVERY}.`,
    action: 'Ask about an order',
    subject: 'A question about my order',
  },
  {
    Icon: RotateCcwIcon,
    title: 'Returns',
    text: `Not delighted? Tell us within ${SATISFACTION_WINDOW_DAYS} days of delivery and we will make it right.`,
    action: 'Start a return',
    subject: 'A return',
  },
  {
    Icon: UsersIcon,
    title: 'Bulk orders',
    text: 'Churches, schools and groups ordering 10 or more boxes receive bulk pricing.',
    action: 'Request a group quote',
    subject: 'Bulk order for a group',
  },
] as const

/** The twelve questions: one open at a time, and the open one closes again when clicked. */
export function FaqAccordion() {
  return (
    <Accordion
      type="single"
      collapsible
      className="rounded-xl border border-border bg-card px-5 shadow-sm sm:px-8"
    >
      {FAQS.map((faq) => (
        <AccordionItem key={faq.id} value={faq.id}>
          <AccordionTrigger className="font-serif text-lg">{faq.question}</AccordionTrigger>
          <AccordionContent className="text-base text-muted-foreground leading-relaxed">
            {faq.answer}
          </AccordionContent>
        </AccordionItem>
      ))}
    </Accordion>
  )
}

export function FaqPage() {
  return (
    <div>
      <PageMeta
        title="Frequently Asked Questions"
        description={`Answers about Lamplight puzzle boxes: how long they take, ages 13+, free US shipping over ${formatMoneyShort(FREE_SHIPPING_THRESHOLD_CENTS)}, delivery in ${STANDARD_DELIVERY}, our ${SATISFACTION_WINDOW_DAYS}-day satisfaction promise and group pricing.`}
        path="/faq"
      />
      <section aria-labelledby="faq-heading" className="bg-linear-to-b from-parchment to-background">
        <Container className="py-12 sm:py-16">
          <p className="mb-2 font-semibold text-primary text-sm uppercase tracking-wider">Help</p>
          <h1
            id="faq-heading"
            className="max-w-3xl font-serif text-4xl text-foreground leading-tight sm:text-5xl"
          >
            {FAQ_HEADING}
          </h1>
          <p className="mt-4 max-w-2xl text-lg text-muted-foreground leading-relaxed">
            Everything you might wonder before breaking your first seal. If your question is not here, we are
            one message away.
          </p>
        </Container>
      </section>

      <Container className="grid gap-10 pb-14 sm:pb-20 lg:grid-cols-[2fr_1fr] lg:gap-12">
        <section aria-label="Questions and answers">
          <FaqAccordion />
        </section>

        <aside aria-labelledby="still-heading" className="lg:sticky lg:top-24 lg:self-start">
          <div className="rounded-xl bg-primary p-6 text-primary-foreground shadow-sm sm:p-8">
            <MessageCircleQuestionMarkIcon aria-hidden="true" className="size-8" />
            <h2 id="still-heading" className="mt-4 font-serif text-2xl">
              Still have questions?
            </h2>
            <p className="mt-2 leading-relaxed opacity-90">
              Our team answers every message within 24 hours, Monday to Friday.
            </p>
            <Button asChild variant="secondary" className="mt-5">
              <Link to="/contact">
                Contact Us
                <ArrowRightIcon aria-hidden="true" />
              </Link>
            </Button>
          </div>
        </aside>
      </Container>

      <section aria-label="Shipping, returns and bulk orders" className="bg-secondary/50 py-14 sm:py-16">
        <Container>
          <ul className="grid gap-6 md:grid-cols-3">
            {INFO_CARDS.map(({ Icon, title, text, action, subject }) => (
              <li key={title} className="flex flex-col rounded-xl border border-border bg-card p-6 shadow-sm">
                <span className="inline-flex size-11 items-center justify-center rounded-full bg-accent text-primary">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                <h2 className="mt-4 font-semibold font-serif text-foreground text-xl">{title}</h2>
                <p className="mt-2 flex-1 text-muted-foreground leading-relaxed">{text}</p>
                <Button asChild variant="outline" className="mt-5 self-start">
                  <Link to={`/contact?subject=${encodeURIComponent(subject)}`}>{action}</Link>
                </Button>
              </li>
            ))}
          </ul>
        </Container>
      </section>
    </div>
  )
}
