import { formatMoney, orderNumber, STANDARD_DELIVERY } from '@lamplight/contracts'
import type { ShippingAddress } from '../../db/schema'
import type { Mail } from '../../mail'
import { greeting, Layout, Lines, Paragraph, renderMail } from '../../mail/layout'

export type Confirmation = {
  id: string
  sessionId: string | null
  email: string
  name: string | null
  amountCents: number
  product: string
  address: ShippingAddress | null
  /** Placed without an account. */
  guest: boolean
}

/** The order confirmation: number, product, amount, where it goes, what happens next. */
export function orderConfirmationMail(order: Confirmation): Promise<Mail> {
  const number = orderNumber(order.sessionId, order.id)
  const a = order.address
  return renderMail(
    order.email,
    `Order confirmed: ${order.product} (${number})`,
    <Layout preview={`Thank you for your order ${number}: ${order.product}.`}>
      <Paragraph>{greeting(order.name)}</Paragraph>
      <Paragraph>Thank you for your order! Order number: {number}.</Paragraph>
      <Paragraph>
        {order.product}: {formatMoney(order.amountCents)} (shipping FREE).
      </Paragraph>
      {a && (
        <>
          <Paragraph>We will ship it to:</Paragraph>
          <Lines
            lines={[
              `${a.firstName} ${a.lastName}`,
              a.address,
              `${a.city}, ${a.state} ${a.zipCode}`,
              a.country,
            ]}
          />
        </>
      )}
      <Paragraph>
        What happens next: we prepare your box within 1-2 business days, then it travels to you (standard
        delivery {STANDARD_DELIVERY}).{' '}
        {order.guest
          ? `To play the online puzzle, sign up (or sign in) and choose "Add my guest orders" in your account: we email ${order.email} a link to set your password, and your box joins your account.`
          : 'You can begin the online puzzle right away from your account.'}
      </Paragraph>
      <Paragraph>Questions? Reply to this message or write to us from the contact page.</Paragraph>
    </Layout>,
  )
}
