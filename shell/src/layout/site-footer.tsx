import { type SocialNetwork, socialProfiles } from '@lamplight/contracts'
import { Logo } from '@lamplight/ui'
import { CameraIcon, CirclePlayIcon, MessageCircleIcon } from '@lamplight/ui/icons'
import { Link } from 'react-router'

const QUICK_LINKS = [
  { label: 'Experiences', href: '/experiences' },
  { label: 'Scroll of Antioch', href: '/scroll-of-antioch' },
  { label: 'About', href: '/about' },
  { label: 'Shop', href: '/shop' },
  { label: 'Monthly Plans', href: '/shop#plans' },
  { label: 'FAQ', href: '/faq' },
]

// The spec's footer has these as dead `#` links; a buyer checking our terms before paying
// deserves real pages (storefront: /shipping, /returns, /privacy).
export const SUPPORT_LINKS = [
  { label: 'Contact Us', href: '/contact' },
  { label: 'Shipping Info', href: '/shipping' },
  { label: 'Returns', href: '/returns' },
  { label: 'Privacy Policy', href: '/privacy' },
]

const SOCIAL_ICONS: Record<SocialNetwork, typeof CameraIcon> = {
  Facebook: MessageCircleIcon,
  Instagram: CameraIcon,
  YouTube: CirclePlayIcon,
}

// Only the profiles configured at build time; none at all hides the row.
const SOCIAL = socialProfiles()

// Tall enough to hit with a thumb (the text alone is 20 px).
const FOOTER_LINK =
  'inline-flex min-h-8 items-center text-muted-foreground hover:text-foreground hover:underline pointer-coarse:min-h-11'

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
          {SOCIAL.length > 0 && (
            <ul className="mt-5 flex gap-2" aria-label="Social media">
              {SOCIAL.map(({ name, url }) => {
                const Icon = SOCIAL_ICONS[name]
                return (
                  <li key={name}>
                    <a
                      href={url}
                      target="_blank"
                      rel="noopener noreferrer"
                      aria-label={`${name} (opens in a new tab)`}
                      className="inline-flex size-11 items-center justify-center rounded-full border border-border text-muted-foreground hover:bg-accent hover:text-foreground"
                    >
                      <Icon aria-hidden className="size-5" />
                    </a>
                  </li>
                )
              })}
            </ul>
          )}
        </div>
        <div>
          <h2 className="font-serif text-base font-semibold text-foreground">Quick Links</h2>
          <ul className="mt-3 space-y-1 text-sm">
            {QUICK_LINKS.map((link) => (
              <li key={link.href}>
                <Link to={link.href} className={FOOTER_LINK}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </div>
        <div>
          <h2 className="font-serif text-base font-semibold text-foreground">Support</h2>
          <ul className="mt-3 space-y-1 text-sm">
            {SUPPORT_LINKS.map((link) => (
              <li key={link.href}>
                <Link to={link.href} className={FOOTER_LINK}>
                  {link.label}
                </Link>
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
