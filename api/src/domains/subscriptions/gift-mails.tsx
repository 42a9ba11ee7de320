import { formatMoney, GIFT_ADDRESS_LINK_DAYS, PROCESSING_TIME, planOfTier } from '@lamplight/contracts'
import type { ShippingAddress } from '../../db/schema'
import type { Mail } from '../../mail'
import { Action, greeting, Layout, Lines, Paragraph, renderMail } from '../../mail/layout'
import { addressLines } from './mails'

/** The mails of a gift subscription (issue 34 item 7), in the shop's layout. */

type Gift = {
  tier: string
  months: number
  amountCents: number
  buyerName: string | null
  buyerEmail: string
  recipientName: string
  recipientEmail: string
  message: string | null
}

const boxesOf = (tier: string) => {
  const n = planOfTier(tier)?.boxesPerMonth ?? 1
  return `${n} ${n === 1 ? 'box' : 'boxes'} a month`
}
const from = (gift: Gift) => gift.buyerName?.trim() || gift.buyerEmail

function Message({ gift }: { gift: Gift }) {
  if (!gift.message) return null
  return (
    <>
      <Paragraph>{`${from(gift)} wrote:`}</Paragraph>
      <Lines lines={gift.message.split(/\r?\n/).map((line) => `“${line}”`)} />
    </>
  )
}

/** The buyer's receipt: what was bought, for whom, what was paid, what happens next. */
export function giftReceiptMail(gift: Gift, siteUrl: string, byMail: boolean): Promise<Mail> {
  const what = `${gift.months} months of the ${gift.tier} plan`
  return renderMail(
    gift.buyerEmail,
    `Your gift to ${gift.recipientName}: ${what}`,
    <Layout preview={`Receipt for your gift to ${gift.recipientName}`}>
      <Paragraph>{greeting(gift.buyerName)}</Paragraph>
      <Paragraph>
        {`Thank you! You gave ${gift.recipientName} ${what} (${boxesOf(gift.tier)}), paid once: ${formatMoney(gift.amountCents)}. It does not renew and nothing more is charged.`}
      </Paragraph>
      <Paragraph>
        {byMail
          ? `We have mailed ${gift.recipientName} (${gift.recipientEmail}) a link to give their shipping address; their first box is prepared within ${PROCESSING_TIME} of it.`
          : `Their first box is prepared within ${PROCESSING_TIME}, then one month after month until the last.`}
      </Paragraph>
      <Message gift={gift} />
      <Action url={`${siteUrl}/account`} label="See your gifts" />
      <Paragraph>Questions? Reply to this message and we will sort it out.</Paragraph>
    </Layout>,
  )
}

/** To the recipient: a gift awaits, and the link (single use) to say where it goes. */
export function giftInvitationMail(gift: Gift, link: string): Promise<Mail> {
  return renderMail(
    gift.recipientEmail,
    `${from(gift)} sent you ${gift.months} months of Lamplight puzzle boxes`,
    <Layout preview={`A gift from ${from(gift)}: tell us where to send it`}>
      <Paragraph>{greeting(gift.recipientName)}</Paragraph>
      <Paragraph>
        {`${from(gift)} has given you ${gift.months} months of our ${gift.tier} plan: ${boxesOf(gift.tier)} of faith-based puzzle boxes, already paid for.`}
      </Paragraph>
      <Message gift={gift} />
      <Paragraph>
        {`Tell us where to send them: the first box is prepared within ${PROCESSING_TIME} of it. The link works once and for ${GIFT_ADDRESS_LINK_DAYS} days.`}
      </Paragraph>
      <Action url={link} label="Give your shipping address" />
    </Layout>,
  )
}

/** To the recipient when the buyer gave the address: a gift is on its way. */
export function giftComingMail(gift: Gift, address: ShippingAddress, siteUrl: string): Promise<Mail> {
  return renderMail(
    gift.recipientEmail,
    `${from(gift)} sent you ${gift.months} months of Lamplight puzzle boxes`,
    <Layout preview={`A gift from ${from(gift)} is on its way`}>
      <Paragraph>{greeting(gift.recipientName)}</Paragraph>
      <Paragraph>
        {`${from(gift)} has given you ${gift.months} months of our ${gift.tier} plan: ${boxesOf(gift.tier)} of faith-based puzzle boxes, already paid for. The first is prepared within ${PROCESSING_TIME}.`}
      </Paragraph>
      <Message gift={gift} />
      <Paragraph>They go to:</Paragraph>
      <Lines lines={addressLines(address)} />
      <Action url={`${siteUrl}/shop`} label="Visit the shop" />
    </Layout>,
  )
}

/** To the recipient after the last month: it has ended; subscribe yourself to carry on. */
export function giftEndedMail(gift: Gift, siteUrl: string): Promise<Mail> {
  return renderMail(
    gift.recipientEmail,
    `Your gift of ${gift.months} months of the ${gift.tier} plan has ended`,
    <Layout preview="Your gift subscription has ended">
      <Paragraph>{greeting(gift.recipientName)}</Paragraph>
      <Paragraph>
        {`The last box of the ${gift.months} months ${from(gift)} gave you has been sent, so your gift subscription has ended. Nothing is charged and nothing renews.`}
      </Paragraph>
      <Paragraph>Enjoyed them? You can carry on with a plan of your own, cancel any time.</Paragraph>
      <Action url={`${siteUrl}/shop#plans-heading`} label="Subscribe yourself" />
    </Layout>,
  )
}
