import { PageMeta, useAuth } from '@lamplight/session'
import { Button, PageFrame, Tabs, TabsContent, TabsList, TabsTrigger, toast } from '@lamplight/ui'
import { ClipboardListIcon, PackageIcon, TruckIcon } from '@lamplight/ui/icons'
import { useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import { Link, Navigate, useSearchParams } from 'react-router'
import { summaryQuery } from '../../api/dashboard'
import { RequireRole } from '../../components/require-role'
import { SubscriberFigures } from '../subscribers/subscribers-page'
import { LowStock } from './low-stock'
import { SummaryCards } from './summary-cards'
import { tabsFor } from './tabs'

export function DashboardPage() {
  return (
    <RequireRole level="staff">
      <Dashboard />
    </RequireRole>
  )
}

function Dashboard() {
  const { isAdmin } = useAuth()
  const [params, setParams] = useSearchParams()
  const tabs = tabsFor(isAdmin ? 'admin' : 'editor')
  const wanted = params.get('tab')
  const current = tabs.find((tab) => tab.value === wanted)?.value ?? tabs[0]?.value
  // Deployments was a tab here: old links and bookmarks reach its page.
  if (wanted === 'deployments' && isAdmin) return <Navigate to="/admin/deployments" replace />
  return (
    <PageFrame
      title="Admin Dashboard"
      lead={
        isAdmin
          ? 'Orders, customers, puzzles and resources at a glance.'
          : 'Manage the free resource library.'
      }
    >
      <PageMeta title="Admin Dashboard" />
      {isAdmin && <AdminOverview />}
      <Tabs
        value={current}
        onValueChange={(value) =>
          setParams(
            (prev) => {
              const next = new URLSearchParams(prev)
              next.set('tab', value)
              return next
            },
            { replace: true },
          )
        }
        className="mt-8"
      >
        <div>
          <TabsList
            aria-label="Dashboard sections"
            className="h-auto w-full flex-wrap justify-start sm:w-fit"
          >
            {tabs.map((tab) => (
              <TabsTrigger key={tab.value} value={tab.value} className="flex-none">
                {tab.label}
              </TabsTrigger>
            ))}
          </TabsList>
        </div>
        {tabs.map(({ value, Panel }) => (
          <TabsContent key={value} value={value} className="mt-4 min-w-0">
            <Panel />
          </TabsContent>
        ))}
      </Tabs>
    </PageFrame>
  )
}

function AdminOverview() {
  const summary = useQuery(summaryQuery())
  useEffect(() => {
    if (summary.isError) toast.error('Failed to load admin data', { id: 'admin-data' })
  }, [summary.isError])
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-end gap-2">
        {/* The developers' page, out of the owner's tabs but a click away. */}
        <Button asChild variant="ghost" size="sm" className="text-muted-foreground">
          <Link to="/admin/deployments">Deployments (developers)</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/admin/insights">Insights</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/admin/puzzles">Puzzles and codes</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/admin/shipping">Shipping rates</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/admin/discounts">Discounts and gift cards</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/admin/subscribers">Subscribers</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/admin/products">
            <PackageIcon aria-hidden className="size-4" />
            Products
          </Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/admin/fulfilment">
            <TruckIcon aria-hidden className="size-4" />
            Fulfilment
          </Link>
        </Button>
        <Button asChild>
          <Link to="/admin/orders">
            <ClipboardListIcon aria-hidden className="size-4" />
            View Orders
          </Link>
        </Button>
      </div>
      <SummaryCards />
      <SubscriberFigures withRevenue={false} />
      <LowStock />
    </div>
  )
}
