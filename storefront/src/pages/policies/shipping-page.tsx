import { FREE_SHIPPING_THRESHOLD_CENTS, formatMoney, STANDARD_DELIVERY } from '@lamplight/contracts'
import { Link } from 'react-router'
import { PolicyPage } from './policy-page'

export const SHIPPING_TITLE = 'Shipping Info'
const threshold = formatMoney(FREE_SHIPPING_THRESHOLD_CENTS)

export function ShippingPage() {
  return (
    <PolicyPage
      path="/shipping"
      title={SHIPPING_TITLE}
      metaDescription={`Free shipping on US orders over ${threshold}; standard delivery takes ${STANDARD_DELIVERY}.`}
      summary={
        <p>
          Shipping is free on US orders over <strong className="text-foreground">{threshold}</strong>, and
          standard delivery takes <strong className="text-foreground">{STANDARD_DELIVERY}</strong>.
        </p>
      }
      sections={[
        {
          id: 'cost',
          title: 'What shipping costs',
          body: (
            <>
              <p>
                Every order to an address in the United States over {threshold} ships free by standard
                delivery. For any other order, the shipping cost is shown at checkout before you pay, and you
                never pay more than the total you see there.
              </p>
              <p>
                We ship to the United States and Canada. Pick your country in the shipping step of checkout.
              </p>
            </>
          ),
        },
        {
          id: 'delivery',
          title: 'How long delivery takes',
          body: (
            <>
              <p>
                Standard delivery takes {STANDARD_DELIVERY} from the day you order: we pack each box by hand
                and the carrier brings it to your door.
              </p>
              <p>
                If your box has not arrived after {STANDARD_DELIVERY}, <Link to="/contact">write to us</Link>{' '}
                with your order number and we will track it down for you.
              </p>
            </>
          ),
        },
        {
          id: 'subscriptions',
          title: 'Subscriptions',
          body: (
            <p>
              Subscription boxes ship once a month to the address on your subscription, on the same terms as
              any other order.
            </p>
          ),
        },
        {
          id: 'gifts',
          title: 'Sending a gift',
          body: (
            <p>
              Put the recipient's name and address in the shipping step of checkout and the box goes straight
              to them.
            </p>
          ),
        },
      ]}
    />
  )
}
