import { describeAccess, type EndpointDef } from '@lamplight/contracts'
import { z } from 'zod'
import type { DeclaredRoute } from '../../lib/router'

type JsonSchema = Record<string, unknown>

const ERROR_SCHEMA: JsonSchema = {
  type: 'object',
  required: ['error'],
  properties: {
    error: {
      type: 'object',
      required: ['code', 'message'],
      properties: {
        code: { type: 'string' },
        message: { type: 'string' },
        issues: {
          type: 'array',
          items: { type: 'object', properties: { path: { type: 'string' }, message: { type: 'string' } } },
        },
      },
    },
  },
}

function toSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const json = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    target: 'draft-2020-12',
    override: (ctx) => {
      // A request body's date (coerced to a Date) is sent as its ISO string: say so, or a
      // generated client types the field `unknown` (JSON Schema has no date of its own).
      if ((ctx.zodSchema as { _zod: { def: { type: string } } })._zod.def.type === 'date') {
        ctx.jsonSchema.type = 'string'
        ctx.jsonSchema.format = 'date-time'
      }
      // An answer's date is an ISO date-time string (decision 067): `format` says so; zod's
      // 300-character pattern for it would only bury the field in the document.
      if (ctx.jsonSchema.format === 'date-time') delete ctx.jsonSchema.pattern
    },
  }) as JsonSchema
  delete json.$schema
  return json
}

/** `/admin/orders/:id` → `/admin/orders/{id}`; a better-auth wildcard stays readable. */
const openApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\/\*$/, '/{action}')

function parameters(route: EndpointDef) {
  const list: JsonSchema[] = []
  const add = (where: 'path' | 'query', schema: z.ZodType | undefined) => {
    if (!schema) return
    const json = toSchema(schema, 'input')
    const props = (json.properties ?? {}) as Record<string, JsonSchema>
    const required = new Set((json.required as string[] | undefined) ?? [])
    for (const [name, property] of Object.entries(props)) {
      list.push({ name, in: where, required: where === 'path' || required.has(name), schema: property })
    }
  }
  add('path', route.params)
  add('query', route.query)
  if (route.path.endsWith('/*'))
    list.push({ name: 'action', in: 'path', required: true, schema: { type: 'string' } })
  return list
}

/** Statuses that come with `Retry-After` (seconds). */
const RETRY_AFTER = new Set(['429', '503'])

/**
 * Every refusal a route can give: those its declaration implies (its schemas, its access, an
 * id in its path, a body), those it declares itself (`answers`: a conflict, a rate limit), and
 * the database being away, which any route that reads it can meet.
 */
const ERRORS_OF = (route: DeclaredRoute): Record<string, string> => {
  const errors: Record<string, string> = {}
  if (route.params || route.query || route.body || route.headers)
    errors['400'] = 'The request is not valid (issues list each field).'
  if (route.access !== 'public') errors['401'] = 'Not signed in.'
  if (route.access === 'editor' || route.access === 'admin') errors['403'] = 'Signed in without the role.'
  if (typeof route.access === 'object' || route.params) errors['404'] = 'Unknown, or not yours.'
  if (route.method !== 'GET') errors['413'] = `The body is larger than ${route.bodyLimit} bytes.`
  for (const [status, description] of Object.entries(route.answers ?? {})) errors[status] = description
  errors['503'] =
    'The database is briefly unavailable; nothing was done (Retry-After says when to try again).'
  return errors
}

function errorResponse(status: string, description: string): JsonSchema {
  return {
    description,
    ...(RETRY_AFTER.has(status)
      ? { headers: { 'Retry-After': { description: 'Seconds to wait.', schema: { type: 'integer' } } } }
      : {}),
    content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
  }
}

/** What each group of endpoints is for (the document's tags; the reference page's sections). */
const TAG_DESCRIPTIONS: Record<string, string> = {
  account: "A signed-in customer's own orders and address.",
  auth: 'Sign-up, sign-in, sessions, email confirmation and password resets (better-auth).',
  cart: 'The cart: lines, quantities, shipping estimate.',
  checkout: 'Checkout of a cart or one box, and its outcome.',
  contact: 'The contact form.',
  'prayer-requests': 'Prayer requests.',
  discounts: 'Discount codes at checkout.',
  'gift-cards': 'Gift cards: buying one, checking a balance.',
  orders: 'Order status without an account.',
  payments: 'Payment provider webhooks and the test-mode payment pages.',
  products: 'The catalogue: products, pictures, back-in-stock notices.',
  shipping: 'Shipping zones and rates.',
  subscriptions: 'Monthly box subscriptions.',
  puzzles: 'The puzzle portal: steps, answers, hints.',
  portal: "The portal's fragments and box codes.",
  resources: 'The free resource library: listing, search, categories, collections.',
  files: "The library's files and thumbnails.",
  health: 'Liveness.',
  ready: 'Readiness (database and cache reachable).',
  docs: 'This reference.',
  'openapi.json': 'This document.',
  dev: 'Development conveniences (refused in production).',
}

/** `/admin/orders/:id` → `admin/orders`; `/cart/lines` → `cart`. */
function tagOf(path: string): string {
  const [first = 'api', second] = path.split('/').slice(1)
  return first === 'admin' && second ? `admin/${second}` : first
}

function tagDescription(tag: string): string {
  if (tag.startsWith('admin/')) return `The admin console: ${tag.slice('admin/'.length).replace(/-/g, ' ')}.`
  return TAG_DESCRIPTIONS[tag] ?? `Endpoints under /api/${tag}.`
}

/**
 * The OpenAPI 3.1 document of the API, generated from the same declarations (and zod
 * schemas) the routes are enforced with, so it cannot drift from what the server does.
 */
export function openApiDocument(routes: DeclaredRoute[], serverUrl: string) {
  const paths: Record<string, Record<string, unknown>> = {}
  for (const route of routes) {
    const status = String(route.status ?? 200)
    const success: JsonSchema = route.response
      ? {
          description: 'Success',
          content: { 'application/json': { schema: toSchema(route.response, 'output') } },
        }
      : { description: route.produces ? `Success (${route.produces})` : 'Success' }
    const responses: Record<string, unknown> = { [status]: success }
    for (const [code, description] of Object.entries(ERRORS_OF(route))) {
      responses[code] = errorResponse(code, description)
    }
    const operation: Record<string, unknown> = {
      operationId: `${route.method.toLowerCase()}${route.path.replace(/[^A-Za-z0-9]+(.)?/g, (_, ch: string | undefined) => (ch ?? '').toUpperCase())}`,
      summary: route.summary,
      description: [
        route.description,
        `Access: ${describeAccess(route.access)}. Body limit: ${route.bodyLimit} bytes.`,
      ]
        .filter(Boolean)
        .join('\n\n'),
      tags: [tagOf(route.path)],
      'x-access': describeAccess(route.access),
      parameters: parameters(route),
      responses,
    }
    // Every operation says who may call it: a public one with an empty requirement.
    operation.security = route.access === 'public' ? [] : [{ session: [] }]
    if (route.body) {
      operation.requestBody = {
        required: true,
        content: { 'application/json': { schema: toSchema(route.body, 'input') } },
      }
    }
    const path = openApiPath(route.path)
    paths[path] ??= {}
    paths[path][route.method.toLowerCase()] = operation
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Lamplight Puzzle Co. API',
      version: '1.0.0',
      description:
        'Every endpoint of the shop, the puzzle portal and the resource library. Errors always look like `{ "error": { "code", "message", "issues"? } }`. Cookie sessions come from `/api/auth/sign-in/email`; writes with a cookie need a trusted `Origin`.',
      contact: { name: 'Lamplight Puzzle Co.', url: `${serverUrl.replace(/\/$/, '')}/contact` },
      // The shop's own API: no licence to reuse it is granted.
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [{ url: `${serverUrl.replace(/\/$/, '')}/api` }],
    tags: [...new Set(routes.map((route) => tagOf(route.path)))]
      .sort()
      .map((name) => ({ name, description: tagDescription(name) })),
    components: {
      schemas: { Error: ERROR_SCHEMA },
      securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'better-auth.session_token' } },
    },
    paths,
  }
}
