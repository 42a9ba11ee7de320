import { Logo } from '@lamplight/ui'
import { Camera, MessageCircle, PlayCircle } from 'lucide-react'
import { Link } from 'react-router'

const QUICK_LINKS = [
  { label: 'Experiences', href: '/experiences' },
  { label: 'Scroll of Antioch', href: '/scroll-of-antioch' },
  { label: 'About', href: '/about' },
  { label: 'Shop', href: '/shop' },
  { label: 'FAQ', href: '/faq' },
]

// Shipping, returns and privacy pages and our social accounts do not exist yet: the spec
// keeps them as placeholder links until they do.
const PLACEHOLDER_HREF = '#'
const SUPPORT_PLACEHOLDERS = ['Shipping Info', 'Returns', 'Privacy Policy']

const SOCIAL = [
  { label: 'Facebook', Icon: MessageCircle },
  { label: 'Instagram', Icon: Camera },
  { label: 'YouTube', Icon: PlayCircle },
]

export function SiteFooter() {
  return (
    <footer className="border-t border-border bg-secondary/40 print:hidden">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-2 lg:grid-cols-4 lg:px-8">
        <div className="lg:col-span-2">
          <Logo className="h-10 w-auto text-primary" withWordmark />
          <p className="mt-4 max-w-sm text-sm leading-relaxed text-muted-foreground">
            Story-driven puzzle boxes that open Scripture one clue at a time. Made by hand, with prayer, for
            families, friends and small groups who love a good mystery.
          </p>
          <ul className="mt-5 flex gap-2" aria-label="Social media">
            {SOCIAL.map(({ label, Icon }) => (
              <li key={label}>
                <a
                  href={PLACEHOLDER_HREF}
                  aria-label={`${label} (coming soon)`}
                  className="inline-flex size-9 items-center justify-center rounded-full border border-border text-muted-foreground hover:bg-accent hover:text-foreground"
                >
                  <Icon aria-hidden className="size-4" />
                </a>
              </li>
            ))}
          </ul>
        </div>
        <div>
          <h2 className="font-serif text-base font-semibold text-foreground">Quick Links</h2>
          <ul className="mt-3 space-y-2 text-sm">
            {QUICK_LINKS.map((link) => (
              <li key={link.href}>
                <Link to={link.href} className="text-muted-foreground hover:text-foreground hover:underline">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </div>
        <div>
          <h2 className="font-serif text-base font-semibold text-foreground">Support</h2>
          <ul className="mt-3 space-y-2 text-sm">
            <li>
              <Link to="/contact" className="text-muted-foreground hover:text-foreground hover:underline">
                Contact Us
              </Link>
            </li>
            {SUPPORT_PLACEHOLDERS.map((label) => (
              <li key={label}>
                <a
                  href={PLACEHOLDER_HREF}
                  className="text-muted-foreground hover:text-foreground hover:underline"
                >
                  {label}
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="border-t border-border">
        <p className="mx-auto max-w-7xl px-4 py-5 text-center text-xs text-muted-foreground sm:px-6 lg:px-8">
          © 2024 Lamplight Puzzle Co. All rights reserved. Made with faith and care.
        </p>
      </div>
    </footer>
  )
}
