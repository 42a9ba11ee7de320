import {
  Body,
  Button,
  Container,
  Head,
  Hr,
  Html,
  Link,
  Preview,
  render,
  Section,
  Text,
} from '@react-email/components'
import type { ReactNode } from 'react'
import type { Mail } from './index'

/**
 * Our mail's one layout (React Email): the shop's colours and a serif stack every client has,
 * nothing fetched from elsewhere (no web fonts, no images), so a mail reads the same offline
 * and tracks no one. Templates pass plain strings: React escapes them in the HTML, and the
 * text part is rendered from the same tree.
 */
export const brand = {
  name: 'Lamplight Puzzle Co.',
  ink: '#2a2018',
  muted: '#6a5848',
  primary: '#7a2430',
  onPrimary: '#fff8ec',
  background: '#fbf7ee',
  card: '#fffdf8',
  border: '#e0d3ba',
  gold: '#8a6414',
  font: "Georgia, 'Times New Roman', Times, serif",
} as const

const styles = {
  body: {
    backgroundColor: brand.background,
    color: brand.ink,
    fontFamily: brand.font,
    margin: 0,
    padding: '24px 0',
  },
  card: {
    backgroundColor: brand.card,
    border: `1px solid ${brand.border}`,
    borderRadius: '8px',
    maxWidth: '520px',
    margin: '0 auto',
    padding: '24px 28px',
  },
  wordmark: {
    color: brand.primary,
    fontSize: '20px',
    fontWeight: 'bold',
    letterSpacing: '0.5px',
    margin: '0 0 4px',
  },
  tagline: { color: brand.gold, fontSize: '13px', fontStyle: 'italic', margin: '0 0 16px' },
  paragraph: { color: brand.ink, fontSize: '16px', lineHeight: '24px', margin: '0 0 16px' },
  button: {
    backgroundColor: brand.primary,
    color: brand.onPrimary,
    borderRadius: '6px',
    fontSize: '16px',
    padding: '10px 18px',
    textDecoration: 'none',
  },
  small: { color: brand.muted, fontSize: '13px', lineHeight: '20px', margin: '0 0 8px' },
  link: { color: brand.primary, wordBreak: 'break-all' as const },
}

export function Layout({
  preview,
  children,
  why = 'because of your account or order with us',
}: {
  preview: string
  children: ReactNode
  /** Why this person gets the mail, for the footer (a gift card's recipient has no account or order). */
  why?: string
}) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{preview}</Preview>
      <Body style={styles.body}>
        <Container style={styles.card}>
          <Text style={styles.wordmark}>{brand.name}</Text>
          <Text style={styles.tagline}>Story-driven puzzle boxes and faith resources</Text>
          {children}
          <Hr style={{ borderColor: brand.border, margin: '24px 0 12px' }} />
          <Text style={styles.small}>
            {brand.name} · You get this message {why}. Reply to it to reach a person.
          </Text>
        </Container>
      </Body>
    </Html>
  )
}

export function Paragraph({ children }: { children: ReactNode }) {
  return <Text style={styles.paragraph}>{children}</Text>
}

/** Several lines in one paragraph (an address), each escaped, joined by line breaks. */
export function Lines({ lines }: { lines: string[] }) {
  return (
    <Text style={styles.paragraph}>
      {lines.map((line, i) => (
        <span key={i}>
          {i > 0 && <br />}
          {line}
        </span>
      ))}
    </Text>
  )
}

/** The mail's one action, as a button and as the bare link for clients that hide buttons. */
export function Action({ url, label }: { url: string; label: string }) {
  return (
    <Section style={{ margin: '8px 0 16px' }}>
      <Button href={url} style={styles.button}>
        {label}
      </Button>
      <Text data-skip-in-text="true" style={{ ...styles.small, marginTop: '16px' }}>
        Or open this link:{' '}
        <Link href={url} style={styles.link}>
          {url}
        </Link>
      </Text>
    </Section>
  )
}

/** A greeting with the person's name when we have one (cut to 100 characters). */
export const greeting = (name: string | null | undefined) =>
  name?.trim() ? `Hello ${name.trim().slice(0, 100)},` : 'Hello,'

/** Renders a template to the mail's HTML and its plain-text part (links written out, no brackets). */
export async function renderMail(to: string, subject: string, element: ReactNode): Promise<Mail> {
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })])
  return { to, subject, html, text: `${text.trim()}\n` }
}
