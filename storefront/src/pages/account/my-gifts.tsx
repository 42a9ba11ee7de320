import { GIFT_STATUS_LABELS, type GiftSubscription } from '@lamplight/contracts'
import { Badge, Card, CardContent } from '@lamplight/ui'
import { GiftIcon } from '@lamplight/ui/icons'
import { Link } from 'react-router'
import { useMyGifts } from '../../api/gift-subscriptions'

/**
 * Gift subscriptions in /account (issue 34 item 7): those I gave (to whom, plan, months,
 * months shipped, status) and those made out to my email. Nothing shows without any.
 */
export function MyGifts() {
  const gifts = useMyGifts(true)
  const sent = gifts.data?.sent ?? []
  const received = gifts.data?.received ?? []
  if (!sent.length && !received.length) return null
  return (
    <section aria-labelledby="gifts-heading" className="mt-10">
      <h2 id="gifts-heading" className="flex items-center gap-2 font-serif text-2xl">
        <GiftIcon aria-hidden="true" className="size-6 text-primary" />
        Gift subscriptions
      </h2>
      {received.length > 0 && (
        <>
          <h3 className="mt-4 font-medium text-lg">Given to you</h3>
          <ul className="mt-2 grid gap-3">
            {received.map((gift) => (
              <GiftRow key={gift.id} gift={gift} who={`From ${gift.buyer_name ?? 'a friend'}`} />
            ))}
          </ul>
        </>
      )}
      {sent.length > 0 && (
        <>
          <h3 className="mt-4 font-medium text-lg">Gifts you gave</h3>
          <ul className="mt-2 grid gap-3">
            {sent.map((gift) => (
              <GiftRow
                key={gift.id}
                gift={gift}
                who={`To ${gift.recipient_name} (${gift.recipient_email})`}
              />
            ))}
          </ul>
        </>
      )}
      <p className="mt-3 text-sm">
        <Link className="text-primary underline underline-offset-4" to="/shop?gift=Premium#gift-subscription">
          Give another gift
        </Link>
      </p>
    </section>
  )
}

function GiftRow({ gift, who }: { gift: GiftSubscription; who: string }) {
  return (
    <li>
      <Card>
        <CardContent className="flex flex-wrap items-center justify-between gap-3 pt-6">
          <div>
            <p className="font-medium">{who}</p>
            <p className="text-muted-foreground text-sm">
              {gift.tier}, {gift.months} months: {gift.months_shipped} of {gift.months} shipped
            </p>
          </div>
          <Badge variant={gift.status === 'active' ? 'default' : 'secondary'}>
            {GIFT_STATUS_LABELS[gift.status] ?? gift.status}
          </Badge>
        </CardContent>
      </Card>
    </li>
  )
}
