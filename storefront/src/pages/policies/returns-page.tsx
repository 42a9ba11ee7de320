import { SATISFACTION_WINDOW_DAYS } from '@lamplight/contracts'
import { Link } from 'react-router'
import { PolicyPage } from './policy-page'

export const RETURNS_TITLE = 'Returns'
const window = `${SATISFACTION_WINDOW_DAYS} days`

export function ReturnsPage() {
  return (
    <PolicyPage
      path="/returns"
      title={RETURNS_TITLE}
      metaDescription={`Not satisfied? Tell us within ${window} of delivery and we will make it right with a replacement or a refund.`}
      summary={
        <p>
          We want every box to be a blessing. If yours is not, tell us within{' '}
          <strong className="text-foreground">{window} of delivery</strong> and we will make it right with a
          replacement or a refund.
        </p>
      }
      sections={[
        {
          id: 'how',
          title: 'How to ask',
          body: (
            <ul>
              <li>
                <Link to="/contact?subject=A%20return">Send us a message</Link> within {window} of delivery,
                with your order number and a word about what went wrong.
              </li>
              <li>We answer within 24 hours on working days and agree with you what happens next.</li>
            </ul>
          ),
        },
        {
          id: 'damaged',
          title: 'Damaged or missing pieces',
          body: (
            <p>
              If something arrived broken or is missing from the box, we send the piece, or a whole new box,
              at no cost to you. A photo of the damage helps us improve our packing, but you do not need one
              to be helped.
            </p>
          ),
        },
        {
          id: 'refunds',
          title: 'Refunds',
          body: (
            <p>
              If the experience was not for you, we refund what you paid for it to the card or wallet you paid
              with, once we have agreed the return with you. Your bank may take a few days to show it.
            </p>
          ),
        },
        {
          id: 'subscriptions',
          title: 'Subscriptions',
          body: (
            <p>
              You can cancel a subscription at any time from Manage Subscription in the shop. Boxes already
              paid for still arrive, and the {SATISFACTION_WINDOW_DAYS}-day promise covers each of them.
            </p>
          ),
        },
      ]}
    />
  )
}
