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
  const json = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema
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

const ERRORS_BY_ACCESS = (route: EndpointDef): Record<string, string> => {
  const errors: Record<string, string> = {}
  if (route.params || route.query || route.body)
    errors['400'] = 'The request is not valid (issues list each field).'
  if (route.access !== 'public') errors['401'] = 'Not signed in.'
  if (route.access === 'editor' || route.access === 'admin') errors['403'] = 'Signed in without the role.'
  if (typeof route.access === 'object' || route.params) errors['404'] = 'Unknown, or not yours.'
  return errors
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
    for (const [code, description] of Object.entries(ERRORS_BY_ACCESS(route))) {
      responses[code] = {
        description,
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
      }
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
      tags: [route.path.split('/')[1] ?? 'api'],
      'x-access': describeAccess(route.access),
      parameters: parameters(route),
      responses,
    }
    if (route.access !== 'public') operation.security = [{ session: [] }]
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
    },
    servers: [{ url: `${serverUrl.replace(/\/$/, '')}/api` }],
    components: {
      schemas: { Error: ERROR_SCHEMA },
      securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'better-auth.session_token' } },
    },
    paths,
  }
}
