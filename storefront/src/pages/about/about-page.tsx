import { PageMeta } from '@lamplight/session'
import { Button, FeatureGrid, SectionHeading } from '@lamplight/ui'
import {
  ArrowRightIcon,
  BookOpenIcon,
  CrossIcon,
  HandIcon,
  MailIcon,
  PenToolIcon,
  ScissorsIcon,
  SparklesIcon,
  UsersIcon,
} from '@lamplight/ui/icons'
import { Link } from 'react-router'
import { Container } from '../../components/container'
import { LampArt, LettersArt } from '../../components/illustrations'
import { ScriptureQuote } from '../../components/scripture-quote'

export const ABOUT_HEADING = 'About Us'

const PROCESS = [
  {
    Icon: BookOpenIcon,
    title: 'We begin in Scripture',
    text: 'Every box starts with a passage we read, pray over and study together, until we know the one truth the whole experience should lead to.',
  },
  {
    Icon: PenToolIcon,
    title: 'We write the story',
    text: 'Then we build a world around it: characters, letters, maps and a mystery whose every clue serves the passage rather than distracting from it.',
  },
  {
    Icon: ScissorsIcon,
    title: 'We craft it by hand',
    text: 'Papers, seals, wood and brass are chosen to be held and turned over. Each box is assembled and packed by hand.',
  },
  {
    Icon: UsersIcon,
    title: 'We test it around real tables',
    text: 'Families, youth groups and Bible studies play every experience before you do, and we rewrite until the puzzles are fair and the ending lands.',
  },
] as const

const VALUES = [
  {
    Icon: CrossIcon,
    title: 'Christ-Centered',
    text: 'Jesus is the point of every story we tell. Puzzles are the path; He is where it leads.',
  },
  {
    Icon: SparklesIcon,
    title: 'Beautifully Crafted',
    text: 'We believe good work honours God, so we sweat the details: the weight of the paper, the crack of the seal, the turn of a phrase.',
  },
  {
    Icon: HandIcon,
    title: 'Tactile Truth',
    text: 'Truth you discover with your own hands stays with you. Our boxes are made to be touched, turned, unfolded and remembered.',
  },
] as const

export function AboutPage() {
  return (
    <div>
      <PageMeta
        title="About Us"
        description="Our story, mission and Christian foundation: why Lamplight Puzzle Co. hand-crafts puzzle boxes that lead people deeper into Scripture."
        path="/about"
      />
      <section aria-labelledby="about-heading" className="bg-linear-to-b from-parchment to-background">
        <Container className="grid items-center gap-10 py-12 sm:py-16 md:grid-cols-[1.4fr_1fr] lg:gap-16">
          <div>
            <p className="mb-2 font-semibold text-primary text-sm uppercase tracking-wider">Our story</p>
            <h1 id="about-heading" className="font-serif text-4xl text-foreground leading-tight sm:text-5xl">
              {ABOUT_HEADING}
            </h1>
            <p className="mt-4 max-w-2xl text-lg text-muted-foreground leading-relaxed">
              We are a small team of puzzle lovers, storytellers and followers of Jesus. We make puzzle boxes
              that turn an ordinary evening into a journey through Scripture, one clue at a time.
            </p>
          </div>
          <LampArt className="mx-auto max-w-xs" />
        </Container>
      </section>

      <section aria-labelledby="story-heading" className="py-14 sm:py-20">
        <Container className="grid gap-10 lg:grid-cols-2 lg:gap-16">
          <div>
            <SectionHeading
              id="story-heading"
              eyebrow="How it began"
              title="A shoebox, a padlock and a Bible study"
            />
            <div className="mt-6 space-y-4 text-foreground leading-relaxed">
              <p>
                Lamplight began around a kitchen table. A Bible study group wanted something better than
                another worksheet, so one of us hid a verse inside a shoebox, locked it with a borrowed
                padlock and scattered the clues around the house.
              </p>
              <p>
                That night the room was louder than it had ever been. Teenagers argued over ciphers,
                grandparents spotted patterns nobody else could see, and when the lock finally opened,
                everyone read the verse aloud together. Weeks later, people were still quoting it.
              </p>
              <p>
                We have been making boxes ever since: richer stories, finer materials, better puzzles. The
                heart of it has never changed. We want people to discover Scripture, not just be told it.
              </p>
            </div>
          </div>
          <div className="flex flex-col justify-center gap-6 rounded-2xl bg-primary p-8 text-primary-foreground sm:p-10">
            <h2 className="font-semibold text-sm uppercase tracking-wider opacity-90">Our mission</h2>
            <p className="font-serif text-2xl leading-snug sm:text-3xl">
              To craft experiences that invite people of every age to seek, wonder and find the living Word,
              together.
            </p>
            <p className="leading-relaxed opacity-90">
              A Lamplight box is an excuse to put the phones away, pull up a chair and open the Bible as a
              team. Whether you have read it all your life or are opening it for the first time, there is a
              place for you at the table.
            </p>
          </div>
        </Container>
      </section>

      <FeatureGrid
        id="process-heading"
        muted
        eyebrow="Our process"
        title="How a Lamplight box is made"
        lead="Months of study, writing and testing go into every experience before it reaches your door."
        ordered
        columns="four"
      >
        {PROCESS.map(({ Icon, title, text }, index) => (
          <li key={title} className="rounded-xl border border-border bg-card p-6 shadow-sm">
            <div className="flex items-center gap-3">
              <span className="inline-flex size-10 items-center justify-center rounded-full bg-accent text-primary">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <span className="font-semibold text-muted-foreground text-sm">Step {index + 1}</span>
            </div>
            <h3 className="mt-4 font-semibold font-serif text-foreground text-lg">{title}</h3>
            <p className="mt-2 text-muted-foreground text-sm leading-relaxed">{text}</p>
          </li>
        ))}
      </FeatureGrid>

      <section aria-labelledby="foundation-heading" className="py-14 sm:py-20">
        <Container className="grid items-center gap-10 lg:grid-cols-[1fr_1.1fr] lg:gap-16">
          <div className="order-last rounded-2xl bg-parchment p-6 lg:order-first">
            <LettersArt className="mx-auto max-w-sm" />
          </div>
          <div>
            <SectionHeading
              id="foundation-heading"
              eyebrow="What we believe"
              title="Our Christian foundation"
            />
            <div className="mt-6 space-y-4 text-foreground leading-relaxed">
              <p>
                We believe the Bible is God’s Word, that Jesus Christ is the Son of God who died and rose
                again, and that He still calls people to follow Him. Our stories are written to welcome
                Christians from every tradition and anyone who is simply curious.
              </p>
              <p>
                We also believe God delights in our searching. Mysteries have always been part of how He
                teaches: parables that must be pondered, prophecies that unfold, a kingdom hidden like
                treasure in a field.
              </p>
            </div>
            <ScriptureQuote
              className="mt-8"
              text="It is the glory of God to conceal a thing: but the honour of kings is to search out a matter."
              reference="Proverbs 25:2"
            />
          </div>
        </Container>
      </section>

      <FeatureGrid
        id="values-heading"
        muted
        eyebrow="Our values"
        title="What guides every box"
        align="center"
      >
        {VALUES.map(({ Icon, title, text }) => (
          <li key={title} className="rounded-xl border border-border bg-card p-8 text-center shadow-sm">
            <span className="mx-auto inline-flex size-14 items-center justify-center rounded-full bg-primary text-primary-foreground">
              <Icon aria-hidden="true" className="size-6" />
            </span>
            <h3 className="mt-5 font-semibold font-serif text-foreground text-xl">{title}</h3>
            <p className="mt-2 text-muted-foreground leading-relaxed">{text}</p>
          </li>
        ))}
      </FeatureGrid>

      <section aria-labelledby="about-next-heading" className="py-14 sm:py-20">
        <Container>
          <div className="rounded-2xl border border-border bg-card p-8 text-center shadow-sm sm:p-12">
            <h2 id="about-next-heading" className="font-serif text-3xl text-foreground">
              Come and see
            </h2>
            <p className="mx-auto mt-3 max-w-xl text-lg text-muted-foreground leading-relaxed">
              Browse the stories we have made so far, or write to us. We love hearing from families, churches
              and fellow puzzle lovers.
            </p>
            <div className="mt-8 flex flex-wrap justify-center gap-3">
              <Button asChild size="lg">
                <Link to="/experiences">
                  Explore Experiences
                  <ArrowRightIcon aria-hidden="true" />
                </Link>
              </Button>
              <Button asChild size="lg" variant="outline">
                <Link to="/contact">
                  <MailIcon aria-hidden="true" />
                  Contact Us
                </Link>
              </Button>
            </div>
          </div>
        </Container>
      </section>
    </div>
  )
}
