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
