// The yardstick: a bare Hono "hello" on the same Node, the same machine, in the same run.
// Every API figure of the bench is read as a fraction of what this one answers per second.
import { serve } from '@hono/node-server'
import { Hono } from 'hono'

const app = new Hono()
app.get('/', (c) => c.text('hello'))

const port = Number(process.env.PORT)
serve({ fetch: app.fetch, port, hostname: '127.0.0.1' }, () => {
  process.stdout.write('ready\n')
})
process.on('SIGTERM', () => process.exit(0))
