import { insightsRouter } from '../domains/insights/routes'
import type { Router } from '../lib/router'
import { adminUsersRouter } from './admin/router'
import { adminAuditRouter } from './admin-audit/router'
import { adminDeploymentsRouter } from './admin-deployments/router'
import { adminOrdersRouter } from './admin-orders/router'
import { adminResourcesRouter } from './admin-resources/router'
import { authRouter, devMailRouter } from './auth/router'
import { catalogRouter } from './catalog/router'
import { accountRouter, checkoutRouter, testPaymentsRouter } from './checkout/router'
import { stripeWebhookRouter } from './checkout/stripe-webhook'
import { contactRouter, inboxRouter } from './contact/router'
import { createDocsRouter } from './docs/router'
import { filesRouter } from './files/router'
import { healthRouter } from './health/router'
import { portalRouter, puzzlesRouter } from './puzzles/router'
import { resourcesRouter } from './resources/router'
import { subscriptionsRouter, testBillingRouter } from './subscriptions/router'

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
  adminResourcesRouter,
  adminAuditRouter,
  adminDeploymentsRouter,
  insightsRouter,
  inboxRouter,
  catalogRouter,
  checkoutRouter,
  accountRouter,
  testPaymentsRouter,
  stripeWebhookRouter,
  subscriptionsRouter,
  testBillingRouter,
  contactRouter,
  resourcesRouter,
  filesRouter,
  puzzlesRouter,
  portalRouter,
]
