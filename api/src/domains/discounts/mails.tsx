import { formatMoney } from '@lamplight/contracts'
import type { Mail } from '../../mail'
import { Layout, Lines, Paragraph, renderMail } from '../../mail/layout'

/**
 * The recipient's gift card (issue 33): the code, in this mail only. The giver's name and
 * message are theirs, typed at purchase: rendered as text (escaped), never as a link.
 */
export function giftCardMail(card: {
  to: string
  code: string
  amountCents: number
  giverName: string | null
  recipientName: string | null
  message: string | null
  shopUrl: string
}): Promise<Mail> {
  const from = card.giverName?.trim() || 'Someone'
  return renderMail(
    card.to,
    `${from} sent you a Lamplight gift card`,
    <Layout
      preview={`A ${formatMoney(card.amountCents)} gift card for Lamplight puzzle boxes.`}
      why="because someone bought a gift card for this address"
    >
      <Paragraph>{card.recipientName ? `Dear ${card.recipientName},` : 'Hello,'}</Paragraph>
      <Paragraph>
        {from} sent you a {formatMoney(card.amountCents)} Lamplight gift card.
      </Paragraph>
      {card.message ? <Paragraph>“{card.message}”</Paragraph> : null}
      <Lines lines={[`Your gift card code: ${card.code}`, `Value: ${formatMoney(card.amountCents)}`]} />
      <Paragraph>
        Enter the code at checkout on {card.shopUrl} to pay for part or all of an order; whatever is left
        stays on the card for next time. Keep this mail: the code is the card.
      </Paragraph>
    </Layout>,
  )
}
