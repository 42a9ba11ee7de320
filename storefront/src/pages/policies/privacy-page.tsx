import { Link } from 'react-router'
import { PolicyPage } from './policy-page'

export const PRIVACY_TITLE = 'Privacy Policy'

/** What the site really keeps (api/src/db/schema) and why; change this page with the schema. */
export function PrivacyPage() {
  return (
    <PolicyPage
      path="/privacy"
      title={PRIVACY_TITLE}
      metaDescription="What Lamplight Puzzle Co. stores about you and why: your account, your orders and the messages you send us. No tracking, no advertising."
      summary={
        <p>
          We keep only what we need to run your account, send your orders and answer your messages. We do not
          track you, show you advertising or sell anything about you.
        </p>
      }
      sections={[
        {
          id: 'account',
          title: 'Your account',
          body: (
            <>
              <p>
                When you sign up we store your email address, your name if you give it, and your password in a
                form that cannot be read back (a one-way hash). We use them to sign you in, to send the emails
                you ask for (confirming your address, resetting your password) and to show you what you own.
              </p>
              <p>
                While you are signed in we keep a session: a random key in one cookie, with the address and
                browser it came from, so that we can spot someone else using your account. It is deleted when
                you sign out or it expires.
              </p>
              <p>
                Your puzzle progress is stored with your account, so it follows you from one device to
                another. If you solve without signing in, it stays in your own browser.
              </p>
            </>
          ),
        },
        {
          id: 'orders',
          title: 'Your orders',
          body: (
            <>
              <p>
                For each order we keep your name, email, shipping address, what you bought, what you paid and
                its status. We need them to ship the box, to answer questions about it and to keep the
                accounts the law asks a shop to keep.
              </p>
              <p>
                Card payments are handled by our payment provider. Your card number never reaches us; we only
                learn whether the payment went through.
              </p>
            </>
          ),
        },
        {
          id: 'messages',
          title: 'Messages and prayer requests',
          body: (
            <p>
              What you send through the <Link to="/contact">contact page</Link> (your name, email, subject and
              message) is stored so our team can read and answer it. A prayer request is kept the same way;
              your name and email are optional there, and requests are read only by our team.
            </p>
          ),
        },
        {
          id: 'no-tracking',
          title: 'No tracking',
          body: (
            <ul>
              <li>No analytics, advertising or social-media trackers, and no third-party cookies.</li>
              <li>The only cookie is the one that keeps you signed in.</li>
              <li>
                To stop abuse we count, for a short time, how often an address tries to sign in or send a
                message. These counts are not linked to you and are thrown away within the hour.
              </li>
            </ul>
          ),
        },
        {
          id: 'sharing',
          title: 'Who else sees it',
          body: (
            <p>
              Only the services that do the work for us: the payment provider for payments, the carrier for
              the shipping address on your parcel, and our email provider for the emails we send you. We never
              sell or rent your details.
            </p>
          ),
        },
        {
          id: 'your-rights',
          title: 'Seeing, correcting or deleting it',
          body: (
            <p>
              <Link to="/contact">Write to us</Link> and we will send you a copy of what we hold about you,
              correct it, or delete your account and messages. We keep order records only as long as tax law
              requires.
            </p>
          ),
        },
      ]}
    />
  )
}
