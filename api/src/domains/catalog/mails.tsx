import type { Mail } from '../../mail'
import { Action, greeting, Layout, Paragraph, renderMail } from '../../mail/layout'

// Addressed to whoever typed the address: no names, and nothing the asker wrote but the address.

export function watchConfirmMail(m: { to: string; product: string; confirmUrl: string }): Promise<Mail> {
  return renderMail(
    m.to,
    `Confirm: tell me when ${m.product} is ready`,
    <Layout preview={`Confirm that we may mail you once when ${m.product} is ready.`}>
      <Paragraph>{greeting(null)}</Paragraph>
      <Paragraph>
        Someone (we hope you) asked us to mail this address when {m.product} is ready to order. Confirm it and
        we will write once, when it is.
      </Paragraph>
      <Action url={m.confirmUrl} label="Yes, tell me" />
      <Paragraph>
        If you did not ask, ignore this mail: without a confirmation we never write again.
      </Paragraph>
    </Layout>,
  )
}

export function watchReadyMail(m: {
  to: string
  product: string
  productUrl: string
  unsubscribeUrl: string
}): Promise<Mail> {
  return renderMail(
    m.to,
    `${m.product} is ready to order`,
    <Layout preview={`${m.product} is on sale now at Lamplight Puzzle Co.`}>
      <Paragraph>{greeting(null)}</Paragraph>
      <Paragraph>You asked us to tell you: {m.product} is on sale now.</Paragraph>
      <Action url={m.productUrl} label={`See ${m.product}`} />
      <Paragraph>
        This is the one mail you asked for. To be forgotten now, open {m.unsubscribeUrl} and press the button.
      </Paragraph>
    </Layout>,
  )
}
