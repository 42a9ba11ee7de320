import type { Mail } from '../mail'
import { Action, greeting, Layout, Paragraph, renderMail } from '../mail/layout'

// These mails greet nobody by name: the name is whatever a sign-up typed, and a sign-up with
// someone else's address would put a stranger's words (a fake "confirm your card" link) in a
// mail from us to them.

export function verificationMail(to: string, url: string): Promise<Mail> {
  return renderMail(
    to,
    'Confirm your email for Lamplight Puzzle Co.',
    <Layout preview="Confirm your email address to finish signing up.">
      <Paragraph>{greeting(null)}</Paragraph>
      <Paragraph>
        Welcome to Lamplight Puzzle Co.! Please confirm your email address so we know it is really you.
      </Paragraph>
      <Action url={url} label="Confirm my email" />
      <Paragraph>If you did not create an account, you can ignore this message.</Paragraph>
    </Layout>,
  )
}

export function passwordResetMail(to: string, url: string): Promise<Mail> {
  return renderMail(
    to,
    'Reset your Lamplight Puzzle Co. password',
    <Layout preview="Choose a new password: the link works once, for one hour.">
      <Paragraph>{greeting(null)}</Paragraph>
      <Paragraph>
        Someone (we hope you) asked to reset the password of your Lamplight Puzzle Co. account.
      </Paragraph>
      <Action url={url} label="Choose a new password" />
      <Paragraph>
        The link works once, for one hour. If you did not ask for it, ignore this message: your password stays
        as it is.
      </Paragraph>
    </Layout>,
  )
}

/**
 * The reset link asked for from the account page's "Add my guest orders" (decision 032): the
 * same link, in words that say why, so the customer does not wonder who reset what.
 */
export function guestOrdersMail(to: string, url: string): Promise<Mail> {
  return renderMail(
    to,
    'Add your guest orders to your Lamplight Puzzle Co. account',
    <Layout preview="Set your password with this link, and your guest orders join your account.">
      <Paragraph>{greeting(null)}</Paragraph>
      <Paragraph>
        Someone (we hope you) asked, from a Lamplight Puzzle Co. account with this address, to add the orders
        placed as a guest with it. To prove the address is yours, choose your password with this link; then
        sign in, and those orders are in your account.
      </Paragraph>
      <Action url={url} label="Choose my password" />
      <Paragraph>
        The link works once, for one hour. If you did not ask for it, ignore this message: nothing changes.
      </Paragraph>
    </Layout>,
  )
}

/** To the owner of an address someone tried to sign up with: the answer to them said nothing. */
export function existingAccountMail(to: string, siteUrl: string): Promise<Mail> {
  return renderMail(
    to,
    'Someone tried to sign up with your address',
    <Layout preview="You already have a Lamplight Puzzle Co. account.">
      <Paragraph>{greeting(null)}</Paragraph>
      <Paragraph>
        Someone (perhaps you) tried to create a Lamplight Puzzle Co. account with this email address. You
        already have one, so nothing was changed.
      </Paragraph>
      <Action url={`${siteUrl}/auth`} label="Sign in" />
      <Paragraph>
        Forgotten your password? Choose "Forgot password" on the sign-in page. If it was not you, you can
        ignore this message.
      </Paragraph>
    </Layout>,
  )
}
