import { PageMeta, useAuth } from '@lamplight/session'
import { PageFrame, Tabs, TabsContent, TabsList, TabsTrigger, toast } from '@lamplight/ui'
import { ClipboardListIcon, PackageIcon, TruckIcon } from '@lamplight/ui/icons'
import { useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import { Navigate, useSearchParams } from 'react-router'
import { summaryQuery } from '../../api/dashboard'
import { LinkButton } from '../../components/link-button'
import { guarded } from '../../components/require-role'
import { SubscriberFigures } from '../subscribers/subscribers-page'
import { LowStock } from './low-stock'
import { SummaryCards } from './summary-cards'
import { tabsFor } from './tabs'

export const DashboardPage = guarded(Dashboard, 'staff')

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

/** The owner's other pages, a click from the overview. */
const SECTIONS = [
  { to: '/admin/insights', label: 'Insights' },
  { to: '/admin/puzzles', label: 'Puzzles and codes' },
  { to: '/admin/shipping', label: 'Shipping rates' },
  { to: '/admin/discounts', label: 'Discounts and gift cards' },
  { to: '/admin/subscribers', label: 'Subscribers' },
  { to: '/admin/products', label: 'Products', icon: PackageIcon },
  { to: '/admin/fulfilment', label: 'Fulfilment', icon: TruckIcon },
]

/** A section's button: its words wrap in a narrow column rather than overflow it. */
const SECTION_BUTTON = 'h-auto min-h-10 whitespace-normal py-2 text-center leading-tight xl:whitespace-nowrap'

function AdminOverview() {
  const summary = useQuery(summaryQuery())
  useEffect(() => {
    if (summary.isError) toast.error('Failed to load admin data', { id: 'admin-data' })
  }, [summary.isError])
  return (
    <div className="grid gap-4">
      {/* The developers' page, out of the owner's tabs but a click away. */}
      <LinkButton
        to="/admin/deployments"
        variant="ghost"
        size="sm"
        className="justify-self-end text-muted-foreground"
      >
        Deployments (developers)
      </LinkButton>
      {/* Even columns until one row holds them all (a wrapping row left ragged rows of odd widths). */}
      <nav
        aria-label="Admin sections"
        className="grid grid-cols-2 gap-2 sm:grid-cols-4 xl:flex xl:justify-end"
      >
        {SECTIONS.map(({ to, label, icon }) => (
          <LinkButton key={to} to={to} icon={icon} variant="outline" className={SECTION_BUTTON}>
            {label}
          </LinkButton>
        ))}
        <LinkButton to="/admin/orders" icon={ClipboardListIcon} className={SECTION_BUTTON}>
          View Orders
        </LinkButton>
      </nav>
      <SummaryCards />
      <SubscriberFigures withRevenue={false} />
      <LowStock />
    </div>
  )
}
