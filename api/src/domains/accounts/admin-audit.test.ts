import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { orderNumber } from '@lamplight/contracts'
import { count, desc, eq } from 'drizzle-orm'
import type { Hono } from 'hono'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  auditLog,
  categories,
  contactMessages,
  giftSubscriptions,
  orders,
  portalCodes,
  productImages,
  products,
  puzzleContent,
  resources,
  scrollFragments,
  subscriptions,
  userProgress,
} from '../../db/schema'
import type { DeclaredRoute } from '../../lib/router'
import { apiRouters } from '../../routes'
import { type Actors, type Client, createActors } from '../../security/actors'
import { createTestApp, TEST_ORIGIN } from '../../test/app'
import { createTestDatabase, DRIVERS, type TestDatabase } from '../../test/database'
import { manifest } from '../../test/remote-manifest'
import type { AppEnv } from '../../types'

const keyOf = (route: Pick<DeclaredRoute, 'method' | 'path'>) => `${route.method} ${route.path}`

/** Admin POSTs that change nothing (so they have nothing to audit). */
const READS_BY_POST: ReadonlySet<string> = new Set(['POST /admin/puzzles/:productId/preview'])

/** Every write an admin or an editor can make: each must leave an entry in the audit log. */
const staffWrites = apiRouters
  .flatMap((router) => router.routes)
  .filter((route) => route.method !== 'GET' && (route.access === 'admin' || route.access === 'editor'))
  .map(keyOf)
  // A POST that writes nothing: the admin plays a step as a player, and nothing is recorded.
  .filter((key) => !READS_BY_POST.has(key))

/** A call: JSON `body`, or the raw bytes of a file with its name (`upload`). */
type Call = {
  path: string
  method: string
  body?: unknown
  upload?: { bytes: Uint8Array; filename: string; headers?: Record<string, string> }
  entity: string
}
type Scenario = (ctx: Ctx) => Promise<Call>
type Ctx = {
  database: TestDatabase
  app: Hono<AppEnv>
  actors: Actors
  product: { id: string; slug: string }
  releasesDir: string
}

/**
 * One call per admin write, set up so it really changes something. A new admin or editor
 * write route fails the test below until it has a scenario here (and records its audit entry).
 */
const SCENARIOS: Record<string, Scenario> = {
  // Issue 34: a subscriber's month skipped by the admin, the box of a month, the test clock.
  'POST /admin/subscriptions/:id/:action': async ({ database, actors }) => ({
    method: 'POST',
    path: `/api/admin/subscriptions/${await liveSubscription(database, actors.ids.customer)}/skip`,
    entity: 'subscription',
  }),
  'POST /admin/gift-subscriptions/:id/resend-link': async ({ database }) => ({
    method: 'POST',
    path: `/api/admin/gift-subscriptions/${await giftAwaitingAddress(database)}/resend-link`,
    entity: 'gift_subscription',
  }),
  'PUT /admin/subscription-boxes/:month': async ({ product }) => ({
    method: 'PUT',
    path: `/api/admin/subscription-boxes/2031-${String((++serial % 12) + 1).padStart(2, '0')}`,
    body: { productId: product.id },
    entity: 'subscription_box',
  }),
  'POST /admin/subscriptions/test-renewals': async () => ({
    method: 'POST',
    path: '/api/admin/subscriptions/test-renewals',
    body: { month: '2031-01' },
    entity: 'subscription_clock',
  }),
  // Issue 32: the FAQ's group price, and a zone's shipping rate.
  'PUT /admin/products/:id/quantity-prices': async ({ database }) => ({
    method: 'PUT',
    path: `/api/admin/products/${await draftProduct(database)}/quantity-prices`,
    body: { tiers: [{ minQuantity: 10, unitPriceCents: 1499 }] },
    entity: 'product',
  }),
  'PUT /admin/shipping/rates/:country': async () => ({
    method: 'PUT',
    path: '/api/admin/shipping/rates/CA',
    body: { name: 'Standard shipping', amountCents: 1300 + ++serial, freeOverCents: null },
    entity: 'shipping_rate',
  }),
  'POST /admin/products': async () => ({
    method: 'POST',
    path: '/api/admin/products',
    body: {
      name: 'Audit Box',
      slug: `audit-box-${++serial}`,
      category: 'mystery',
      price_cents: 1999,
      status: 'draft',
    },
    entity: 'product',
  }),
  'PUT /admin/products/:id': async ({ database }) => ({
    method: 'PUT',
    path: `/api/admin/products/${await draftProduct(database)}`,
    body: {
      name: 'Audit Box, renamed',
      slug: `audit-box-${++serial}`,
      category: 'history',
      price_cents: 2999,
      status: 'coming_soon',
    },
    entity: 'product',
  }),
  'POST /admin/products/:id/images': async ({ database }) => ({
    method: 'POST',
    path: `/api/admin/products/${await draftProduct(database)}/images`,
    upload: {
      bytes: await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c84' } })
        .png()
        .toBuffer(),
      filename: 'box.png',
      headers: { 'X-Alt': encodeURIComponent('The box, closed') },
    },
    entity: 'product',
  }),
  'PUT /admin/products/:id/images': async ({ database }) => {
    const id = await draftProduct(database)
    const [a, b] = [await productImage(database, id, 0), await productImage(database, id, 1)]
    return {
      method: 'PUT',
      path: `/api/admin/products/${id}/images`,
      body: {
        images: [
          { id: b, alt: 'Second, now first' },
          { id: a, alt: 'First, now second' },
        ],
      },
      entity: 'product',
    }
  },
  'DELETE /admin/products/:id/images/:imageId': async ({ database }) => {
    const id = await draftProduct(database)
    return {
      method: 'DELETE',
      path: `/api/admin/products/${id}/images/${await productImage(database, id, 0)}`,
      entity: 'product',
    }
  },
  'POST /admin/puzzles/:productId/steps': async ({ product }) => ({
    method: 'POST',
    path: `/api/admin/puzzles/${product.id}/steps`,
    body: { title: 'The Lamp', content: 'What lights the path?', answer: 'Word' },
    entity: 'puzzle_content',
  }),
  'PUT /admin/puzzles/:productId/steps/:stepId': async ({ database, product }) => ({
    method: 'PUT',
    path: `/api/admin/puzzles/${product.id}/steps/${await authoredStep(database, product.id)}`,
    body: { title: 'The Road', content: 'Where was Saul going?', answer: 'Damascus', is_active: true },
    entity: 'puzzle_content',
  }),
  'PUT /admin/puzzles/:productId/step-order': async ({ database }) => {
    const productId = await draftProduct(database)
    const first = await authoredStep(database, productId)
    const second = await authoredStep(database, productId)
    return {
      method: 'PUT',
      path: `/api/admin/puzzles/${productId}/step-order`,
      body: { ids: [second, first] },
      entity: 'product',
    }
  },
  'POST /admin/puzzles/:productId/fragments': async ({ database }) => ({
    method: 'POST',
    path: `/api/admin/puzzles/${await draftProduct(database)}/fragments`,
    body: { instruction: 'Unscramble: EVOL', scroll_line: 'because the love of God', answer: 'love' },
    entity: 'scroll_fragment',
  }),
  'PUT /admin/puzzles/:productId/fragments/:fragmentId': async ({ database }) => {
    const productId = await draftProduct(database)
    return {
      method: 'PUT',
      path: `/api/admin/puzzles/${productId}/fragments/${await authoredFragment(database, productId)}`,
      body: {
        instruction: 'Unscramble: EPOH',
        scroll_line: 'And hope does not put us to shame,',
        answer: 'hope',
      },
      entity: 'scroll_fragment',
    }
  },
  'POST /admin/puzzles/:productId/codes': async ({ database }) => ({
    method: 'POST',
    path: `/api/admin/puzzles/${await draftProduct(database)}/codes`,
    body: { count: 3 },
    entity: 'product',
  }),
  'PATCH /admin/puzzles/:productId/codes/:codeId': async ({ database }) => {
    const productId = await draftProduct(database)
    const [code] = await database.db
      .insert(portalCodes)
      .values({ code: `AUDIT${++serial}`, productId })
      .returning({ id: portalCodes.id })
    return {
      method: 'PATCH',
      path: `/api/admin/puzzles/${productId}/codes/${code!.id}`,
      body: { is_active: false },
      entity: 'portal_code',
    }
  },
  'PATCH /admin/users/:id/role': async ({ actors }) => ({
    method: 'PATCH',
    path: `/api/admin/users/${actors.ids.otherCustomer}/role`,
    body: { role: 'editor' },
    entity: 'user',
  }),
  'POST /admin/customers/:id/grant': async ({ actors, product }) => ({
    method: 'POST',
    path: `/api/admin/customers/${actors.ids.customer}/grant`,
    body: { productId: product.id },
    entity: 'order',
  }),
  'PUT /admin/puzzle-content/:id': async ({ database, product }) => {
    const [step] = await database.db
      .insert(puzzleContent)
      .values({ productId: product.id, stepNumber: 7, title: 'Gate', content: 'Find it', answer: 'gate' })
      .returning({ id: puzzleContent.id })
    return {
      method: 'PUT',
      path: `/api/admin/puzzle-content/${step!.id}`,
      body: {
        title: 'New gate',
        content: 'x',
        hint: null,
        answer: 'y',
        unlock_message: null,
        is_active: true,
      },
      entity: 'puzzle_content',
    }
  },
  'POST /admin/progress/:userId/:productId/reset': async ({ database, actors, product }) => {
    await database.db.insert(userProgress).values({
      userId: actors.ids.otherCustomer,
      productId: product.id,
      currentStep: 3,
      completedSteps: [1, 2],
    })
    return {
      method: 'POST',
      path: `/api/admin/progress/${actors.ids.otherCustomer}/${product.id}/reset`,
      entity: 'user_progress',
    }
  },
  'POST /admin/orders/:id/refund': async ({ database, product }) => ({
    method: 'POST',
    path: `/api/admin/orders/${await paidOrder(database, product.id)}/refund`,
    body: {},
    entity: 'order',
  }),
  'POST /admin/orders/:id/deliver': async ({ database, product, actors }) => {
    const id = await paidOrder(database, product.id)
    const shipped = await actors.admin.request(`/api/admin/orders/${id}/ship`, {
      method: 'POST',
      body: { carrier: 'USPS', trackingNumber: '9400100000000000000000' },
    })
    expect(shipped.status).toBe(200)
    return { method: 'POST', path: `/api/admin/orders/${id}/deliver`, body: {}, entity: 'order' }
  },
  'POST /admin/fulfilment/ship': async ({ database, product }) => ({
    method: 'POST',
    path: '/api/admin/fulfilment/ship',
    body: {
      orders: [{ order_id: await paidOrder(database, product.id), carrier: 'UPS', tracking_number: '1Z999' }],
    },
    entity: 'order',
  }),
  'POST /admin/discounts': async () => ({
    method: 'POST',
    path: '/api/admin/discounts',
    body: { code: `AUDIT${++serial}`, kind: 'percent', value: 10 },
    entity: 'discount_code',
  }),
  'PUT /admin/discounts/:id': async ({ actors }) => {
    const code = `AUDITPUT${++serial}`
    const made = await actors.admin.json<{ data: { id: string } }>('/api/admin/discounts', {
      body: { code, kind: 'percent', value: 10 },
    })
    expect(made.status).toBe(201)
    return {
      method: 'PUT',
      path: `/api/admin/discounts/${made.body.data.id}`,
      body: { code, kind: 'fixed', value: 500 },
      entity: 'discount_code',
    }
  },
  'POST /admin/gift-cards': async () => ({
    method: 'POST',
    path: '/api/admin/gift-cards',
    body: { amountCents: 2500, note: 'An apology' },
    entity: 'gift_card',
  }),
  'POST /admin/gift-cards/:id/disable': async ({ actors }) => {
    const issued = await actors.admin.json<{ data: { id: string } }>('/api/admin/gift-cards', {
      body: { amountCents: 1000, note: 'To disable' },
    })
    expect(issued.status).toBe(201)
    return {
      method: 'POST',
      path: `/api/admin/gift-cards/${issued.body.data.id}/disable`,
      entity: 'gift_card',
    }
  },
  'POST /admin/orders/:id/ship': async ({ database, product }) => ({
    method: 'POST',
    path: `/api/admin/orders/${await paidOrder(database, product.id)}/ship`,
    body: { trackingNumber: '1Z999' },
    entity: 'order',
  }),
  'PATCH /admin/resources/:id/published': async ({ database }) => ({
    method: 'PATCH',
    path: `/api/admin/resources/${await draftResource(database)}/published`,
    body: { published: true },
    entity: 'resource',
  }),
  'DELETE /admin/resources/:id': async ({ database }) => ({
    method: 'DELETE',
    path: `/api/admin/resources/${await draftResource(database)}`,
    entity: 'resource',
  }),
  'PATCH /admin/messages/:kind/:id': async ({ database }) => {
    const [message] = await database.db
      .insert(contactMessages)
      .values({ name: 'Lydia', email: 'l@x.test', subject: 'Hi', message: 'Hello' })
      .returning({ id: contactMessages.id })
    return {
      method: 'PATCH',
      path: `/api/admin/messages/contact/${message!.id}`,
      body: { handled: true },
      entity: 'contact_message',
    }
  },
  'POST /puzzles/:productSlug/reset': async ({ database, actors, product }) => {
    await database.db
      .insert(userProgress)
      .values({ userId: actors.ids.admin, productId: product.id, currentStep: 2, completedSteps: [1] })
      .onConflictDoNothing()
    return { method: 'POST', path: `/api/puzzles/${product.slug}/reset`, entity: 'user_progress' }
  },
  'POST /portal/reset': async () => ({
    method: 'POST',
    path: '/api/portal/reset',
    entity: 'scroll_progress',
  }),
  'POST /admin/resources': async ({ database }) => ({
    method: 'POST',
    path: '/api/admin/resources',
    body: resourceInput(await newCategory(database)),
    entity: 'resource',
  }),
  'PUT /admin/resources/:id': async ({ database }) => ({
    method: 'PUT',
    path: `/api/admin/resources/${await draftResource(database)}`,
    body: { ...resourceInput(await newCategory(database)), title: 'Audit, edited' },
    entity: 'resource',
  }),
  'POST /admin/resources/:id/files': async ({ database }) => ({
    method: 'POST',
    path: `/api/admin/resources/${await draftResource(database)}/files`,
    upload: { bytes: await png(), filename: 'page.png' },
    entity: 'resource',
  }),
  'DELETE /admin/resources/:id/files/:fileId': async (ctx) => {
    const id = await draftResource(ctx.database)
    const [file] = await uploadedFiles(ctx, id, 1)
    return { method: 'DELETE', path: `/api/admin/resources/${id}/files/${file}`, entity: 'resource' }
  },
  'PUT /admin/resources/:id/files/order': async (ctx) => {
    const id = await draftResource(ctx.database)
    const [first, second] = await uploadedFiles(ctx, id, 2)
    return {
      method: 'PUT',
      path: `/api/admin/resources/${id}/files/order`,
      body: { file_ids: [second, first] },
      entity: 'resource',
    }
  },
  'PUT /admin/resources/:id/thumbnail': async ({ database }) => ({
    method: 'PUT',
    path: `/api/admin/resources/${await draftResource(database)}/thumbnail`,
    upload: { bytes: await png(300, 400), filename: 'cover.png' },
    entity: 'resource',
  }),
  'POST /admin/deployments/:remote/releases': async (ctx) => ({
    method: 'POST',
    path: '/api/admin/deployments/storefront/releases',
    body: releaseOnDisk(ctx),
    entity: 'remote',
  }),
  'POST /admin/deployments/:remote/activate': async (ctx) => {
    const { version } = await registered(ctx)
    return {
      method: 'POST',
      path: '/api/admin/deployments/storefront/activate',
      body: { version },
      entity: 'remote',
    }
  },
  'POST /admin/deployments/:remote/rollback': async (ctx) => {
    for (let i = 0; i < 2; i++) {
      const { version } = await registered(ctx)
      const res = await ctx.actors.admin.request('/api/admin/deployments/storefront/activate', {
        body: { version },
      })
      expect(res.status, await res.clone().text()).toBe(200)
    }
    return { method: 'POST', path: '/api/admin/deployments/storefront/rollback', body: {}, entity: 'remote' }
  },
  // Issue 38: canaries.
  'POST /admin/deployments/:remote/canary': async (ctx) => {
    await ctx.actors.admin.request('/api/admin/deployments/storefront/canary/stop', { body: {} })
    const { version } = await registered(ctx)
    return {
      method: 'POST',
      path: '/api/admin/deployments/storefront/canary',
      body: { version, share: 10 },
      entity: 'remote',
    }
  },
  'POST /admin/deployments/:remote/canary/promote': async (ctx) => {
    await onCanary(ctx)
    return {
      method: 'POST',
      path: '/api/admin/deployments/storefront/canary/promote',
      body: {},
      entity: 'remote',
    }
  },
  'POST /admin/deployments/:remote/canary/stop': async (ctx) => {
    await onCanary(ctx)
    return {
      method: 'POST',
      path: '/api/admin/deployments/storefront/canary/stop',
      body: {},
      entity: 'remote',
    }
  },
}

/** A fresh storefront release on canary (any canary before it stopped). */
async function onCanary(ctx: Ctx) {
  await ctx.actors.admin.request('/api/admin/deployments/storefront/canary/stop', { body: {} })
  const { version } = await registered(ctx)
  const res = await ctx.actors.admin.request('/api/admin/deployments/storefront/canary', {
    body: { version, share: 10 },
  })
  expect(res.status, await res.clone().text()).toBe(200)
}

const png = async (width = 40, height = 30) =>
  new Uint8Array(
    await sharp({ create: { width, height, channels: 3, background: '#c33' } })
      .png()
      .toBuffer(),
  )

/** Sends a file's bytes as the resource editor does (raw body, its name in X-Filename). */
function send(app: Hono<AppEnv>, who: Client, call: Call) {
  return app.request(call.path, {
    method: call.method,
    headers: {
      Origin: TEST_ORIGIN,
      'X-Forwarded-For': who.ip,
      Cookie: who.cookie(),
      'Content-Type': 'application/octet-stream',
      'X-Filename': encodeURIComponent(call.upload!.filename),
      ...call.upload!.headers,
    },
    body: call.upload!.bytes as BodyInit,
  })
}

/** Uploads `n` files to a resource as an editor; their ids, in order. */
async function uploadedFiles({ app, actors }: Ctx, resourceId: string, n: number) {
  let files: { id: string }[] = []
  for (let i = 0; i < n; i++) {
    const path = `/api/admin/resources/${resourceId}/files`
    const res = await send(app, actors.editor, {
      method: 'POST',
      path,
      upload: { bytes: await png(), filename: `page-${i}.png` },
      entity: 'resource',
    })
    expect(res.status, await res.clone().text()).toBe(201)
    files = ((await res.json()) as { data: { files: { id: string }[] } }).data.files
  }
  return files.map((f) => f.id)
}

/** A storefront release published on this server's disk, not registered yet. */
function releaseOnDisk({ releasesDir }: Ctx) {
  const version = `9.0.${++serial}`
  mkdirSync(path.join(releasesDir, 'storefront', version), { recursive: true })
  writeFileSync(
    path.join(releasesDir, 'storefront', version, 'mf-manifest.json'),
    JSON.stringify(manifest('storefront')),
  )
  return { version, manifestUrl: `/apps/storefront/${version}/mf-manifest.json` }
}

async function registered(ctx: Ctx) {
  const release = releaseOnDisk(ctx)
  const res = await ctx.actors.admin.request('/api/admin/deployments/storefront/releases', { body: release })
  expect(res.status, await res.clone().text()).toBe(201)
  return release
}

function resourceInput(categoryId: string) {
  return {
    title: 'Audit sheet',
    slug: `audit-sheet-${++serial}`,
    description: 'A sheet',
    category_id: categoryId,
    age_range: null,
    scripture_ref: null,
    tags: [],
    is_featured: false,
    published: false,
    gallery: null,
  }
}

async function newCategory(database: TestDatabase) {
  const [category] = await database.db
    .insert(categories)
    .values({ slug: `audit-${++serial}`, name: `Audit ${serial}` })
    .returning({ id: categories.id })
  return category!.id
}

let serial = 0

async function paidOrder(database: TestDatabase, productId: string) {
  const [order] = await database.db
    .insert(orders)
    .values({
      email: `buyer-${++serial}@x.test`,
      productId,
      amountCents: 4999,
      status: 'paid',
      provider: 'test',
      paidAt: new Date(),
    })
    .returning({ id: orders.id })
  return order!.id
}

async function draftProduct(database: TestDatabase) {
  const [row] = await database.db
    .insert(products)
    .values({ slug: `audit-draft-${++serial}`, name: 'Audit Draft', priceCents: 1999, status: 'draft' })
    .returning({ id: products.id })
  return row!.id
}

async function productImage(database: TestDatabase, productId: string, position: number) {
  const [row] = await database.db
    .insert(productImages)
    .values({
      productId,
      position,
      key: `products/${productId}/audit-${++serial}.webp`,
      alt: 'A picture',
      width: 40,
      height: 30,
      size: 100,
    })
    .returning({ id: productImages.id })
  return row!.id
}

async function authoredStep(database: TestDatabase, productId: string) {
  const [row] = await database.db
    .insert(puzzleContent)
    .values({ productId, stepNumber: 100 + ++serial, title: 'Step', content: 'x', answer: 'y' })
    .returning({ id: puzzleContent.id })
  return row!.id
}

async function authoredFragment(database: TestDatabase, productId: string) {
  const [row] = await database.db
    .insert(scrollFragments)
    .values({ productId, number: 100 + ++serial, instruction: 'x', scrollLine: 'y', answer: 'z' })
    .returning({ id: scrollFragments.id })
  return row!.id
}

/** A live test-mode Premium subscription of `userId`, renewing in 20 days, with an address. */
async function liveSubscription(database: TestDatabase, userId: string) {
  const [row] = await database.db
    .insert(subscriptions)
    .values({
      userId,
      provider: 'test',
      providerSubscriptionId: `sub_audit_${++serial}`,
      tier: 'Premium',
      priceId: 'price_premium',
      status: 'active',
      currentPeriodEnd: new Date(Date.now() + 20 * 24 * 3600_000),
      shippingAddress: {
        firstName: 'Lydia',
        lastName: 'Purple',
        address: '1 Market St',
        city: 'Thyatira',
        state: 'NY',
        zipCode: '10001',
        country: 'US',
      },
    })
    .returning({ id: subscriptions.id })
  return row!.id
}

/** A paid gift whose recipient has not given an address yet (its link can be sent again). */
async function giftAwaitingAddress(database: TestDatabase) {
  const [row] = await database.db
    .insert(giftSubscriptions)
    .values({
      buyerEmail: 'ruth-audit@example.com',
      recipientName: 'Naomi Audit',
      recipientEmail: `naomi-audit-${++serial}@example.com`,
      tier: 'Premium',
      months: 3,
      amountCents: 8997,
      provider: 'test',
      status: 'awaiting_address',
      paidAt: new Date(),
    })
    .returning({ id: giftSubscriptions.id })
  return row!.id
}

async function draftResource(database: TestDatabase) {
  const categoryId = await newCategory(database)
  const [resource] = await database.db
    .insert(resources)
    .values({ slug: `audit-resource-${serial}`, title: 'Audit', categoryId, published: false })
    .returning({ id: resources.id })
  return resource!.id
}

describe.each(DRIVERS)('audit log on %s', (driver) => {
  let database: TestDatabase
  let app: Hono<AppEnv>
  let actors: Actors
  let ctx: Ctx

  beforeAll(async () => {
    database = await createTestDatabase(driver)
    // Serving the apps, so a release on this server's disk can be registered and activated.
    const test = createTestApp(database, { SERVE_APPS: 'true' })
    app = test.app as unknown as Hono<AppEnv>
    actors = await createActors(app, database, `audit-${driver}`)
    const [product] = await database.db
      .insert(products)
      .values({ slug: 'scroll-of-antioch', name: 'The Scroll of Antioch', priceCents: 4999 })
      .returning({ id: products.id, slug: products.slug })
    ctx = { database, app, actors, product: product!, releasesDir: test.config.releasesDir }
  }, 120_000)
  afterAll(() => database?.destroy())

  it('has a scenario for every admin and editor write (add one for a new write route)', () => {
    expect(staffWrites.filter((key) => !SCENARIOS[key])).toEqual([])
  })

  it.each(Object.keys(SCENARIOS))('%s records who, what, when, before and after', async (key) => {
    expect(staffWrites, `${key} is no longer an admin or editor write: remove its scenario`).toContain(key)
    const call = await SCENARIOS[key]!(ctx)
    const [before] = await database.db.select({ n: count() }).from(auditLog)
    const started = Date.now()
    const res = call.upload
      ? await send(app, actors.admin, call)
      : await actors.admin.request(call.path, { method: call.method, body: call.body })
    expect(res.status, `${key}: ${await res.clone().text()}`).toBeLessThan(300)
    const [after] = await database.db.select({ n: count() }).from(auditLog)
    expect(after!.n, `${key} wrote no audit entry`).toBe(before!.n + 1)
    const [entry] = await database.db.select().from(auditLog).orderBy(desc(auditLog.createdAt)).limit(1)
    expect(entry).toMatchObject({ actorId: actors.ids.admin, entity: call.entity })
    expect(entry!.action).toMatch(/^[a-z_]+\.[a-z_]+$/)
    expect(entry!.createdAt.getTime()).toBeGreaterThanOrEqual(started - 5_000)
    expect(entry!.before !== null || entry!.after !== null).toBe(true)
  })

  it('is read by admins only: 401 signed out, 403 customer and editor', async () => {
    expect((await actors.anonymous.request('/api/admin/audit')).status).toBe(401)
    expect((await actors.customer.request('/api/admin/audit')).status).toBe(403)
    expect((await actors.editor.request('/api/admin/audit')).status).toBe(403)
  })

  it('lists entries newest first with the actor, a page at a time, optionally one entity', async () => {
    type Page = {
      data: { action: string; entity: string; actor_email: string | null; before: unknown; after: unknown }[]
      total: number
    }
    const [all] = await database.db.select({ n: count() }).from(auditLog)
    const first = await actors.admin.json<Page>('/api/admin/audit?page_size=3')
    expect(first.status).toBe(200)
    expect(first.body.total).toBe(all!.n)
    expect(first.body.data).toHaveLength(3)
    const [newest] = await database.db.select().from(auditLog).orderBy(desc(auditLog.createdAt)).limit(1)
    expect(first.body.data[0]).toMatchObject({
      action: newest!.action,
      actor_email: `admin-audit-${driver}@matrix.test`,
    })
    const second = await actors.admin.json<Page>('/api/admin/audit?page_size=3&page=2')
    expect(second.body.data.length).toBeGreaterThan(0)
    expect(second.body.data[0]).not.toEqual(first.body.data[0])

    const roles = await actors.admin.json<Page>('/api/admin/audit?entity=user')
    expect(roles.body.data.length).toBeGreaterThan(0)
    expect(roles.body.data.every((e) => e.entity === 'user')).toBe(true)
    const change = roles.body.data.find((e) => e.action === 'user.role_changed')
    expect(change).toMatchObject({ before: { role: 'customer' }, after: { role: 'editor' } })

    const [users] = await database.db.select({ n: count() }).from(auditLog).where(eq(auditLog.entity, 'user'))
    expect(roles.body.total).toBe(users!.n)
    expect((await actors.admin.request('/api/admin/audit?entity=DROP%20TABLE')).status).toBe(400)
    expect((await actors.admin.request('/api/admin/audit?page=0')).status).toBe(400)
    expect((await actors.admin.json<Page>('/api/admin/audit?page=9999')).body.data).toEqual([])
  })

  it('says what each entry is about (the order number, the resource title, the account), keeping the id', async () => {
    type Entry = {
      action: string
      entity: string
      entity_id: string | null
      subject: string | null
      subject_href: string | null
    }
    const page = await actors.admin.json<{ data: Entry[] }>('/api/admin/audit?page_size=100')
    expect(page.status).toBe(200)
    const entries = page.body.data
    const find = (action: string) => {
      const entry = entries.find((e) => e.action === action)
      expect(entry, `${action} in ${entries.map((e) => e.action).join(', ')}`).toBeDefined()
      return entry!
    }

    const shipped = find('order.shipped')
    const [order] = await database.db.select().from(orders).where(eq(orders.id, shipped.entity_id!))
    expect(shipped).toMatchObject({
      subject: `Order #${orderNumber(order!.providerSessionId, order!.id)} · The Scroll of Antioch`,
      subject_href: `/admin/orders/${order!.id}`,
    })

    const edited = find('resource.updated')
    expect(edited).toMatchObject({
      subject: 'Audit, edited',
      subject_href: `/admin/resources/${edited.entity_id}/edit`,
    })
    // A deleted record has no subject left; its id and its before and after stay.
    const deleted = find('resource.deleted')
    expect(deleted).toMatchObject({ subject: null, subject_href: null })
    expect(deleted.entity_id).toMatch(/^[0-9a-f-]{36}$/)

    expect(find('user.role_changed')).toMatchObject({
      entity_id: actors.ids.otherCustomer,
      subject: `otherCustomer (othercustomer-audit-${driver}@matrix.test)`,
      subject_href: null,
    })
    expect(find('puzzle_content.updated').subject).toBe('Step 7: New gate')
    expect(find('message.handled').subject).toBe('“Hi” from Lydia')
    const reset = entries.find(
      (e) => e.entity === 'user_progress' && e.entity_id === `${actors.ids.otherCustomer}:${ctx.product.id}`,
    )
    expect(reset?.subject).toBe(
      `otherCustomer (othercustomer-audit-${driver}@matrix.test) · The Scroll of Antioch`,
    )
  })

  it('resets a player: progress gone, 404 when there is none, the admin page starts again', async () => {
    await database.db.insert(userProgress).values({
      userId: actors.ids.customer,
      productId: ctx.product.id,
      currentStep: 4,
      completedSteps: [1, 2, 3],
    })
    const path = `/api/admin/progress/${actors.ids.customer}/${ctx.product.id}/reset`
    expect((await actors.customer.request(path, { method: 'POST' })).status).toBe(403)
    expect((await actors.admin.request(path, { method: 'POST' })).status).toBe(200)
    const left = await database.db
      .select()
      .from(userProgress)
      .where(eq(userProgress.userId, actors.ids.customer))
    expect(left).toEqual([])
    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, `${actors.ids.customer}:${ctx.product.id}`))
    expect(entry).toMatchObject({
      action: 'user_progress.reset',
      before: { currentStep: 4, completedSteps: [1, 2, 3] },
    })
    const again = await actors.admin.request(path, { method: 'POST' })
    expect(again.status).toBe(404)
    expect(((await again.json()) as { error: { code: string } }).error.code).toBe('not_found')
    expect(
      (
        await actors.admin.request(`/api/admin/progress/${actors.ids.customer}/nope/reset`, {
          method: 'POST',
        })
      ).status,
    ).toBe(400)
  })
})
