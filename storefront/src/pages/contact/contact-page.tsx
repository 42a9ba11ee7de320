import { type SocialNetwork, socialProfiles } from '@lamplight/contracts'
import { PageMeta } from '@lamplight/session'
import { Button } from '@lamplight/ui'
import {
  ArrowRightIcon,
  CameraIcon,
  CirclePlayIcon,
  ClockIcon,
  MailIcon,
  MessageCircleIcon,
  MessagesSquareIcon,
} from '@lamplight/ui/icons'
import { Link } from 'react-router'
import { CONTACT_EMAIL, SUPPORT_HOURS } from '../../components/contact-email'
import { Container } from '../../components/container'
import { ContactForm } from './contact-form'
import { PrayerForm } from './prayer-form'

export const CONTACT_HEADING = 'Contact Us'

const SOCIAL_ICONS: Record<SocialNetwork, typeof CameraIcon> = {
  Facebook: MessageCircleIcon,
  Instagram: CameraIcon,
  YouTube: CirclePlayIcon,
}

export function ContactPage() {
  return (
    <div>
      <PageMeta
        title="Contact Us"
        description="Write to the Lamplight Puzzle Co. team or share a prayer request. We reply within 24 hours, Monday to Friday, 9am-5pm EST."
        path="/contact"
      />
      <section aria-labelledby="contact-heading" className="bg-linear-to-b from-parchment to-background">
        <Container className="py-12 sm:py-16">
          <p className="mb-2 font-semibold text-primary text-sm uppercase tracking-wider">
            We would love to hear from you
          </p>
          <h1 id="contact-heading" className="font-serif text-4xl text-foreground leading-tight sm:text-5xl">
            {CONTACT_HEADING}
          </h1>
          <p className="mt-4 max-w-2xl text-lg text-muted-foreground leading-relaxed">
            A question about an order, an idea for your church group, or simply a story from your puzzle
            night: send it our way and a real person will write back.
          </p>
        </Container>
      </section>

      <Container className="grid gap-8 pb-14 lg:grid-cols-[1.6fr_1fr] lg:gap-10">
        <section
          aria-labelledby="message-heading"
          className="rounded-xl border border-border bg-card p-6 shadow-sm sm:p-8"
        >
          <h2 id="message-heading" className="font-serif text-2xl text-foreground">
            Send us a message
          </h2>
          <p className="mt-1 mb-6 text-muted-foreground">All fields are required.</p>
          <ContactForm />
        </section>

        <div className="grid content-start gap-6">
          <section
            aria-labelledby="details-heading"
            className="rounded-xl border border-border bg-card p-6 shadow-sm"
          >
            <h2 id="details-heading" className="font-serif text-xl text-foreground">
              Get in touch
            </h2>
            <ul className="mt-4 grid gap-4">
              <li className="flex gap-3">
                <MailIcon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
                <div>
                  <p className="font-medium text-foreground">Email</p>
                  <a
                    href={`mailto:${CONTACT_EMAIL}`}
                    className="inline-flex min-h-8 items-center break-all text-primary underline-offset-4 hover:underline pointer-coarse:min-h-11"
                  >
                    {CONTACT_EMAIL}
                  </a>
                </div>
              </li>
              <li className="flex gap-3">
                <ClockIcon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
                <div>
                  <p className="font-medium text-foreground">Hours</p>
                  <p className="text-muted-foreground">{SUPPORT_HOURS}</p>
                </div>
              </li>
              <li className="flex gap-3">
                <MessagesSquareIcon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
                <div>
                  <p className="font-medium text-foreground">Response time</p>
                  <p className="text-muted-foreground">We reply within 24 hours on working days.</p>
                </div>
              </li>
            </ul>
          </section>

          <SocialCard />

          <section aria-labelledby="faq-link-heading" className="rounded-xl bg-secondary/70 p-6">
            <h2 id="faq-link-heading" className="font-serif text-xl text-foreground">
              Looking for a quick answer?
            </h2>
            <p className="mt-2 text-muted-foreground">
              Shipping times, ages, group pricing and more are answered in our FAQ.
            </p>
            <Button asChild variant="outline" className="mt-4">
              <Link to="/faq">
                Read the FAQ
                <ArrowRightIcon aria-hidden="true" />
              </Link>
            </Button>
          </section>
        </div>
      </Container>

      <section aria-labelledby="prayer-heading" className="bg-secondary/50 py-14 sm:py-20">
        <Container className="grid gap-8 lg:grid-cols-[1fr_1.6fr] lg:gap-12">
          <div>
            <p className="mb-2 font-semibold text-primary text-sm uppercase tracking-wider">
              Prayer requests
            </p>
            <h2 id="prayer-heading" className="font-serif text-3xl text-foreground leading-tight">
              May we pray for you?
            </h2>
            <p className="mt-4 text-lg text-muted-foreground leading-relaxed">
              Whatever you are carrying, you do not have to carry it alone. Share as much or as little as you
              like; your name and email are optional, and every request is kept private within our team.
            </p>
            <p className="mt-6 font-serif text-foreground text-lg italic">
              “Bear ye one another’s burdens, and so fulfil the law of Christ.”
              <span className="mt-1 block font-sans text-muted-foreground text-sm not-italic">
                Galatians 6:2 (KJV)
              </span>
            </p>
          </div>
          <div className="rounded-xl border border-border bg-card p-6 shadow-sm sm:p-8">
            <PrayerForm />
          </div>
        </Container>
      </section>
    </div>
  )
}

/** Our social profiles, when any is configured (PUBLIC_*_URL at build time); otherwise nothing. */
function SocialCard() {
  const profiles = socialProfiles()
  if (!profiles.length) return null
  return (
    <section
      aria-labelledby="social-heading"
      className="rounded-xl border border-border bg-card p-6 shadow-sm"
    >
      <h2 id="social-heading" className="font-serif text-xl text-foreground">
        Follow along
      </h2>
      <ul className="mt-4 flex flex-wrap gap-2">
        {profiles.map(({ name, url }) => {
          const Icon = SOCIAL_ICONS[name]
          return (
            <li key={name}>
              <Button asChild variant="outline" className="h-11">
                <a href={url} target="_blank" rel="noopener noreferrer">
                  <Icon aria-hidden="true" />
                  {name}
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              </Button>
            </li>
          )
        })}
      </ul>
    </section>
  )
}
