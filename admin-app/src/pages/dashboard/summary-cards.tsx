import { formatCount, formatMoney } from '@lamplight/contracts'
import { Card, CardContent, CardHeader, CardTitle, Skeleton } from '@lamplight/ui'
import { Gamepad2Icon, PackageCheckIcon, UsersIcon, WalletIcon } from '@lamplight/ui/icons'
import { useQuery } from '@tanstack/react-query'
import { summaryQuery } from '../../api/dashboard'

export function SummaryCards() {
  const { data, isError } = useQuery(summaryQuery())
  const cards = [
    { label: 'Customers', value: data && formatCount(data.customers), icon: UsersIcon },
    { label: 'Completed orders', value: data && formatCount(data.completedOrders), icon: PackageCheckIcon },
    {
      label: 'Revenue this month',
      value: data ? formatMoney(data.revenueThisMonthCents) : undefined,
      icon: WalletIcon,
    },
    { label: 'Active puzzle players', value: data && formatCount(data.activePlayers), icon: Gamepad2Icon },
  ]
  return (
    <section aria-label="Summary" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {cards.map(({ label, value, icon: Icon }) => (
        <Card key={label} className="gap-2 py-4">
          <CardHeader className="flex flex-row items-center justify-between gap-2 px-4">
            <CardTitle className="text-sm font-medium text-muted-foreground">{label}</CardTitle>
            <Icon aria-hidden className="size-4 text-primary" />
          </CardHeader>
          <CardContent className="px-4">
            {value !== undefined ? (
              <p className="font-serif text-2xl text-foreground sm:text-3xl">{value}</p>
            ) : isError ? (
              <p className="text-2xl text-muted-foreground">—</p>
            ) : (
              <Skeleton className="h-8 w-20" />
            )}
          </CardContent>
        </Card>
      ))}
    </section>
  )
}
