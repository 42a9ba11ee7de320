import type { RemotePages } from '@lamplight/remote'
import { DashboardPage } from './dashboard/dashboard-page'
import { OrderDetailPage } from './order-detail/order-detail-page'
import { OrdersPage } from './orders/orders-page'

/** Route path (as in the route map) → page component. Routes not listed show their frame. */
export const pages: RemotePages = {
  '/admin': DashboardPage,
  '/admin/orders': OrdersPage,
  '/admin/orders/:id': OrderDetailPage,
}
