import { z } from 'zod'
import { endpoint } from './endpoint'

export const HealthSchema = z.object({ status: z.literal('ok'), uptimeSeconds: z.number() })
export const ReadySchema = z.object({ status: z.literal('ready'), database: z.enum(['pglite', 'postgres']) })

export const healthContract = {
  health: endpoint({
    method: 'GET',
    path: '/health',
    access: 'public',
    summary: 'The process is up',
    response: HealthSchema,
  }),
  ready: endpoint({
    method: 'GET',
    path: '/ready',
    access: 'public',
    summary: 'The database answers (503 when it does not)',
    response: ReadySchema,
  }),
}

export const docsContract = {
  openapi: endpoint({
    method: 'GET',
    path: '/openapi.json',
    access: 'public',
    summary: 'This API as an OpenAPI 3.1 document, generated from the route declarations',
    produces: 'application/json',
  }),
  docs: endpoint({
    method: 'GET',
    path: '/docs',
    access: 'public',
    summary: 'A readable reference of every endpoint',
    produces: 'text/html',
  }),
}
