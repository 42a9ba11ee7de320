import { formatMoney, type ShippingRate, STANDARD_DELIVERY } from '@lamplight/contracts'
import { Skeleton } from '@lamplight/ui'
import { Link } from 'react-router'
import { useShippingRates } from '../../api/cart'
import { PolicyPage } from './policy-page'

export const SHIPPING_TITLE = 'Shipping Info'

/**
 * /shipping: what shipping costs, read from the same rates the cart and checkout charge
 * (`GET /api/shipping/rates`, decision 052), so the page cannot promise what checkout denies.
 */
export function ShippingPage() {
  const rates = useShippingRates()
  const us = rates.data?.find((r) => r.country === 'US')
  return (
    <PolicyPage
      path="/shipping"
      title={SHIPPING_TITLE}
      metaDescription={`We ship to the United States and Canada; the cost for your address is shown before you pay, and standard delivery takes ${STANDARD_DELIVERY}.`}
      summary={
        <p>
          {us?.freeOverCents != null ? (
            <>
              Shipping is free on US orders over{' '}
              <strong className="text-foreground">{formatMoney(us.freeOverCents)}</strong>, and
            </>
          ) : (
            'We ship to the United States and Canada, and'
          )}{' '}
          standard delivery takes <strong className="text-foreground">{STANDARD_DELIVERY}</strong>.
        </p>
      }
      sections={[
        {
          id: 'cost',
          title: 'What shipping costs',
          body: (
            <>
              {rates.data ? (
                <RatesTable rates={rates.data} />
              ) : rates.isError ? null : (
                <div className="grid gap-2" aria-busy="true">
                  <span className="sr-only" role="status">
                    Loading the shipping rates…
                  </span>
                  <Skeleton className="h-6 w-full" />
                  <Skeleton className="h-6 w-full" />
                </div>
              )}
              <p>
                The shipping cost for your address is shown in your cart and at checkout before you pay, and
                you never pay more than the total you see there.
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

function RatesTable({ rates }: { rates: ShippingRate[] }) {
  return (
    <table className="w-full text-left">
      <caption className="sr-only">Shipping rates by destination</caption>
      <thead>
        <tr className="border-border border-b">
          <th scope="col" className="py-2 pr-4 font-semibold">
            Destination
          </th>
          <th scope="col" className="py-2 pr-4 font-semibold">
            {rates[0]?.name ?? 'Standard'} shipping
          </th>
          <th scope="col" className="py-2 font-semibold">
            Free on orders over
          </th>
        </tr>
      </thead>
      <tbody>
        {rates.map((rate) => (
          <tr key={rate.country} className="border-border border-b last:border-0">
            <th scope="row" className="py-2 pr-4 font-normal">
              {rate.zoneName}
            </th>
            <td className="py-2 pr-4 tabular-nums">{formatMoney(rate.amountCents)}</td>
            <td className="py-2 tabular-nums">
              {rate.freeOverCents === null ? '—' : formatMoney(rate.freeOverCents)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
