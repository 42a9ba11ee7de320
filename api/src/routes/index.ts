import { adminAuditRouter } from '../domains/accounts/audit-routes'
import { adminUsersRouter } from '../domains/accounts/routes'
import { adminQuantityPricesRouter, cartRouter } from '../domains/cart/routes'
import { adminProductsRouter, catalogRouter } from '../domains/catalog/routes'
import { adminDeploymentsRouter, beaconRouter } from '../domains/deployments/routes'
import { adminDiscountsRouter, adminGiftCardsRouter } from '../domains/discounts/admin-routes'
import { discountsRouter, giftCardsRouter } from '../domains/discounts/routes'
import { insightsRouter } from '../domains/insights/routes'
import { contactRouter, inboxRouter } from '../domains/messages/routes'
import { adminOrdersRouter } from '../domains/orders/admin-routes'
import { adminFulfilmentRouter } from '../domains/orders/fulfilment-routes'
import { orderStatusRouter } from '../domains/orders/order-status-routes'
import { accountRouter, checkoutRouter } from '../domains/orders/routes'
import { stripeWebhookRouter } from '../domains/payments/stripe/webhook'
import { testBillingRouter, testPaymentsRouter } from '../domains/payments/test-mode/routes'
import { puzzleAuthoringRouter } from '../domains/puzzles/authoring-routes'
import { portalRouter, puzzlesRouter } from '../domains/puzzles/routes'
import { adminResourcesRouter } from '../domains/resources/admin-routes'
import { filesRouter } from '../domains/resources/files-routes'
import { resourcesRouter } from '../domains/resources/routes'
import { adminShippingRouter, shippingRouter } from '../domains/shipping/routes'
import { adminGiftSubscriptionsRouter, giftSubscriptionsRouter } from '../domains/subscriptions/gift-routes'
import {
  adminSubscriptionBoxesRouter,
  adminSubscriptionsRouter,
  subscriptionsRouter,
} from '../domains/subscriptions/routes'
import type { Router } from '../lib/router'
import { authRouter, devMailRouter } from './auth/router'
import { createDocsRouter } from './docs/router'
import { healthRouter } from './health/router'

/**
 * Every router of the API, each mounted at its own prefix under /api. The permission
 * table, the authorization matrix and the OpenAPI document are all read from this list.
 */
export const apiRouters: Router[] = [
  healthRouter,
  createDocsRouter(() => apiRouters.flatMap((router) => router.routes)),
  authRouter,
  devMailRouter,
  adminUsersRouter,
  adminOrdersRouter,
  adminFulfilmentRouter,
  orderStatusRouter,
  adminResourcesRouter,
  adminProductsRouter,
  adminQuantityPricesRouter,
  adminShippingRouter,
  adminDiscountsRouter,
  adminGiftCardsRouter,
  adminAuditRouter,
  adminDeploymentsRouter,
  beaconRouter,
  adminSubscriptionsRouter,
  adminSubscriptionBoxesRouter,
  adminGiftSubscriptionsRouter,
  insightsRouter,
  inboxRouter,
  catalogRouter,
  cartRouter,
  shippingRouter,
  checkoutRouter,
  discountsRouter,
  giftCardsRouter,
  accountRouter,
  testPaymentsRouter,
  stripeWebhookRouter,
  subscriptionsRouter,
  giftSubscriptionsRouter,
  testBillingRouter,
  contactRouter,
  resourcesRouter,
  filesRouter,
  puzzlesRouter,
  portalRouter,
  puzzleAuthoringRouter,
]
