import type { RemotePages } from '@lamplight/remote'
import { DashboardPage } from './dashboard/dashboard-page'
import { DeploymentsPage } from './deployments/deployments-page'
import { DiscountsPage } from './discounts/discounts-page'
import { FulfilmentPage } from './fulfilment/fulfilment-page'
import { GiftCardsPage } from './gift-cards/gift-cards-page'
import { InsightsRoute } from './insights'
import { OrderDetailPage } from './order-detail/order-detail-page'
import { OrdersPage } from './orders/orders-page'
import { EditProductPage, NewProductPage } from './products/product-editor-page'
import { ProductsPage } from './products/products-page'
import { PuzzlePage } from './puzzles/puzzle-page'
import { PuzzlesPage } from './puzzles/puzzles-page'
import { EditResourcePage, NewResourcePage } from './resource-editor/resource-editor-page'
import { ShippingRatesPage } from './shipping/shipping-rates-page'
import { SubscribersPage } from './subscribers/subscribers-page'

/** Route path (as in the route map) → page component. Routes not listed show their frame. */
export const pages: RemotePages = {
  '/admin': DashboardPage,
  '/admin/orders': OrdersPage,
  '/admin/fulfilment': FulfilmentPage,
  '/admin/orders/:id': OrderDetailPage,
  '/admin/products': ProductsPage,
  '/admin/products/new': NewProductPage,
  '/admin/products/:id': EditProductPage,
  '/admin/shipping': ShippingRatesPage,
  '/admin/puzzles': PuzzlesPage,
  '/admin/puzzles/:productId': PuzzlePage,
  '/admin/resources/new': NewResourcePage,
  '/admin/resources/:id/edit': EditResourcePage,
  '/admin/deployments': DeploymentsPage,
  '/admin/discounts': DiscountsPage,
  '/admin/gift-cards': GiftCardsPage,
  '/admin/insights': InsightsRoute,
  '/admin/subscribers': SubscribersPage,
}
